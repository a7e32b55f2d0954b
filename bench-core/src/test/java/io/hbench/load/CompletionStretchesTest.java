package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The stretches without a completion that a run keeps, and the timelines of clients merged on the start they agreed
 * on, against figures computed by hand: the merged longest stretch, its start and the operations that waited through
 * it, exactly, or said to be a lower bound.
 */
class CompletionStretchesTest {
    private static final long MS = 1_000_000L;
    private static final Instant START = Instant.parse("2026-11-26T12:00:00Z");

    /** One client: its clock, whose readings differ from the others', and its recorder from the common start. */
    private static final class Client {
        final FakeClock clock = new FakeClock();
        final long origin;
        final CompletionRecorder recorder;
        final List<CompletionRecorder.Track> tracks = new ArrayList<>();

        Client(long clockSkewNanos, Instant start, int workers) {
            clock.advance(clockSkewNanos);
            origin = clock.nanoTime();
            recorder = new CompletionRecorder(clock, origin, start, workers);
            for (int w = 0; w < workers; w++) {
                tracks.add(recorder.track());
            }
        }

        /** Worker {@code worker}'s operation issued at {@code issuedMs} completes at {@code atMs}, after the start. */
        Client complete(int worker, long issuedMs, long atMs) {
            clock.advance(origin + atMs * MS - clock.nanoTime());
            tracks.get(worker).completed(origin + issuedMs * MS, (atMs - issuedMs) * MS);
            return this;
        }

        CompletionTimeline finish() {
            return recorder.finish(clock.nanoTime(), tracks);
        }
    }

    /**
     * Client w0 (workers A, B, C) completes at 100, 300 and three times at 1,000 ms; w1 (D, E), on a clock 5 s apart,
     * at 200, 500, 600 and 1,100 ms. Their longest stretches are [300, 1000) and [600, 1100); the run's is [600, 1000),
     * neither's. Issued before 600 ms and completed at or after 1,000 ms: A's call issued at 100, B's at 450 (inside
     * w0's stretch, before the run's began) and D's at 200; not C's, issued at 700.
     */
    @Test
    void theMergedLongestStretchIsTheLongestIntersectionWithTheOperationsInFlightAtItsStart() {
        Client w0 = new Client(0, START, 3)
                .complete(0, 0, 100)
                .complete(1, 0, 300)
                .complete(0, 100, 1000)
                .complete(1, 450, 1000)
                .complete(2, 700, 1000);
        Client w1 = new Client(5000 * MS, START.plusMillis(3), 2)
                .complete(0, 0, 200)
                .complete(1, 0, 500)
                .complete(1, 500, 600)
                .complete(0, 200, 1100);
        CompletionTimeline first = w0.finish();
        CompletionTimeline second = w1.finish();

        assertThat(first.stretches()).isEqualTo(new CompletionStretches(0, ms(0, 100, 300), ms(100, 300, 1000),
                new long[] {0, 1, 1}, new long[][] {ms(0, 0), ms(100), ms(450, 700)}, 1000 * MS, 1000 * MS));
        assertThat(first.longestGap()).isEqualTo(new CompletionGap(START.plusMillis(300), Duration.ofMillis(700), 1));
        assertThat(second.longestGap()).isEqualTo(new CompletionGap(START.plusMillis(603), Duration.ofMillis(500), 1));

        CompletionTimeline merged = CompletionTimeline.merge(List.of(first, second));

        assertThat(merged.start()).as("client w0's").isEqualTo(START);
        assertThat(merged.longestGap()).isEqualTo(new CompletionGap(START.plusMillis(600), Duration.ofMillis(400), 3));
        assertThat(merged.longestGap().line()).isEqualTo("Longest stretch without a completed operation s: 0.400 from"
                + " 2026-11-26T12:00:00.600Z, 3 operations waited through it");
        assertThat(merged.stretches()).isEqualTo(new CompletionStretches(0, ms(0, 100, 200, 300, 500, 600, 1000),
                ms(100, 200, 300, 500, 600, 1000, 1100), new long[] {0, 3, 3, 3, 3, 3, 1},
                new long[][] {ms(0, 0, 0, 0), ms(100), ms(200), ms(450), ms(500), ms(700), ms()}, 1100 * MS,
                1100 * MS));
        assertThat(series(merged, "completed_ops")).containsExactly(5.0, 4.0);
        assertThat(series(merged, "latency_mean")).containsExactly(1.2 / 5, 2.65 / 4);
        assertThat(series(merged, "latency_max")).containsExactly(0.5, 0.9);
    }

