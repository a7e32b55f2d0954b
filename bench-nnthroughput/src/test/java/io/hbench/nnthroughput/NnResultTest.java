package io.hbench.nnthroughput;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.hbench.load.Schedule;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The common result of a run, in base units: figures per operation against values worked out by hand, the
 * parameters an operation uses, and the JSON byte for byte against golden files in six default locales (rewrite them
 * with {@code -Dhbench.golden.update=true}, then read the diff before committing).
 */
class NnResultTest {
    // The create ran on a NameNode in the client's process, the mix against a remote one.
    private static final Environment CREATE_ENVIRONMENT = environment("file:///", null, "NNThroughputBenchmark", "-op",
            "create", "-files", "50000", "-threads", "16", "-close");
    private static final Environment CURVE_ENVIRONMENT = environment("file:///", null, "NNThroughputBenchmark", "-op",
            "create", "-threads", "1", "-rates", "100,200,400,800,1600", "-stepDuration", "1s", "-slo", "p99=1ms");
    private static final Environment NAMESERVICE_ENVIRONMENT = environment("hdfs://ns1", "3.4.2",
            "NNThroughputBenchmark", "-fs", "hdfs://ns1", "-op", "create", "-files", "50000", "-threads", "16",
            "-close");
    private static final Environment MIX_ENVIRONMENT = environment("hdfs://nn:8020", "3.4.1", "NNThroughputBenchmark",
            "-fs", "hdfs://nn:8020", "-op", "mix", "-mix", "create=1,open=8,fileStatus=4", "-files", "130000",
            "-warmup", "1000", "-duration", "20s");

