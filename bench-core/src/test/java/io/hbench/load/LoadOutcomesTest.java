package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.stats.Histograms;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Clients' outcomes travel as bytes and add up to the outcome of all their operations together. */
class LoadOutcomesTest {
    private static final int CLIENTS = 3;
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    /** Client {@code client}'s outcome of {@code samples} operations whose latency and service time are drawn. */
    private static LoadOutcome client(Random random, int samples, Histogram allLatency, Histogram allService,
            long measuredNanos, long behindNanos) {
        Histogram latency = Histograms.newHistogram();
        Histogram service = Histograms.newHistogram();
        Histogram lateness = Histograms.newHistogram();
        long serviceNanos = 0;
        for (int i = 0; i < samples; i++) {
            // Log-normal-like spread over four orders of magnitude, as a NameNode's latencies are.
            long serviceTime = (long) (50_000 * Math.exp(random.nextGaussian() * 1.5));
            long wait = random.nextInt(10) == 0 ? random.nextInt(5_000_000) : 0;
            service.recordValue(serviceTime);
            latency.recordValue(serviceTime + wait);
            lateness.recordValue(wait);
            allService.recordValue(serviceTime);
            allLatency.recordValue(serviceTime + wait);
            serviceNanos += serviceTime;
        }
        return new LoadOutcome(100, Schedule.Arrivals.POISSON, 4, 1, new long[] {samples}, new long[] {serviceNanos},
                new Histogram[] {latency}, new Histogram[] {service}, new Histogram[] {lateness}, serviceNanos, measuredNanos, behindNanos);
    }

    @Test
    void theMergedHistogramsOfClientsAreTheHistogramsOfAllTheirOperations() {
        Random random = new Random(35);
        Histogram allLatency = Histograms.newHistogram();
        Histogram allService = Histograms.newHistogram();
        List<LoadOutcome> received = new ArrayList<>();
        int[] samples = {10_000, 7_001, 12_345};
        for (int c = 0; c < CLIENTS; c++) {
            LoadOutcome sent = client(random, samples[c], allLatency, allService, 1_000_000_000L + c, c * 1000L);
            received.add(LoadOutcomes.decode(LoadOutcomes.encode(sent)));
        }

        LoadOutcome merged = LoadOutcomes.merge(received);

        assertThat(merged.latency()).isEqualTo(allLatency);
        assertThat(merged.serviceTime()).isEqualTo(allService);
        assertThat(merged.latency().getTotalCount()).isEqualTo(10_000 + 7_001 + 12_345);
        for (double percentile : new double[] {0, 50, 90, 99, 99.9, 99.99, 100}) {
            assertThat(merged.latency().getValueAtPercentile(percentile)).as("latency p" + percentile)
                    .isEqualTo(allLatency.getValueAtPercentile(percentile));
            assertThat(merged.serviceTime().getValueAtPercentile(percentile)).as("service time p" + percentile)
                    .isEqualTo(allService.getValueAtPercentile(percentile));
        }
    }

    @Test
    void theMergedRunSumsRatesPoolsAndCountsAndEndsWithItsLastClient() {
        Random random = new Random(1);
        Histogram ignored = Histograms.newHistogram();
        List<LoadOutcome> clients = List.of(
                client(random, 100, ignored, ignored, 1_000_000_000L, 2_000_000L),
                client(random, 100, ignored, ignored, 1_050_000_000L, 0),
                client(random, 99, ignored, ignored, 990_000_000L, 30_000_000L));

        LoadOutcome merged = LoadOutcomes.merge(clients);

        assertThat(merged.targetRate()).isEqualTo(300.0);
        assertThat(merged.workers()).isEqualTo(12);
        assertThat(merged.clients()).isEqualTo(3);
        // Said as the users set the pool: each client's -threads, not the sum of them.
        assertThat(merged.pool()).isEqualTo("3 clients of -threads 4");
        assertThat(clients.get(0).pool()).isEqualTo("-threads 4");
        assertThat(merged.totalOperations()).isEqualTo(299);
        assertThat(merged.measuredNanos()).isEqualTo(1_050_000_000L);
        assertThat(merged.achievedRate()).isEqualTo(299 * 1e9 / 1_050_000_000L);
        assertThat(merged.behindNanos()).isEqualTo(30_000_000L);
        assertThat(merged.serviceNanos()).isEqualTo(clients.stream().mapToLong(LoadOutcome::serviceNanos).sum());
    }

    @Test
    void anOutcomeTravelsExactly() {
        LoadOutcome sent = client(new Random(7), 500, Histograms.newHistogram(), Histograms.newHistogram(), 5_000_000L,
                123L);

        LoadOutcome received = LoadOutcomes.decode(LoadOutcomes.encode(sent));

        assertThat(received.targetRate()).isEqualTo(sent.targetRate());
        assertThat(received.arrivals()).isEqualTo(sent.arrivals());
        assertThat(received.workers()).isEqualTo(sent.workers());
        assertThat(received.clients()).isEqualTo(1);
        assertThat(received.operations(0)).isEqualTo(500);
        assertThat(received.timedNanos(0)).isEqualTo(sent.timedNanos(0));
        assertThat(received.serviceNanos()).isEqualTo(sent.serviceNanos());
        assertThat(received.measuredNanos()).isEqualTo(5_000_000L);
        assertThat(received.lateness(0)).isEqualTo(sent.lateness(0));
        assertThat(received.behindNanos()).isEqualTo(123L);
        assertThat(received.latency(0)).isEqualTo(sent.latency(0));
        assertThat(received.serviceTime(0)).isEqualTo(sent.serviceTime(0));
    }

