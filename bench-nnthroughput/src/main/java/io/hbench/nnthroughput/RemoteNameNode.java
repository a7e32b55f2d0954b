package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.namenode.DataNodeFanOut;
import io.hbench.namenode.Nameservice;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtilClient;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocolPB.DatanodeProtocolClientSideTranslatorPB;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.security.RefreshUserMappingsProtocol;

/**
 * A NameNode in another process or on another host ({@code -fs hdfs://host:port}), or the NameNodes of a nameservice
 * ({@code -fs hdfs://ns1}): the client protocol through a {@link DFSClient} of our own (through the failover proxy of
 * a nameservice), the DataNode protocol for simulated DataNodes (to every NameNode of a nameservice).
 */
final class RemoteNameNode implements NameNodeTarget {
    private final URI uri;
    private final DFSClient client;
    private final Configuration conf;
    private DatanodeProtocol datanode;
    private RefreshUserMappingsProtocol userMappings;

    private RemoteNameNode(URI uri, DFSClient client, Configuration conf) {
        this.uri = uri;
        this.client = client;
        this.conf = conf;
    }

    static RemoteNameNode connect(Configuration conf) {
        URI uri = FileSystem.getDefaultUri(conf);
        if (!"hdfs".equals(uri.getScheme())) {
            throw new BenchException(ErrorCode.NOT_SUPPORTED_BY_FILE_SYSTEM, "NNThroughputBenchmark measures an HDFS"
                    + " NameNode: give -fs hdfs://host:port, or no -fs for a NameNode in this process; got " + uri);
        }
        try {
            return new RemoteNameNode(uri, new DFSClient(uri, conf), new Configuration(conf));
        } catch (IOException e) {
            throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "cannot connect to the NameNode " + uri + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public ClientProtocol client() {
        return client.getNamenode();
    }

    @Override
    public synchronized DatanodeProtocol datanode() {
        if (datanode == null) {
            try {
                datanode = HAUtilClient.isLogicalUri(conf, uri) ? everyNameNode()
                        : new DatanodeProtocolClientSideTranslatorPB(DFSUtilClient.getNNAddress(uri), conf);
            } catch (IOException e) {
                throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "cannot reach the DataNode protocol of " + uri
                        + ": " + e.getMessage(), e);
            }
        }
        return datanode;
    }

    /** The DataNode protocol of every NameNode of the nameservice, as a real DataNode registers with each. */
    private DatanodeProtocol everyNameNode() throws IOException {
        Nameservice nameservice = Nameservice.of(uri, conf);
        String active = nameservice.states(conf).active().orElseThrow(() -> new IOException("no NameNode of "
                + nameservice.name() + " is active"));
        Map<String, DatanodeProtocolClientSideTranslatorPB> byId = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, InetSocketAddress> nameNode : nameservice.nameNodes().entrySet()) {
                byId.put(nameNode.getKey(), new DatanodeProtocolClientSideTranslatorPB(nameNode.getValue(), conf));
            }
        } catch (IOException e) {
            for (DatanodeProtocolClientSideTranslatorPB opened : byId.values()) {
                opened.close();
            }
            throw e;
        }
        return (DatanodeProtocol) DataNodeFanOut.of(byId, active);
    }

    @Override
    public synchronized RefreshUserMappingsProtocol userMappings() {
        if (userMappings == null) {
            try {
                userMappings = NameNodeProxies.createProxy(conf, uri, RefreshUserMappingsProtocol.class).getProxy();
            } catch (IOException e) {
                throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "cannot reach the user mappings protocol of "
                        + uri + ": " + e.getMessage(), e);
            }
        }
        return userMappings;
    }

    @Override
    public boolean standalone() {
        return false;
    }

    @Override
    public Optional<NameNode> nameNode() {
        return Optional.empty();
    }

    @Override
    public String blockPoolId() throws IOException {
        return datanode().versionRequest().getBlockPoolID();
    }

    @Override
    public String description() {
        return uri.toString();
    }

    @Override
    public synchronized void close() {
        try {
            client.close();
        } catch (IOException ignored) {
            // Closing a client only ends its leases and threads; nothing to report.
        }
        if (datanode != null) {
            try {
                ((Closeable) datanode).close();
            } catch (IOException ignored) {
                // As above.
            }
        }
        if (userMappings != null) {
            RPC.stopProxy(userMappings);
        }
    }
}