    @Test
    void theBenchResultHasHadoopsFiguresPerOperationWithOpsPerSecondAsPrimary() {
        BenchResult result = SeededRuns.create().toBenchResult(CREATE_ENVIRONMENT);

        assertThat(result.benchmark()).isEqualTo("NNThroughputBenchmark");
        assertThat(result.operation()).isEqualTo("create");
        assertThat(result.primaryMetric()).isEqualTo("ops_per_second");
        // 50,000 creates in 2.5 s: 20,000 ops/s; 700,000 ns of call time each: 0.0007 s.
        assertThat(result.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.key()).isEqualTo(create("ops_per_second"));
            assertThat(metric.value()).isEqualTo(20_000);
            assertThat(metric.unit()).isEqualTo(Unit.OPERATIONS_PER_SECOND);
            assertThat(metric.better()).isEqualTo(Better.HIGHER);
        });
        assertThat(result.metrics()).containsExactly(
                new Metric(create("ops"), 50_000, Unit.COUNT, Better.NEITHER),
                new Metric(create("elapsed_time"), 2.5, Unit.SECONDS, Better.LOWER),
                new Metric(create("ops_per_second"), 20_000, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                new Metric(create("average_time"), 0.0007, Unit.SECONDS, Better.LOWER),
                new Metric(create("warmup_ops"), 0, Unit.COUNT, Better.NEITHER));
        assertThat(result.distributions()).extracting(d -> d.key().toString())
                .containsExactly("latency{operation=create}", "complete_latency{operation=create}");
        assertThat(result.distributions().get(0).count()).isEqualTo(50_000);
        assertThat(result.distributions().get(0).unit()).isEqualTo(Unit.SECONDS);
        assertThat(result.jobs()).isEmpty();
        assertThat(result.environment()).isEqualTo(CREATE_ENVIRONMENT);
    }

    /** One worker against 2 ms creates at 1,000 ops/s: 1,000 creates in 2 s, the last started 999 ms late. */
    @Test
    void aRunAtARateCarriesItsTargetHowFarBehindItEndedAndItsServiceTimes() throws InterruptedException {
        BenchResult result = SeededRuns.createAtRate(Schedule.Arrivals.FIXED, 2000).toBenchResult(CREATE_ENVIRONMENT);

        assertThat(result.metrics()).contains(
                new Metric(create("ops_per_second"), 500, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                new Metric(create("target_ops_per_second"), 1000, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                new Metric(create("behind_schedule"), 0.999, Unit.SECONDS, Better.LOWER));
        assertThat(result.distributions()).extracting(d -> d.key().toString())
                .containsExactly("latency{operation=create}", "service_time{operation=create}");
        assertThat(result.distributions().get(1).count()).isEqualTo(1000);
        assertThat(result.distributions().get(0).max()).as("latency from the intended start, s")
                .isGreaterThan(result.distributions().get(1).max());
        assertThat(result.parameters()).containsEntry("rate", "1000.0").containsEntry("arrivals", "fixed")
                .containsEntry("seed", "42");
    }

    /** {@link SeededRuns#kneeCurve}, worked out in {@link CapacityCurveTest}. */
    @Test
    void aCurveCarriesEachStepThenTheSustainedRateAsPrimaryTheKneeAndTheObjective() throws Exception {
        BenchResult result = SeededRuns.kneeCurve().toBenchResult(CURVE_ENVIRONMENT);

        assertThat(result.primaryMetric()).isEqualTo("sustained_ops_per_second");
        assertThat(result.primaryMetrics()).singleElement().extracting(Metric::value)
                .isEqualTo(200 * 1e9 / 995_500_000);
        assertThat(result.parameters()).containsEntry("rates", "100,200,400,800,1600")
                .containsEntry("stepDuration", "1").containsEntry("slo", "p99=1ms").containsEntry("threads", "1")
                .containsEntry("arrivals", "fixed").doesNotContainKeys("rate", "ramp", "steps", "files");
        assertThat(result.metrics()).containsExactly(
                step("target_ops_per_second", 1, 100, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                step("ops_per_second", 1, 100 * 1e9 / 990_200_000, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                step("behind_schedule", 1, 0, Unit.SECONDS, Better.LOWER),
                step("target_ops_per_second", 2, 200, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                step("ops_per_second", 2, 200 * 1e9 / 995_500_000, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                step("behind_schedule", 2, 0, Unit.SECONDS, Better.LOWER),
                step("target_ops_per_second", 3, 400, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                step("ops_per_second", 3, 400 * 1e9 / 999_500_000, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                step("behind_schedule", 3, 0, Unit.SECONDS, Better.LOWER),
                step("target_ops_per_second", 4, 800, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                step("ops_per_second", 4, 800 * 1e9 / 1_200_000_000, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                step("behind_schedule", 4, 199_750_000 / 1e9, Unit.SECONDS, Better.LOWER),
                new Metric(create("sustained_ops_per_second"), 200 * 1e9 / 995_500_000, Unit.OPERATIONS_PER_SECOND,
                        Better.HIGHER),
                new Metric(create("knee_ops_per_second"), 400, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                new Metric(create("slo_seconds"), 0.001, Unit.SECONDS, Better.NEITHER));
        assertThat(result.distributions()).extracting(d -> d.key().toString()).containsExactly(
                "latency{operation=create,step=1}", "service_time{operation=create,step=1}",
                "latency{operation=create,step=2}", "service_time{operation=create,step=2}",
                "latency{operation=create,step=3}", "service_time{operation=create,step=3}",
                "latency{operation=create,step=4}", "service_time{operation=create,step=4}");
        assertThat(result.distributions()).extracting(Distribution::count).containsExactly(100L, 100L, 200L, 200L,
                400L, 400L, 800L, 800L);
        assertThat(result.distributions().get(6).unit()).isEqualTo(Unit.SECONDS);
    }

    @Test
    void aCurveWhoseEveryStepPassedHasNoKnee() throws Exception {
        BenchResult result = SeededRuns.curve(NnOptions.builder(NnOperation.CREATE).threads(1).rates(100, 200)
                .stepDuration(Duration.ofSeconds(1)).build(), 200, 200).toBenchResult(CURVE_ENVIRONMENT);

        assertThat(result.metric(create("knee_ops_per_second"))).isEmpty();
        assertThat(result.metric(create("sustained_ops_per_second"))).get().extracting(Metric::value)
                .isEqualTo(200 * 1e9 / 995_200_000);
        assertThat(result.metric(create("slo_seconds"))).get().extracting(Metric::value).isEqualTo(0.01);
        assertThat(result.parameters()).containsEntry("slo", "p99=10ms").containsEntry("stepDuration", "1");
    }

    @Test
    void aMixsCurveLabelsEachCallsDistributionsWithTheStep() throws Exception {
        BenchResult result = SeededRuns.mixCurve().toBenchResult(CURVE_ENVIRONMENT);

        assertThat(result.distributions()).extracting(d -> d.key().toString()).containsExactly(
                "latency{call=create,operation=mix,step=1}", "service_time{call=create,operation=mix,step=1}",
                "latency{call=fileStatus,operation=mix,step=1}", "service_time{call=fileStatus,operation=mix,step=1}");
        assertThat(result.distributions()).extracting(Distribution::count).containsExactly(50L, 50L, 50L, 50L);
        assertThat(result.metric(MetricKey.of("ops_per_second").withLabel("operation", "mix").withLabel("step", "1")))
                .get().extracting(Metric::value).isEqualTo(100 * 1e9 / 990_100_000);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonOfACurveInEveryDefaultLocale(Locale locale) throws Exception {
        NnResult curve = SeededRuns.kneeCurve();
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(curve.toBenchResult(CURVE_ENVIRONMENT)));

        GoldenFiles.assertMatches(NnResultTest.class, "nn-create-curve.json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static Metric step(String id, int step, double value, Unit unit, Better better) {
        return new Metric(create(id).withLabel("step", Integer.toString(step)), value, unit, better);
    }

    @Test
    void aClosedLoopRunHasNoScheduleParameters() {
        assertThat(SeededRuns.create().toBenchResult(CREATE_ENVIRONMENT).parameters())
                .doesNotContainKeys("rate", "arrivals", "seed");
    }

    @Test
    void labelsAMixsCallsWithinTheOperation() {
        BenchResult result = SeededRuns.mix().toBenchResult(MIX_ENVIRONMENT);
        MetricKey open = MetricKey.of("ops").withLabel("operation", "mix").withLabel("call", "open");

        assertThat(result.metric(open)).get().extracting(Metric::value).isEqualTo(80_000.0);
        assertThat(result.metric(MetricKey.of("ops_per_second").withLabel("operation", "mix")
                .withLabel("call", "open"))).get().extracting(Metric::value)
                .isEqualTo(80_000 * 1e9 / Duration.ofMillis(19_875).toNanos());
        assertThat(result.distributions()).extracting(d -> d.key().toString()).containsExactly(
                "latency{call=create,operation=mix}", "latency{call=open,operation=mix}",
                "latency{call=fileStatus,operation=mix}");
    }

    @Test
    void theBenchResultKeepsTimesInSecondsWhereTheClassicLinesRoundToZero() {
        // 3 calls in 1,234,567 ns of elapsed time, 2,000,001 ns of call time in all: 666,667 ns a call.
        OpResult op = new OpResult(NnOperation.FILE_STATUS, List.of(), List.of(), 3, 1_234_567, 2_000_001,
                List.of(new OpResult.Kind("fileStatus", 3, 2_000_001, Histograms.toDistribution("latency",
                        Unit.SECONDS, Histograms.newHistogram(), 1e9))),
                null, 0, false, List.of());
        NnResult result = new NnResult(NnOptions.builder(NnOperation.FILE_STATUS).build().resolve(new Configuration()), "standalone",
                SeededRuns.START, SeededRuns.START.plusSeconds(1), List.of(op));

        BenchResult bench = result.toBenchResult(CREATE_ENVIRONMENT);
        MetricKey elapsed = MetricKey.of("elapsed_time").withLabel("operation", "fileStatus");
        MetricKey average = MetricKey.of("average_time").withLabel("operation", "fileStatus");

        assertThat(NnReport.classicLines(result)).contains("Elapsed Time: 1", "Average Time: 0");
        assertThat(bench.metric(elapsed).orElseThrow())
                .satisfies(m -> assertThat(m.value()).isEqualTo(0.001234567))
                .satisfies(m -> assertThat(m.unit()).isEqualTo(Unit.SECONDS));
        assertThat(bench.metric(average).orElseThrow())
                .satisfies(m -> assertThat(m.value()).isEqualTo(0.000666667))
                .satisfies(m -> assertThat(m.unit()).isEqualTo(Unit.SECONDS));
    }

    @Test
    void theParametersAreTheOptionsTheOperationUsesAndTheDirectoriesAreLocations() {
        BenchResult result = SeededRuns.create().toBenchResult(CREATE_ENVIRONMENT);

        assertThat(result.parameters()).containsExactly(entry("threads", "16"), entry("files", "50000"),
                entry("filesPerDir", "4"), entry("close", "true"), entry("blockSize", "16"), entry("logLevel", "ERROR"),
                entry("ugCacheRefreshCount", "never"), entry("nonSuperUser", "false"), entry("duration", "none"),
                entry("warmup", "0"), entry("histograms", "true"));
        assertThat(result.locations()).containsExactly(entry("nameNode", "standalone"),
                entry("baseDirName", "/nnThroughputBenchmark"));
    }

    @Test
    void aMixsParametersHaveItsWeightsAndItsDurationInSeconds() {
        BenchResult result = SeededRuns.mix().toBenchResult(MIX_ENVIRONMENT);

        assertThat(result.parameters()).contains(entry("mix", "create=1,open=8,fileStatus=4"),
                entry("duration", "20.0"), entry("files", "130000"), entry("warmup", "1000"))
                .doesNotContainKeys("close", "dirs", "datanodes", "keepResults", "baseDirName");
        assertThat(result.locations()).containsEntry("nameNode", "hdfs://nn:8020");
    }

    @Test
    void allHasTheParametersOfEveryOperationItRuns() {
        OpResult op = new OpResult(NnOperation.CLEAN, List.of(), List.of(), 1, 1000, 1000,
                List.of(new OpResult.Kind("clean", 1, 1000, Histograms.toDistribution("latency", Unit.SECONDS,
                        Histograms.newHistogram(), 1e9))), null, 0, false, List.of());
        NnOptions options = NnOptions.builder(NnOperation.ALL).dirs(7).datanodes(4).ugCacheRefreshCount(50).build()
                .resolve(new Configuration());
        NnResult result = new NnResult(options, "standalone", SeededRuns.START, SeededRuns.START.plusSeconds(1),
                List.of(op));

        assertThat(result.toBenchResult(CREATE_ENVIRONMENT).parameters().keySet()).containsExactly("threads", "files",
                "filesPerDir", "dirs", "dirsPerDir", "close", "useExisting", "appendNewBlk", "blockSize", "datanodes",
                "reports", "blocksPerReport", "blocksPerFile", "nodesToDecommission", "nodeReplicationLimit",
                "totalBlocks", "replication", "logLevel", "ugCacheRefreshCount", "nonSuperUser", "duration", "warmup",
                "histograms");
        assertThat(result.toBenchResult(CREATE_ENVIRONMENT).parameters()).contains(entry("dirs", "7"),
                entry("datanodes", "4"), entry("ugCacheRefreshCount", "50"));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonOfACreateInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                SeededRuns.create().toBenchResult(CREATE_ENVIRONMENT)));

        GoldenFiles.assertMatches(NnResultTest.class, "nn-create.json", json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonOfAMixInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                SeededRuns.mix().toBenchResult(MIX_ENVIRONMENT)));

        GoldenFiles.assertMatches(NnResultTest.class, "nn-mix.json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRunOnANameserviceCarriesItsLongestStretchWithoutACompletionAndItsSeriesPerSecond() {
        BenchResult result = SeededRuns.createOnNameservice().toBenchResult(NAMESERVICE_ENVIRONMENT);

        assertThat(result.metric(create("longest_completion_gap"))).contains(new Metric(
                create("longest_completion_gap"), 1.843412, Unit.SECONDS, Better.LOWER));
        assertThat(result.metric(create("operations_waited_through_gap"))).contains(new Metric(
                create("operations_waited_through_gap"), 16, Unit.COUNT, Better.LOWER));
        assertThat(result.outputs()).containsEntry("longest_completion_gap_start{operation=create}",
                "2026-03-01T09:59:31.862Z");
        assertThat(result.timeSeries()).extracting(series -> series.key().toString()).containsExactly(
                "completed_ops{operation=create}", "latency_mean{operation=create}", "latency_max{operation=create}");
        assertThat(result.timeSeries().get(0).values()).containsExactly(20_000.0, 8_000.0, 22_000.0);
        assertThat(result.timeSeries().get(1).values()).containsExactly(0.0007, 35.088 / 8_000, 0.0007);
        assertThat(result.timeSeries().get(2).values()).containsExactly(0.0021, 1.843412, 0.0019);
    }

    @Test
    void aRunOffANameserviceHasNoTimeline() {
        assertThat(SeededRuns.create().operations().get(0).timeline()).isEmpty();
        assertThat(SeededRuns.create().toBenchResult(CREATE_ENVIRONMENT).timeSeries()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonOfACreateOnANameserviceInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                SeededRuns.createOnNameservice().toBenchResult(NAMESERVICE_ENVIRONMENT)));

        GoldenFiles.assertMatches(NnResultTest.class, "nn-create-nameservice.json",
                json.getBytes(StandardCharsets.UTF_8));
    }

    private static MetricKey create(String id) {
        return MetricKey.of(id).withLabel("operation", "create");
    }

    private static Environment environment(String fileSystem, String clusterHadoopVersion, String... commandLine) {
        return Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
                .clusterHadoopVersion(clusterHadoopVersion).java("17.0.15 (Debian)").os("Linux 6.1.0 amd64")
                .clientHost("gw1").commandLine(List.of(commandLine)).configuration("fs.defaultFS", fileSystem).build();
    }
}
