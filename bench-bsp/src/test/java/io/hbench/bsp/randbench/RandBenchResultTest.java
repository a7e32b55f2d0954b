package io.hbench.bsp.randbench;

import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.benchbase.BspTestSupport;
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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
        return known("node-a", "node-b");
    }

    /** Element i: the bytes sent to peer i; the peers sent nothing to are left out, as a peer's report leaves them. */
    private static Map<Integer, Long> bytesTo(long... perPeer) {
        Map<Integer, Long> bytes = new HashMap<>();
        for (int peer = 0; peer < perPeer.length; peer++) {
            if (perPeer[peer] > 0) {
                bytes.put(peer, perPeer[peer]);
            }
        }
        return bytes;
    }

    private static RandBenchResult known(String host0, String host1) {
        RandBenchOptions options = RandBenchOptions.builder(1000, 3, 2).warmup(1)
                .settings(BspTestSupport.settings(2, 42)).build();
        RandBenchResult.PeerRun peer0 = new RandBenchResult.PeerRun(0, host0, START.plusMillis(400),
                Duration.ofMillis(1_800), List.of(
                new SuperstepTiming(2, 2_000_000, 500_000, 1_500_000, 3, 1800, 1200, 2500),
                new SuperstepTiming(3, 3_000_000, 1_000_000, 0, 3, 3000, 0, 2000)), bytesTo(1200, 4800));
        RandBenchResult.PeerRun peer1 = new RandBenchResult.PeerRun(1, host1, START.plusMillis(650),
                Duration.ofMillis(1_500), List.of(
                new SuperstepTiming(2, 3_500_000, 500_000, 0, 3, 3000, 0, 3000),
                new SuperstepTiming(3, 1_000_000, 1_000_000, 4_000_000, 3, 1000, 2000, 3000)), bytesTo(4000, 2000));
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
                new RandBenchResult.PeerRun(0, "a", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 1000, 0, 0)),
                        bytesTo(0, 1000)),
                new RandBenchResult.PeerRun(1, "b", START, Duration.ZERO, List.of(new SuperstepTiming(1, 1, 0, 0, 1, 999, 0, 0)),
                        bytesTo(999, 0)));

        RandBenchResult result = new RandBenchResult(options, START, START, peers, Optional.empty());

        assertThat(result.failures()).containsExactly("the peers report 1999 payload bytes sent in the measured"
                + " supersteps, not the 2000 of the workload");
        assertThat(result.toBenchResult(ENVIRONMENT).outcome()).hasToString("FAILED");
    }

    /**
     * 4 peers, 4 messages of 1000 bytes each per superstep to peers other than themselves, 1 superstep; peers 0 and 1 on
     * h1, 2 and 3 on h2. Each link carries 100 MB/s, each loopback 10 GB/s. Bytes to each peer:
     * <pre>
     * peer 0 (h1): 0, 1000, 2000, 1000   network 3000, same host 1000: 30 us + 0.1 us
     * peer 1 (h1): 2000, 0, 1000, 1000   network 2000, same host 2000: 20 us + 0.2 us
     * peer 2 (h2): 1000, 1000, 0, 2000   network 2000, same host 2000: 20 us + 0.2 us
     * peer 3 (h2): 0, 3000, 1000, 0      network 3000, same host 1000: 30 us + 0.1 us
     * </pre>
     * Every peer leaves the barrier at 30.1 us, the slowest's time. Network bytes 10000, same host 6000: 332.2 MB/s
     * over the network, within the 400 MB/s of the four links; counting the same-host bytes too would claim 531.6 MB/s.
     */
    static RandBenchResult twoHosts() {
        RandBenchOptions options = RandBenchOptions.builder(1000, 4, 1).noSelf(true)
                .settings(BspTestSupport.settings(4, 42)).build();
        return new RandBenchResult(options, START, START.plusMillis(1_000), List.of(
                oneSuperstep(0, "h1", 30_100, bytesTo(0, 1000, 2000, 1000)),
                oneSuperstep(1, "h1", 20_200, bytesTo(2000, 0, 1000, 1000)),
                oneSuperstep(2, "h2", 20_200, bytesTo(1000, 1000, 0, 2000)),
                oneSuperstep(3, "h2", 30_100, bytesTo(0, 3000, 1000, 0))), Optional.of(JOB));
    }

    /** A peer that sent 4 messages in one superstep, for {@code sendNanos}, and waited for the slowest, 30.1 us. */
    private static RandBenchResult.PeerRun oneSuperstep(int peer, String host, long sendNanos,
            Map<Integer, Long> bytesTo) {
        return new RandBenchResult.PeerRun(peer, host, START.plusMillis(100), Duration.ofMillis(500), List.of(
                new SuperstepTiming(1, sendNanos, 0, 30_100 - sendNanos, 4, 4000, 0, 4000)), bytesTo);
    }

    @Test
    void onTwoHostsOnlyTheBytesBetweenThemCountAsNetworkBytes() {
        RandBenchResult result = twoHosts();

        assertThat(result.hosts().count()).isEqualTo(2);
        assertThat(result.measuredNanos()).isEqualTo(30_100);
        assertThat(result.networkBytes()).isEqualTo(10_000);
        assertThat(result.sameHostBytes()).isEqualTo(6_000);
        assertThat(result.localBytes()).isZero();
        assertThat(result.bytesPerSecond()).isCloseTo(10_000 * 1e9 / 30_100, within(1e-6)).isLessThan(4e8);
        assertThat(result.sameHostBytesPerSecond()).isCloseTo(6_000 * 1e9 / 30_100, within(1e-6));
        assertThat(result.peerBytesPerSecond().min()).isCloseTo(2_000 * 1e9 / 30_100, within(1e-6));
        assertThat(result.peerBytesPerSecond().max()).isCloseTo(3_000 * 1e9 / 30_100, within(1e-6)).isLessThan(1e8);
        assertThat(result.failures()).isEmpty();
    }

    @Test
    void peersThatSharedHostsAreNamedWithTheBytesLeftOut() {
        RandBenchResult result = twoHosts();

        assertThat(result.placement()).contains("the 4 peers ran on 2 hosts (2 on h1, 2 on h2): 6000 of the 16000"
                + " bytes sent to other peers went between two peers on one host, left out of the network figures");
        BenchResult bench = result.toBenchResult(ENVIRONMENT);
        assertThat(bench.metric("peer_hosts").orElseThrow().value()).isEqualTo(2);
        assertThat(bench.metric("network_bytes").orElseThrow().value()).isEqualTo(10_000);
        assertThat(bench.metric("same_host_bytes").orElseThrow().value()).isEqualTo(6_000);
        assertThat(bench.metric("same_host_throughput").orElseThrow().value())
                .isCloseTo(6_000 * 1e9 / 30_100, within(1e-6));
        assertThat(bench.primaryMetrics()).singleElement().satisfies(metric ->
                assertThat(metric.value()).isCloseTo(10_000 * 1e9 / 30_100, within(1e-6)));
        assertThat(bench.taskSamples().get(3).metric("network_bytes").orElseThrow().value()).isEqualTo(3000);
        assertThat(bench.taskSamples().get(3).metric("same_host_bytes").orElseThrow().value()).isEqualTo(1000);
        assertThat(bench.outputs()).containsEntry("placement", result.placement().orElseThrow());
    }

    /**
     * 4 peers, 2 messages of 1000 bytes per superstep to any peer, 2 supersteps; peers 0 and 2 on w1, 1 on w2, 3 on w3.
     * Bytes to each peer:
     * <pre>
     * peer 0 (w1): 1000, 1000, 2000, 0   local 1000, network 1000, same host 2000
     * peer 1 (w2): 1000, 0, 1000, 2000   network 4000
     * peer 2 (w1): 2000, 1000, 0, 1000   network 2000, same host 2000
     * peer 3 (w3): 0, 1000, 1000, 2000   local 2000, network 2000
     * </pre>
     * Peer 1's 2000 network bytes a superstep hold every superstep to 20 us: 40 us measured. Network bytes 9000 (225 MB/s),
     * same host 4000 (100 MB/s), local 3000. The peers' own: 25, 100, 50 and 50 MB/s.
     */
    static RandBenchResult threeHosts() {
        RandBenchOptions options = RandBenchOptions.builder(1000, 2, 2).settings(BspTestSupport.settings(4, 42)).build();
        return new RandBenchResult(options, START, START.plusMillis(1_000), List.of(
                twoSupersteps(0, "w1", 1500, 500, bytesTo(1000, 1000, 2000, 0)),
                twoSupersteps(1, "w2", 2000, 0, bytesTo(1000, 0, 1000, 2000)),
                twoSupersteps(2, "w1", 2000, 0, bytesTo(2000, 1000, 0, 1000)),
                twoSupersteps(3, "w3", 1000, 1000, bytesTo(0, 1000, 1000, 2000))), Optional.of(JOB));
    }

    private static RandBenchResult.PeerRun twoSupersteps(int peer, String host, long remote, long local,
            Map<Integer, Long> bytesTo) {
        List<SuperstepTiming> timings = List.of(new SuperstepTiming(1, 15_000, 1_000, 4_000, 2, remote, local, 2000),
                new SuperstepTiming(2, 15_000, 1_000, 4_000, 2, remote, local, 2000));
        return new RandBenchResult.PeerRun(peer, host, START.plusMillis(100), Duration.ofMillis(500), timings, bytesTo);
    }

    @Test
    void onThreeHostsOnlyTheBytesBetweenThemCountAsNetworkBytes() {
        RandBenchResult result = threeHosts();

        assertThat(result.hosts().count()).isEqualTo(3);
        assertThat(result.measuredNanos()).isEqualTo(40_000);
        assertThat(result.networkBytes()).isEqualTo(9_000);
        assertThat(result.sameHostBytes()).isEqualTo(4_000);
        assertThat(result.localBytes()).isEqualTo(3_000);
        assertThat(result.bytesPerSecond()).isCloseTo(225e6, within(1e-6));
        assertThat(result.sameHostBytesPerSecond()).isCloseTo(100e6, within(1e-6));
        assertThat(result.peerBytesPerSecond().min()).isCloseTo(25e6, within(1e-6));
        assertThat(result.peerBytesPerSecond().mean()).isCloseTo(56.25e6, within(1e-6));
        assertThat(result.peerBytesPerSecond().max()).isCloseTo(100e6, within(1e-6));
        assertThat(result.placement()).contains("the 4 peers ran on 3 hosts (2 on w1): 4000 of the 13000 bytes sent"
                + " to other peers went between two peers on one host, left out of the network figures");
        assertThat(result.failures()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesOfPeersThatSharedAHostMatchTheirGoldenFile(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> RandBenchTool.lines(threeHosts()));

        GoldenFiles.assertMatches(RandBenchResultTest.class, "randbench-shared-host.txt", lines);
    }

    @Test
    void onOneHostEveryByteToAnotherPeerCountsAndTheFiguresAreOfItsLoopback() {
        RandBenchResult result = known("vm", "vm");

        assertThat(result.networkBytes()).isEqualTo(8800);
        assertThat(result.sameHostBytes()).isZero();
        assertThat(result.bytesPerSecond()).isCloseTo(880_000, within(1e-6));
        assertThat(result.placement()).contains("all 2 peers ran on one host (vm): no message crossed a network, so"
                + " the throughput figures are of that host's loopback");
        BenchResult bench = result.toBenchResult(ENVIRONMENT);
        assertThat(bench.metric("peer_hosts").orElseThrow().value()).isEqualTo(1);
        assertThat(bench.metric("same_host_throughput")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesOfPeersOnOneHostMatchTheirGoldenFile(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> RandBenchTool.lines(known("vm", "vm")));

        GoldenFiles.assertMatches(RandBenchResultTest.class, "randbench-one-host.txt", lines);
    }

    @Test
    void bytesPerDestinationThatDisagreeWithTheRuntimesCountsAreRefused() {
        List<SuperstepTiming> timings = List.of(new SuperstepTiming(1, 1, 0, 0, 1, 1000, 0, 0));

        assertThatThrownBy(() -> new RandBenchResult.PeerRun(0, "a", START, Duration.ZERO, timings,
                bytesTo(0, 999))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("peer 0's bytes per destination {1=999} are not its 0 bytes to itself and 1000 to other"
                        + " peers");
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
