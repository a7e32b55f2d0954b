package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.BlockReads;
import io.hbench.datanodes.BlockReports;
import io.hbench.datanodes.BlockWrites;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.FileOperationException;
import io.hbench.fs.StoreStatistics;
import io.hbench.resources.HostSamples;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Does one file's I/O for one operation and measures it as Hadoop's TestDFSIO does, so classic
 * figures stay comparable with old baselines: the file is opened (created, appended to; for
 * positional reads and truncate its length looked up) before the clock starts, and the clock
 * stops after close, so every read or write and the close are timed (a write's close waits until
 * the last packet is acknowledged; on an object store, until the last part is uploaded). The opening is
 * timed apart, as the task's open latency. What the store's client sent for the file, from the open to the
 * close, is counted too ({@link StoreStatistics}): by the client, every kind of request, where no other task uses the
 * client meanwhile; by the file's stream alone (its data requests) where other tasks share the client. On HDFS a write's
 * or a sequential read's blocks are timed one by one with their DataNodes ({@link BlockWrites}, {@link BlockReads}),
 * within the same timed calls.
 */
final class FileIo {
    /** How often a truncate that recovers the last block checks whether it has finished. */
    private static final long TRUNCATE_POLL_MILLIS = 100;
    /**
     * How long a truncate may take to recover its last block: MapReduce's default for a task without progress
     * ({@code mapreduce.task.timeout}), after which YARN would end it; in the client's own runner nothing else would.
     */
    private static final Duration TRUNCATE_RECOVERY_BOUND = Duration.ofMinutes(10);

    private final FileSystem fs;
    /** Whether other tasks use {@link #fs} at the same time, so that its counters are not this file's alone. */
    private final boolean sharedClient;
    private final DfsioOptions options;
    private final Path dataDir;
    private final CompressionCodec codec;
    private final String host;
    private final byte[] buffer;
    private final byte[] scratch;
    /** The DataNodes a write asks for ({@code -dataNodes}); none for the NameNode to choose. */
    private final Optional<FavoredNodes> favoredNodes;
    /** Whether blocks on HDFS are timed with their DataNodes ({@link TestDfsio#BLOCK_RECORDS_KEY}). */
    private final boolean recordBlocks;
    private final Clock clock = Clock.systemUTC();

    /** @param sharedClient whether other tasks use {@code fs} while this one does, as in the local job runner */
    FileIo(FileSystem fs, boolean sharedClient, Configuration conf, DfsioOptions options, Path dataDir, String host) {
        this.fs = requireNonNull(fs, "fs is null");
        this.sharedClient = sharedClient;
        this.options = requireNonNull(options, "options is null");
        this.dataDir = requireNonNull(dataDir, "dataDir is null");
        this.host = requireNonNull(host, "host is null");
        this.codec = options.compressionCodec().map(name -> newCodec(name, conf)).orElse(null);
        this.buffer = new byte[options.bufferSize()];
        this.scratch = options.verify() ? new byte[options.bufferSize()] : null;
        this.favoredNodes = options.dataNodes().isEmpty() ? Optional.empty()
                : Optional.of(FavoredNodes.resolve(options.dataNodes(), conf));
        this.recordBlocks = conf.getBoolean(TestDfsio.BLOCK_RECORDS_KEY, true);
    }

