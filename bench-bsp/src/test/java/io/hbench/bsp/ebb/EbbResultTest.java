package io.hbench.bsp.ebb;

import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.MetricKey;
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
            exchanges.add(new EbbResult.Exchange(1000, 0, peer, "node-" + peer, peer ^ 1, round0[peer]));
            exchanges.add(new EbbResult.Exchange(1000, 1, peer, "node-" + peer, 3 - peer, 10_000));
            exchanges.add(new EbbResult.Exchange(2000, 0, peer, "node-" + peer, peer ^ 2, 20_000));
            exchanges.add(new EbbResult.Exchange(2000, 1, peer, "node-" + peer, peer ^ 1, 20_000));
        }
        List<EbbResult.Exchange> baseline = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int peer = 0; peer < 2; peer++) {
                baseline.add(new EbbResult.Exchange(1000, round, peer, "node-" + peer, 1 - peer, 5_000));
                baseline.add(new EbbResult.Exchange(2000, round, peer, "node-" + peer, 1 - peer, 10_000));
            }
        }
        List<EbbResult.PeerSpan> spans = new ArrayList<>();
        for (int peer = 0; peer < 4; peer++) {
            spans.add(new EbbResult.PeerSpan(peer, START.plusMillis(100 + 10 * peer), Duration.ofMillis(700 - 10 * peer)));
        }
        List<EbbResult.PeerSpan> baselineSpans = List.of(
                new EbbResult.PeerSpan(0, START.plusMillis(900), Duration.ofMillis(450)),
                new EbbResult.PeerSpan(1, START.plusMillis(920), Duration.ofMillis(410)));
        return new EbbResult(options, START, START.plusMillis(1_500),
                new EbbResult.Run(4, spans, exchanges, Optional.of(RUN_JOB)),
                Optional.of(new EbbResult.Run(2, baselineSpans, baseline, Optional.of(BASELINE_JOB))));
    }

    @Test
    void roundBandwidthIsSizeOverTheRoundsAverageExchangeTime() {
        EbbResult.Run run = known().run();

        assertThat(run.averageNanos(1000, 0)).isEqualTo(20_000);
        assertThat(run.bytesPerSecond(1000, 0)).isCloseTo(50e6, within(1e-6));
        assertThat(run.bytesPerSecond(1000, 1)).isCloseTo(100e6, within(1e-6));
    }

    @Test
    void effectiveBisectionBandwidthIsSizeOverTheAverageOfAllRounds() {
        EbbResult.Run run = known().run();

        assertThat(run.averageNanos(1000)).isEqualTo(15_000);
        assertThat(run.bytesPerSecond(1000)).isCloseTo(1000 / 15e-6, within(1e-6));
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
