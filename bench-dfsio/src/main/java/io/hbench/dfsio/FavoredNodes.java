package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsCreateModes;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The DataNodes a write asks the NameNode to place its blocks on ({@code -dataNodes}: HDFS's favored nodes), resolved,
 * and how many blocks it placed there. With replication r and f favored nodes, a block is <em>placed as asked</em>
 * when at least min(r, f) of its replicas are on favored nodes: every favored node that could hold one of its replicas
 * does (with more favored nodes than replicas, any r of them). DataNodes are told apart by IP address and transfer
 * port, as the block locations name them.
 */
final class FavoredNodes {
    /** Where a cluster sets its DataNodes' transfer address, whose port a host given alone means. */
    static final String TRANSFER_ADDRESS_KEY = "dfs.datanode.address";
    /** HDFS's default DataNode transfer port, when the configuration sets no {@value #TRANSFER_ADDRESS_KEY}. */
    static final int DEFAULT_TRANSFER_PORT = 9866;
    /**
     * How long a task waits for the DataNodes to report the replicas of the file it closed: a close waits for one
     * replica of the last block only, and the others reach the NameNode moments later.
     */
    static final Duration REPORT_BOUND = Duration.ofSeconds(5);

    private final List<InetSocketAddress> addresses;
    /** The favored nodes as block locations name DataNodes: ip:port. */
    private final Set<String> names;

    private FavoredNodes(List<InetSocketAddress> addresses) {
        this.addresses = List.copyOf(addresses);
        this.names = new HashSet<>();
        for (InetSocketAddress address : addresses) {
            names.add(address.getAddress().getHostAddress() + ":" + address.getPort());
        }
    }

    /**
     * Checks one entry of {@code -dataNodes}: {@code host} or {@code host:port}.
     *
     * @throws InvalidOptionException naming {@code dataNodes}
     */
    static void checkAddress(String given) {
        parse(given);
    }

    private static URI parse(String given) {
        InvalidOptionException invalid = new InvalidOptionException("{} entry '" + given
                + "' is not host or host:port (a port from 1 to 65535)", "dataNodes");
        URI uri;
        try {
            uri = new URI("hdfs://" + given);
        } catch (URISyntaxException e) {
            throw invalid;
        }
        if (uri.getHost() == null || uri.getRawAuthority().endsWith(":") || uri.getRawUserInfo() != null || !uri.getRawPath().isEmpty()
                || uri.getRawQuery() != null || uri.getRawFragment() != null || uri.getPort() == 0
                || uri.getPort() > 65535) {
            throw invalid;
        }
        return uri;
    }

    /**
     * Resolves every entry's host, a port left out being the cluster's DataNode transfer port (that of
     * {@value #TRANSFER_ADDRESS_KEY} in {@code conf}, else {@value #DEFAULT_TRANSFER_PORT}).
     *
     * @throws InvalidOptionException naming {@code dataNodes}, if a host does not resolve, or if a port is left out
     *         where the configuration's is 0 (any)
     */
    static FavoredNodes resolve(List<String> given, Configuration conf) {
        requireNonNull(conf, "conf is null");
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String entry : requireNonNull(given, "given is null")) {
            URI uri = parse(entry);
            int port = uri.getPort() > 0 ? uri.getPort() : transferPort(conf, entry);
            InetSocketAddress address = new InetSocketAddress(uri.getHost(), port);
            if (address.isUnresolved()) {
                throw new InvalidOptionException("{} host " + uri.getHost() + " does not resolve", "dataNodes");
            }
            addresses.add(address);
        }
        return new FavoredNodes(addresses);
    }

    private static int transferPort(Configuration conf, String entry) {
        String configured = conf.getTrimmed(TRANSFER_ADDRESS_KEY);
        if (configured == null) {
            return DEFAULT_TRANSFER_PORT;
        }
        int port;
        try {
            port = Integer.parseInt(configured.substring(configured.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            port = 0;
        }
        if (port < 1) {
            throw new InvalidOptionException("{} " + entry + " has no port, and this cluster's " + TRANSFER_ADDRESS_KEY
                    + " (" + configured + ") names none: give host:port", "dataNodes");
        }
        return port;
    }

    List<InetSocketAddress> addresses() {
        return addresses;
    }

    /** Creates {@code file} as {@link FileSystem#create(Path, boolean, int)} does, asking for these DataNodes. */
    FSDataOutputStream create(DistributedFileSystem dfs, Path file, int bufferSize) throws IOException {
        return dfs.create(file, FsCreateModes.applyUMask(FsPermission.getFileDefault(), FsPermission.getUMask(
                dfs.getConf())), true, bufferSize, dfs.getDefaultReplication(file), dfs.getDefaultBlockSize(file), null,
                addresses.toArray(new InetSocketAddress[0]));
    }

    /** How {@code blocks}, of a file of {@code replication}, were placed. */
    FavoredPlacement placement(BlockLocation[] blocks, int replication) throws IOException {
        long placed = 0;
        for (BlockLocation block : blocks) {
            if (favoredReplicas(block) >= asked(replication)) {
                placed++;
            }
        }
        return new FavoredPlacement(placed, blocks.length);
    }

    /**
     * Whether each of {@code blocks} has its r replicas reported or is placed as asked: what {@link #placement} needs
     * of the closed file's locations, which the task asks again for at most {@link #REPORT_BOUND}.
     */
    boolean reported(BlockLocation[] blocks, int replication) throws IOException {
        for (BlockLocation block : blocks) {
            if (block.getNames().length < replication && favoredReplicas(block) < asked(replication)) {
                return false;
            }
        }
        return true;
    }

    private int asked(int replication) {
        return Math.min(replication, names.size());
    }

    private int favoredReplicas(BlockLocation block) throws IOException {
        int favored = 0;
        for (String name : block.getNames()) {
            if (names.contains(name)) {
                favored++;
            }
        }
        return favored;
    }
}