    @Test
    void aClientThatStartedAfterTheCommonStartIsMeasuredFromIt() {
        LoadOutcome client = client(new Random(3), 10, Histograms.newHistogram(), Histograms.newHistogram(), 1000, 0);

        assertThat(LoadOutcomes.measuredFromEarlierStart(client, 250).measuredNanos()).isEqualTo(1250);
    }

    @Test
    void bytesThatAreNoOutcomeAreRefused() {
        byte[] encoded = LoadOutcomes.encode(client(new Random(3), 10, Histograms.newHistogram(),
                Histograms.newHistogram(), 1000, 0));
        byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length - 9);

        assertThatThrownBy(() -> LoadOutcomes.decode(truncated)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not an outcome");
    }

    /**
     * One client's run of 100 calls at 1,000 ops/s on a fake clock by one worker, 0.1 ms each but those {@code stalls}
     * says, its t0 {@code offsetNanos} after the start.
     */
    private static LoadOutcome timed(long offsetNanos, Map<Integer, Long> stalls) throws InterruptedException {
        FakeClock clock = new FakeClock();
        return new OpenLoop("test", 1, 1, clock).run(0, Schedule.of(Schedule.Arrivals.FIXED, 1000, 100, 0),
                new FakeTarget(clock, 100 * US, stalls, 100), OpenLoop.Start.offset(OpenLoop.Start.NOW, offsetNanos));
    }

    @Test
    void anOutcomeTravelsWithItsTimelineExactly() throws InterruptedException {
        LoadOutcome sent = timed(0, Map.of(40, 30 * MS));
        CompletionTimeline timeline = sent.timeline().orElseThrow();

        LoadOutcome received = LoadOutcomes.decode(LoadOutcomes.encode(sent));

        CompletionTimeline arrived = received.timeline().orElseThrow();
        assertThat(arrived.start()).isEqualTo(timeline.start());
        assertThat(arrived.timeSeries(Map.of())).isEqualTo(timeline.timeSeries(Map.of()));
        assertThat(arrived.stretches()).isEqualTo(timeline.stretches());
        assertThat(arrived.longestGap()).isEqualTo(timeline.longestGap());
        assertThat(timeline.longestGap().length()).as("from call 39's completion at 39.1 ms to call 40's at 70 ms")
                .isEqualTo(Duration.ofNanos(30_900 * US));
        assertThat(LoadOutcomes.measuredFromEarlierStart(received, 250).timeline()).containsSame(arrived);
        assertThat(LoadOutcomes.decode(LoadOutcomes.encode(timed(0, Map.of()))).timeline()).isPresent();
    }

    @Test
    void aTruncatedTimelineIsRefused() throws InterruptedException {
        byte[] encoded = LoadOutcomes.encode(timed(0, Map.of(40, 30 * MS)));

        for (int cut : new int[] {1, 9, 100}) {
            byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length - cut);
            assertThatThrownBy(() -> LoadOutcomes.decode(truncated)).as("cut by " + cut)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not an outcome");
        }
    }

    /**
     * Two clients of 1,000 ops/s each, w1's t0 0.5 ms after the start they agreed: w0 completes at 0.1, 1.1, ... ms
     * from it, w1 at 0.6, 1.6, ... ms. Every stretch of the run, 0.5 ms, is shorter than the 32nd longest of either
     * client's own (1 ms), so the merged longest is only known to be at least 0.5 ms: the first both kept, [0.6, 1.1)
     * (w1 dropped its first, [0, 0.6), for a longer one).
     */
    @Test
    void clientsOnOneStartMergeTheirTimelinesOnIt() throws InterruptedException {
        LoadOutcome w0 = timed(0, Map.of());
        LoadOutcome w1 = timed(500 * US, Map.of());
        CompletionTimeline second = w1.timeline().orElseThrow();
        assertThat(Duration.between(second.start(), second.longestGap().start()))
                .as("w1's first stretch runs from the agreed start to its first completion, at 0.6 ms")
                .isEqualTo(Duration.ofNanos(600 * US));

        LoadOutcome merged = LoadOutcomes.merge(List.of(LoadOutcomes.decode(LoadOutcomes.encode(w0)),
                LoadOutcomes.measuredFromEarlierStart(LoadOutcomes.decode(LoadOutcomes.encode(w1)), 500 * US)));

        CompletionTimeline timeline = merged.timeline().orElseThrow();
        assertThat(timeline.start()).isEqualTo(w0.timeline().orElseThrow().start());
        CompletionGap gap = timeline.longestGap();
        assertThat(Duration.between(timeline.start(), gap.start())).isEqualTo(Duration.ofNanos(600 * US));
        assertThat(gap.length()).isEqualTo(Duration.ofNanos(500 * US));
        assertThat(gap.waited()).isZero();
        assertThat(gap.exact()).isFalse();
        assertThat(timeline.timeSeries(Map.of()).get(0).values()).containsExactly(200.0);
        FakeClock clock = new FakeClock();
        LoadOutcome unrecorded = new OpenLoop("test", 1, 1, clock, false).run(0, Schedule.of(
                Schedule.Arrivals.FIXED, 1000, 100, 0), new FakeTarget(clock, 100 * US, Map.of(), 100));
        assertThat(LoadOutcomes.merge(List.of(w0, unrecorded)).timeline()).as("a client without a timeline")
                .isEmpty();
    }
}
