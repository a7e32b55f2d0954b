package io.hbench.metadata;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

import io.hbench.load.ClassicFigures;
import io.hbench.load.CompletionGap;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.Schedule;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.RpcCounters;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Outcome;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The common result of a run, in base units, against figures worked out by hand, and its JSON byte for byte against a
 * golden file in six default locales (rewrite it with {@code -Dhbench.golden.update=true}, then read the diff).
 */
class FsMetadataResultTest {
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17.0.15 (Debian)").os("Linux 6.1.0 amd64").clientHost("gw1")
            .commandLine(List.of("FsMetadata", "-op", "all", "-files", "2000", "-threads", "8", "-baseDir",
                    "s3a://bench-bucket/benchmarks/FsMetadata"))
            .configuration("fs.defaultFS", "hdfs://nn:8020").build();

    @Test
    void opsPerSecondIsTheOperationsOverTheMeasuredTimeExactly() {
        // 3 calls in 1,234,567 ns, 2,000,001 ns of call time: Hadoop's whole milliseconds round both down.
        ClassicFigures figures = new ClassicFigures(3, 1_234_567, 2_000_001);

        assertThat(figures.opsPerSecond()).isEqualTo(3 * 1e9 / 1_234_567);
        assertThat(figures.elapsedMillis()).isEqualTo(1);
        assertThat(figures.averageMillis()).isZero();
        assertThat(figures.averageSeconds()).isEqualTo(0.000666667);
        assertThat(figures.statsLines("fileStatus")).containsExactly("--- fileStatus stats  ---", "# operations: 3",
                "Elapsed Time: 1", " Ops per sec: " + 3 * 1e9 / 1_234_567, "Average Time: 0");
        assertThat(new ClassicFigures(0, 0, 0).opsPerSecond()).isZero();
    }

    @Test
    void theBenchResultHasOpsPerSecondPerOperationAsPrimaryInBaseUnits() {
        FsMetadataResult run = SeededFsRuns.all();
        BenchResult result = run.toBenchResult(ENVIRONMENT);
        FsOpResult create = run.operations().get(0);

        assertThat(result.benchmark()).isEqualTo("FsMetadata");
        assertThat(result.operation()).isEqualTo("all");
        assertThat(result.primaryMetric()).isEqualTo("ops_per_second");
        assertThat(result.primaryMetrics()).extracting(metric -> metric.labels().get("operation"))
                .containsExactly("create", "mkdirs", "open", "fileStatus", "list", "rename", "delete");
        assertThat(result.metrics().subList(0, 4)).containsExactly(
                new Metric(key("ops", "create"), 2000, Unit.COUNT, Better.NEITHER),
                new Metric(key("elapsed_time", "create"), 7.25, Unit.SECONDS, Better.LOWER),
                new Metric(key("ops_per_second", "create"), 2000 / 7.25, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                new Metric(key("average_time", "create"), create.figures().cumulativeNanos() / 2000.0 / 1e9,
                        Unit.SECONDS, Better.LOWER));
        assertThat(result.distributions()).extracting(d -> d.key().toString()).contains("latency{operation=list}");
        assertThat(result.distributions().get(4).count()).isEqualTo(500);
    }

    @Test
    void theWorkloadIsParametersTheStoreLocationsAndTheRenameNoteAnOutput() {
        BenchResult result = SeededFsRuns.all().toBenchResult(ENVIRONMENT);

        assertThat(result.parameters()).containsExactly(entry("threads", "8"), entry("files", "2000"),
                entry("filesPerDir", "4"));
        assertThat(result.locations()).containsExactly(entry("fileSystem", "s3a://bench-bucket"),
                entry("baseDir", "s3a://bench-bucket/benchmarks/FsMetadata"));
        assertThat(result.outputs()).containsOnlyKeys(FsMetadataResult.RENAME_NOTE_OUTPUT);
        assertThat(result.outputs().get(FsMetadataResult.RENAME_NOTE_OUTPUT))
                .startsWith("s3a://bench-bucket is an object store: rename copies each object");
    }

    /** One worker against 2 ms creates at 1,000 ops/s: 1,000 creates in 2 s, the last started 999 ms late. */
    @Test
    void aRunAtARateCarriesItsScheduleItsTargetHowFarBehindItEndedAndItsServiceTimes() throws Exception {
        BenchResult result = SeededFsRuns.createAtRate(Schedule.Arrivals.FIXED, 2000).toBenchResult(ENVIRONMENT);

        assertThat(result.parameters()).containsExactly(entry("threads", "1"), entry("files", "1000"),
                entry("filesPerDir", "4"), entry("rate", "1000.0"), entry("arrivals", "fixed"), entry("seed", "42"));
        assertThat(result.metrics()).contains(
                new Metric(key("ops_per_second", "create"), 500, Unit.OPERATIONS_PER_SECOND, Better.HIGHER),
                new Metric(key("target_ops_per_second", "create"), 1000, Unit.OPERATIONS_PER_SECOND, Better.NEITHER),
                new Metric(key("behind_schedule", "create"), 0.999, Unit.SECONDS, Better.LOWER));
        assertThat(result.distributions()).extracting(d -> d.key().toString())
                .containsExactly("latency{operation=create}", "service_time{operation=create}");
        assertThat(result.distributions().get(1).count()).isEqualTo(1000);
        assertThat(result.distributions().get(0).max()).as("latency from the intended start, s")
                .isGreaterThan(0.999);
        ResultSchema.assertValid(result);
    }

    @Test
    void aCountThatDoesNotMatchFailsTheRunNamingItsOperation() {
        BenchResult failed = SeededFsRuns.all().toBenchResult(ENVIRONMENT);
        FsMetadataResult passed = new FsMetadataResult(FsMetadataOptions.builder(FsOperation.OPEN).build(), "file:///",
                "file:/tmp/m", Optional.empty(), SeededFsRuns.START, SeededFsRuns.START.plusSeconds(1),
                List.of(SeededFsRuns.op(FsOperation.OPEN, 10, 5_000_000, 1, new Random(1), List.of())),
                Optional.empty());

        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.failures()).containsExactly("delete: 1 of the 2000 files are left under"
                + " s3a://bench-bucket/benchmarks/FsMetadata/delete after deleting every one");
        assertThat(passed.toBenchResult(ENVIRONMENT).outcome()).isEqualTo(Outcome.PASSED);
        assertThat(passed.toBenchResult(ENVIRONMENT).outputs()).isEmpty();
    }