    static CompressionCodec newCodec(String className, Configuration conf) {
        try {
            Class<? extends CompressionCodec> codecClass = conf.getClassByName(className).asSubclass(CompressionCodec.class);
            return ReflectionUtils.newInstance(codecClass, conf);
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-compression " + className + " is not a compression"
                    + " codec class on the classpath (e.g. org.apache.hadoop.io.compress.GzipCodec)");
        }
    }

    /**
     * Performs the operation on {@code fileName}.
     *
     * @param size bytes to move; for truncate, the new length
     * @param progress told the bytes of every call as it completes
     */
    TaskStats run(String fileName, long size, LongConsumer progress) throws IOException {
        Path file = new Path(dataDir, fileName);
        try {
            return run(file, fileName, size, progress);
        } catch (IOException e) {
            // Said as the task's step, on which file: all that a failed job's one line can quote is this message.
            throw new FileOperationException(TestDfsio.verb(options.operation()), fs.makeQualified(file), e);
        }
    }

    private TaskStats run(Path file, String fileName, long size, LongConsumer progress) throws IOException {
        TaskStats stats = new TaskStats(fileName, host);
        StoreStatistics storeBefore = sharedClient ? StoreStatistics.none() : StoreStatistics.of(fs);
        long openStart = System.nanoTime();
        // The file's stream, asked for its own counts once closed; none for a truncate.
        Object stream = null;
        // On HDFS, each block written, timed and with its pipeline, recorded once the file's I/O is timed.
        Optional<BlockWrites> blockWrites = Optional.empty();
        switch (options.operation()) {
            case WRITE:
                FSDataOutputStream created = create(file);
                stream = created;
                if (options.storagePolicy().isPresent()) {
                    try {
                        fs.setStoragePolicy(file, options.storagePolicy().get());
                    } catch (IOException | RuntimeException e) {
                        created.close();
                        throw e;
                    }
                }
                askDropBehind(created, stats);
                if (codec == null && recordBlocks) {
                    blockWrites = BlockWrites.of(fs, created, fs.getDefaultBlockSize(file));
                }
                opened(stats, openStart);
                write(compressed(created), file, 0, size, stats, progress, blockWrites);
                break;
            case APPEND:
                long length = fs.getFileStatus(file).getLen();
                FSDataOutputStream appended = fs.append(file, options.bufferSize());
                stream = appended;
                askDropBehind(appended, stats);
                opened(stats, openStart);
                write(compressed(appended), file, length, size, stats, progress, Optional.empty());
                break;
            case READ:
                FSDataInputStream raw = fs.open(file, options.bufferSize());
                stream = raw;
                askDropBehind(raw, stats);
                InputStream in = codec == null ? raw : codec.createInputStream(raw);
                Optional<BlockReads> blockReads = codec == null && recordBlocks
                        ? BlockReads.of(fs, raw, stats.blocks()) : Optional.empty();
                opened(stats, openStart);
                read(in, file, size, stats, progress, blockReads);
                break;
            case RANDOM_READ:
            case BACKWARD_READ:
            case SKIP_READ:
                long fileLength = fs.getFileStatus(file).getLen();
                FSDataInputStream positional = fs.open(file, options.bufferSize());
                stream = positional;
                askDropBehind(positional, stats);
                opened(stats, openStart);
                positionalRead(positional, file, fileLength, size, stats, progress);
                break;
            case TRUNCATE:
                long oldLength = fs.getFileStatus(file).getLen();
                opened(stats, openStart);
                truncate(file, oldLength, size, stats);
                break;
            default:
                throw new IllegalStateException("unknown operation " + options.operation());
        }
        stats.finished(epochMicros(), System.nanoTime());
        if (favoredNodes.isPresent() || blockWrites.isPresent()) {
            recordPlacement(file, stats, blockWrites);
        }
        if (options.readFrom().isPresent()) {
            stats.onReplicaHost(ReadHosts.holdsReplica(host, ReadHosts.replicaHosts(fs, file)));
        }
        if (!sharedClient) {
            stats.storeStatistics(StoreStatistics.of(fs).since(storeBefore));
        } else if (stream != null) {
            stats.storeStatistics(StoreStatistics.ofStream(stream));
        }
        return stats;
    }

    /**
     * Records where the closed {@code file}'s blocks went: how they were placed on {@code -dataNodes}, and each block's
     * DataNodes. Both need the DataNodes' reports of the replicas, which come moments after the close: one wait serves
     * both, as long as the longer of theirs.
     */
    private void recordPlacement(Path file, TaskStats stats, Optional<BlockWrites> blockWrites) throws IOException {
        Duration bound = favoredNodes.isPresent() ? FavoredNodes.REPORT_BOUND : BlockWrites.REPORT_BOUND;
        BlockLocation[] blocks = BlockReports.await(fs, file, bound, (located, replication) ->
                (favoredNodes.isEmpty() || favoredNodes.get().reported(located, replication))
                        && (blockWrites.isEmpty() || blockWrites.get().allKnown(located, replication)));
        if (favoredNodes.isPresent()) {
            stats.favoredPlacement(favoredNodes.get().placement(blocks, fs.getFileStatus(file).getReplication()));
        }
        if (blockWrites.isPresent()) {
            blockWrites.get().recordIn(stats.blocks(), blocks);
        }
    }

    /** Creates {@code file} for a write, asking for the DataNodes {@code -dataNodes} names, if it names any. */
    private FSDataOutputStream create(Path file) throws IOException {
        return favoredNodes.isPresent()
                ? favoredNodes.get().create((DistributedFileSystem) fs, file, options.bufferSize())
                : fs.create(file, true, options.bufferSize());
    }

    /** With {@code -dropBehind}, asks the file's stream to have the DataNodes drop the pages behind it. */
    private void askDropBehind(CanSetDropBehind stream, TaskStats stats) throws IOException {
        if (!options.dropBehind()) {
            return;
        }
        try {
            stream.setDropBehind(true);
            stats.dropBehind(true);
        } catch (UnsupportedOperationException e) {
            stats.dropBehind(false);
        }
    }

    /** The file is open: its open latency is recorded and the timed I/O starts now. */
    private void opened(TaskStats stats, long openStartNanos) {
        long now = System.nanoTime();
        stats.opened(now - openStartNanos);
        stats.started(epochMicros(), now);
    }

    private OutputStream compressed(FSDataOutputStream out) throws IOException {
        return codec == null ? out : codec.createOutputStream(out);
    }

    /**
     * Writes and closes {@code file}; Hadoop's TestDFSIO times the close with the writes.
     *
     * @param blocks where present, writes {@code file} (uncompressed) and times its blocks
     */
    private void write(OutputStream file, Path path, long offset, long size, TaskStats stats,
            LongConsumer progress, Optional<BlockWrites> blocks) throws IOException {
        DataPattern pattern = DataPattern.forFile(path.getName());
        try (OutputStream out = file) {
            long written = 0;
            while (written < size) {
                int count = (int) Math.min(buffer.length, size - written);
                pattern.fill(offset + written, buffer, 0, count);
                long callStart = System.nanoTime();
                if (blocks.isPresent()) {
                    blocks.get().write(buffer, count);
                } else {
                    out.write(buffer, 0, count);
                }
                stats.recordCall(count, System.nanoTime() - callStart, clock.millis());
                written += count;
                progress.accept(count);
            }
            if (blocks.isPresent()) {
                blocks.get().close();
            }
        }
    }

    /** @param blocks where present, times the blocks of {@code file} (uncompressed) */
    private void read(InputStream file, Path path, long size, TaskStats stats, LongConsumer progress,
            Optional<BlockReads> blocks) throws IOException {
        DataPattern pattern = DataPattern.forFile(path.getName());
        try (InputStream in = file) {
            long offset = 0;
            boolean checking = options.verify();
            while (offset < size) {
                long callStart = System.nanoTime();
                int count = in.read(buffer, 0, (int) Math.min(buffer.length, size - offset));
                if (count < 0) {
                    break;
                }
                long callNanos = System.nanoTime() - callStart;
                stats.recordCall(count, callNanos, clock.millis());
                if (blocks.isPresent()) {
                    blocks.get().read(count, callNanos);
                }
                if (checking) {
                    checking = check(pattern, path, offset, count, stats);
                }
                offset += count;
                progress.accept(count);
            }
            blocks.ifPresent(BlockReads::finish);
        }
    }

    /** Reads {@code size} bytes in buffer-sized calls at offsets chosen as TestDFSIO chooses them. */
    private void positionalRead(FSDataInputStream file, Path path, long length, long size, TaskStats stats,
            LongConsumer progress) throws IOException {
        DataPattern pattern = DataPattern.forFile(path.getName());
        // Seeded by the file name, so a rerun reads the same offsets.
        SplittableRandom random = new SplittableRandom(path.getName().hashCode());
        try (FSDataInputStream in = file) {
            long done = 0;
            boolean checking = options.verify();
            long position = firstOffset(length, random);
            while (done < size && position >= 0) {
                long callStart = System.nanoTime();
                int count = in.read(position, buffer, 0, buffer.length);
                if (count < 0) {
                    break;
                }
                stats.recordCall(count, System.nanoTime() - callStart, clock.millis());
                if (checking) {
                    checking = check(pattern, path, position, count, stats);
                }
                done += count;
                progress.accept(count);
                position = nextOffset(position, length, random);
            }
        }
    }

    private long firstOffset(long length, SplittableRandom random) {
        if (length == 0) {
            return -1;
        }
        if (options.operation() == DfsioOperation.RANDOM_READ) {
            return random.nextLong(length);
        }
        return options.operation() == DfsioOperation.BACKWARD_READ ? Math.max(0, length - buffer.length) : 0;
    }

    private long nextOffset(long current, long length, SplittableRandom random) {
        switch (options.operation()) {
            case RANDOM_READ:
                return random.nextLong(length);
            case BACKWARD_READ:
                // As TestDFSIO: walk back a buffer at a time; at the start, read the first buffer again.
                return Math.max(0, current + options.skipSize());
            default:
                return current + buffer.length + options.skipSize();
        }
    }

    private boolean check(DataPattern pattern, Path path, long offset, int count, TaskStats stats) {
        long mismatch = pattern.firstMismatch(offset, buffer, 0, count, scratch);
        if (mismatch < 0) {
            return true;
        }
        stats.failure(String.format(Locale.ROOT, "%s: byte at offset %d is 0x%02x, expected 0x%02x",
                path.getName(), mismatch, buffer[(int) (mismatch - offset)] & 0xff, pattern.expectedByte(mismatch)));
        // One report per file: after the first difference the rest says nothing new.
        return false;
    }

    private void truncate(Path path, long length, long newLength, TaskStats stats) throws IOException {
        long callStart = System.nanoTime();
        boolean done = fs.truncate(path, newLength);
        long deadline = callStart + TRUNCATE_RECOVERY_BOUND.toNanos();
        while (!done) {
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(path + " has not recovered from truncate within "
                        + TRUNCATE_RECOVERY_BOUND.toMinutes() + " min");
            }
            try {
                Thread.sleep(TRUNCATE_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while " + path + " recovers from truncate", e);
            }
            done = fs instanceof DistributedFileSystem
                    ? ((DistributedFileSystem) fs).isFileClosed(path)
                    : fs.getFileStatus(path).getLen() == newLength;
        }
        stats.recordCall(length - newLength, System.nanoTime() - callStart, clock.millis());
    }

    private long epochMicros() {
        Instant now = clock.instant();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /**
     * The bytes one file's run is asked to move: the progress total. Random, backward and skip reads read whole buffers
     * and end past it.
     */
    static long expectedBytes(DfsioOptions options) {
        return options.operation() == DfsioOperation.TRUNCATE ? 0 : options.fileSize();
    }

    /** This host's name as every output records it, without the separators of the task samples' text. */
    static String describeHost() {
        return HostSamples.localHost().replace(',', '_').replace(';', '_');
    }
}
