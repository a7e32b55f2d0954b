package io.hbench.load;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.stats.Histograms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Runs one operation on a fixed pool of worker threads. Each thread first does its warm-up
 * operations (not counted), then all start together; the elapsed time runs from that start until
 * the last thread ends. Each operation's latency is measured with {@link System#nanoTime} into
 * the thread's own histograms, merged at the end. The first operation that fails ends the run:
 * the others are cancelled and a {@link BenchException} names the operation and the cause, so a
 * failing worker never leaves the run hanging.
 *
 * <p>NNThroughputBenchmark and FsMetadata ({@code io.hbench.metadata}, the same operations through the FileSystem API)
 * both time their calls here: one way to time calls on threads, so the two programs' figures mean the same.
 */
public final class Workers {
    /** How long to wait for cancelled workers to stop before giving up on them (they are daemons). */
    private static final long STOP_WAIT_SECONDS = 10;

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

        Outcome(long elapsedNanos, long[] operations, long[] cumulativeNanos, Histogram[] latency,
                boolean stoppedByDuration) {
            this.elapsedNanos = elapsedNanos;
            this.operations = operations;
            this.cumulativeNanos = cumulativeNanos;
            this.latency = latency;
            this.stoppedByDuration = stoppedByDuration;
            this.openLoop = null;
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
        }

        /** What the schedule of a run at a rate did; empty for a closed loop. */
        public Optional<LoadOutcome> openLoop() {
            return Optional.ofNullable(openLoop);
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

    private final String opName;
    private final int threads;
    private final int kinds;
    private final boolean histograms;
    private final Duration duration;
    private final boolean repeatable;
    private final int refreshEvery;
    private final Runnable refresh;

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
     * {@code 0 .. warmup[t]-1} warm up, the rest are counted.
     */
    public Outcome run(int[] warmup, int[] counted, Op op) throws InterruptedException {
        DaemonThreads made = new DaemonThreads("nnbench-" + opName + "-");
        ExecutorService pool = Executors.newFixedThreadPool(threads, made);
        CompletionService<ThreadStats> done = new ExecutorCompletionService<>(pool);
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        AtomicLong deadline = new AtomicLong(Long.MAX_VALUE);
        List<Future<ThreadStats>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(done.submit(() -> work(thread, warmup[thread], counted[thread], op, ready, go, deadline)));
            }
            while (!ready.await(50, TimeUnit.MILLISECONDS)) {
                Future<ThreadStats> failed = done.poll();
                if (failed != null) {
                    collect(failed);
                }
            }
            long start = System.nanoTime();
            if (duration != null) {
                deadline.set(start + duration.toNanos());
            }
            go.countDown();
            List<ThreadStats> stats = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                stats.add(collect(done.take()));
            }
            long elapsed = System.nanoTime() - start;
            return merge(elapsed, stats);
        } finally {
            for (Future<ThreadStats> future : futures) {
                future.cancel(true);
            }
            pool.shutdownNow();
            made.awaitEnd(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /**
     * Runs {@code warmup} operations as fast as they go, then the schedule's, each when it is due, on a pool of
     * {@code threads} workers ({@link OpenLoop}), from the instant {@code start} gives. {@code op} sees the worker as
     * its thread and one sequence of indices for all: warm-up ones first.
     */
    public Outcome runOnSchedule(int warmup, Schedule schedule, Op op, OpenLoop.Start start)
            throws InterruptedException {
        OpenLoop loop = new OpenLoop(opName, threads, kinds, LoadClock.SYSTEM);
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

    private ThreadStats collect(Future<ThreadStats> future) throws InterruptedException {
        try {
            return future.get();
        } catch (CancellationException e) {
            throw new BenchException(ErrorCode.INTERNAL_ERROR, opName + ": a worker was cancelled");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BenchException) {
                throw (BenchException) cause;
            }
            throw new BenchException(ErrorCode.FILE_SYSTEM_ERROR, String.valueOf(cause.getMessage()), cause);
        }
    }

    private ThreadStats work(int thread, int warmupOps, int countedOps, Op op, CountDownLatch ready,
            CountDownLatch go, AtomicLong deadline) throws Exception {
        ThreadStats stats = new ThreadStats(kinds, histograms);
        int index = 0;
        try {
            for (; index < warmupOps; index++) {
                try {
                    op.run(thread, index);
                } catch (BenchException e) {
                    throw e;
                } catch (Exception e) {
                    throw failure(op, thread, index, e);
                }
            }
        } finally {
            ready.countDown();
        }
        go.await();
        long end = deadline.get();
        int total = warmupOps + countedOps;
        int done = 0;
        while (true) {
            if (index >= total) {
                if (duration == null || !repeatable || countedOps == 0) {
                    break;
                }
                index = warmupOps;
            }
            if (duration != null && System.nanoTime() >= end) {
                stats.stoppedByDuration = true;
                break;
            }
            if (refresh != null && (done + 1) % refreshEvery == 0) {
                refresh.run();
            }
            long nanos;
            try {
                nanos = op.run(thread, index);
            } catch (BenchException e) {
                throw e;
            } catch (Exception e) {
                throw failure(op, thread, index, e);
            }
            int kind = op.kind(thread, index);
            stats.operations[kind]++;
            stats.cumulativeNanos[kind] += nanos;
            if (histograms) {
                stats.latency[kind].recordValue(Math.max(0, nanos));
            }
            index++;
            done++;
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return stats;
    }

    private BenchException failure(Op op, int thread, int index, Exception e) {
        return OpenLoop.failure(opName, "worker thread " + thread, op.describe(thread, index), e);
    }

    private Outcome merge(long elapsed, List<ThreadStats> stats) {
        long[] operations = new long[kinds];
        long[] cumulative = new long[kinds];
        Histogram[] latency = new Histogram[kinds];
        boolean byDuration = false;
        for (int k = 0; k < kinds; k++) {
            latency[k] = Histograms.newHistogram();
        }
        for (ThreadStats s : stats) {
            byDuration |= s.stoppedByDuration;
            for (int k = 0; k < kinds; k++) {
                operations[k] += s.operations[k];
                cumulative[k] += s.cumulativeNanos[k];
                if (histograms) {
                    latency[k].add(s.latency[k]);
                }
            }
        }
        return new Outcome(elapsed, operations, cumulative, latency, byDuration);
    }

    private static final class ThreadStats {
        final long[] operations;
        final long[] cumulativeNanos;
        final Histogram[] latency;
        boolean stoppedByDuration;

        ThreadStats(int kinds, boolean histograms) {
            operations = new long[kinds];
            cumulativeNanos = new long[kinds];
            latency = new Histogram[kinds];
            if (histograms) {
                for (int k = 0; k < kinds; k++) {
                    latency[k] = Histograms.newHistogram();
                }
            }
        }
    }
}
