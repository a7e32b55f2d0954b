package io.hbench.resources;

import io.hbench.fs.FileLocks;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples this host's counters once per interval for one job, however many of the job's tasks run here, so that
 * several tasks on a host never multiply its figures or the cost of measuring them.
 * <p>
 * Lifecycle: the first {@link #join} of a job in a process starts one daemon thread, which takes a snapshot at once
 * and then every interval; {@link Participation#leave()} hands the caller the snapshots taken since the last hand-over,
 * and the last one to leave takes a final snapshot, stops the thread and releases the lock, so nothing outlives the
 * job's last task. Across processes (a YARN container per task) a lock file in the host's temporary directory lets one
 * process sample at a time; another takes over within an interval when it leaves. Should two ever sample at once (the
 * lock file could not be made), the client's merge still keeps one series per host: every snapshot holds the host's
 * own cumulative counters, whoever took it.
 */
public final class HostSampler {
    private static final Map<String, HostSampler> BY_JOB = new HashMap<>();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final String jobKey;
    private final ProcCounters counters;
    private final Path lockFile;
    private final String host;
    private final Optional<String> unavailableReason;
    private final ScheduledExecutorService thread;
    private final CountDownLatch firstTick = new CountDownLatch(1);
    // Guarded by this.
    private final List<CounterSnapshot> taken = new ArrayList<>();
    private long cpuNanos;
    private long cpuNanosHandedOver;
    private int participants;
    private FileChannel lockChannel;
    private FileLock lock;
    private boolean lockImpossible;

    private HostSampler(String jobKey, Duration interval, ProcCounters counters, Path lockDirectory, String host) {
        this.jobKey = jobKey;
        this.counters = counters;
        this.lockFile = lockDirectory.resolve("hbench-resources-" + Integer.toHexString(jobKey.hashCode()) + "-"
                + jobKey.replaceAll("[^A-Za-z0-9_.-]", "_") + ".lock");
        this.host = host;
        this.unavailableReason = counters.unavailableReason();
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread sampler = new Thread(runnable, "hbench resource sampler");
            sampler.setDaemon(true);
            return sampler;
        });
        if (unavailableReason.isEmpty()) {
            thread.scheduleAtFixedRate(this::tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
            awaitFirstTick();
        }
    }

    /** So that the series starts before the first task's work does, not when the new thread first gets a core. */
    private void awaitFirstTick() {
        try {
            if (!firstTick.await(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the resource sampler did not start within a minute");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Joins the sampling of {@code jobKey} on this host, starting it if this is the first participant in this process.
     *
     * @param jobKey the same for every task of one job and different between jobs, such as the job id
     */
    public static Participation join(String jobKey, Duration interval) {
        return join(jobKey, interval, new ProcCounters(ProcCounters.PROC), lockDirectory(), HostSamples.localHost());
    }

    static synchronized Participation join(String jobKey, Duration interval, ProcCounters counters,
            Path lockDirectory, String host) {
        requireNonNull(jobKey, "jobKey is null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval is not positive: " + interval);
        }
        HostSampler sampler = BY_JOB.computeIfAbsent(jobKey,
                key -> new HostSampler(key, interval, counters, lockDirectory, host));
        synchronized (sampler) {
            sampler.participants++;
        }
        return sampler.new Participation();
    }

    /** /tmp is shared by every process on a Linux host, where YARN gives each container a java.io.tmpdir of its own. */
    private static Path lockDirectory() {
        Path tmp = Paths.get("/tmp");
        return Files.isDirectory(tmp) && Files.isWritable(tmp) ? tmp : Paths.get(System.getProperty("java.io.tmpdir"));
    }

    private synchronized void tick() {
        sampleIfThisProcessMay();
        cpuNanos = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
        firstTick.countDown();
    }

    /** Takes a snapshot if this process holds the host's lock (taking it if free) or no lock can be had. */
    private void sampleIfThisProcessMay() {
        try {
            if (lock == null && !lockImpossible) {
                tryLock();
            }
            if (lock != null || lockImpossible) {
                taken.add(counters.read(Instant.now()));
            }
        } catch (IOException | RuntimeException e) {
            // A counter file that cannot be read this once costs one interval, never the run.
        }
    }

    private void tryLock() {
        try {
            lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = FileLocks.tryLock(lockChannel);
            if (lock == null) {
                lockChannel.close();
                lockChannel = null;
            }
        } catch (IOException e) {
            lockImpossible = true;
        }
    }

    private HostSamples handOver() {
        synchronized (HostSampler.class) {
            synchronized (this) {
                participants--;
                if (participants > 0) {
                    return drain();
                }
                BY_JOB.remove(jobKey);
            }
        }
        thread.shutdownNow();
        try {
            thread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (unavailableReason.isEmpty()) {
                // The final snapshot; the process that sampled may have left since the last tick, so this one may
                // take over: the series then ends here, not there.
                sampleIfThisProcessMay();
            }
            releaseLock();
            return drain();
        }
    }

    private HostSamples drain() {
        if (unavailableReason.isPresent()) {
            return HostSamples.unavailable(host, unavailableReason.get());
        }
        HostSamples samples = HostSamples.of(host, taken, cpuNanos - cpuNanosHandedOver);
        taken.clear();
        cpuNanosHandedOver = cpuNanos;
        return samples;
    }

    private void releaseLock() {
        if (lock == null) {
            return;
        }
        try {
            // Deleted first, so the host is left as it was; a process that opened it meanwhile just samples too.
            Files.deleteIfExists(lockFile);
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            // The lock goes with the channel, at the latest when this process ends.
        }
        lock = null;
        lockChannel = null;
    }

    /** One task's (or peer's, or client's) part in its job's sampling on this host. */
    public final class Participation {
        private boolean left;

        private Participation() {
        }

        /**
         * Leaves the sampling; returns the snapshots taken since the last participant left, with a final one if this
         * was the last participant. Call once.
         */
        public HostSamples leave() {
            synchronized (this) {
                if (left) {
                    throw new IllegalStateException("already left");
                }
                left = true;
            }
            return handOver();
        }
    }
}
