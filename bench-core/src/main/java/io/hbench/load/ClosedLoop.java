package io.hbench.load;

import io.hbench.error.BenchException;
import io.hbench.stats.Histograms;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * The closed loop of {@link Workers}: each thread calls again as soon as its last call answered, as Hadoop's
 * NNThroughputBenchmark does. Each thread first does its warm-up operations (not counted), then all start together;
 * the elapsed time runs from that start until the last thread ends. Each operation's latency is the time its call
 * returns it took, into the thread's own histograms, merged at the end; each completion goes into the run's
 * {@link CompletionTimeline}, on the run's clock.
 *
 * <p>Lifecycle of {@link #run}, as {@link OpenLoop}'s: the run ends when every thread has done its share (or its
 * duration is up), or at the first failure, which names the operation and the cause, or when the calling thread is
 * interrupted; in every case {@code run} stops the pool and waits for its threads to end before it returns
 * ({@link DaemonThreads#awaitEnd}), so a failing worker never leaves the run hanging and no thread outlives a run.
 */
final class ClosedLoop {
    /** The run's settings: threads, kinds, histograms, duration, refresh. */
    private final Workers settings;
    private final LoadClock clock;

    ClosedLoop(Workers settings, LoadClock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Runs {@code warmup[t]} then {@code counted[t]} operations on thread {@code t}: indices
     * {@code 0 .. warmup[t]-1} warm up, the rest are counted.
     */
    Workers.Outcome run(int[] warmup, int[] counted, Workers.Op op) throws InterruptedException {
        int threads = settings.threads;
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        AtomicLong deadline = new AtomicLong(Long.MAX_VALUE);
        AtomicReference<CompletionRecorder> recorder = new AtomicReference<>();
        WorkerPool<ThreadStats> pool = new WorkerPool<>(settings.opName, "nnbench-" + settings.opName + "-", threads);
        try {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                pool.start(() -> work(thread, warmup[thread], counted[thread], op, ready, go, deadline, recorder));
            }
            pool.await(ready);
            long start = clock.nanoTime();
            if (settings.completions) {
                recorder.set(new CompletionRecorder(clock, start, Instant.now(), threads));
            }
            if (settings.duration != null) {
                deadline.set(start + settings.duration.toNanos());
            }
            go.countDown();
            List<ThreadStats> stats = pool.collectAll();
            long end = clock.nanoTime();
            return merge(end - start, stats, recorder.get(), end);
        } finally {
            pool.stop();
        }
    }

    private ThreadStats work(int thread, int warmupOps, int countedOps, Workers.Op op, CountDownLatch ready,
            CountDownLatch go, AtomicLong deadline, AtomicReference<CompletionRecorder> recorder) throws Exception {
        ThreadStats stats = new ThreadStats(settings.kinds, settings.histograms);
        Duration duration = settings.duration;
        int index = 0;
        try {
            for (; index < warmupOps; index++) {
                call(op, thread, index);
            }
        } finally {
            ready.countDown();
        }
        go.await();
        stats.track = recorder.get() == null ? null : recorder.get().track();
        long end = deadline.get();
        int total = warmupOps + countedOps;
        int done = 0;
        while (true) {
            if (index >= total) {
                if (duration == null || !settings.repeatable || countedOps == 0) {
                    break;
                }
                index = warmupOps;
            }
            if (duration != null && clock.nanoTime() >= end) {
                stats.stoppedByDuration = true;
                break;
            }
            if (settings.refresh != null && (done + 1) % settings.refreshEvery == 0) {
                settings.refresh.run();
            }
            long issued = clock.nanoTime();
            long nanos = call(op, thread, index);
            if (stats.track != null) {
                stats.track.completed(issued, Math.max(0, nanos));
            }
            int kind = op.kind(thread, index);
            stats.operations[kind]++;
            stats.cumulativeNanos[kind] += nanos;
            if (settings.histograms) {
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

    /** Does one operation; a failure other than hbench's own is the target's, naming the operation. */
    private long call(Workers.Op op, int thread, int index) throws Exception {
        try {
            return op.run(thread, index);
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw OpenLoop.failure(settings.opName, "worker thread " + thread, op.describe(thread, index), e);
        }
    }

    private Workers.Outcome merge(long elapsed, List<ThreadStats> stats, CompletionRecorder recorder, long end) {
        int kinds = settings.kinds;
        long[] operations = new long[kinds];
        long[] cumulative = new long[kinds];
        Histogram[] latency = new Histogram[kinds];
        boolean byDuration = false;
        List<CompletionRecorder.Track> tracks = new ArrayList<>();
        for (int k = 0; k < kinds; k++) {
            latency[k] = Histograms.newHistogram();
        }
        for (ThreadStats s : stats) {
            byDuration |= s.stoppedByDuration;
            tracks.add(s.track);
            for (int k = 0; k < kinds; k++) {
                operations[k] += s.operations[k];
                cumulative[k] += s.cumulativeNanos[k];
                if (settings.histograms) {
                    latency[k].add(s.latency[k]);
                }
            }
        }
        return new Workers.Outcome(elapsed, operations, cumulative, latency, byDuration,
                recorder == null ? null : recorder.finish(end, tracks));
    }

    private static final class ThreadStats {
        final long[] operations;
        final long[] cumulativeNanos;
        final Histogram[] latency;
        boolean stoppedByDuration;
        CompletionRecorder.Track track;

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
