package io.hbench.resources;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What runs in a YARN container on each NodeManager host while a run is sampled ({@link YarnSampler}): it takes a first
 * snapshot of its host and says so in a file of {@value #STARTED} (holding the time just after it, on this host's
 * clock), samples until the client creates the stop file, then writes what it took into the sampling directory and
 * ends.
 * <p>
 * It leaves early, without sampling, if it starts after the start deadline (its host is then named as not sampled, and
 * its container goes back to the benchmark at once), and stops as if told to when the client has not renewed the lease
 * file for {@link #ORPHAN_AFTER}: a client that died leaves nothing running for long. Time is judged by this host's
 * clock alone, since hosts' clocks differ.
 *
 * <p>Arguments: {@code <configuration file> <sampling directory> <run key> <interval ms> <start deadline, epoch ms>}.
 */
public final class SamplerProcess {
    static final String STARTED = "started";
    static final String SAMPLES = "samples";
    static final String WRITING = "writing";
    static final String STOP = "stop";
    static final String LEASE = "lease";
    static final Duration ORPHAN_AFTER = Duration.ofMinutes(2);
    /** How often it looks for the stop file: the run's end is known this late at most. */
    static final Duration POLL = Duration.ofSeconds(5);
    /**
     * How its JVM is started: a small heap, one garbage collector thread and the quick compiler only, since a process
     * that wakes once a second gains nothing from optimised code and would pay for compiling it on every host.
     */
    public static final List<String> JVM_OPTIONS = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private SamplerProcess() {
    }

    /**
     * Makes {@code dir} and the directories the processes write into, as the client must before it starts them: a
     * process never makes one, so that none makes the directory again once the client removed it.
     *
     * @return whether every one was made
     */
    public static boolean makeDirectories(FileSystem fs, Path dir) throws IOException {
        return fs.mkdirs(dir) && fs.mkdirs(new Path(dir, STARTED)) && fs.mkdirs(new Path(dir, WRITING))
                && fs.mkdirs(new Path(dir, SAMPLES));
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 5) {
            System.err.println("usage: SamplerProcess <conf.xml> <dir> <run> <interval ms> <start deadline ms>");
            System.exit(2);
        }
        if (System.currentTimeMillis() > Long.parseLong(args[4])) {
            System.err.println("started after the deadline: not sampling, so the container goes back at once");
            return;
        }
        Configuration conf = new Configuration();
        conf.addResource(new Path(args[0]));
        Path dir = new Path(args[1]);
        Duration interval = Duration.ofMillis(Long.parseLong(args[3]));
        FileSystem fs = dir.getFileSystem(conf);
        String name = HostSamples.localHost() + "-" + ProcessHandle.current().pid();
        HostSampler.Participation participation = HostSampler.joinCountingOwn(args[2], interval,
                Optional.of(args[2]));
        HostSamples samples;
        long cpuAtStart = processCpuNanos();
        boolean stopped;
        try {
            // Joining took the first snapshot: the client waits for this file before the benchmark submits anything.
            // Never recursive: once the client removed the directory (a run stopped), nothing here makes it again.
            try (FSDataOutputStream started = fs.createFile(new Path(new Path(dir, STARTED), name)).overwrite(true)
                    .build()) {
                started.write((Instant.now() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            stopped = awaitStop(fs, dir, interval);
        } finally {
            samples = participation.leave();
        }
        if (!stopped) {
            return;
        }
        // The cost is this whole process's CPU while it sampled, polling included; its start is a one-off.
        HostSamples costed = samples.unavailableReason().isPresent() ? samples
                : samples.withSamplerCpuNanos(Math.max(0, processCpuNanos() - cpuAtStart));
        // Written aside and renamed into place: the client reads a file as soon as it is listed.
        Path writing = new Path(new Path(dir, WRITING), name);
        try (FSDataOutputStream out = fs.createFile(writing).overwrite(true).build()) {
            costed.writeTo(out);
        }
        if (!fs.rename(writing, new Path(new Path(dir, SAMPLES), name))) {
            throw new IOException("cannot move " + writing + " into " + new Path(dir, SAMPLES));
        }
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /**
     * Until the stop file appears, the directory goes or the lease stops being renewed; whether the stop file came,
     * and so the client waits for the samples. One listing per poll, and a poll every {@link #POLL} at most: a
     * thousand hosts ask the NameNode 200 times a second, not thousands.
     */
    private static boolean awaitStop(FileSystem fs, Path dir, Duration interval)
            throws IOException, InterruptedException {
        long pollMillis = Math.max(interval.toMillis(), POLL.toMillis());
        long leaseSeen = -1;
        long leaseSeenAt = System.nanoTime();
        while (true) {
            FileStatus[] entries;
            try {
                entries = fs.listStatus(dir);
            } catch (FileNotFoundException e) {
                return false;
            }
            long renewed = -1;
            for (FileStatus entry : entries) {
                if (entry.getPath().getName().equals(STOP)) {
                    return true;
                }
                if (entry.getPath().getName().equals(LEASE)) {
                    renewed = entry.getModificationTime();
                }
            }
            if (renewed != leaseSeen) {
                leaseSeen = renewed;
                leaseSeenAt = System.nanoTime();
            } else if (System.nanoTime() - leaseSeenAt > ORPHAN_AFTER.toNanos()) {
                return false;
            }
            Thread.sleep(pollMillis);
        }
    }
}
