package io.hbench.bsp;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.runners.MapReduceBspRunner;
import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.HostAddresses;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The configuration keys of the BSP runtime, with their defaults, and their parsing. Wrong values
 * are user errors that name the key.
 */
public final class BspSettings {
    /**
     * The address a peer's data listener binds to and that other peers connect to. Default:
     * 127.0.0.1 when MapReduce runs in-process (mapreduce.framework.name=local) or for the
     * {@link LocalBspRunner}, else an address of the peer's host that other hosts can reach, chosen
     * on that host as {@link HostAddresses} says. Peers that run on other hosts (MapReduce on YARN)
     * refuse a loopback address here before the job is submitted.
     */
    public static final String ADDRESS_KEY = "hbench.bsp.address";
    /** The ports a peer's data listener may bind: {@code from-to}, or {@code 0} for any free port (the default). */
    public static final String PORTS_KEY = "hbench.bsp.ports";
    /** The size in bytes of each peer's send buffer per destination and of its receive buffer per source. */
    public static final String BUNDLE_SIZE_KEY = "hbench.bsp.bundle.size";
    public static final int DEFAULT_BUNDLE_SIZE = 64 * 1024;
    /** How peers end a superstep: {@code auto} (the default), {@code direct} or {@code dissemination}; see {@link Barrier}. */
    public static final String BARRIER_KEY = "hbench.bsp.barrier";
    /**
     * The address the {@link MapReduceBspRunner}'s coordinator listens on and its peers connect to; default as for
     * {@link #ADDRESS_KEY}, chosen on the submitting host. Refused if it is a loopback address while the peers run
     * on other hosts.
     */
    public static final String COORDINATOR_ADDRESS_KEY = "hbench.bsp.coordinator.address";
    /** The port the {@link MapReduceBspRunner}'s coordinator listens on; default 0, any free port. */
    public static final String COORDINATOR_PORT_KEY = "hbench.bsp.coordinator.port";
    /**
     * The most peers the {@link MapReduceBspRunner} runs in MapReduce's in-process runner, where every
     * peer is a thread of the client with at most {@code PeerRuntime.MAX_THREADS} runtime threads, and
     * shares the client's cores with every other.
     */
    public static final String LOCAL_MAX_PEERS_KEY = "hbench.bsp.local.max.peers";
    public static final int DEFAULT_LOCAL_MAX_PEERS = 32;

    static final int MIN_BUNDLE_SIZE = 1024;
    static final int MAX_BUNDLE_SIZE = 64 << 20;
    private static final String LOOPBACK = "127.0.0.1";

    private BspSettings() {
    }