    /**
     * Client w0 completes every 10 ms from 10 to 400 ms, w1 at 5 ms and every 10 ms from 15 to 335 ms, each with one
     * worker. Each keeps its first 32 stretches of 10 ms (w1 drops [0, 5) for one of them), so neither holds the run's
     * longest, [340, 350), inside w0's 35th: the longest intersection, [5, 10), is only a lower bound.
     */
    @Test
    void aMergedStretchNoLongerThanWhatAClientDroppedIsALowerBound() {
        Client w0 = new Client(0, START, 1);
        for (long at = 10; at <= 400; at += 10) {
            w0.complete(0, at - 10, at);
        }
        Client w1 = new Client(0, START, 1).complete(0, 0, 5);
        for (long at = 15; at <= 335; at += 10) {
            w1.complete(0, at - 10, at);
        }
        CompletionTimeline first = w0.finish();
        CompletionTimeline second = w1.finish();
        assertThat(first.stretches().threshold()).isEqualTo(10 * MS);
        assertThat(second.stretches().threshold()).isEqualTo(10 * MS);

        CompletionGap gap = CompletionTimeline.merge(List.of(first, second)).longestGap();

        assertThat(gap).as("w0's call issued at 0 ms waited through it").isEqualTo(new CompletionGap(
                START.plusMillis(5), Duration.ofMillis(5), 1, false));
        assertThat(gap.line()).isEqualTo("Longest stretch without a completed operation s: at least 0.00500 from"
                + " 2026-11-26T12:00:00.005Z, 1 operation waited through it");
        assertThat(first.longestGap().exact()).as("one client's own longest is exact").isTrue();
        assertThat(outputs(gap)).containsEntry("longest_completion_gap_bound{operation=create}", "lower");
        assertThat(outputs(first.longestGap())).doesNotContainKey("longest_completion_gap_bound{operation=create}")
                .containsKey("longest_completion_gap_start{operation=create}");
    }

    /** The outputs a result gets from {@code gap}, labelled operation=create. */
    private static Map<String, String> outputs(CompletionGap gap) {
        BenchResult.Builder result = BenchResult.builder("NNThroughputBenchmark", "create")
                .primaryMetric("longest_completion_gap").start(START).end(START.plusSeconds(1))
                .environment(Environment.builder().hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1")
                        .commandLine(List.of("NNThroughputBenchmark")).build());
        gap.addTo(result, Map.of("operation", "create"));
        return result.build().outputs();
    }

    /**
     * Client w0 ends at 300 ms, w1 goes on to complete at 1,000 ms: w0's last stretch reaches the run's end, so the
     * run's longest is w1's [300, 1000), which w0 ran through without completing anything.
     */
    @Test
    void aClientThatEndedEarlierCompletesNothingUntilTheRunsEnd() {
        CompletionTimeline first = new Client(0, START, 1).complete(0, 0, 100).complete(0, 100, 300).finish();
        CompletionTimeline second = new Client(0, START, 1).complete(0, 0, 250).complete(0, 250, 1000).finish();

        CompletionTimeline merged = CompletionTimeline.merge(List.of(first, second));

        assertThat(merged.longestGap()).isEqualTo(new CompletionGap(START.plusMillis(300), Duration.ofMillis(700), 1));
        assertThat(series(merged, "completed_ops")).containsExactly(3.0, 1.0);
    }

    /**
     * One worker's stretches of 1, 80, 2, 79, ..., 40, 41 ms: each of the 32 longest, 80 down to 49 ms, pushes a
     * shorter one out, and none after them enters. What stays is those 32, each with its call issued inside it.
     */
    @Test
    void theRecorderKeepsTheLongestStretchesAndDropsTheShortest() {
        Client client = new Client(0, START, 1);
        long at = 0;
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            for (long length : new long[] {i + 1, 80 - i}) {
                client.complete(0, at, at + length);
                if (length >= 49) {
                    expected.add(new long[] {at * MS, (at + length) * MS});
                }
                at += length;
            }
        }
        CompletionTimeline timeline = client.finish();

