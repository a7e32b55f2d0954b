package io.hbench.bsp.ebb;

import io.hbench.bsp.PeerSpan;
import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.MetricKey;
import io.hbench.result.Outcome;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** EBB's arithmetic on known exchange times, worked out by hand, and its printed lines against a golden file. */
class EbbResultTest {
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17").os("Linux").clientHost("gw1").commandLine(List.of("EBB", "-s", "1000-2000")).build();
    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final SubmittedJob RUN_JOB = new SubmittedJob("job_1700000000000_0011", "EBB ebb 4 peers (BSP, 4 peers)",
            "http://rm:8088/proxy/application_1700000000000_0011/");
    private static final SubmittedJob BASELINE_JOB = new SubmittedJob("job_1700000000000_0012",
            "EBB ebb 2 peers (BSP, 2 peers)", null);

    /**
     * 4 peers, sizes 1000 and 2000, 2 rounds, 2 buckets, with a baseline. Size 1000: round 0 takes 10, 10, 20, 40 us
     * (average 20 us: 50 MB/s), round 1 10 us each (100 MB/s); overall 15 us, 66.667 MB/s. Size 2000: 20 us each,
     * 100 MB/s. Baseline: 5 us for 1000 bytes, 10 us for 2000: 200 MB/s, so relative 1/3 and 1/2.
     */
    static EbbResult known() {
        EbbOptions options = EbbOptions.builder(1000, 2000).rounds(2).buckets(2).relative(true)
                .settings(BspTestSupport.settings(4, 42)).build();
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        long[] round0 = {10_000, 10_000, 20_000, 40_000};
        for (int peer = 0; peer < 4; peer++) {
            exchanges.add(new EbbResult.Exchange(1000, 0, peer, peer ^ 1, round0[peer]));
            exchanges.add(new EbbResult.Exchange(1000, 1, peer, 3 - peer, 10_000));
            exchanges.add(new EbbResult.Exchange(2000, 0, peer, peer ^ 2, 20_000));
            exchanges.add(new EbbResult.Exchange(2000, 1, peer, peer ^ 1, 20_000));
        }
        List<EbbResult.Exchange> baseline = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int peer = 0; peer < 2; peer++) {
                baseline.add(new EbbResult.Exchange(1000, round, peer, 1 - peer, 5_000));
                baseline.add(new EbbResult.Exchange(2000, round, peer, 1 - peer, 10_000));
            }
        }
        List<PeerSpan> spans = new ArrayList<>();
        for (int peer = 0; peer < 4; peer++) {
            spans.add(new PeerSpan(peer, "node-" + peer, START.plusMillis(100 + 10 * peer),
                    Duration.ofMillis(700 - 10 * peer)));
        }
        List<PeerSpan> baselineSpans = List.of(
                new PeerSpan(0, "node-0", START.plusMillis(900), Duration.ofMillis(450)),
                new PeerSpan(1, "node-1", START.plusMillis(920), Duration.ofMillis(410)));
        return new EbbResult(options, START, START.plusMillis(1_500),
                new EbbResult.Run(4, spans, exchanges, Optional.of(RUN_JOB)),
                Optional.of(new EbbResult.Run(2, baselineSpans, baseline, Optional.of(BASELINE_JOB))));
    }

    /**
     * 4 peers, 0 and 2 on w1, 1 on w2, 3 on w3; size 1000, 2 rounds. Round 0 pairs 0-2, on w1 (1 us each, through its
     * loopback), and 1-3 (10 us each); round 1 pairs 0-1 (10 us each) and 2-3 (30 us each), all between hosts.
     * Counted: 10, 10 | 10, 10, 30, 30 us, average 100 / 6 = 16.667 us: 60 MB/s; round 0's 10 us: 100 MB/s. Left
     * out: 1, 1 us: 1000 MB/s. Counting them too would give 102 / 8 = 12.75 us: 78.4 MB/s, faster than any link.
     */
    static EbbResult sharedHost(boolean relative, String... baselineHosts) {
        EbbOptions options = EbbOptions.builder(1000, 1000).rounds(2).relative(relative)
                .settings(BspTestSupport.settings(4, 42)).build();
        int[][] partner = {{2, 3, 0, 1}, {1, 0, 3, 2}};
        long[][] nanos = {{1_000, 10_000, 1_000, 10_000}, {10_000, 10_000, 30_000, 30_000}};
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int peer = 0; peer < 4; peer++) {
                exchanges.add(new EbbResult.Exchange(1000, round, peer, partner[round][peer], nanos[round][peer]));
            }
        }
        return new EbbResult(options, START, START.plusSeconds(1), new EbbResult.Run(4,
                spans("w1", "w2", "w1", "w3"), exchanges, Optional.of(RUN_JOB)), relative
                ? Optional.of(twoPeers(baselineHosts, 5_000)) : Optional.empty());
    }

    /** A 2-peer run of size 1000 and 2 rounds, each exchange taking {@code nanos}. */
    private static EbbResult.Run twoPeers(String[] hosts, long nanos) {
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int peer = 0; peer < 2; peer++) {
                exchanges.add(new EbbResult.Exchange(1000, round, peer, 1 - peer, nanos));
            }
        }
        return new EbbResult.Run(2, spans(hosts), exchanges, Optional.of(BASELINE_JOB));
    }

    private static List<PeerSpan> spans(String... hosts) {
        List<PeerSpan> spans = new ArrayList<>();
        for (int peer = 0; peer < hosts.length; peer++) {
            spans.add(new PeerSpan(peer, hosts[peer], START.plusMillis(10 * peer), Duration.ofMillis(500)));
        }
        return spans;
    }

    @Test
    void exchangesBetweenPeersOnOneHostAreLeftOutOfTheEffectiveBisectionBandwidth() {
        EbbResult.Run run = sharedHost(false).run();

        assertThat(run.hostCount()).isEqualTo(3);
        assertThat(run.counted(1000)).hasSize(6);
        assertThat(run.leftOut(1000)).extracting(EbbResult.Exchange::peer).containsExactly(0, 2);
        assertThat(run.bytesPerSecond(1000)).hasValueCloseTo(60e6, within(1e-6));
        assertThat(run.bytesPerSecond(1000, 0)).hasValueCloseTo(100e6, within(1e-6));
        assertThat(run.leftOutBytesPerSecond(1000)).hasValueCloseTo(1e9, within(1e-6));
    }

    @Test
    void peersThatSharedAHostAreNamedWithTheExchangesLeftOut() {
        EbbResult result = sharedHost(false);

        assertThat(result.notices()).containsExactly("the 4 peers ran on 3 hosts (2 on w1): 2 of 8 exchanges were"
                + " between two peers on one host, left out of the figures");
        BenchResult bench = result.toBenchResult(ENVIRONMENT);
        assertThat(bench.metric(MetricKey.of("peer_hosts"))).hasValueSatisfying(metric ->
                assertThat(metric.value()).isEqualTo(3));
        assertThat(bench.metric(MetricKey.of("counted_exchanges").withLabel("message_size", "1000")))
                .hasValueSatisfying(metric -> assertThat(metric.value()).isEqualTo(6));
        assertThat(bench.metric(MetricKey.of("left_out_exchanges").withLabel("message_size", "1000")))
                .hasValueSatisfying(metric -> assertThat(metric.value()).isEqualTo(2));
        assertThat(bench.metric(MetricKey.of("bandwidth").withLabel("message_size", "1000")))
                .hasValueSatisfying(metric -> assertThat(metric.value()).isCloseTo(60e6, within(1e-6)));
        assertThat(bench.metric(MetricKey.of("same_host_bandwidth").withLabel("message_size", "1000")))
                .hasValueSatisfying(metric -> assertThat(metric.value()).isCloseTo(1e9, within(1e-6)));
        assertThat(bench.distributions().get(0).count()).as("connections counted").isEqualTo(6);
        assertThat(bench.outputs()).containsEntry("placement", result.notices().get(0));
    }

    @Test
    void peersThatSharedAHostButWereNeverPairedLeaveNothingOutAndSaySo() {
        EbbOptions options = EbbOptions.builder(1000, 1000).rounds(1).settings(BspTestSupport.settings(4, 42)).build();
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        for (int peer = 0; peer < 4; peer++) {
            exchanges.add(new EbbResult.Exchange(1000, 0, peer, peer ^ 1, 10_000));
        }
        EbbResult result = new EbbResult(options, START, START.plusSeconds(1), new EbbResult.Run(4,
                spans("w1", "w2", "w1", "w3"), exchanges, Optional.empty()), Optional.empty());

        assertThat(result.run().leftOut(1000)).isEmpty();
        assertThat(result.notices()).containsExactly("the 4 peers ran on 3 hosts (2 on w1): no round paired two of"
                + " them, so every exchange was between hosts");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesOfPeersThatSharedAHostMatchTheirGoldenFile(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> EbbTool.lines(sharedHost(false)));

        GoldenFiles.assertMatches(EbbResultTest.class, "ebb-shared-host.txt", lines);
    }

    @Test
    void aBaselineWhosePeersSharedAHostIsNoReferenceForPeersOnSeveral() {
        EbbResult result = sharedHost(true, "w2", "w2");

        assertThat(result.relative(1000)).isEmpty();
        assertThat(result.notices()).endsWith("the baseline's 2 peers ran on one host (w2): its figures are of that"
                + " host's loopback, so there is no baseline or relative figure");
        assertThat(EbbTool.lines(result)).contains("size 1000 baseline (2 peers): both ran on one host, so no baseline"
                + " between hosts");
        BenchResult bench = result.toBenchResult(ENVIRONMENT);
        assertThat(bench.metrics("baseline_bandwidth")).isEmpty();
        assertThat(bench.metrics("relative_bandwidth")).isEmpty();
        assertThat(bench.metric(MetricKey.of("baseline_peer_hosts"))).hasValueSatisfying(metric ->
                assertThat(metric.value()).isEqualTo(1));
    }

    @Test
    void aBaselineOnTwoHostsIsTheReferenceOfPeersOnSeveral() {
        EbbResult result = sharedHost(true, "w2", "w3");

        // 60 MB/s against 1000 bytes in 5 us, 200 MB/s.
        assertThat(result.relative(1000)).hasValueSatisfying(value -> assertThat(value).isCloseTo(0.3, within(1e-12)));
    }

    /** {@link #sharedHost}'s exchanges with every peer on vm: all through its loopback, 102 / 8 = 12.75 us. */
    static EbbResult oneHost() {
        EbbResult shared = sharedHost(true, "vm", "vm");
        return new EbbResult(shared.options(), START, START.plusSeconds(1), new EbbResult.Run(4,
                spans("vm", "vm", "vm", "vm"), shared.run().exchanges(), Optional.empty()), shared.baseline());
    }

    @Test
    void peersOnOneHostHaveNoBisectionAndSaySoOfTheirLoopbacksFigures() {
        EbbResult result = oneHost();

        assertThat(result.run().counted(1000)).hasSize(8);
        assertThat(result.run().leftOut(1000)).isEmpty();
        assertThat(result.run().bytesPerSecond(1000)).hasValueCloseTo(1000 / 12.75e-6, within(1e-6));
        assertThat(result.notices()).containsExactly("all 4 peers ran on one host (vm): no exchange crossed a network,"
                + " so there is no bisection bandwidth, and the figures are of that host's loopback");
        assertThat(result.toBenchResult(ENVIRONMENT).outputs()).containsEntry("placement", result.notices().get(0));
        // Both on one host: the ratio says how the host shares its loopback among 4 peers rather than 2.
        assertThat(result.relative(1000)).hasValueSatisfying(value -> assertThat(value)
                .isCloseTo(5 / 12.75, within(1e-12)));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesOfPeersOnOneHostMatchTheirGoldenFile(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> EbbTool.lines(oneHost()));

        GoldenFiles.assertMatches(EbbResultTest.class, "ebb-one-host.txt", lines);
    }

    @Test
    void aSizeOfWhichNoExchangeCrossedHostsFailsTheRunNamingIt() {
        EbbOptions options = EbbOptions.builder(1000, 1000).rounds(1).settings(BspTestSupport.settings(4, 42)).build();
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        for (int peer = 0; peer < 4; peer++) {
            exchanges.add(new EbbResult.Exchange(1000, 0, peer, peer ^ 1, 1_000));
        }
        EbbResult result = new EbbResult(options, START, START.plusSeconds(1), new EbbResult.Run(4,
                spans("a", "a", "b", "b"), exchanges, Optional.empty()), Optional.empty());

        assertThat(result.failures()).containsExactly("size 1000: no exchange ran between peers on different hosts"
                + " (the 4 peers ran on 2 hosts, and every round paired peers on one host); run more rounds (-r) or"
                + " fewer peers per host");
        assertThat(result.toBenchResult(ENVIRONMENT).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(EbbTool.lines(result)).contains("size 1000 round 0: no exchange between hosts; 4 on one host left"
                + " out", "size 1000 all rounds: no exchange between hosts; 4 on one host left out: average"
                + " 0.00100 ms, 953.674 MiB/s");
    }

    @Test
    void roundBandwidthIsSizeOverTheRoundsAverageExchangeTime() {
        EbbResult.Run run = known().run();

        assertThat(run.averageNanos(1000, 0)).hasValue(20_000);
        assertThat(run.bytesPerSecond(1000, 0)).hasValueCloseTo(50e6, within(1e-6));
        assertThat(run.bytesPerSecond(1000, 1)).hasValueCloseTo(100e6, within(1e-6));
    }

    @Test
    void effectiveBisectionBandwidthIsSizeOverTheAverageOfAllRounds() {
        EbbResult.Run run = known().run();

        assertThat(run.averageNanos(1000)).hasValue(15_000);
        assertThat(run.bytesPerSecond(1000)).hasValueCloseTo(1000 / 15e-6, within(1e-6));
    }

    @Test
    void bucketsSplitMinToMaxConnectionBandwidthIntoEqualWidthsAndCountTheMaxInTheLast() {
        EbbResult.Buckets buckets = known().run().buckets(1000, 2);

        assertThat(buckets.min()).isCloseTo(25e6, within(1e-6));
        assertThat(buckets.width()).isCloseTo(37.5e6, within(1e-6));
        assertThat(buckets.counts()).containsExactly(2, 6);
        assertThat(known().run().buckets(2000, 2).counts()).as("all equal").containsExactly(8, 0);
    }

    @Test
    void relativeIsTheRunsBandwidthOverTheTwoPeerBaselines() {
        EbbResult result = known();

        assertThat(result.relative(1000)).hasValueSatisfying(value -> assertThat(value).isCloseTo(1 / 3.0, within(1e-12)));
        assertThat(result.relative(2000)).hasValueSatisfying(value -> assertThat(value).isCloseTo(0.5, within(1e-12)));
    }

    @Test
    void theBenchResultHasOneSamplePerConnectionAndRoundWithItsPartner() {
        BenchResult bench = known().toBenchResult(ENVIRONMENT);

        assertThat(bench.taskSamples()).hasSize(16 + 8);
        assertThat(bench.taskSamples().get(0).id()).isEqualTo("size 1000 round 0 peer 0");
        assertThat(bench.taskSamples().get(0).metric("partner").orElseThrow().value()).isEqualTo(1);
        assertThat(bench.taskSamples().get(0).metric("bandwidth").orElseThrow().value()).isCloseTo(100e6, within(1e-6));
        assertThat(bench.metric(MetricKey.of("relative_bandwidth").withLabel("message_size", "2000")).orElseThrow()
                .value()).isCloseTo(0.5, within(1e-12));
        assertThat(bench.distributions()).hasSize(2);
        assertThat(bench.primaryMetrics()).extracting(metric -> metric.key().toString())
                .containsExactly("bandwidth{message_size=1000}", "bandwidth{message_size=2000}");
        assertThat(bench.primaryMetrics().get(0).value()).isCloseTo(1000 / 15e-6, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void theJsonMatchesItsGoldenFileAndTheSchemaInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(known().toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(EbbResultTest.class, "ebb.json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theBenchResultNamesTheRunsJobThenTheBaselines() {
        EbbResult result = known();

        assertThat(result.jobs()).containsExactly(RUN_JOB, BASELINE_JOB);
        assertThat(result.toBenchResult(ENVIRONMENT).jobs()).containsExactly(RUN_JOB, BASELINE_JOB);
    }

    @Test
    void everyExchangesSampleSpansItsPeersOwnProgramAsThePeerTimedIt() {
        List<TaskSample> samples = known().toBenchResult(ENVIRONMENT).taskSamples();

        assertThat(samples).filteredOn(sample -> sample.id().endsWith("peer 3") && !sample.id().startsWith("baseline"))
                .hasSize(4).allSatisfy(sample -> {
                    assertThat(sample.start()).isEqualTo(START.plusMillis(130));
                    assertThat(sample.duration()).isEqualTo(Duration.ofMillis(670));
                });
        assertThat(samples).filteredOn(sample -> sample.id().equals("baseline size 2000 round 1 peer 1"))
                .singleElement().satisfies(sample -> {
                    assertThat(sample.start()).isEqualTo(START.plusMillis(920));
                    assertThat(sample.duration()).isEqualTo(Duration.ofMillis(410));
                });
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printedLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> EbbTool.lines(known()));

        GoldenFiles.assertMatches(EbbResultTest.class, "ebb.txt", lines);
    }
}
