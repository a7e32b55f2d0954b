package io.hbench.bsp.randbench;

import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.stats.Summary;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * RandBench's arithmetic on a result built from known timings, checked against figures worked out by hand,
 * and its printed lines against a golden file.
 */
public class RandBenchResultTest {
    public static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17").os("Linux").clientHost("gw1").commandLine(List.of("RandBench", "-peers", "2")).build();
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
        return new RandBenchResult(options, START, START.plusMillis(2_345), List.of(peer0, peer1), Optional.of(JOB));
    }

    @Test
    void measuredTimeIsTheSlowestPeersSendFlushAndBarrierTotal() {
        RandBenchResult result = known();

        assertThat(result.peers().get(0).measuredNanos()).isEqualTo(8_000_000);
        assertThat(result.peers().get(1).measuredNanos()).isEqualTo(10_000_000);
        assertThat(result.measuredNanos()).isEqualTo(10_000_000);
    }

    @Test
    void throughputIsNetworkBytesOverMeasuredTime() {
        RandBenchResult result = known();

        assertThat(result.networkBytes()).isEqualTo(8800);
        assertThat(result.localBytes()).isEqualTo(3200);
        assertThat(result.bytesPerSecond()).isCloseTo(880_000, within(1e-6));
        assertThat(result.mebibytesPerSecond()).isCloseTo(0.88e6 / (1 << 20), within(1e-12));
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
        BenchResult bench = known().toBenchResult(ENVIRONMENT);

        Distribution send = bench.distributions().stream()
                .filter(d -> d.key().equals(MetricKey.of("superstep_time").withLabel("phase", "send")))
                .findFirst().orElseThrow();
        assertThat(send.count()).isEqualTo(4);
        assertThat(send.unit()).isEqualTo(Unit.SECONDS);
        assertThat(send.min()).isCloseTo(0.001, within(0.000001));
        assertThat(send.max()).isCloseTo(0.0035, within(0.0000035));
        assertThat(send.percentiles().get(50.0)).isCloseTo(0.002, within(0.000002));
    }

    @Test
    void theTotalDistributionHasOneWholeSuperstepPerPeerAndSuperstep() {
        BenchResult bench = known().toBenchResult(ENVIRONMENT);

        Distribution total = bench.distributions().stream()
                .filter(d -> d.key().equals(MetricKey.of("superstep_time").withLabel("phase", "total")))
                .findFirst().orElseThrow();
        assertThat(total.count()).isEqualTo(4);
        assertThat(total.min()).isCloseTo(0.004, within(0.000004));
        assertThat(total.max()).isCloseTo(0.006, within(0.000006));
    }

    @Test
    void theBenchResultCarriesTheExactFiguresAndOneSamplePerPeer() {
        BenchResult bench = known().toBenchResult(ENVIRONMENT);

        assertThat(bench.outcome()).hasToString("PASSED");
        assertThat(bench.metric("network_bytes").orElseThrow().value()).isEqualTo(8800);
        assertThat(bench.metric("measured_time").orElseThrow().value()).isEqualTo(0.01);
        assertThat(bench.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.id()).isEqualTo("network_throughput");
            assertThat(metric.value()).isCloseTo(880_000, within(1e-6));
        });
        // Peer 0's second measured superstep: send 3 ms, flush 1 ms, barrier 0.
        assertThat(bench.taskSamples().get(0).metrics()).contains(
                Metric.of("superstep_time", 0.003, Unit.SECONDS, Better.LOWER).withLabel("phase", "send")
                        .withLabel("superstep", "1"),
                Metric.of("superstep_time", 0.001, Unit.SECONDS, Better.LOWER).withLabel("phase", "flush")
                        .withLabel("superstep", "1"));
        assertThat(bench.taskSamples()).hasSize(2);
        assertThat(bench.taskSamples().get(1).host()).contains("node-b");
        assertThat(bench.taskSamples().get(1).metric("throughput").orElseThrow().value())
                .isCloseTo(400_000, within(1e-6));
    }

    @Test
    void eachPeersSampleSpansItsOwnProgramAsThePeerTimedItNotTheJob() {
        List<TaskSample> samples = known().toBenchResult(ENVIRONMENT).taskSamples();

        assertThat(samples.get(0).start()).isEqualTo(START.plusMillis(400));
        assertThat(samples.get(0).duration()).isEqualTo(Duration.ofMillis(1_800));
        assertThat(samples.get(1).start()).isEqualTo(START.plusMillis(650));
        assertThat(samples.get(1).duration()).isEqualTo(Duration.ofMillis(1_500));
    }

    @Test
    void theBenchResultNamesTheJobThePeersRanAs() {
        RandBenchResult result = known();

        assertThat(result.job()).contains(JOB);
        assertThat(result.toBenchResult(ENVIRONMENT).jobs()).containsExactly(JOB);
    }

    @Test
    void bytesOtherThanTheWorkloadsFailTheRun() {
        RandBenchOptions options = RandBenchOptions.builder(1000, 1, 1).settings(BspTestSupport.settings(2, 1)).build();
        List<RandBenchResult.PeerRun> peers = List.of(
                new RandBenchResult.PeerRun(0, "a", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 1000, 0, 0))),
                new RandBenchResult.PeerRun(1, "b", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 999, 0, 0))));

        RandBenchResult result = new RandBenchResult(options, START, START, peers, Optional.empty());

        assertThat(result.failures()).containsExactly("the peers report 1999 payload bytes sent in the measured"
                + " supersteps, not the 2000 of the workload");
        assertThat(result.toBenchResult(ENVIRONMENT).outcome()).hasToString("FAILED");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void theJsonMatchesItsGoldenFileAndTheSchemaInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(known().toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(RandBenchResultTest.class, "randbench.json", json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printedLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> RandBenchTool.lines(known()));

        GoldenFiles.assertMatches(RandBenchResultTest.class, "randbench.txt", lines);
    }
}
