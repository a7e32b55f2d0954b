package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import io.hbench.stats.Histograms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Offers load at a rate: a bounded pool of workers issues each operation of a {@link Schedule} when it is due, never
 * earlier, whatever the target's answers take (open loop, as wrk2 does). Latency counts from the intended start, so
 * a stall of the target shows in every operation that had to wait for it; service time counts from the actual start,
 * which is all a closed loop sees. Both go into HdrHistograms, per kind of operation; each completion, with its
 * actual start, goes into the run's {@link CompletionTimeline}.
 *
 * <p>Lifecycle of {@link #run}: the workers start and do the warm-up operations as fast as they can (not recorded);
 * once all are done, the schedule's start t0 is read from the clock (or agreed with other clients: {@link Start}) and
 * each free worker takes the next operation, waits until it is due and issues it. A worker busy with one operation
 * cannot issue the next: when all are busy, the run falls behind schedule, and {@link LoadOutcome} says so. The run
 * ends when every operation has completed, or at the first failure, or when the calling thread is interrupted; in
 * every case {@code run} stops the pool (interrupting waiting and working workers) and waits for its threads to end
 * before it returns, so no thread outlives a run.
 */
public final class OpenLoop {
    /** One operation of the load, as a worker issues it. */
    public interface Operation {
        /**
         * Issues operation {@code index} (warm-up ones first) on worker {@code worker}; returns the nanoseconds of its
         * timed part, for figures that count the call alone (the service time spans all of this method).
         */
        long run(int worker, int index) throws Exception;

        /** Which kind of operation {@code index} is, for a mix; 0 otherwise. */
        default int kind(int index) {
            return 0;
        }

        /** Describes operation {@code index} for an error message, e.g. its path. */
        String describe(int index);
    }

    /**
     * When the schedule starts, once every worker has warmed up: a start on the run's clock, agreed with others or
     * not, and t0 {@link #scheduleOffsetNanos} after it. The run's timeline counts from that start, so the clients of
     * one run, each with its own t0, count theirs on one axis.
     */
    public interface Start {
        /** At once: t0 is the moment the warm-up ended. */
        Start NOW = LoadClock::nanoTime;

        /**
         * Returns the start on {@code clock}, after whatever wait agrees it with others (a barrier among the clients
         * of a run from many hosts); called on the thread that called {@link OpenLoop#run}, once the warm-up is done.
         */
        long await(LoadClock clock) throws InterruptedException;

        /** How long after the start t0 is: 0 unless the clients of a run interleave their schedules. */
        default long scheduleOffsetNanos() {
            return 0;
        }

        /** {@code start}, with t0 {@code offsetNanos} after it: client i of a run from many clients. */
        static Start offset(Start start, long offsetNanos) {
            requireNonNull(start, "start is null");
            if (offsetNanos < 0) {
                throw new IllegalArgumentException("offsetNanos must not be negative, got " + offsetNanos);
            }
            return new Start() {
                @Override
                public long await(LoadClock clock) throws InterruptedException {
                    return start.await(clock);
                }

                @Override
                public long scheduleOffsetNanos() {
                    return offsetNanos;
                }
            };
        }
    }

    private final String name;
    private final int workers;
    private final int kinds;
    private final LoadClock clock;
    private final boolean completions;

    /**
     * @param name names the workers' threads and failures, e.g. the operation
     * @param workers the bound of the pool: at most this many operations at once
     * @param kinds the kinds of operation {@link Operation#kind} returns
     */
    public OpenLoop(String name, int workers, int kinds, LoadClock clock) {
        this(name, workers, kinds, clock, true);
    }

    /**
     * As the other constructor; {@code completions} says whether to record when operations complete
     * ({@link LoadOutcome#timeline}): the timeline's one shared instant costs every operation, so a run that will not
     * show it leaves it out.
     */
    public OpenLoop(String name, int workers, int kinds, LoadClock clock, boolean completions) {
        this.name = requireNonNull(name, "name is null");
        if (workers < 1 || kinds < 1) {
            throw new IllegalArgumentException("workers and kinds must be at least 1, got " + workers + ", " + kinds);
        }
        this.workers = workers;
        this.kinds = kinds;
        this.clock = requireNonNull(clock, "clock is null");
        this.completions = completions;
    }

    /**
     * Does {@code warmup} operations, then the schedule's: operation j of the schedule is index {@code warmup + j}.
     *
     * @throws BenchException naming the operation that failed first
     */
    public LoadOutcome run(int warmup, Schedule schedule, Operation op) throws InterruptedException {
        return run(warmup, schedule, op, Start.NOW);
    }

    /**
     * As {@link #run(int, Schedule, Operation)}, with the schedule's start t0 from {@code startAt}: a t0 later than
     * the warm-up's end holds every operation back until it is due.
     */
    public LoadOutcome run(int warmup, Schedule schedule, Operation op, Start startAt) throws InterruptedException {
        requireNonNull(schedule, "schedule is null");
        requireNonNull(startAt, "startAt is null");
        requireNonNull(op, "op is null");
        CountDownLatch warm = new CountDownLatch(workers);
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger nextWarmup = new AtomicInteger();
        AtomicInteger nextScheduled = new AtomicInteger();
        AtomicLong start = new AtomicLong();
        AtomicReference<CompletionRecorder> recorder = new AtomicReference<>();
        WorkerPool<WorkerStats> pool = new WorkerPool<>(name, "load-" + name + "-", workers);
        try {
            for (int w = 0; w < workers; w++) {
                int worker = w;
                pool.start(() -> work(worker, warmup, schedule, op, nextWarmup, nextScheduled, warm, go, start,
                        recorder));
            }
            pool.await(warm);
            long agreed = startAt.await(clock);
            start.set(agreed + startAt.scheduleOffsetNanos());
            if (completions) {
                recorder.set(new CompletionRecorder(clock, agreed, Instant.now().plusNanos(agreed - clock.nanoTime()),
                        workers));
            }
            go.countDown();
            List<WorkerStats> stats = pool.collectAll();
            return merge(schedule, stats, recorder.get() == null ? null
                    : recorder.get().finish(clock.nanoTime(), tracks(stats)));
        } finally {
            pool.stop();
        }
    }

    private WorkerStats work(int worker, int warmup, Schedule schedule, Operation op, AtomicInteger nextWarmup,
            AtomicInteger nextScheduled, CountDownLatch warm, CountDownLatch go, AtomicLong start,
            AtomicReference<CompletionRecorder> recorder) throws Exception {
        try {
            for (int index = nextWarmup.getAndIncrement(); index < warmup; index = nextWarmup.getAndIncrement()) {
                call(op, worker, index);
            }
        } finally {
            warm.countDown();
        }
        go.await();
        long t0 = start.get();
        int last = schedule.operations() - 1;
        WorkerStats stats = new WorkerStats(kinds, recorder.get() == null ? null : recorder.get().track());
        for (int j = nextScheduled.getAndIncrement(); j <= last; j = nextScheduled.getAndIncrement()) {
            long intended = t0 + schedule.offsetNanos(j);
            clock.sleepUntil(intended);
            long begin = clock.nanoTime();
            long timed = call(op, worker, warmup + j);
            long end = clock.nanoTime();
            if (stats.track != null) {
                stats.track.completed(begin, Math.max(0, end - intended));
            }
            int kind = op.kind(warmup + j);
            stats.operations[kind]++;
            stats.timedNanos[kind] += timed;
            stats.latency[kind].recordValue(Math.max(0, end - intended));
            stats.serviceTime[kind].recordValue(Math.max(0, end - begin));
            stats.lateness[kind].recordValue(Math.max(0, begin - intended));
            stats.serviceNanos += end - begin;
            stats.lastEnd = Math.max(stats.lastEnd, end - t0);
            if (j == last) {
                stats.lastLateness = begin - intended;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        return stats;
    }

    private long call(Operation op, int worker, int index) throws Exception {
        try {
            return op.run(worker, index);
        } catch (BenchException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw failure(name, "worker " + worker, op.describe(index), e);
        }
    }

    /**
     * The failure of an operation of load {@code name} on {@code worker}, on {@code what} (e.g. its path), with the
     * first line of its cause: the target's failure (load programs' targets are file systems).
     */
    public static BenchException failure(String name, String worker, String what, Exception e) {
        return new BenchException(ErrorCode.FILE_SYSTEM_ERROR, name + " failed in " + worker + " on " + what + ": "
                + ErrorText.firstLine(e), e);
    }

    private static List<CompletionRecorder.Track> tracks(List<WorkerStats> stats) {
        List<CompletionRecorder.Track> tracks = new ArrayList<>();
        for (WorkerStats s : stats) {
            tracks.add(s.track);
        }
        return tracks;
    }

    private LoadOutcome merge(Schedule schedule, List<WorkerStats> stats, CompletionTimeline timeline) {
        WorkerStats all = new WorkerStats(kinds, null);
        for (WorkerStats s : stats) {
            for (int k = 0; k < kinds; k++) {
                all.operations[k] += s.operations[k];
                all.timedNanos[k] += s.timedNanos[k];
                all.latency[k].add(s.latency[k]);
                all.serviceTime[k].add(s.serviceTime[k]);
                all.lateness[k].add(s.lateness[k]);
            }
            all.serviceNanos += s.serviceNanos;
            all.lastEnd = Math.max(all.lastEnd, s.lastEnd);
            all.lastLateness = Math.max(all.lastLateness, s.lastLateness);
        }
        return new LoadOutcome(schedule.rate(), schedule.arrivals(), workers, 1, all.operations, all.timedNanos,
                all.latency, all.serviceTime, all.lateness, all.serviceNanos, all.lastEnd, Math.max(0, all.lastLateness), timeline);
    }

    /** What one worker did; only that worker writes it, until the run collects it. */
    private static final class WorkerStats {
        final long[] operations;
        final long[] timedNanos;
        final Histogram[] latency;
        final Histogram[] serviceTime;
        final Histogram[] lateness;
        final CompletionRecorder.Track track;
        long serviceNanos;
        /** When the worker's last operation completed, in nanoseconds after t0. */
        long lastEnd;
        /** How late the schedule's last operation started, if this worker issued it. */
        long lastLateness;

        WorkerStats(int kinds, CompletionRecorder.Track track) {
            this.track = track;
            operations = new long[kinds];
            timedNanos = new long[kinds];
            latency = new Histogram[kinds];
            serviceTime = new Histogram[kinds];
            lateness = new Histogram[kinds];
            for (int k = 0; k < kinds; k++) {
                latency[k] = Histograms.newHistogram();
                serviceTime[k] = Histograms.newHistogram();
                lateness[k] = Histograms.newHistogram();
            }
        }
    }
}
