package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The completion timeline, recorded by hand and by both loops on a fake clock, against figures computed by hand: the
 * longest stretch with no completion and the operations that waited through it, exactly, and the per-second series.
 */
class CompletionTimelineTest {
    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;
    private static final Instant START = Instant.parse("2026-11-26T12:00:00Z");

    @Test
    void theLongestStretchCountsTheOperationsIssuedBeforeItThatCompletedAtOrAfterItsEnd() {
        FakeClock clock = new FakeClock();
        long t0 = clock.nanoTime();
        CompletionRecorder recorder = new CompletionRecorder(clock, t0, START, 3);
        CompletionRecorder.Track a = recorder.track();
        CompletionRecorder.Track b = recorder.track();
        CompletionRecorder.Track c = recorder.track();

        clock.advance(10 * MS);
        a.completed(t0, 10 * MS);
        clock.advance(10 * MS);
        b.completed(t0, 20 * MS);
        clock.advance(10 * MS);
        a.completed(t0 + 10 * MS, 20 * MS);
        clock.advance(1500 * MS);
        c.completed(t0, 1530 * MS);
        b.completed(t0 + 20 * MS, 1510 * MS);
        clock.advance(MS);
        a.completed(t0 + 30 * MS, 1501 * MS);
        CompletionTimeline timeline = recorder.finish(clock.nanoTime(), List.of(a, b, c));

        assertThat(timeline.longestGap()).as("from a's completion at 30 ms to c's at 1530 ms; a's next call, issued"
                + " at 30 ms, did not wait through it").isEqualTo(new CompletionGap(START.plusMillis(30),
                        Duration.ofMillis(1500), 2));
        assertThat(series(timeline, "completed_ops")).containsExactly(3.0, 3.0);
        assertThat(series(timeline, "latency_mean")).containsExactly(50 * MS / 1e9 / 3, 4541 * MS / 1e9 / 3);
        assertThat(series(timeline, "latency_max")).containsExactly(0.020, 1.530);
    }

    @Test
    void anEmptyRunIsOneStretchFromItsStartToItsEnd() {
        FakeClock clock = new FakeClock();
        CompletionRecorder recorder = new CompletionRecorder(clock, clock.nanoTime(), START, 1);
        CompletionTimeline instant = recorder.finish(clock.nanoTime(), List.of(recorder.track()));
        clock.advance(2500 * MS);
        CompletionTimeline idle = recorder.finish(clock.nanoTime(), List.of(recorder.track()));

        assertThat(instant.longestGap()).isEqualTo(new CompletionGap(START, Duration.ZERO, 0));
        assertThat(series(instant, "completed_ops")).isEmpty();
        assertThat(idle.longestGap()).isEqualTo(new CompletionGap(START, Duration.ofMillis(2500), 0));
        assertThat(series(idle, "completed_ops")).containsExactly(0.0, 0.0, 0.0);
        assertThat(series(idle, "latency_mean")).containsExactly(0.0, 0.0, 0.0);
    }

