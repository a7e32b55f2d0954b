package io.hbench.load;

import java.time.Duration;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Runs one operation on a fixed pool of worker threads: closed loop, each thread calling again as soon as its call
 * answered ({@link #run}, {@link ClosedLoop}), or open loop, each operation issued when a schedule has it due
 * ({@link #runOnSchedule}, {@link OpenLoop}). Either way the first operation that fails ends the run with an
 * {@link io.hbench.error.BenchException} that names the operation and the cause, and no thread outlives a run.
 *
 * <p>NNThroughputBenchmark and FsMetadata ({@code io.hbench.metadata}, the same operations through the FileSystem API)
 * both time their calls here: one way to time calls on threads, so the two programs' figures mean the same.
 */
public final class Workers {
    /** One benchmark operation, as a thread does it. */
    public interface Op {
        /**
         * Does operation {@code index} of thread {@code thread}; returns the nanoseconds of its timed
         * part (the NameNode call, without preparation or follow-up such as complete).
         */
        long run(int thread, int index) throws Exception;

        /** Which of the kinds this operation is (for a mix); 0 otherwise. */
        default int kind(int thread, int index) {
            return 0;
        }

        /** Describes operation {@code index} of {@code thread} for an error message, e.g. its path. */
        String describe(int thread, int index);
    }

    /** What the workers did: counts, times and latencies per kind. */
    public static final class Outcome {
        final long elapsedNanos;
        final long[] operations;
        final long[] cumulativeNanos;
        final Histogram[] latency;
        final boolean stoppedByDuration;
        final LoadOutcome openLoop;
        final CompletionTimeline timeline;

        Outcome(long elapsedNanos, long[] operations, long[] cumulativeNanos, Histogram[] latency,
                boolean stoppedByDuration, CompletionTimeline timeline) {
            this.elapsedNanos = elapsedNanos;
            this.operations = operations;
            this.cumulativeNanos = cumulativeNanos;
            this.latency = latency;
            this.stoppedByDuration = stoppedByDuration;
            this.openLoop = null;
            this.timeline = timeline;
        }

        /** An open-loop run in the classic shape: elapsed is its measured time, latency counts from intended starts. */
        public Outcome(LoadOutcome openLoop) {
            int kinds = openLoop.kinds();
            this.elapsedNanos = openLoop.measuredNanos();
            this.operations = new long[kinds];
            this.cumulativeNanos = new long[kinds];
            this.latency = new Histogram[kinds];
            for (int k = 0; k < kinds; k++) {
                operations[k] = openLoop.operations(k);
                cumulativeNanos[k] = openLoop.timedNanos(k);
                latency[k] = openLoop.latency(k);
            }
            this.stoppedByDuration = false;
            this.openLoop = openLoop;
            this.timeline = openLoop.timeline().orElse(null);
        }

        /** What the schedule of a run at a rate did; empty for a closed loop. */
        public Optional<LoadOutcome> openLoop() {
            return Optional.ofNullable(openLoop);
        }

        /** When the counted calls completed; empty for a run that did not record it. */
        public Optional<CompletionTimeline> timeline() {
            return Optional.ofNullable(timeline);
        }

        /** From the moment every thread started its counted operations until the last one ended. */
        public long elapsedNanos() {
            return elapsedNanos;
        }

        /** The counted calls of kind {@code kind}. */
        public long operations(int kind) {
            return operations[kind];
        }

        /** The timed parts of the counted calls of kind {@code kind}, summed. */
        public long cumulativeNanos(int kind) {
            return cumulativeNanos[kind];
        }

        /** Whether the run ended at its duration rather than when the inputs ran out. */
        public boolean stoppedByDuration() {
            return stoppedByDuration;
        }

        /** The latencies of the counted calls of kind {@code kind}, in nanoseconds; empty without histograms. */
        public Histogram latency(int kind) {
            return latency[kind].copy();
        }

        public long totalOperations() {
            long total = 0;
            for (long count : operations) {
                total += count;
            }
            return total;
        }

        /** The timed parts of every counted call, summed. */
        public long totalCumulativeNanos() {
            long total = 0;
            for (long nanos : cumulativeNanos) {
                total += nanos;
            }
            return total;
        }
    }

    final String opName;
    final int threads;
    final int kinds;
    final boolean histograms;
    final Duration duration;
    final boolean repeatable;
    final int refreshEvery;
    final Runnable refresh;
    /** Whether the run records its completions' timeline ({@link CompletionTimeline}), which costs every call. */
    final boolean completions;

    /**
     * @param duration run until then instead of to the count, or null
     * @param repeatable with a duration, start a thread's inputs again when they run out (reads)
     * @param refreshEvery call {@code refresh} before every this many operations of a thread
     */
    public Workers(String opName, int threads, int kinds, boolean histograms, Duration duration, boolean repeatable,
            int refreshEvery, Runnable refresh) {
        this.opName = opName;
        this.threads = threads;
        this.kinds = kinds;
        this.histograms = histograms;
        this.duration = duration;
        this.repeatable = repeatable;
        this.refreshEvery = refreshEvery;
        this.refresh = refresh;
        this.completions = true;
    }

    private Workers(Workers settings, boolean completions) {
        this.opName = settings.opName;
        this.threads = settings.threads;
        this.kinds = settings.kinds;
        this.histograms = settings.histograms;
        this.duration = settings.duration;
        this.repeatable = settings.repeatable;
        this.refreshEvery = settings.refreshEvery;
        this.refresh = settings.refresh;
        this.completions = completions;
    }

    /**
     * These workers, recording when their calls complete or not: the timeline's one shared instant costs every call
     * (at millions a second it halves the open loop's ceiling), so a run that will not show it does not record it.
     */
    public Workers recordingCompletions(boolean record) {
        return new Workers(this, record);
    }

    /**
     * Workers that do each thread's share of a count once, record every call's latency, and never refresh user
     * mappings: a workload without NNThroughputBenchmark's duration, mix or {@code -UGCacheRefreshCount}.
     */
    public static Workers counted(String opName, int threads) {
        return new Workers(opName, threads, 1, true, null, false, Integer.MAX_VALUE, null);
    }

    /** Divides {@code total} operations among {@code threads} so that no two differ by more than one. */
    public static int[] divide(long total, int threads) {
        int[] shares = new int[threads];
        for (int t = 0; t < threads; t++) {
            shares[t] = (int) (total / threads + (t < total % threads ? 1 : 0));
        }
        return shares;
    }

    /** Index of each thread's first name: thread t's names follow thread t-1's, warm-up ones first. */
    public static int[] firstIndices(int[] warmup, int[] counted) {
        int[] first = new int[warmup.length];
        int next = 0;
        for (int t = 0; t < warmup.length; t++) {
            first[t] = next;
            next += warmup[t] + counted[t];
        }
        return first;
    }

    /**
     * Runs {@code warmup[t]} then {@code counted[t]} operations on thread {@code t}: indices
     * {@code 0 .. warmup[t]-1} warm up, the rest are counted ({@link ClosedLoop}).
     */
    public Outcome run(int[] warmup, int[] counted, Op op) throws InterruptedException {
        return new ClosedLoop(this, LoadClock.SYSTEM).run(warmup, counted, op);
    }

    /**
     * Runs {@code warmup} operations as fast as they go, then the schedule's, each when it is due, on a pool of
     * {@code threads} workers ({@link OpenLoop}), from the instant {@code start} gives. {@code op} sees the worker as
     * its thread and one sequence of indices for all: warm-up ones first.
     */
    public Outcome runOnSchedule(int warmup, Schedule schedule, Op op, OpenLoop.Start start)
            throws InterruptedException {
        OpenLoop loop = new OpenLoop(opName, threads, kinds, LoadClock.SYSTEM, completions);
        return new Outcome(loop.run(warmup, schedule, new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) throws Exception {
                if (refresh != null && (index + 1) % refreshEvery == 0) {
                    refresh.run();
                }
                return op.run(worker, index);
            }

            @Override
            public int kind(int index) {
                return op.kind(0, index);
            }

            @Override
            public String describe(int index) {
                return op.describe(0, index);
            }
        }, start));
    }
}
