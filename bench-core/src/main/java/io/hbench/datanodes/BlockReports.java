package io.hbench.datanodes;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The block locations of a file just closed, once the DataNodes have reported what the caller needs of them. A close
 * waits for one replica of the last block only; the other replicas reach the NameNode moments later. One wait serves
 * everything a task asks of a file's blocks (the DataNodes of each block, whether favored nodes were honoured), so
 * the NameNode is asked once per poll, not once per question.
 */
public final class BlockReports {
    private static final long POLL_MILLIS = 10;

    private BlockReports() {
    }

    /** What a caller needs of the locations before it reads them. */
    public interface Need {
        /** Whether {@code blocks}, of a file of {@code replication}, tell the caller what it needs. */
        boolean met(BlockLocation[] blocks, int replication) throws IOException;
    }

    /**
     * Asks for {@code file}'s block locations every {@value #POLL_MILLIS} ms until they meet {@code need} or
     * {@code bound} has passed; then returns the last ones asked.
     *
     * @throws InterruptedIOException if interrupted while waiting
     */
    public static BlockLocation[] await(FileSystem fs, Path file, Duration bound, Need need) throws IOException {
        requireNonNull(need, "need is null");
        FileStatus status = fs.getFileStatus(file);
        long deadline = System.nanoTime() + bound.toNanos();
        BlockLocation[] blocks = fs.getFileBlockLocations(status, 0, status.getLen());
        while (!need.met(blocks, status.getReplication()) && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw (IOException) new InterruptedIOException("interrupted while asking where the blocks of " + file
                        + " are").initCause(e);
            }
            blocks = fs.getFileBlockLocations(status, 0, status.getLen());
        }
        return blocks;
    }
}
