package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtilClient;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The NameNodes an {@code hdfs://} URI names, as the client's configuration resolves it: one NameNode at
 * {@code host:port}, or a logical nameservice ({@code hdfs://ns1}) of several NameNodes (or Routers) behind a failover
 * proxy provider. A nameservice the configuration leaves incomplete, which Hadoop's client would only report as an
 * unknown host deep in a stack trace, is refused here in one line naming the setting to give.
 */
public final class Nameservice {
    private static final String FAILOVER_PROVIDER = HdfsClientConfigKeys.Failover.PROXY_PROVIDER_KEY_PREFIX;
    private static final String NAMENODES = HdfsClientConfigKeys.DFS_HA_NAMENODES_KEY_PREFIX;
    private static final String RPC_ADDRESS = HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY;

    private final URI uri;
    private final String name;
    private final boolean logical;
    private final Map<String, InetSocketAddress> nameNodes;

    private Nameservice(URI uri, String name, boolean logical, Map<String, InetSocketAddress> nameNodes) {
        this.uri = uri;
        this.name = name;
        this.logical = logical;
        this.nameNodes = Collections.unmodifiableMap(new LinkedHashMap<>(nameNodes));
    }

    /**
     * Resolves {@code uri}, an {@code hdfs://} URI as given to {@code -fs}, with the client's configuration.
     *
     * @throws BenchException NAMESERVICE_NOT_CONFIGURED in one line naming the setting that is missing, when the URI
     *     names a nameservice without a failover proxy provider or without NameNodes, or a name that is neither a
     *     nameservice of {@code dfs.nameservices} nor a host that resolves
     */
    public static Nameservice of(URI uri, Configuration conf) {
        requireNonNull(uri, "uri is null");
        requireNonNull(conf, "conf is null");
        if (!"hdfs".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("not an hdfs:// URI with a host: " + uri);
        }
        String host = uri.getHost();
        if (isLogical(uri, conf)) {
            return logical(uri, host, conf);
        }
        if (uri.getPort() == -1 && conf.get(FAILOVER_PROVIDER + "." + host) == null && !resolves(host)) {
            Collection<String> known = DFSUtilClient.getNameServiceIds(conf);
            throw refused(uri, host + " is neither a nameservice of dfs.nameservices ("
                    + (known.isEmpty() ? "none configured" : String.join(", ", known)) + ") nor a host that resolves");
        }
        InetSocketAddress address = DFSUtilClient.getNNAddress(uri);
        return new Nameservice(uri, address.getHostString() + ":" + address.getPort(), false,
                Map.of(address.getHostString() + ":" + address.getPort(), address));
    }

    /**
     * Whether {@code fs} is a logical nameservice ({@code hdfs://ns1}, reached through a failover proxy provider): the
     * one place the NameNode programs decide whether to record their NameNodes' states and calls and when their
     * operations completed. Any other file system, and one NameNode, is not.
     */
    public static boolean isLogical(URI fs, Configuration conf) {
        requireNonNull(fs, "fs is null");
        requireNonNull(conf, "conf is null");
        if (!"hdfs".equals(fs.getScheme()) || fs.getHost() == null) {
            return false;
        }
        // hdfs-site.xml, where a gateway keeps its nameservices, is read once an HDFS client is first used: before.
        HdfsConfiguration.init();
        return HAUtilClient.isLogicalUri(conf, fs);
    }

    private static Nameservice logical(URI uri, String nameservice, Configuration conf) {
        if (uri.getPort() != -1) {
            throw refused(uri, nameservice + " is a nameservice, whose NameNodes have their own ports: give -fs hdfs://"
                    + nameservice + " without a port");
        }
        if (!HAUtilClient.isClientFailoverConfigured(conf, uri)) {
            throw refused(uri, "nameservice " + nameservice + " has no failover proxy provider: set " + FAILOVER_PROVIDER
                    + "." + nameservice + " (e.g. to org.apache.hadoop.hdfs.server.namenode.ha."
                    + "ConfiguredFailoverProxyProvider)");
        }
        Collection<String> ids = DFSUtilClient.getNameNodeIds(conf, nameservice);
        if (ids.isEmpty()) {
            throw refused(uri, "nameservice " + nameservice + " lists no NameNodes: set " + NAMENODES + "."
                    + nameservice + " and " + RPC_ADDRESS + "." + nameservice + ".<id> for each");
        }
        Map<String, InetSocketAddress> addresses =
                DFSUtilClient.getAddressesForNameserviceId(conf, nameservice, null, RPC_ADDRESS);
        for (String id : ids) {
            if (!addresses.containsKey(id)) {
                throw refused(uri, "NameNode " + id + " of nameservice " + nameservice + " has no address: set "
                        + RPC_ADDRESS + "." + nameservice + "." + id);
            }
        }
        Map<String, InetSocketAddress> ordered = new LinkedHashMap<>();
        ids.forEach(id -> ordered.put(id, addresses.get(id)));
        return new Nameservice(uri, nameservice, true, ordered);
    }

    private static boolean resolves(String host) {
        try {
            InetAddress.getByName(host);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static BenchException refused(URI uri, String why) {
        return new BenchException(ErrorCode.NAMESERVICE_NOT_CONFIGURED, "-fs " + uri + ": " + why);
    }

    public URI uri() {
        return uri;
    }

    /** The nameservice's id ({@code ns1}), or {@code host:port} of the one NameNode. */
    public String name() {
        return name;
    }

    /** Whether the URI is a logical nameservice, reached through a failover proxy provider (HA, Observers, Routers). */
    public boolean logical() {
        return logical;
    }

    /** Each NameNode's RPC address by its id in the nameservice ({@code host:port} for one NameNode), in order. */
    public Map<String, InetSocketAddress> nameNodes() {
        return nameNodes;
    }

    /**
     * Asks each NameNode of the nameservice, directly and not through the failover proxy, for its HA state: what a
     * client's {@code ClientProtocol#getHAServiceState} answers, which needs no admin rights. A NameNode that does not
     * answer within {@code ipc.client.connect.timeout} is {@code unreachable}.
     *
     * @throws IllegalStateException for a URI that is not a logical nameservice: a NameNode without HA has no state
     */
    public NameNodeStates states(Configuration conf) {
        if (!logical) {
            throw new IllegalStateException(uri + " is one NameNode, without HA states");
        }
        Configuration direct = new Configuration(conf);
        // One try: a NameNode that is down is a state to report, not a reason to wait ten connection retries.
        direct.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
        direct.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
        Map<String, String> states = new LinkedHashMap<>();
        nameNodes.forEach((id, address) -> states.put(id, state(address, direct)));
        return new NameNodeStates(states);
    }

    private static String state(InetSocketAddress address, Configuration conf) {
        ClientProtocol proxy = null;
        try {
            proxy = NameNodeProxies.createNonHAProxy(conf, address, ClientProtocol.class,
                    UserGroupInformation.getCurrentUser(), false).getProxy();
            HAServiceState state = proxy.getHAServiceState();
            return NameNodeStates.name(state);
        } catch (IOException e) {
            return NameNodeStates.UNREACHABLE;
        } finally {
            if (proxy != null) {
                RPC.stopProxy(proxy);
            }
        }
    }

    @Override
    public String toString() {
        return uri + " " + nameNodes;
    }
}
