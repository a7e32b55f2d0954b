package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The CPU time hbench's own processes used on a host, so that a busy CPU can be told hbench's work from other load:
 * the process trees of the processes whose command line carries the run's marker (its task JVMs, which the run starts
 * with {@code -Dhbench.run=<run>}: {@link #mark}) and of the sampling process itself where it does the work (the
 * client with MapReduce in process, NNThroughputBenchmark).
 * <p>
 * Each call to {@link #ticks} adds what every own process used since the last call, so the count only grows, whatever
 * ends meanwhile; a process is read in full only when first seen (its command line, once), then only its own stat.
 * What a process used in the interval in which it ended is lost, and one that lives less than an interval is missed:
 * hbench's tasks live for seconds at least.
 */
final class OwnProcesses {
    /** The system property that marks a run's task JVMs. */
    static final String RUN_PROPERTY = "hbench.run";

    private final ProcCounters counters;
    private final Optional<String> marker;
    private final OptionalLong self;
    private final Map<Long, Known> known = new HashMap<>();
    private long ticks;
    private boolean started;

    /** What is known of one process: who it is and whether it is hbench's. */
    private static final class Known {
        final long startTicks;
        final long parent;
        /** Marked, or found a descendant of a marked process: it stays hbench's when its parent ends. */
        boolean own;
        long lastTicks = -1;

        Known(long startTicks, long parent, boolean marked) {
            this.startTicks = startTicks;
            this.parent = parent;
            this.own = marked;
        }
    }

    /**
     * @param marker what a command line of the run's own processes carries, if they are marked
     * @param self the process doing the sampling, if its work is hbench's
     */
    OwnProcesses(ProcCounters counters, Optional<String> marker, OptionalLong self) {
        this.counters = requireNonNull(counters, "counters is null");
        this.marker = requireNonNull(marker, "marker is null");
        this.self = requireNonNull(self, "self is null");
    }

    /** The command-line argument that marks the task JVMs of {@code run}. */
    static String marker(String run) {
        return "-D" + RUN_PROPERTY + "=" + run;
    }

    /**
     * Marks the task JVMs of jobs submitted with {@code conf} as run {@code run}'s, after whatever options they had:
     * BSP peers are map tasks too.
     */
    static void mark(Configuration conf, String run) {
        JobConf job = new JobConf(conf);
        String common = job.get(JobConf.MAPRED_TASK_JAVA_OPTS, "");
        for (String key : List.of(MRJobConfig.MAP_JAVA_OPTS, MRJobConfig.REDUCE_JAVA_OPTS)) {
            conf.set(key, (job.get(key, common) + " " + marker(run)).trim());
        }
    }

    /** hbench's own processes' CPU time, in clock ticks, since the first call (which counts none). */
    long ticks() {
        List<Long> pids = counters.pids();
        Set<Long> running = new HashSet<>(pids);
        known.keySet().retainAll(running);
        for (long pid : pids) {
            if (!known.containsKey(pid)) {
                counters.process(pid).ifPresent(process -> known.put(pid, new Known(process.startTicks,
                        process.parent, isMarked(pid))));
            }
        }
        Map<Long, Boolean> own = new HashMap<>();
        for (long pid : pids) {
            if (isOwn(pid, own, new HashSet<>())) {
                counters.process(pid).ifPresent(process -> count(pid, process));
            }
        }
        started = true;
        return ticks;
    }

    private boolean isMarked(long pid) {
        return self.isPresent() && self.getAsLong() == pid
                || marker.isPresent() && counters.commandLine(pid).filter(line -> line.contains(marker.get()))
                        .isPresent();
    }

    /**
     * Marked, or a descendant of a marked process, as first seen; {@code seen} guards against a loop of reused
     * pids.
     */
    private boolean isOwn(long pid, Map<Long, Boolean> own, Set<Long> seen) {
        Boolean decided = own.get(pid);
        if (decided != null) {
            return decided;
        }
        Known process = known.get(pid);
        boolean result = process != null && (process.own
                || seen.add(pid) && known.containsKey(process.parent) && isOwn(process.parent, own, seen));
        if (result) {
            process.own = true;
        }
        own.put(pid, result);
        return result;
    }

    private void count(long pid, ProcCounters.ProcessTimes now) {
        Known process = known.get(pid);
        if (process.startTicks != now.startTicks) {
            // The pid went to a new process since it was first seen: learn it next time.
            known.remove(pid);
            return;
        }
        // A process seen for the first time after the first call started since the last one: all its time is new.
        long before = process.lastTicks >= 0 ? process.lastTicks : started ? 0 : now.cpuTicks;
        ticks += Math.max(0, now.cpuTicks - before);
        process.lastTicks = now.cpuTicks;
    }
}
