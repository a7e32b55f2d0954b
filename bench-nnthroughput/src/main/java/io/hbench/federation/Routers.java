package io.hbench.federation;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.namenode.Nameservice;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocolPB.DatanodeProtocolClientSideTranslatorPB;

/**
 * Which of a nameservice's "NameNodes" are Routers of Router-based federation. A Router's RPC server serves the
 * client protocol as a NameNode does, but not the DataNode protocol: asking the server whether it supports the
 * DataNode protocol's {@code versionRequest} (the RPC layer's own protocol-signature call, which changes nothing and
 * needs no rights) tells one from the other.
 */
public final class Routers {
    private static final String PROBED_METHOD = "versionRequest";

    private Routers() {
    }

    /** A Router: its id in the nameservice and its RPC address. */
    public static final class Router {
        private final String id;
        private final InetSocketAddress address;

        Router(String id, InetSocketAddress address) {
            this.id = requireNonNull(id, "id is null");
            this.address = requireNonNull(address, "address is null");
        }

        public InetSocketAddress address() {
            return address;
        }

        /** {@code "<id> <host:port>"}, or {@code host:port} alone when that is its id. */
        @Override
        public String toString() {
            String hostPort = address.getHostString() + ":" + address.getPort();
            return id.equals(hostPort) ? hostPort : id + " " + hostPort;
        }
    }

    /** The first server of {@code nameservice} that is a Router; empty if none is. */
    public static Optional<Router> firstRouter(Nameservice nameservice, Configuration conf) {
        Configuration direct = new Configuration(conf);
        // One try: a server that is down is no Router to report, and the run reports it when it calls it.
        direct.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
        direct.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
        for (Map.Entry<String, InetSocketAddress> server : nameservice.nameNodes().entrySet()) {
            if (isRouter(server.getValue(), direct)) {
                return Optional.of(new Router(server.getKey(), server.getValue()));
            }
        }
        return Optional.empty();
    }

    private static boolean isRouter(InetSocketAddress address, Configuration conf) {
        try (DatanodeProtocolClientSideTranslatorPB dataNodeProtocol =
                new DatanodeProtocolClientSideTranslatorPB(address, conf)) {
            return !dataNodeProtocol.isMethodSupported(PROBED_METHOD);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Refuses {@code -op <operation>}, which talks the DataNode protocol to the NameNode, when the {@code hdfs://}
     * file system {@code conf} names is served by a Router.
     *
     * @throws BenchException UNSUPPORTED_CONFIGURATION in one line naming the Router
     */
    public static void refuseDataNodeOperation(String operation, Configuration conf) {
        Optional<String> router = servedByRouter(conf);
        if (router.isPresent()) {
            throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION,
                    dataNodeOperationRefusal(operation, router.get()));
        }
    }

    /**
     * Why {@code -op <operation>} cannot run on a file system served by a Router, as {@link #servedByRouter} names
     * it ({@code servedByRouter}).
     */
    public static String dataNodeOperationRefusal(String operation, String servedByRouter) {
        return "-op " + operation + " cannot pass a Router: " + servedByRouter + "; give a NameNode's -fs";
    }

    /**
     * {@code "hdfs://router-ns is served by Router r1 host:port, which has no DataNode protocol"} when the
     * {@code hdfs://} file system {@code conf} names is served by a Router; empty if it is not.
     */
    public static Optional<String> servedByRouter(Configuration conf) {
        URI uri = FileSystem.getDefaultUri(conf);
        if (!"hdfs".equals(uri.getScheme()) || uri.getHost() == null) {
            return Optional.empty();
        }
        Nameservice nameservice = Nameservice.of(uri, conf);
        return firstRouter(nameservice, conf).map(router -> nameservice.uri() + " is served by Router " + router
                + ", which has no DataNode protocol");
    }
}
