package io.hbench.bsp.randbench;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.stats.Summary;
import io.hbench.testing.GoldenFiles;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RandBench's arithmetic on a result built from known timings, checked against figures worked out by hand,
 * and its printed lines against a golden file.
 */
class RandBenchResultTest {
    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final SubmittedJob JOB = new SubmittedJob("job_1700000000000_0007", "RandBench (BSP, 2 peers)",
            "http://rm:8088/proxy/application_1700000000000_0007/");

    /**
     * 2 peers, 3 messages of 1000 bytes per superstep, 2 measured supersteps after 1 warmup: 12000 bytes.
     * Peer 0: 4 ms + 4 ms, 1800 + 3000 bytes remote, 1200 local. Peer 1: 4 ms + 6 ms, 3000 + 1000 remote,
     * 2000 local. Measured time: the slower, 10 ms. Network bytes 8800, local 3200.
     */
    static RandBenchResult known() {
        RandBenchOptions options = RandBenchOptions.builder(1000, 3, 2).warmup(1)
                .settings(BspTestSupport.settings(2, 42)).build();
        RandBenchResult.PeerRun peer0 = new RandBenchResult.PeerRun(0, "node-a", START.plusMillis(400),
                Duration.ofMillis(1_800), List.of(
                new SuperstepTiming(2, 2_000_000, 500_000, 1_500_000, 3, 1800, 1200, 2500),
                new SuperstepTiming(3, 3_000_000, 1_000_000, 0, 3, 3000, 0, 2000)));
        RandBenchResult.PeerRun peer1 = new RandBenchResult.PeerRun(1, "node-b", START.plusMillis(650),
                Duration.ofMillis(1_500), List.of(
                new SuperstepTiming(2, 3_500_000, 500_000, 0, 3, 3000, 0, 3000),
                new SuperstepTiming(3, 1_000_000, 1_000_000, 4_000_000, 3, 1000, 2000, 3000)));
        return new RandBenchResult(options, START, START.plusMillis(2_345), List.of(peer0, peer1), Optional.of(JOB),
                Map.of("fs", "hdfs://nn:8020"));
    }

    @Test
    void measuredTimeIsTheSlowestPeersSendFlushAndBarrierTotal() {
        RandBenchResult result = known();

        assertThat(result.peers().get(0).measuredNanos()).isEqualTo(8_000_000);
        assertThat(result.peers().get(1).measuredNanos()).isEqualTo(10_000_000);
        assertThat(result.measuredNanos()).isEqualTo(10_000_000);
    }

    @Test
    void throughputIsNetworkBytesOverMeasuredTimeInDecimalUnits() {
        RandBenchResult result = known();

        assertThat(result.networkBytes()).isEqualTo(8800);
        assertThat(result.localBytes()).isEqualTo(3200);
        assertThat(result.bytesPerSecond()).isCloseTo(880_000, within(1e-6));
        assertThat(result.megabytesPerSecond()).isCloseTo(0.88, within(1e-12));
        assertThat(result.gigabitsPerSecond()).isCloseTo(0.00704, within(1e-12));
    }

    @Test
    void peerThroughputIsEachPeersNetworkBytesOverItsOwnMeasuredTime() {
        Summary peers = known().peerBytesPerSecond();

        assertThat(peers.min()).isCloseTo(400_000, within(1e-6));
        assertThat(peers.max()).isCloseTo(600_000, within(1e-6));
        assertThat(peers.mean()).isCloseTo(500_000, within(1e-6));
    }

    @Test
    void phaseDistributionsHaveOneSamplePerPeerAndSuperstepWithinAThousandth() {
        BenchResult bench = known().toBenchResult();

        Distribution send = bench.distributions().stream().filter(d -> d.name().equals("superstep send"))
                .findFirst().orElseThrow();
        assertThat(send.count()).isEqualTo(4);
        assertThat(send.min()).isCloseTo(1.0, within(0.001));
        assertThat(send.max()).isCloseTo(3.5, within(0.0035));
        assertThat(send.percentiles().get(50.0)).isCloseTo(2.0, within(0.002));
    }

    @Test
    void theTotalDistributionHasOneWholeSuperstepPerPeerAndSuperstep() {
        BenchResult bench = known().toBenchResult();

        Distribution total = bench.distributions().stream().filter(d -> d.name().equals("superstep total"))
                .findFirst().orElseThrow();
        assertThat(total.count()).isEqualTo(4);
        assertThat(total.min()).isCloseTo(4.0, within(0.004));
        assertThat(total.max()).isCloseTo(6.0, within(0.006));
    }

    @Test
    void theBenchResultCarriesTheExactFiguresAndOneSamplePerPeer() {
        BenchResult bench = known().toBenchResult();

        assertThat(bench.outcome()).hasToString("PASSED");
        assertThat(bench.metric("network bytes").orElseThrow().value()).isEqualTo(8800);
        assertThat(bench.metric("measured time").orElseThrow().value()).isEqualTo(10.0);
        assertThat(bench.metric("throughput").orElseThrow().value()).isCloseTo(880_000, within(1e-6));
        assertThat(bench.taskSamples()).hasSize(2);
        assertThat(bench.taskSamples().get(1).host()).contains("node-b");
        assertThat(bench.taskSamples().get(1).metric("throughput").orElseThrow().value())
                .isCloseTo(400_000, within(1e-6));
    }

    @Test
    void eachPeersSampleSpansItsOwnProgramAsThePeerTimedItNotTheJob() {
        List<TaskSample> samples = known().toBenchResult().taskSamples();

        assertThat(samples.get(0).start()).isEqualTo(START.plusMillis(400));
        assertThat(samples.get(0).duration()).isEqualTo(Duration.ofMillis(1_800));
        assertThat(samples.get(1).start()).isEqualTo(START.plusMillis(650));
        assertThat(samples.get(1).duration()).isEqualTo(Duration.ofMillis(1_500));
    }

    @Test
    void theBenchResultNamesTheJobThePeersRanAs() {
        RandBenchResult result = known();

        assertThat(result.job()).contains(JOB);
        assertThat(result.toBenchResult().jobs()).containsExactly(JOB);
    }

    @Test
    void bytesOtherThanTheWorkloadsFailTheRun() {
        RandBenchOptions options = RandBenchOptions.builder(1000, 1, 1).settings(BspTestSupport.settings(2, 1)).build();
        List<RandBenchResult.PeerRun> peers = List.of(
                new RandBenchResult.PeerRun(0, "a", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 1000, 0, 0))),
                new RandBenchResult.PeerRun(1, "b", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 999, 0, 0))));

        RandBenchResult result = new RandBenchResult(options, START, START, peers, Optional.empty(), Map.of());

        assertThat(result.failures()).containsExactly("the peers report 1999 payload bytes sent in the measured"
                + " supersteps, not the 2000 of the workload");
        assertThat(result.toBenchResult().outcome()).hasToString("FAILED");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printedLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> RandBenchTool.lines(known()));

        GoldenFiles.assertMatches(RandBenchResultTest.class, "randbench.txt", lines);
    }
}