    @Test
    void aRunOnANameserviceGivesItsLongestStretchWithoutACompletionInItsResultAndLines() {
        FsOpResult open = SeededFsRuns.op(FsOperation.OPEN, 10, 5_000_000, 1, new Random(1), List.of());
        CompletionGap gap = new CompletionGap(SeededFsRuns.START.plusMillis(1500), Duration.ofMillis(2250), 3);
        CompletionTimeline timeline = new CompletionTimeline(SeededFsRuns.START, new long[] {4, 0, 0, 6},
                new long[] {8_000_000, 0, 0, 9_000_000_000L}, new long[] {2_000_000, 0, 0, 2_500_000_000L}, gap);
        FsMetadataResult result = new FsMetadataResult(FsMetadataOptions.builder(FsOperation.OPEN).build(),
                "hdfs://ns1", "hdfs://ns1/m", Optional.empty(), SeededFsRuns.START, SeededFsRuns.START.plusSeconds(4),
                List.of(new FsOpResult(open.operation(), open.inputLines(), open.figures(), open.latency(),
                        open.checked(), open.failures(), null, timeline)), Optional.empty());
        BenchResult json = result.toBenchResult(ENVIRONMENT);
        ResultSchema.assertValid(json);

        assertThat(json.metric(key("longest_completion_gap", "open"))).contains(new Metric(
                key("longest_completion_gap", "open"), 2.25, Unit.SECONDS, Better.LOWER));
        assertThat(json.metric(key("operations_waited_through_gap", "open"))).contains(new Metric(
                key("operations_waited_through_gap", "open"), 3, Unit.COUNT, Better.LOWER));
        assertThat(json.timeSeries().get(0).values()).containsExactly(4.0, 0.0, 0.0, 6.0);
        assertThat(json.timeSeries().get(1).values()).containsExactly(0.002, 0.0, 0.0, 1.5);
        assertThat(FsMetadataReport.hbenchLines(result)).containsSubsequence("Throughput ops/s: 2000",
                "Longest stretch without a completed operation s: 2.250 from " + SeededFsRuns.START.plusMillis(1500)
                        + ", 3 operations waited through it");
    }

    /** {@code op}'s calls, each of {@code nanos}, its latency histogram kept. */
    private static FsOpResult timed(FsOperation op, long... nanos) {
        Histogram histogram = Histograms.newHistogram();
        long cumulative = 0;
        for (long value : nanos) {
            histogram.recordValue(value);
            cumulative += value;
        }
        return new FsOpResult(op, List.of(), new ClassicFigures(nanos.length, 5_000_000, cumulative),
                Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9), "checked", List.of(), null, null,
                histogram);
    }

    /** 1 ms and 0.5 ms read exactly at three decimals: their histogram buckets end less than 0.5 µs above them. */
    @Test
    void onANameserviceEachOperationsLatencyIsGivenForTheRoleThatServedItsCalls() {
        NameNodeCalls calls = new NameNodeCalls(List.of(
                NameNodeCalls.Served.counted("nn1", "active", new RpcCounters(Map.of("create", 2L, "complete", 2L))),
                NameNodeCalls.Served.counted("nn2", "observer", new RpcCounters(Map.of("getFileInfo", 3L)))));
        FsMetadataResult result = new FsMetadataResult(FsMetadataOptions.builder(FsOperation.ALL).build(),
                "hdfs://ns1", "hdfs://ns1/m", Optional.empty(), SeededFsRuns.START, SeededFsRuns.START.plusSeconds(4),
                List.of(timed(FsOperation.CREATE, 1_000_000, 1_000_000), timed(FsOperation.FILE_STATUS, 500_000,
                        500_000, 500_000), timed(FsOperation.OPEN, 500_000)), Optional.empty())
                .withNameNodeCalls(calls);

        assertThat(result.toBenchResult(ENVIRONMENT).distributions()).as("open's getBlockLocations rose nowhere")
                .filteredOn(d -> d.key().labels().containsKey("role")).extracting(d -> d.key().toString(),
                        d -> d.count()).containsExactly(tuple("latency{operation=create,role=active}", 2L),
                        tuple("latency{operation=fileStatus,role=observer}", 3L));
        assertThat(FsMetadataReport.hbenchLines(result)).endsWith(
                "create latency on the active ms: min 1.000, p50 1.000, p90 1.000, p99 1.000, p99.9 1.000, max 1.000",
                "fileStatus latency on the observer ms: min 0.500, p50 0.500, p90 0.500, p99 0.500, p99.9 0.500,"
                        + " max 0.500");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                SeededFsRuns.all().toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(FsMetadataResultTest.class, "fs-all.json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static MetricKey key(String id, String operation) {
        return MetricKey.of(id).withLabel("operation", operation);
    }
}
