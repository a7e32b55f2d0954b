package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import java.util.List;

/**
 * The timed part of a replay: each call issued when its logged time, scaled by the rate factor, is due on the open
 * loop's schedule (latency from that intended time), by a pool of workers, to a target. A call that fails is counted
 * by command and cause and the replay goes on; its time counts like any other's, since the target did the work.
 */
final class Replay {
    /** Names the workers' threads: load-replay-0, ... */
    static final String NAME = "replay";

    private final ReplayTarget target;
    private final int threads;
    private final double rateFactor;
    private final LoadClock clock;
    private final boolean completions;

    Replay(ReplayTarget target, int threads, double rateFactor, LoadClock clock) {
        this(target, threads, rateFactor, clock, true);
    }

    /** As the other constructor; {@code completions}: whether to record when the calls complete (on HA only). */
    Replay(ReplayTarget target, int threads, double rateFactor, LoadClock clock, boolean completions) {
        this.target = requireNonNull(target, "target is null");
        if (threads < 1 || !(rateFactor > 0) || Double.isInfinite(rateFactor)) {
            throw new IllegalArgumentException("threads must be at least 1 and rateFactor a finite number above 0, got "
                    + threads + ", " + rateFactor);
        }
        this.threads = threads;
        this.rateFactor = rateFactor;
        this.clock = requireNonNull(clock, "clock is null");
        this.completions = completions;
    }

    /** The figures of one replay: the schedule's, per command, and the failures. */
    static final class Figures {
        final LoadOutcome load;
        final CommandFailures failures;

        Figures(LoadOutcome load, CommandFailures failures) {
            this.load = requireNonNull(load, "load is null");
            this.failures = requireNonNull(failures, "failures is null");
        }
    }

    /**
     * Replays {@code calls}, in logged order and at least one, from t0 as {@code start} gives it: a call logged at
     * {@code originMillis} is due at t0.
     *
     * @param originMillis the log's first time, at or before the first call's: the first of the whole log when
     *     {@code calls} are one client's share of it, so that the clients' shares keep their logged places
     * @throws io.hbench.error.BenchException only for what is not a command's failure: an interrupted worker
     */
    Figures run(List<ReplayCall> calls, long originMillis, OpenLoop.Start start) throws InterruptedException {
        requireNonNull(calls, "calls is null");
        CommandFailures.Counter failures = new CommandFailures.Counter();
        OpenLoop.Operation op = new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) {
                ReplayCall call = calls.get(index);
                long begin = clock.nanoTime();
                try {
                    if (!target.issue(call)) {
                        failures.add(call.command(), FailureCause.RETURNED_FALSE);
                    }
                } catch (Exception e) {
                    if (e instanceof InterruptedException) {
                        // The run is being stopped: the loop ends at this worker's next check.
                        Thread.currentThread().interrupt();
                    }
                    failures.add(call.command(), FailureCause.of(e));
                }
                return clock.nanoTime() - begin;
            }

            @Override
            public int kind(int index) {
                return calls.get(index).command().ordinal();
            }

            @Override
            public String describe(int index) {
                return calls.get(index).toString();
            }
        };
        LoadOutcome load = new OpenLoop(NAME, threads, AuditCommand.values().length, clock, completions).run(0,
                schedule(calls, originMillis, rateFactor), op, start);
        return new Figures(load, failures.counted());
    }

    /** Call i due at its logged time after {@code originMillis}, divided by {@code rateFactor}. */
    static Schedule schedule(List<ReplayCall> calls, long originMillis, double rateFactor) {
        long first = originMillis;
        if (calls.get(0).entry().timeMillis() < first) {
            throw new IllegalArgumentException("the first call, " + calls.get(0) + ", is before the origin "
                    + originMillis);
        }
        long[] offsets = new long[calls.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = Math.round((calls.get(i).entry().timeMillis() - first) * 1e6 / rateFactor);
        }
        return Schedule.logged(offsets);
    }
}
