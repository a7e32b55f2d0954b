package io.hbench.datanodes;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
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
public final class BlockReads {
    private final HdfsDataInputStream in;
    private final BlockRecords records;
    private ExtendedBlock block;
    private DatanodeInfo server;
    private long bytes;
    private long nanos;

    private BlockReads(HdfsDataInputStream in, BlockRecords records) {
        this.in = in;
        this.records = records;
    }

    /** A recorder of {@code in}'s blocks where it reads replicated blocks from HDFS; empty elsewhere. */
    public static Optional<BlockReads> of(FileSystem fs, FSDataInputStream in, BlockRecords records) {
        if (!(fs instanceof DistributedFileSystem) || !(in instanceof HdfsDataInputStream)
                || in.getWrappedStream() instanceof DFSStripedInputStream) {
            return Optional.empty();
        }
        return Optional.of(new BlockReads((HdfsDataInputStream) in, records));
    }

    /** A read call returned {@code count} bytes in {@code callNanos}. */
    public void read(int count, long callNanos) {
        ExtendedBlock current = in.getCurrentBlock();
        if (block != null && !block.equals(current)) {
            finish();
        }
        block = current;
        server = in.getCurrentDatanode();
        bytes += count;
        nanos += callNanos;
    }

    /**
     * The stream this records, each read call that starts before file offset {@code end} timed and recorded, and the
     * last block recorded on close: for a reader that reads through a buffer of its own, whose every fill is one call
     * here. A reader of one split gives its end: it reads on into the next split for the record across the boundary
     * (and its buffer's fill takes more), and where the split ends at a block's end, as FileInputFormat's do, that
     * block is the next split's to record, not a sliver of it this one's.
     */
    public InputStream timed(long end) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                boolean recorded = BlockReads.this.in.getPos() < end;
                long start = System.nanoTime();
                int value = super.read();
                if (value >= 0 && recorded) {
                    BlockReads.this.read(1, System.nanoTime() - start);
                }
                return value;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                boolean recorded = BlockReads.this.in.getPos() < end;
                long start = System.nanoTime();
                int count = super.read(buffer, offset, length);
                if (count > 0 && recorded) {
                    BlockReads.this.read(count, System.nanoTime() - start);
                }
                return count;
            }

            @Override
            public void close() throws IOException {
                finish();
                super.close();
            }
        };
    }

    /** The file is read: its last block is recorded. */
    public void finish() {
        if (block != null && server != null && bytes > 0) {
            records.record(BlockRecords.READ, List.of(BlockWrites.name(server.getHostName(),
                    server.getXferPort())), bytes, nanos);
        }
        block = null;
        bytes = 0;
        nanos = 0;
    }
}
