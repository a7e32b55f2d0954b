package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.units.DataSize;
import java.time.Duration;
import java.time.Instant;

/** What one task did to its file: bytes moved, when, and how long the client waited. */
public final class DfsioTask {
    private final String fileName;
    private final String host;
    private final Instant start;
    private final Instant end;
    private final Duration time;
    private final long bytes;

    public DfsioTask(String fileName, String host, Instant start, Instant end, Duration time, long bytes) {
        this.fileName = requireNonNull(fileName, "fileName is null");
        this.host = requireNonNull(host, "host is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.time = requireNonNull(time, "time is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end " + end + " is before start " + start);
        }
        if (time.isNegative()) {
            throw new IllegalArgumentException("time is negative: " + time);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes is negative: " + bytes);
        }
        this.bytes = bytes;
    }

    static DfsioTask from(TaskSampleText sample) {
        return new DfsioTask(sample.fileName, sample.host, micros(sample.startMicros), micros(sample.endMicros),
                Duration.ofNanos(sample.nanos), sample.bytes);
    }

    private static Instant micros(long epochMicros) {
        return Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000), Math.floorMod(epochMicros, 1_000_000) * 1000L);
    }

    public String fileName() {
        return fileName;
    }

    public String host() {
        return host;
    }

    /** Wall-clock time the task's timed I/O began: its file was open (as Hadoop's TestDFSIO times it). */
    public Instant start() {
        return start;
    }

    /** Wall-clock time the task finished its I/O (close returned). */
    public Instant end() {
        return end;
    }

    /** The task's timed I/O on a monotonic clock: every read or write and the close, not the open. */
    public Duration time() {
        return time;
    }

    public long bytes() {
        return bytes;
    }

    /** This task's throughput in MiB/s, TestDFSIO's per-task "IO rate"; 0 for a task that took no time. */
    public double rateMbSec() {
        return time.isZero() ? 0 : DataSize.toMebibytes(bytes) / (time.toNanos() / 1e9);
    }
}
