package io.hbench.datanodes;

import static java.util.Objects.requireNonNull;

import io.hbench.resources.HostNames;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSOutputStream;
import org.apache.hadoop.hdfs.DFSStripedOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * Times each block of one file written to HDFS, as the client sees it, and learns its pipeline.
 *
 * <p>Timed: the write calls that carry the block's bytes (a call that crosses a block's end is split there, each part
 * timed), and for the file's last block the close, which returns once every packet is acknowledged. A block's time so
 * runs from the call that hands over its first byte to the one that hands over its last, or for the last block, to
 * its last acknowledgement: the client can hand over a block's last bytes while up to the stream's packets in flight
 * ({@code dfs.client.write.max-packets-in-flight}, 80 of 64 KiB by default) still wait for theirs, so a block's time
 * includes the acknowledgements its predecessor still waited for, and the last block waits for its own. The client's
 * work between calls (filling the buffer) is not timed.
 *
 * <p>Pipelines: {@code DFSOutputStream#getPipeline()} (public, through the stream's wrapped stream), asked right after
 * the call that handed over a block's last byte (for the last block, before the close), while the stream still sends
 * it: it cannot have moved on to the next block, whose bytes it has not been given, and it ends a block only once
 * every packet of it is acknowledged, which takes longer than the asking. And once the file is closed, each block's
 * DataNodes from {@link FileSystem#getFileBlockLocations}: in the NameNode's order for this reader, not the
 * pipeline's, and only those that have reported the block yet (a close waits for one). A block's pipeline is the one
 * asked where it holds every located DataNode, else the locations in their order, once every replica is reported (or
 * for at most {@link #REPORT_BOUND}). A file's last block may be asked before the stream has set up its
 * pipeline, when the file is smaller than the packets in flight. The pipeline asked is the block's
 * own where the block is larger than what the stream holds in flight (5 MiB by default, against blocks of 128 MiB);
 * a smaller block's may be an earlier block's, still being sent, so it is taken only once every replica of the block
 * is reported and on the same DataNodes (its order then only the likelier), and the blocks' times overlap. A
 * located subset is not enough there: an earlier block's pipeline can hold the one replica reported and not the
 * other.
 */
public final class BlockWrites {
    /**
     * How long, once the file is closed, to wait for every replica of a block whose pipeline was not asked in time to
     * be reported: DataNodes report a replica as they finish it, apart from the close. Not timed with the I/O.
     */
    public static final Duration REPORT_BOUND = Duration.ofMillis(500);

    private final FSDataOutputStream out;
    private final DFSOutputStream stream;
    private final long blockSize;
    private final long inFlight;
    private final List<Long> blockNanos = new ArrayList<>();
    private final List<DatanodeInfo[]> asked = new ArrayList<>();
    private long inBlock;
    private long nanos;

    private BlockWrites(FSDataOutputStream out, DFSOutputStream stream, long blockSize, long inFlight) {
        this.out = out;
        this.stream = stream;
        this.blockSize = blockSize;
        this.inFlight = inFlight;
    }

    /**
     * A recorder of {@code out}'s blocks where it writes replicated blocks to HDFS; empty elsewhere (another file
     * system, erasure coding, an encryption zone's stream).
     *
     * @param blockSize the block size {@code out} was created with
     */
    public static Optional<BlockWrites> of(FileSystem fs, FSDataOutputStream out, long blockSize) {
        if (!(fs instanceof DistributedFileSystem) || !(out.getWrappedStream() instanceof DFSOutputStream)
                || out.getWrappedStream() instanceof DFSStripedOutputStream) {
            return Optional.empty();
        }
        return Optional.of(new BlockWrites(out, (DFSOutputStream) out.getWrappedStream(), blockSize,
                inFlight(fs.getConf())));
    }

    /**
     * The most bytes the stream holds past the one it was last handed: the packets queued or awaiting acknowledgement
     * (the streamer waits while they number more than the limit, so one more), and the one being filled.
     */
    static long inFlight(Configuration conf) {
        return (conf.getInt(HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_KEY,
                HdfsClientConfigKeys.Write.MAX_PACKETS_IN_FLIGHT_DEFAULT) + 2L)
                * conf.getInt(HdfsClientConfigKeys.DFS_CLIENT_WRITE_PACKET_SIZE_KEY,
                        HdfsClientConfigKeys.DFS_CLIENT_WRITE_PACKET_SIZE_DEFAULT);
    }

    /** Writes {@code count} bytes of {@code buffer}, timing each block's part. */
    public void write(byte[] buffer, int count) throws IOException {
        int done = 0;
        while (done < count) {
            if (inBlock == blockSize) {
                blockNanos.add(nanos);
                inBlock = 0;
                nanos = 0;
            }
            int part = (int) Math.min(count - done, blockSize - inBlock);
            long start = System.nanoTime();
            out.write(buffer, done, part);
            nanos += System.nanoTime() - start;
            inBlock += part;
            done += part;
            if (inBlock == blockSize) {
                asked.add(stream.getPipeline());
            }
        }
    }

    /** Closes the file, timing the close as its last block's. */
    public void close() throws IOException {
        close(false);
    }

    /**
     * Closes the file, timing the close as its last block's; with {@code hsync}, the DataNodes first make the file
     * durable ({@link FSDataOutputStream#hsync()}), which waits for every acknowledgement in place of the close and is
     * timed with it.
     */
    public void close(boolean hsync) throws IOException {
        if (inBlock > 0 && inBlock < blockSize) {
            asked.add(stream.getPipeline());
        }
        long start = System.nanoTime();
        if (hsync) {
            out.hsync();
        }
        out.close();
        nanos += System.nanoTime() - start;
        if (inBlock > 0) {
            blockNanos.add(nanos);
        }
    }

    /** Records each block of the closed {@code file} in {@code records}, once its replicas are reported. */
    public void recordIn(BlockRecords records, FileSystem fs, Path file) throws IOException {
        recordIn(records, BlockReports.await(fs, file, REPORT_BOUND, this::allKnown));
    }

    /**
     * Records each block of the closed file in {@code records}.
     *
     * @param locations its blocks' locations once reported (see {@link #allKnown}): {@link BlockReports#await}
     */
    public void recordIn(BlockRecords records, BlockLocation[] locations) throws IOException {
        for (int i = 0; i < Math.min(locations.length, blockNanos.size()); i++) {
            DatanodeInfo[] pipeline = pipeline(i, locations[i]);
            List<String> dataNodes = pipeline != null
                    ? Arrays.stream(pipeline).map(node -> name(node.getHostName(), node.getXferPort()))
                            .collect(Collectors.toList())
                    : names(locations[i]);
            if (!dataNodes.isEmpty()) {
                records.record(BlockRecords.WRITE, dataNodes, locations[i].getLength(), blockNanos.get(i));
            }
        }
    }

    /**
     * The pipeline asked for block {@code index}: where the block outgrew what the stream holds in flight, if it holds
     * every DataNode located; for a smaller block, only if it is on exactly the DataNodes located, every replica
     * reported. Else null.
     */
    private DatanodeInfo[] pipeline(int index, BlockLocation location) throws IOException {
        DatanodeInfo[] pipeline = index < asked.size() ? asked.get(index) : null;
        return pipeline != null && fits(pipeline, location, inFlight) ? pipeline : null;
    }

    /** Whether the pipeline asked for {@code location}'s block can be its own (see {@link #pipeline}). */
    static boolean fits(DatanodeInfo[] pipeline, BlockLocation location, long inFlight) throws IOException {
        Set<String> located = new HashSet<>(Arrays.asList(location.getNames()));
        Set<String> members = Arrays.stream(pipeline).map(DatanodeInfo::getXferAddr).collect(Collectors.toSet());
        boolean own = location.getLength() > inFlight;
        return !located.isEmpty() && (own ? members.containsAll(located) : members.equals(located));
    }

    /** Whether every block timed has its pipeline asked or all its replicas located: what a record of it needs. */
    public boolean allKnown(BlockLocation[] locations, int replication) throws IOException {
        for (int i = 0; i < Math.min(locations.length, blockNanos.size()); i++) {
            if (pipeline(i, locations[i]) == null && locations[i].getNames().length < replication) {
                return false;
            }
        }
        return true;
    }

    /** The block's DataNodes in the NameNode's order. */
    public static List<String> names(BlockLocation location) throws IOException {
        String[] hosts = location.getHosts();
        String[] names = location.getNames();
        List<String> dataNodes = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            int port = Integer.parseInt(names[i].substring(names[i].lastIndexOf(':') + 1));
            dataNodes.add(name(i < hosts.length ? hosts[i] : names[i].substring(0, names[i].lastIndexOf(':')), port));
        }
        return dataNodes;
    }

    /** A DataNode as every output names it: its host by hbench's one rule, and its data transfer port. */
    public static String name(String host, int port) {
        return HostNames.canonical(requireNonNull(host, "host is null")) + ":" + port;
    }
}
