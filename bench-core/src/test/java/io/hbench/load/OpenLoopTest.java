package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbench.error.BenchException;
import java.io.IOException;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The open-loop engine against fake targets of known service time on a fake clock. One worker makes every run
 * deterministic, so the figures are exact.
 */
class OpenLoopTest {
    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    private static LoadOutcome run(FakeClock clock, int workers, Schedule schedule, FakeTarget target)
            throws InterruptedException {
        return new OpenLoop("test", workers, 1, clock).run(0, schedule, target);
    }

    /** A target on the system clock whose every operation sleeps {@code millis} ms: at least that long. */
    private static OpenLoop.Operation sleeping(long millis) {
        return new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) throws InterruptedException {
                Thread.sleep(millis);
                return 0;
            }

            @Override
            public String describe(int index) {
                return "sleep " + index;
            }
        };
    }

    @Test
    void aTargetFasterThanTheScheduleGivesLatencyEqualToServiceTime() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 500, 0);
        LoadOutcome outcome = run(clock, 1, schedule, new FakeTarget(clock, 100 * US, Map.of(), 500));

        assertThat(outcome.latency()).isEqualTo(outcome.serviceTime());
        assertThat(outcome.latency().getCountAtValue(100 * US)).as("every one at 100 us").isEqualTo(500);
        assertThat(outcome.behindNanos()).isZero();
        assertThat(outcome.keptSchedule()).isTrue();
    }

    @Test
    void aStartAgreedWithOthersHoldsTheScheduleBackUntilThen() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 3, 0);
        FakeTarget target = new FakeTarget(clock, 10 * US, Map.of(), 3);

        LoadOutcome outcome = new OpenLoop("test", 1, 1, clock).run(0, schedule, target,
                startClock -> startClock.nanoTime() + 5 * MS);

        assertThat(target.startedAt).containsExactly(5 * MS, 6 * MS, 7 * MS);
        assertThat(outcome.measuredNanos()).as("from the agreed start").isEqualTo(2 * MS + 10 * US);
        assertThat(outcome.behindNanos()).isZero();
    }

    @Test
    void eachOperationStartsWhenDueNeverEarlier() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.POISSON, 1000, 200, 42);
        FakeTarget target = new FakeTarget(clock, 10 * US, Map.of(), 200);
        run(clock, 1, schedule, target);

        for (int i = 0; i < 200; i++) {
            assertThat(target.startedAt[i]).as("operation %d", i).isEqualTo(schedule.offsetNanos(i));
        }
    }

    /**
     * Operation 1000 stalls for 1 s. Operations 1001 + j (j = 0, 1, ...) were due at 1 ms steps but start when the one
     * before ends, 10 us apart: each catches up 0.99 ms, so 1010 of them start late, with latencies from 999.01 ms
     * down to 0.1 ms. The service times are what a closed loop records: one slow call.
     */
    @Test
    void aStallMakesEveryOperationDueDuringItLateWhereServiceTimeShowsOneSlowCall() throws InterruptedException {
        FakeClock clock = new FakeClock();
        int operations = 3000;
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, operations, 0);
        FakeTarget target = new FakeTarget(clock, 10 * US, Map.of(1000, 1000 * MS), operations);
        LoadOutcome outcome = run(clock, 1, schedule, target);

        for (int j = 1; j <= 1010; j++) {
            assertThat(target.startedAt[1000 + j]).as("late operation %d", j)
                    .isEqualTo(1000 * MS + 1000 * MS + (j - 1) * 10 * US);
        }
        assertThat(target.startedAt[2011]).isEqualTo(schedule.offsetNanos(2011));

        Histogram latency = outcome.latency();
        long slow = latency.getCountBetweenValues(20 * US, latency.getMaxValue());
        assertThat(slow).as("the stalled operation and the 1010 late ones").isEqualTo(1011);
        assertThat(latency.getMaxValue() / 1e9).isCloseTo(1.0, within(0.001));
        long onTime = operations - slow;
        double lateMeanSeconds = (latency.getMean() * operations - onTime * 10 * US - 1e9) / 1010 / 1e9;
        assertThat(lateMeanSeconds).as("mean latency of the late operations, s").isCloseTo(0.4996, within(0.001));

        Histogram service = outcome.serviceTime();
        assertThat(service.getCountBetweenValues(20 * US, service.getMaxValue())).as("closed loop's view").isEqualTo(1);
        assertThat(service.getValueAtPercentile(99.9) / 1e3).isCloseTo(10, within(0.01));
        assertThat(outcome.keptSchedule()).as("caught up by the end").isTrue();
    }

    /**
     * A logged schedule: operations due at 0, 1, 2, 3 and 10 ms. Operation 1 stalls 2.5 ms, so operation 2 starts at
     * 3.5 ms (1.5 ms late) and operation 3 at 3.6 ms (0.6 ms late); the others start when due.
     */
    @Test
    void aLoggedScheduleRecordsHowLateEachOperationStarted() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.logged(new long[] {0, MS, 2 * MS, 3 * MS, 10 * MS});
        FakeTarget target = new FakeTarget(clock, 100 * US, Map.of(1, 2500 * US), 5);

        LoadOutcome outcome = run(clock, 1, schedule, target);

        assertThat(target.startedAt).containsExactly(0, MS, 3500 * US, 3600 * US, 10 * MS);
        Histogram lateness = outcome.lateness(0);
        assertThat(lateness.getTotalCount()).isEqualTo(5);
        assertThat(lateness.getCountAtValue(0)).as("on time").isEqualTo(3);
        assertThat(lateness.getCountBetweenValues(1499 * US, 1501 * US)).isEqualTo(1);
        assertThat(lateness.getCountBetweenValues(599 * US, 601 * US)).isEqualTo(1);
        assertThat(schedule.arrivals()).isEqualTo(Schedule.Arrivals.LOGGED);
        assertThat(schedule.rate()).as("5 operations over the log's 10 ms").isEqualTo(500.0);
        assertThat(outcome.scheduledNanos()).isEqualTo(10 * MS);
    }

    @Test
    void aLoggedScheduleRefusesOffsetsOutOfOrder() {
        assertThatThrownBy(() -> Schedule.logged(new long[] {0, 2 * MS, MS}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in order");
        assertThatThrownBy(() -> Schedule.logged(new long[0])).isInstanceOf(IllegalArgumentException.class);
        assertThat(Schedule.logged(new long[] {0, 0}).rate()).as("a log within its 1 ms resolution")
                .isEqualTo(2000.0);
    }

    /** A closed loop over the same stall: each call as soon as the last one answers, timed from its own start. */
    @Test
    void aClosedLoopOverTheSameStallRecordsOneSlowCall() throws InterruptedException {
        FakeClock clock = new FakeClock();
        FakeTarget target = new FakeTarget(clock, 10 * US, Map.of(1000, 1000 * MS), 3000);
        Histogram closed = new Histogram(3);
        for (int i = 0; i < 3000; i++) {
            long start = clock.nanoTime();
            target.run(0, i);
            closed.recordValue(clock.nanoTime() - start);
        }

        assertThat(closed.getCountBetweenValues(20 * US, closed.getMaxValue())).isEqualTo(1);
        assertThat(closed.getValueAtPercentile(99.9) / 1e3).isCloseTo(10, within(0.01));
    }

    @Test
    void achievedRateIsOperationsOverMeasuredTimeWithinOnePercentOfTarget() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 10_000, 0);
        LoadOutcome outcome = run(clock, 1, schedule, new FakeTarget(clock, 100 * US, Map.of(), 10_000));

        // The last operation is due at 9.999 s and ends 100 us later.
        assertThat(outcome.measuredNanos()).isEqualTo(9_999 * MS + 100 * US);
        assertThat(outcome.achievedRate()).isEqualTo(10_000 * 1e9 / (9_999 * MS + 100 * US));
        assertThat(outcome.achievedRate()).isCloseTo(1000, within(10.0));
    }

    @Test
    void poissonArrivalsKeepTheirMeanRate() {
        Schedule schedule = Schedule.of(Schedule.Arrivals.POISSON, 1000, 100_000, 7);

        assertThat(schedule.offsetNanos(99_999) / 1e9).isCloseTo(100, within(1.0));
        assertThat(Schedule.of(Schedule.Arrivals.POISSON, 1000, 100_000, 7).offsetNanos(12_345))
                .as("the same seed, the same schedule").isEqualTo(schedule.offsetNanos(12_345));
    }

    /** Each operation takes 2 ms on the one worker against 1 ms steps: the last starts at 1.998 s, due at 0.999 s. */
    @Test
    void aPoolOfOneAgainstASlowTargetFallsBehindAndIsNamedTheLimit() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 1000, 0);
        LoadOutcome outcome = run(clock, 1, schedule, new FakeTarget(clock, 2 * MS, Map.of(), 1000));

        assertThat(outcome.behindNanos()).isEqualTo(999 * MS);
        assertThat(outcome.behindFraction()).isEqualTo(0.999);
        assertThat(outcome.keptSchedule()).isFalse();
        assertThat(outcome.achievedRate()).isEqualTo(500);
        assertThat(outcome.poolCapacity()).isEqualTo(500);
        assertThat(outcome.meanServiceNanos()).isEqualTo(2 * MS);
        assertThat(outcome.poolLimited()).isTrue();
        assertThat(outcome.latency().getMaxValue() / 1e6).isCloseTo(1001, within(1.0));
        assertThat(outcome.serviceTime().getMaxValue() / 1e6).isCloseTo(2, within(0.01));
    }

    /** Four workers against calls of at least 10 ms cannot issue more than 400 ops/s: far below 2,000. */
    @Test
    void aTargetTooSlowForThePoolMakesTheRunFallBehindAndNamesThePool() throws InterruptedException {
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 2000, 100, 0);
        LoadOutcome outcome = new OpenLoop("slow", 4, 1, LoadClock.SYSTEM).run(0, schedule, sleeping(10));

        assertThat(outcome.keptSchedule()).isFalse();
        assertThat(outcome.poolCapacity()).isLessThanOrEqualTo(400);
        assertThat(outcome.poolLimited()).isTrue();
        assertThat(outcome.achievedRate()).isLessThanOrEqualTo(400);
    }

    @Test
    void warmUpOperationsComeFirstAndAreNotRecorded() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 10, 0);
        FakeTarget target = new FakeTarget(clock, 10 * US, Map.of(), 15);
        LoadOutcome outcome = new OpenLoop("test", 1, 1, clock).run(5, schedule, target);

        assertThat(outcome.totalOperations()).isEqualTo(10);
        assertThat(target.startedAt[4]).isEqualTo(40 * US);
        assertThat(target.startedAt[5]).as("t0 is read after the warm-up").isEqualTo(50 * US);
    }

    /** On the system clock, with several workers: bounds only, never a wall-clock floor. */
    @Test
    void severalWorkersOnTheSystemClockIssueEveryOperation() throws InterruptedException {
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 2000, 200, 0);
        LoadOutcome outcome = new OpenLoop("sleep", 4, 1, LoadClock.SYSTEM).run(0, schedule, sleeping(1));

        assertThat(outcome.totalOperations()).isEqualTo(200);
        assertThat(outcome.achievedRate()).isEqualTo(200 * 1e9 / outcome.measuredNanos());
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            assertThat(outcome.latency().getValueAtPercentile(p)).as("p%s", p)
                    .isGreaterThanOrEqualTo(outcome.serviceTime().getValueAtPercentile(p));
        }
    }

    @Test
    void theFirstFailureEndsTheRunNamingItAndStopsEveryWorker() {
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 1000, 0);
        OpenLoop.Operation failing = new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) throws IOException {
                if (index == 5) {
                    throw new IOException("no such file\nat somewhere");
                }
                return 0;
            }

            @Override
            public String describe(int index) {
                return "/f" + index;
            }
        };

        assertThatThrownBy(() -> new OpenLoop("fail", 3, 1, LoadClock.SYSTEM).run(0, schedule, failing))
                .isInstanceOf(BenchException.class)
                .hasMessageMatching("fail failed in worker \\d on /f5: no such file");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("load-fail-"));
    }
}