        assertThat(expected).hasSize(CompletionRecorder.KEPT_STRETCHES);
        long[] starts = expected.stream().mapToLong(kept -> kept[0]).toArray();
        long[] ends = expected.stream().mapToLong(kept -> kept[1]).toArray();
        long[][] issued = expected.stream().map(kept -> new long[] {kept[0]}).toArray(long[][]::new);
        assertThat(timeline.stretches()).isEqualTo(new CompletionStretches(49 * MS, starts, ends,
                new long[CompletionRecorder.KEPT_STRETCHES], issued, at * MS, at * MS));
        assertThat(timeline.longestGap()).isEqualTo(new CompletionGap(START.plusMillis(1), Duration.ofMillis(80), 0));
    }

    /**
     * Four workers complete 5,000 calls each at once, on a clock whose every reading moves it on by a varying step:
     * the recorder keeps exactly what the calls' instants say, counted afterwards from all of them.
     */
    @Test
    void concurrentWorkersKeepTheLongestStretchesWithTheirCallsExactly() throws Exception {
        int workers = 4;
        int calls = 5000;
        AtomicLong now = new AtomicLong();
        AtomicLong readings = new AtomicLong();
        LoadClock clock = new LoadClock() {
            @Override
            public long nanoTime() {
                long n = readings.incrementAndGet();
                return now.addAndGet(1 + (n * 0x9E3779B97F4A7C15L >>> 40) % 100_000);
            }

            @Override
            public void sleepUntil(long deadline) {
                throw new UnsupportedOperationException();
            }
        };
        long origin = clock.nanoTime();
        CompletionRecorder recorder = new CompletionRecorder(clock, origin, START, workers);
        List<CompletionRecorder.Track> tracks = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<long[][]>> done = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            CompletionRecorder.Track track = recorder.track();
            tracks.add(track);
            done.add(pool.submit(() -> {
                long[][] instants = new long[calls][];
                go.await();
                for (int c = 0; c < calls; c++) {
                    long issued = clock.nanoTime();
                    instants[c] = new long[] {issued - origin, track.completed(issued, 0) - origin};
                }
                return instants;
            }));
        }
        go.countDown();
        List<long[]> operations = new ArrayList<>();
        for (Future<long[][]> worker : done) {
            operations.addAll(Arrays.asList(worker.get(60, TimeUnit.SECONDS)));
        }
        pool.shutdown();
        CompletionStretches kept = recorder.finish(clock.nanoTime(), tracks).stretches();

        long[] completions = operations.stream().mapToLong(op -> op[1]).sorted().toArray();
        long threshold = kept.threshold();
        List<long[]> longer = new ArrayList<>();
        long previous = 0;
        for (long completion : completions) {
            if (completion - previous > threshold) {
                longer.add(new long[] {previous, completion});
            }
            previous = completion;
        }
        assertThat(threshold).as("32 kept of 20,000 stretches").isPositive();
        String text = kept.toString();
        for (long[] stretch : longer) {
            long waited = operations.stream().filter(op -> op[0] < stretch[0] && op[1] >= stretch[1]).count();
            long[] inside = operations.stream().filter(op -> op[0] >= stretch[0] && op[0] < stretch[1]
                    && op[1] >= stretch[1]).mapToLong(op -> op[0]).sorted().toArray();
            assertThat(text).as("every stretch longer than the threshold, with its calls")
                    .contains("[" + stretch[0] + ", " + stretch[1] + ") waited " + waited + " issued "
                            + Arrays.toString(inside));
        }
        assertThat(text.split("\\) waited ", -1)).as("32 kept, none of them shorter than the threshold")
                .hasSize(CompletionRecorder.KEPT_STRETCHES + 1);
    }

    /** Instants in milliseconds, as nanoseconds. */
    private static long[] ms(long... millis) {
        return Arrays.stream(millis).map(m -> m * MS).toArray();
    }

    private static List<Double> series(CompletionTimeline timeline, String id) {
        return timeline.timeSeries(Map.of()).stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow()
                .values();
    }
}
