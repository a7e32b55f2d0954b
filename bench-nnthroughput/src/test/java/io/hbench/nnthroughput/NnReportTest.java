package io.hbench.nnthroughput;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's lines, byte for byte, against golden files in src/test/resources/io/hbench/nnthroughput, in six
 * default locales. Run with {@code -Dhbench.golden.update=true} to rewrite them, then read the diff before committing.
 */
class NnReportTest {
    private static final List<String> CLASSIC_LABELS = List.of("# operations:", "Elapsed Time:", "Ops per sec:",
            "Average Time:", " inputs ---", " stats  ---");
    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void classicCreateLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "classic-create.txt", withDefaultLocale(locale, () -> NnReport.classicLines(seededCreate())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchCreateLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-create.txt", withDefaultLocale(locale, () -> NnReport.hbenchLines(seededCreate())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchMixLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-mix.txt", withDefaultLocale(locale, () -> NnReport.hbenchLines(seededMix())));
    }

    @Test
    void classicStatsAreHadoopsFourLinesWithJavasOwnNumbers() {
        List<String> lines = NnReport.classicLines(seededCreate());

        assertThat(lines).containsSubsequence("--- create stats  ---", "# operations: 50000",
                "Elapsed Time: 2500", " Ops per sec: 20000.0", "Average Time: 0");
        assertThat(lines.get(0)).isEmpty();
    }

    @Test
    void noHbenchLineContainsAClassicLabel() {
        List<String> lines = new ArrayList<>(NnReport.hbenchLines(seededCreate()));
        lines.addAll(NnReport.hbenchLines(seededMix()));

        for (String label : CLASSIC_LABELS) {
            assertThat(lines).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }

    @Test
    void theBenchResultHasHadoopsFiguresPerOperationWithOpsPerSecondAsPrimary() {
        BenchResult result = seededCreate().toBenchResult(ENVIRONMENT);

        assertThat(result.benchmark()).isEqualTo("NNThroughputBenchmark");
        assertThat(result.primaryMetric()).isEqualTo("ops_per_second");
        assertThat(result.metric(create("ops")).orElseThrow().value()).isEqualTo(50_000);
        assertThat(result.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.key()).isEqualTo(create("ops_per_second"));
            assertThat(metric.value()).isEqualTo(20_000);
            assertThat(metric.better()).isEqualTo(Better.HIGHER);
        });
        assertThat(result.distributions()).extracting(d -> d.key().toString())
                .containsExactly("latency{operation=create}", "complete_latency{operation=create}");
        assertThat(result.distributions().get(0).count()).isEqualTo(50_000);
        assertThat(result.distributions().get(0).unit()).isEqualTo(Unit.SECONDS);
        assertThat(result.locations()).containsEntry("nameNode", "standalone");
    }

    @Test
    void labelsAMixsCallsWithinTheOperation() {
        BenchResult result = seededMix().toBenchResult(ENVIRONMENT);

        assertThat(result.metric(MetricKey.of("ops_per_second").withLabel("operation", "mix").withLabel("call", "open")))
                .get().extracting(Metric::value).isEqualTo(80_000 * 1e9 / Duration.ofMillis(19_875).toNanos());
        assertThat(result.distributions()).extracting(d -> d.key().toString()).contains("latency{call=open,operation=mix}");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(seededCreate().toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(NnReportTest.class, "nn-create.json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static MetricKey create(String id) {
        return MetricKey.of(id).withLabel("operation", "create");
    }

    @Test
    void theBenchResultKeepsTimesInMicrosecondsWhereTheClassicLinesRoundToZero() {
        // 3 calls in 1,234,567 ns of elapsed time, 2,000,001 ns of call time in all.
        OpResult op = new OpResult(NnOperation.FILE_STATUS, List.of(), List.of(), 3, 1_234_567, 2_000_001,
                List.of(new OpResult.Kind("fileStatus", 3, 2_000_001, Histograms.toDistribution("latency",
                        Unit.SECONDS, Histograms.newHistogram(), 1e9))),
                null, 0, false, List.of());
        NnResult result = new NnResult(NnOptions.builder(NnOperation.FILE_STATUS).build(), "standalone", START,
                START.plusSeconds(1), List.of(op));

        BenchResult bench = result.toBenchResult(ENVIRONMENT);
        MetricKey elapsed = MetricKey.of("elapsed_time").withLabel("operation", "fileStatus");
        MetricKey average = MetricKey.of("average_time").withLabel("operation", "fileStatus");

        assertThat(NnReport.classicLines(result)).contains("Elapsed Time: 1", "Average Time: 0");
        assertThat(bench.metric(elapsed).orElseThrow())
                .satisfies(m -> assertThat(m.value()).isEqualTo(0.001234567))
                .satisfies(m -> assertThat(m.unit()).isEqualTo(Unit.SECONDS));
        assertThat(bench.metric(average).orElseThrow())
                .satisfies(m -> assertThat(m.value()).isEqualTo(0.002000001 / 3))
                .satisfies(m -> assertThat(m.unit()).isEqualTo(Unit.SECONDS));
    }

    /** A create of 50,000 files with -close on 16 threads, 2.5 s, seeded latencies. */
    static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17").os("Linux").clientHost("gw1").commandLine(List.of("NNThroughputBenchmark", "-op", "create"))
            .build();

    private static NnResult seededCreate() {
        Random random = new Random(20260301L);
        NnOptions options = NnOptions.builder(NnOperation.CREATE).files(50_000).threads(16).close(true).build();
        OpResult op = new OpResult(NnOperation.CREATE, List.of("baseDir = /nnThroughputBenchmark/create",
                "nrFiles = 50000", "nrThreads = 16", "nrFilesPerDir = 4"), List.of(), 50_000,
                Duration.ofMillis(2500).toNanos(), 50_000L * 700_000, List.of(kind("create", 50_000, 700, random)),
                Histograms.toDistribution("complete_latency", Unit.SECONDS,
                        histogram(random, 50_000, 300), 1e9), 0, false,
                List.of("each create is followed by complete (-close); complete is outside the timed create call"
                        + " but inside the elapsed time"));
        return new NnResult(options, "standalone", START, START.plusSeconds(3), List.of(op));
    }

    /** A 20-second mix with warm-up. */
    private static NnResult seededMix() {
        Random random = new Random(7L);
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        weights.put(NnOperation.CREATE, 1);
        weights.put(NnOperation.OPEN, 8);
        weights.put(NnOperation.FILE_STATUS, 4);
        NnOptions options = NnOptions.builder(NnOperation.MIX).mix(weights).files(130_000).warmup(1000)
                .duration(Duration.ofSeconds(20)).build();
        OpResult op = new OpResult(NnOperation.MIX, List.of("baseDir = /nnThroughputBenchmark/mix"), List.of(),
                130_000, Duration.ofMillis(19_875).toNanos(), 130_000L * 90_000,
                List.of(kind("create", 10_000, 600, random), kind("open", 80_000, 40, random),
                        kind("fileStatus", 40_000, 25, random)), null, 1000, false, List.of("seeded"));
        return new NnResult(options, "hdfs://nn:8020", START, START.plusSeconds(21), List.of(op));
    }

    private static OpResult.Kind kind(String name, long count, int meanMicros, Random random) {
        Histogram histogram = histogram(random, count, meanMicros);
        return new OpResult.Kind(name, count, count * meanMicros * 1000L,
                Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9));
    }

    private static Histogram histogram(Random random, long count, int meanMicros) {
        Histogram histogram = Histograms.newHistogram();
        for (long i = 0; i < count; i++) {
            histogram.recordValue(1000L + (long) (Math.abs(random.nextGaussian()) * meanMicros * 1000));
        }
        return histogram;
    }
}
