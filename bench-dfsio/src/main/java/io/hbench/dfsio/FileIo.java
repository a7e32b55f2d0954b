package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Does one file's I/O for one operation and measures it. Timing covers everything a client waits
 * for: open, every read or write, and close (for a write, close waits until the last packet is
 * acknowledged, so leaving it out, as Hadoop's TestDFSIO does, overstates small-file throughput).
 */
final class FileIo {
    /** How often a truncate that recovers the last block checks whether it has finished. */
    private static final long TRUNCATE_POLL_MILLIS = 100;

    private final FileSystem fs;
    private final DfsioOptions options;
    private final Path dataDir;
    private final CompressionCodec codec;
    private final String host;
    private final byte[] buffer;
    private final byte[] scratch;
    private final Clock clock = Clock.systemUTC();

    FileIo(FileSystem fs, Configuration conf, DfsioOptions options, Path dataDir, String host) {
        this.fs = requireNonNull(fs, "fs is null");
        this.options = requireNonNull(options, "options is null");
        this.dataDir = requireNonNull(dataDir, "dataDir is null");
        this.host = requireNonNull(host, "host is null");
        this.codec = options.compressionCodec().map(name -> newCodec(name, conf)).orElse(null);
        this.buffer = new byte[options.bufferSize()];
        this.scratch = options.verify() ? new byte[options.bufferSize()] : null;
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
        TaskStats stats = new TaskStats(fileName, host);
        stats.started(epochMicros());
        long start = System.nanoTime();
        switch (options.operation()) {
            case WRITE:
                write(fs.create(file, true, options.bufferSize()), file, 0, size, stats, progress, true);
                break;
            case APPEND:
                long length = fs.getFileStatus(file).getLen();
                write(fs.append(file, options.bufferSize()), file, length, size, stats, progress, false);
                break;
            case READ:
                read(file, size, stats, progress);
                break;
            case RANDOM_READ:
            case BACKWARD_READ:
            case SKIP_READ:
                positionalRead(file, size, stats, progress);
                break;
            case TRUNCATE:
                truncate(file, size, stats);
                break;
            default:
                throw new IllegalStateException("unknown operation " + options.operation());
        }
        stats.finished(epochMicros(), System.nanoTime() - start);
        return stats;
    }

    private void write(FSDataOutputStream file, Path path, long offset, long size, TaskStats stats,
            LongConsumer progress, boolean created) throws IOException {
        if (created && options.storagePolicy().isPresent()) {
            fs.setStoragePolicy(path, options.storagePolicy().get());
        }
        DataPattern pattern = DataPattern.forFile(path.getName());
        try (OutputStream out = codec == null ? file : codec.createOutputStream(file)) {
            long written = 0;
            while (written < size) {
                int count = (int) Math.min(buffer.length, size - written);
                pattern.fill(offset + written, buffer, 0, count);
                long callStart = System.nanoTime();
                out.write(buffer, 0, count);
                stats.recordCall(count, System.nanoTime() - callStart, clock.millis());
                written += count;
                progress.accept(count);
            }
        }
    }

    private void read(Path path, long size, TaskStats stats, LongConsumer progress) throws IOException {
        DataPattern pattern = DataPattern.forFile(path.getName());
        FSDataInputStream file = fs.open(path, options.bufferSize());
        try (InputStream in = codec == null ? file : codec.createInputStream(file)) {
            long offset = 0;
            boolean checking = options.verify();
            while (offset < size) {
                long callStart = System.nanoTime();
                int count = in.read(buffer, 0, (int) Math.min(buffer.length, size - offset));
                if (count < 0) {
                    break;
                }
                stats.recordCall(count, System.nanoTime() - callStart, clock.millis());
                if (checking) {
                    checking = check(pattern, path, offset, count, stats);
                }
                offset += count;
                progress.accept(count);
            }
        }
    }

    /** Reads {@code size} bytes in buffer-sized calls at offsets chosen as TestDFSIO chooses them. */
    private void positionalRead(Path path, long size, TaskStats stats, LongConsumer progress) throws IOException {
        DataPattern pattern = DataPattern.forFile(path.getName());
        long length = fs.getFileStatus(path).getLen();
        // Seeded by the file name, so a rerun reads the same offsets.
        SplittableRandom random = new SplittableRandom(path.getName().hashCode());
        try (FSDataInputStream in = fs.open(path, options.bufferSize())) {
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

    private void truncate(Path path, long newLength, TaskStats stats) throws IOException {
        long length = fs.getFileStatus(path).getLen();
        long callStart = System.nanoTime();
        boolean done = fs.truncate(path, newLength);
        while (!done) {
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

    /** The bytes one file's run moves in all: the progress total. */
    static long expectedBytes(DfsioOptions options) {
        return options.operation() == DfsioOperation.TRUNCATE ? 0 : options.fileSize();
    }

    static String describeHost() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName().replace(',', '_').replace(';', '_');
        } catch (IOException e) {
            return "unknown";
        }
    }
}
