package io.hbench.dfsio;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSStripedInputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * Times each block of one file read from HDFS and learns the DataNode that served it
 * ({@link HdfsDataInputStream#getCurrentDatanode()}, asked after each read call). A read call never crosses a block's
 * end on HDFS, so a block's time is exactly that of the read calls that returned its bytes; the client's work between
 * calls (checking the data) is not timed. Should the stream move to another DataNode within a block, the block is the
 * last one's.
 */
final class BlockReads {
    private final HdfsDataInputStream in;
    private final TaskStats stats;
    private ExtendedBlock block;
    private DatanodeInfo server;
    private long bytes;
    private long nanos;

    private BlockReads(HdfsDataInputStream in, TaskStats stats) {
        this.in = in;
        this.stats = stats;
    }

    /** A recorder of {@code in}'s blocks where it reads replicated blocks from HDFS; empty elsewhere. */
    static Optional<BlockReads> of(FileSystem fs, FSDataInputStream in, TaskStats stats) {
        if (!(fs instanceof DistributedFileSystem) || !(in instanceof HdfsDataInputStream)
                || in.getWrappedStream() instanceof DFSStripedInputStream) {
            return Optional.empty();
        }
        return Optional.of(new BlockReads((HdfsDataInputStream) in, stats));
    }

    /** A read call returned {@code count} bytes in {@code callNanos}. */
    void read(int count, long callNanos) {
        ExtendedBlock current = in.getCurrentBlock();
        if (block != null && !block.equals(current)) {
            finish();
        }
        block = current;
        server = in.getCurrentDatanode();
        bytes += count;
        nanos += callNanos;
    }

    /** The file is read: its last block is recorded. */
    void finish() {
        if (block != null && server != null && bytes > 0) {
            stats.recordBlock(DataNodeBlocks.READ, List.of(BlockWrites.name(server.getHostName(),
                    server.getXferPort())), bytes, nanos);
        }
        block = null;
        bytes = 0;
        nanos = 0;
    }
}
