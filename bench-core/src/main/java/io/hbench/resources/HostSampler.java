package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.FileLocks;
import io.hbench.fs.PrivateDirectory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Samples this host's counters once per interval for one job, however many of the job's tasks run here, so that
 * several tasks on a host never multiply its figures or the cost of measuring them.
 * <p>
 * Lifecycle: the first {@link #join} of a job in a process starts one daemon thread, which takes a snapshot at once
 * and then every interval; {@link Participation#leave()} hands the caller the snapshots taken since the last hand-over,
 * and the last one to leave takes a final snapshot, stops the thread and releases the lock, so nothing outlives the
 * job's last task. Across processes (a YARN container per task, several NodeManagers on one machine) a lock file named
 * after the job and the host lets one process of the host sample at a time; another takes over within an interval
 * when it leaves. The host is in the name because hosts may share /tmp (containers, network namespaces): each must
 * sample itself. The locks live in a directory of this user's alone ({@link PrivateDirectory}), since another user
 * could otherwise take a lock first and silence the sampler, or put a link or a FIFO where it opens one; if that
 * directory or a lock in it is not what hbench made, the host is handed over as not sampled, with that reason. Lock
 * files that killed processes left behind are removed once they are {@link #STALE_AFTER} old and no one holds them.
 */
public final class HostSampler {
    /** How old a lock file nobody holds must be before a sampler removes it as left behind. */
    static final Duration STALE_AFTER = Duration.ofHours(1);
    private static final String LOCK_PREFIX = "resources-";
    private static final String LOCK_SUFFIX = ".lock";
    /** How much of the host's and the job's names a lock file's name keeps: its hash tells the rest apart. */
    private static final int NAME_PART = 60;
    private static final Map<String, HostSampler> BY_JOB_AND_HOST = new HashMap<>();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final String key;
    private final ProcCounters counters;
    private final Path lockFile;
    private final String host;
    private final Optional<String> unavailableReason;
    private final Optional<String> bootId;
    private final List<InterfaceLink> interfaceLinks;
    private final Optional<OwnProcesses> own;
    /** Names this sampler's count of hbench's own CPU time in its snapshots. */
    private final long ownCounter = ThreadLocalRandom.current().nextLong();
    private final ScheduledExecutorService thread;
    private final CountDownLatch firstTick = new CountDownLatch(1);
    // Guarded by this.
    private final List<CounterSnapshot> taken = new ArrayList<>();
    private long cpuNanos;
    private long cpuNanosHandedOver;
    private int lockedOutIntervals;
    private int participants;
    private FileChannel lockChannel;
    private FileLock lock;
    private Optional<String> lockProblem = Optional.empty();

    private HostSampler(String key, String jobKey, Duration interval, ProcCounters counters, Path lockDirectory,
            String host, Optional<OwnProcesses> own) {
        this.key = key;
        this.own = own;
        this.counters = counters;
        this.lockFile = lockFile(lockDirectory, jobKey, host);
        this.host = host;
        this.unavailableReason = counters.unavailableReason().or(() -> prepareLockDirectory(lockDirectory));
        this.bootId = counters.bootId();
        this.interfaceLinks = counters.interfaceLinks();
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
        return join(jobKey, interval, ProcCounters.live(), lockDirectory(), HostSamples.localHost(), Optional.empty());
    }

    /**
     * As {@link #join(String, Duration)}, and counts the CPU time of hbench's own processes apart: this process's tree,
     * and with {@code run}, that of every process of the host whose command line carries the run's marker (its task
     * JVMs, which {@link ClusterSampling} marks so). For a process that does, or watches, all of a run's work on its host: the client with
     * MapReduce in process, a program that works in the client, the run's sampler on each host.
     */
    public static Participation joinCountingOwn(String jobKey, Duration interval, Optional<String> run) {
        ProcCounters counters = ProcCounters.live();
        return join(jobKey, interval, counters, lockDirectory(), HostSamples.localHost(), Optional.of(
                new OwnProcesses(counters, run.map(OwnProcesses::marker), OptionalLong.of(ProcessHandle.current()
                        .pid()))));
    }

    /**
     * @param lockDirectory this user's directory for the locks, made if need be
     * @param own hbench's own processes, if their CPU time is counted apart
     */
    static synchronized Participation join(String jobKey, Duration interval, ProcCounters counters,
            Path lockDirectory, String host, Optional<OwnProcesses> own) {
        requireNonNull(jobKey, "jobKey is null");
        requireNonNull(host, "host is null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval is not positive: " + interval);
        }
        HostSampler sampler = BY_JOB_AND_HOST.computeIfAbsent(host + "\n" + jobKey,
                key -> new HostSampler(key, jobKey, interval, counters, lockDirectory, host, own));
        synchronized (sampler) {
            sampler.participants++;
        }
        return sampler.new Participation();
    }

    /**
     * {@code /tmp/hbench-<user>}: /tmp is shared by every process on a Linux host, where YARN gives each container a
     * java.io.tmpdir of its own.
     */
    private static Path lockDirectory() {
        Path tmp = Paths.get("/tmp");
        Path base = Files.isDirectory(tmp) && Files.isWritable(tmp) ? tmp
                : Paths.get(System.getProperty("java.io.tmpdir"));
        return base.resolve("hbench-" + readable(System.getProperty("user.name")));
    }

    /** The lock of one job's sampling on one host, in {@code lockDirectory}. */
    static Path lockFile(Path lockDirectory, String jobKey, String host) {
        String hash = Integer.toHexString((host + "\n" + jobKey).hashCode());
        return lockDirectory.resolve(LOCK_PREFIX + readable(host) + "-" + readable(jobKey) + "-" + hash
                + LOCK_SUFFIX);
    }

    private static String readable(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9_.-]", "_");
        return safe.length() > NAME_PART ? safe.substring(0, NAME_PART) : safe;
    }

    /** Makes or checks the lock directory and clears it of what killed samplers left; why it cannot be used, if not. */
    private static Optional<String> prepareLockDirectory(Path lockDirectory) {
        try {
            PrivateDirectory.claim(lockDirectory);
        } catch (PrivateDirectory.NotPrivateException e) {
            return Optional.of("its resource sampler's lock directory " + e.getMessage() + ", so hbench does not use it"
                    + (e.parentWayOut().isPresent() ? "" : " (remove it)"));
        } catch (IOException e) {
            return Optional.of("its resource sampler's lock directory " + lockDirectory + " cannot be made ("
                    + e + ")");
        }
        try (DirectoryStream<Path> locks = Files.newDirectoryStream(lockDirectory,
                LOCK_PREFIX + "*" + LOCK_SUFFIX)) {
            for (Path file : locks) {
                removeIfLeftBehind(file);
            }
        } catch (IOException e) {
            // Left for the next sampler to clear: a lock file nobody holds keeps no one from sampling.
        }
        return Optional.empty();
    }

    /**
     * Removes a lock file that no process holds and that is old: a sampler about to lock a file it just made is never
     * robbed of it. Never one this process uses: on Linux, closing a channel to a file drops this process's lock on it.
     */
    private static void removeIfLeftBehind(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        boolean inUseHere = BY_JOB_AND_HOST.values().stream().anyMatch(sampler -> sampler.lockFile.equals(file));
        if (inUseHere || !attributes.isRegularFile() || attributes.lastModifiedTime().toInstant()
                .isAfter(Instant.now().minus(STALE_AFTER))) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
            FileLock held = FileLocks.tryLock(channel);
            if (held != null) {
                Files.delete(file);
                held.release();
            }
        }
    }

    private synchronized void tick() {
        sampleIfThisProcessMay();
        cpuNanos = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
        firstTick.countDown();
    }

    /**
     * Takes a snapshot if this process holds the host's lock, taking it if free; counts the interval as locked out if
     * another process holds it.
     */
    private void sampleIfThisProcessMay() {
        if (lock == null && lockProblem.isEmpty()) {
            tryLock();
        }
        if (lock == null) {
            if (lockProblem.isEmpty()) {
                lockedOutIntervals++;
            }
            return;
        }
        try {
            CounterSnapshot snapshot = counters.read(Instant.now());
            taken.add(own.isPresent() ? snapshot.withOwnCpu(ownCounter, own.get().ticks()) : snapshot);
        } catch (IOException | RuntimeException e) {
            // A counter file that cannot be read this once costs one interval, never the run.
        }
    }

    /**
     * Opens the lock without following a link and never blocks: anything but a regular file of this user is refused
     * before it is opened, and it is opened for reading and writing, which on Linux does not wait even on a FIFO.
     */
    private void tryLock() {
        try {
            if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                PrivateDirectory.checkOwnFile(lockFile);
            }
            lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            lock = FileLocks.tryLock(lockChannel);
            if (lock == null) {
                lockChannel.close();
                lockChannel = null;
            }
        } catch (PrivateDirectory.NotPrivateException e) {
            lockProblem = Optional.of("its resource sampler's lock " + e.getMessage()
                    + ", so hbench does not use it (remove it)");
        } catch (IOException e) {
            lockProblem = Optional.of("its resource sampler's lock " + lockFile + " cannot be opened (" + e + ")");
        }
    }

    private HostSamples handOver() {
        synchronized (HostSampler.class) {
            synchronized (this) {
                participants--;
                if (participants > 0) {
                    return drain();
                }
                BY_JOB_AND_HOST.remove(key);
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
        Optional<String> reason = unavailableReason.or(() -> taken.isEmpty() ? lockProblem : Optional.empty());
        if (reason.isPresent()) {
            return HostSamples.unavailable(host, reason.get());
        }
        HostSamples samples = HostSamples.of(host, bootId, taken, cpuNanos - cpuNanosHandedOver, lockedOutIntervals)
                .withInterfaceLinks(interfaceLinks);
        taken.clear();
        cpuNanosHandedOver = cpuNanos;
        lockedOutIntervals = 0;
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

        /** How many snapshots wait for the next hand-over: what a test watches, not the clock. */
        int snapshotsWaiting() {
            synchronized (HostSampler.this) {
                return taken.size();
            }
        }
    }
}