    @Test
    void loopsToldNotToRecordCompletionsGiveTheSameFiguresWithoutATimeline() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 100, 0);
        LoadOutcome open = new OpenLoop("test", 1, 1, clock, false).run(0, schedule,
                new FakeTarget(clock, 100 * US, Map.of(), 100));
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) {
                clock.advance(MS);
                return MS;
            }

            @Override
            public String describe(int thread, int index) {
                return "call " + index;
            }
        };
        Workers settings = new Workers("test", 1, 1, true, null, false, Integer.MAX_VALUE, null)
                .recordingCompletions(false);
        Workers.Outcome closed = new ClosedLoop(settings, clock).run(new int[] {0}, new int[] {10}, op);

        assertThat(open.timeline()).isEmpty();
        assertThat(open.operations(0)).isEqualTo(100);
        assertThat(closed.timeline()).isEmpty();
        assertThat(closed.operations(0)).isEqualTo(10);
        assertThat(closed.elapsedNanos()).isEqualTo(10 * MS);
    }

    @Test
    void anOpenLoopThatKeepsItsScheduleHasNoStretchLongerThanItsInterval() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 100, 0);
        LoadOutcome outcome = new OpenLoop("test", 1, 1, clock).run(0, schedule,
                new FakeTarget(clock, 100 * US, Map.of(), 100));
        CompletionTimeline timeline = outcome.timeline().orElseThrow();

        assertThat(Duration.between(timeline.start(), timeline.longestGap().start()))
                .as("between the first completion, at 0.1 ms, and the second").isEqualTo(Duration.ofNanos(100 * US));
        assertThat(timeline.longestGap().length()).isEqualTo(Duration.ofMillis(1));
        assertThat(timeline.longestGap().waited()).isZero();
        assertThat(series(timeline, "completed_ops")).containsExactly(100.0);
        assertThat(series(timeline, "latency_max")).containsExactly(100 * US / 1e9);
    }

    /**
     * One worker at 1,000 ops/s, 0.1 ms a call, except operation 100 (issued at 100 ms) which takes 1 s: no completion
     * from operation 99's at 99.1 ms until operation 100's at 1,100 ms; the late operations that follow each take
     * 0.1 ms, issued as soon as the worker is free, so operation j completes at 1,090 + 0.1 j ms, 1,090 - 0.9 j ms
     * after its intended start.
     */
    @Test
    void anOpenLoopStallIsTheLongestStretchAndItsLatenciesShowInTheSecondAfter() throws InterruptedException {
        FakeClock clock = new FakeClock();
        Schedule schedule = Schedule.of(Schedule.Arrivals.FIXED, 1000, 200, 0);
        LoadOutcome outcome = new OpenLoop("test", 1, 1, clock).run(0, schedule,
                new FakeTarget(clock, 100 * US, Map.of(100, 1000 * MS), 200));
        CompletionTimeline timeline = outcome.timeline().orElseThrow();

        assertThat(Duration.between(timeline.start(), timeline.longestGap().start()))
                .isEqualTo(Duration.ofNanos(99 * MS + 100 * US));
        assertThat(timeline.longestGap().length()).isEqualTo(Duration.ofNanos(1000 * MS + 900 * US));
        assertThat(timeline.longestGap().waited()).as("the one worker issued operation 100 after the stretch began")
                .isZero();
        assertThat(series(timeline, "completed_ops")).containsExactly(100.0, 100.0);
        long lateSum = 0;
        for (long j = 100; j < 200; j++) {
            lateSum += 1090 * MS - 900 * US * j;
        }
        assertThat(lateSum).as("100 x 1,090 ms - 0.9 ms x (100 + ... + 199)").isEqualTo(95_545 * MS);
        assertThat(series(timeline, "latency_mean")).containsExactly(100 * US / 1e9, 95_545 * MS / 1e9 / 100);
        assertThat(series(timeline, "latency_max")).containsExactly(100 * US / 1e9, 1.0);
        assertThat(outcome.operations(0)).as("what the outcome reported before stays").isEqualTo(200);
    }

    /**
     * Two threads in lock step on a barrier whose every trip moves the clock 1 ms, except the trip that ends step 101
     * (from 101 ms to 1,101 ms): thread 0's calls last one step, thread 1's two. Thread 1's call issued at 100 ms
     * waits through the stretch; thread 0's, issued at 101 ms when the stretch began, does not.
     */
    @Test
    void aClosedLoopStallIsTheLongestStretchWithTheCallsThatWaitedThroughIt() throws InterruptedException {
        FakeClock clock = new FakeClock();
        AtomicInteger step = new AtomicInteger();
        CyclicBarrier lockStep = new CyclicBarrier(2, () -> clock.advance(step.getAndIncrement() == 101 ? 1000 * MS
                : MS));
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                long start = clock.nanoTime();
                for (int s = 0; s <= thread; s++) {
                    lockStep.await();
                }
                return clock.nanoTime() - start;
            }

            @Override
            public String describe(int thread, int index) {
                return "call " + index;
            }
        };
        Workers settings = new Workers("test", 2, 1, true, null, false, Integer.MAX_VALUE, null);
        Workers.Outcome outcome = new ClosedLoop(settings, clock).run(new int[] {0, 0}, new int[] {200, 100}, op);
        CompletionTimeline timeline = outcome.timeline().orElseThrow();

        assertThat(Duration.between(timeline.start(), timeline.longestGap().start())).isEqualTo(Duration.ofMillis(101));
        assertThat(timeline.longestGap().length()).isEqualTo(Duration.ofMillis(1000));
        assertThat(timeline.longestGap().waited()).isEqualTo(1);
        assertThat(series(timeline, "completed_ops")).as("101 + 50 by 1,000 ms, 99 + 50 after")
                .containsExactly(151.0, 149.0);
        assertThat(series(timeline, "latency_mean")).containsExactly(201 * MS / 1e9 / 151, 2197 * MS / 1e9 / 149);
        assertThat(series(timeline, "latency_max")).containsExactly(0.002, 1.001);
        assertThat(outcome.totalOperations()).isEqualTo(300);
        assertThat(outcome.elapsedNanos()).isEqualTo(1199 * MS);
    }

    @Test
    void aGapRefusesANegativeLengthOrCount() {
        assertThatThrownBy(() -> new CompletionGap(START, Duration.ofNanos(-1), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CompletionGap(START, Duration.ZERO, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<Double> series(CompletionTimeline timeline, String id) {
        return timeline.timeSeries(Map.of()).stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow()
                .values();
    }
}