    public static int bundleSize(Configuration conf) {
        String value = conf.getTrimmed(BUNDLE_SIZE_KEY, Integer.toString(DEFAULT_BUNDLE_SIZE));
        int size = parseInt(value, -1);
        if (size < MIN_BUNDLE_SIZE || size > MAX_BUNDLE_SIZE) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-D " + BUNDLE_SIZE_KEY + "=" + value
                    + ": the bundle size must be from " + MIN_BUNDLE_SIZE + " to " + MAX_BUNDLE_SIZE + " bytes");
        }
        return size;
    }

    public static Barrier barrier(Configuration conf) {
        String value = conf.getTrimmed(BARRIER_KEY, Barrier.AUTO.text());
        for (Barrier barrier : Barrier.values()) {
            if (barrier.text().equalsIgnoreCase(value)) {
                return barrier;
            }
        }
        throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-D " + BARRIER_KEY + "=" + value
                + ": the barrier must be auto, direct or dissemination");
    }

    public static int localMaxPeers(Configuration conf) {
        String value = conf.getTrimmed(LOCAL_MAX_PEERS_KEY, Integer.toString(DEFAULT_LOCAL_MAX_PEERS));
        int peers = parseInt(value, -1);
        if (peers < 2) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT,
                    "-D " + LOCAL_MAX_PEERS_KEY + "=" + value + ": expected a number of peers, at least 2");
        }
        return peers;
    }

    /** Where peers' data listeners bind, and the address other peers reach them by. */
    public static String dataAddress(Configuration conf, boolean inProcess) {
        return dataAddress(conf, inProcess, HostAddresses.SYSTEM);
    }

    public static String dataAddress(Configuration conf, boolean inProcess, HostAddresses.Network network) {
        return address(conf, ADDRESS_KEY, inProcess, network);
    }

    /**
     * For a job whose peers run on other hosts, before it is submitted: a configured data address must be one
     * other hosts can reach. Unset, each peer chooses one of its own host's.
     */
    public static void checkDataAddressForOtherHosts(Configuration conf, HostAddresses.Network network) {
        String configured = conf.getTrimmed(ADDRESS_KEY, "");
        if (!configured.isEmpty()) {
            checkReachable(ADDRESS_KEY, configured, network);
        }
    }

    /** Where the coordinator listens, and the address its peers reach it by; port 0 for any free one. */
    public static InetSocketAddress coordinatorAddress(Configuration conf, boolean inProcess,
            HostAddresses.Network network) {
        String host = address(conf, COORDINATOR_ADDRESS_KEY, inProcess, network);
        if (!inProcess) {
            checkReachable(COORDINATOR_ADDRESS_KEY, host, network);
        }
        String value = conf.getTrimmed(COORDINATOR_PORT_KEY, "0");
        int port = parseInt(value, -1);
        if (port < 0 || port > 65535) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT,
                    "-D " + COORDINATOR_PORT_KEY + "=" + value + ": expected a port from 0 to 65535");
        }
        return new InetSocketAddress(host, port);
    }

    private static String address(Configuration conf, String key, boolean inProcess, HostAddresses.Network network) {
        String configured = conf.getTrimmed(key, "");
        if (!configured.isEmpty()) {
            return configured;
        }
        if (inProcess) {
            return LOOPBACK;
        }
        return HostAddresses.text(HostAddresses.reachable(network).orElseThrow(() -> noReachableAddress(key)));
    }

    /**
     * Peers on other hosts can reach {@code host}: not a loopback address, and, for the wildcard, which listens
     * everywhere and is advertised as {@link HostAddresses#reachable}, not on a host that has only loopback.
     */
    private static void checkReachable(String key, String host, HostAddresses.Network network) {
        Optional<InetAddress> loopback = HostAddresses.loopback(network, host);
        if (loopback.isPresent()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-D " + key + "=" + host + " is a loopback address ("
                    + HostAddresses.text(loopback.get()) + "), which peers on other hosts cannot reach; set -D " + key
                    + "=<an address of this host the cluster's hosts can reach>");
        }
        if (HostAddresses.wildcard(network, host) && HostAddresses.reachable(network).isEmpty()) {
            throw noReachableAddress(key);
        }
    }

    private static BenchException noReachableAddress(String key) {
        return new BenchException(ErrorCode.MISSING_OPTION, "this host has no non-loopback address that peers on other"
                + " hosts can reach; set -D " + key + "=<an address of this host the cluster's hosts can reach>");
    }

    /** The configured port range, checked; from 0 to 0 means any free port. */
    public static int[] ports(Configuration conf) {
        String value = conf.getTrimmed(PORTS_KEY, "0");
        int[] range = parsePortRange(value);
        if (range == null) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-D " + PORTS_KEY + "=" + value + ": " + PORT_RANGE_HINT);
        }
        return range;
    }

    static final String PORT_RANGE_HINT =
            "expected a port range from-to with 1 <= from <= to <= 65535, or 0 for any free port";

    /** {@code "0"} or {@code "from-to"} as {from, to}; null if it is neither. */
    static int[] parsePortRange(String value) {
        if (value.equals("0")) {
            return new int[] {0, 0};
        }
        int dash = value.indexOf('-');
        int from = dash < 0 ? parseInt(value, -1) : parseInt(value.substring(0, dash).trim(), -1);
        int to = dash < 0 ? from : parseInt(value.substring(dash + 1).trim(), -1);
        if (from < 1 || to < from || to > 65535) {
            return null;
        }
        return new int[] {from, to};
    }

    /** Binds a listener on {@code host} to the first free port of the range. */
    public static ServerSocketChannel bind(String host, int[] ports) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new BenchException(ErrorCode.PEER_UNREACHABLE, "cannot resolve the BSP peer address " + host);
        }
        for (int port = ports[0]; port <= ports[1]; port++) {
            ServerSocketChannel channel = null;
            try {
                channel = ServerSocketChannel.open();
                channel.bind(new InetSocketAddress(address, port), 1024);
                return channel;
            } catch (BindException e) {
                RuntimeSupport.closeQuietly(channel);
            } catch (IOException e) {
                RuntimeSupport.closeQuietly(channel);
                throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                        "cannot listen on " + host + ":" + port + ": " + e.getMessage());
            }
        }
        throw new BenchException(ErrorCode.PEER_UNREACHABLE, "no free port from " + ports[0] + " to " + ports[1]
                + " on " + host + " (" + PORTS_KEY + ")");
    }

    private static int parseInt(String value, int otherwise) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
