package io.hbench.dfsio;

import io.hbench.datanodes.DataNodeBlocksTest;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Outcome;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * TestDFSIO's arithmetic and hbench's, against values computed by hand. The three tasks:
 *
 * <pre>
 *   file       bytes     time  start     end       rate
 *   test_io_0   64 MiB   2 s   t0 + 0.0  t0 + 2.0  64 / 2 = 32 MiB/s
 *   test_io_1   64 MiB   4 s   t0 + 1.0  t0 + 5.0  64 / 4 = 16 MiB/s
 *   test_io_2  128 MiB   4 s   t0 + 0.5  t0 + 4.5 128 / 4 = 32 MiB/s
 * </pre>
 *
 * so the IO phase runs from t0 (first start) to t0 + 5 s (last end): exactly 5 s.
 */
class DfsioResultTest {
    private static final long MIB = 1L << 20;
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17").os("Linux").clientHost("gw1").commandLine(List.of("TestDFSIO", "-write", "-nrFiles", "3")).build();
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final double EPSILON = 1e-9;

    private static final List<DfsioTask> THREE_TASKS = List.of(
            task("test_io_0", 64 * MIB, 2000, 0, 2000),
            task("test_io_1", 64 * MIB, 4000, 1000, 5000),
            task("test_io_2", 128 * MIB, 4000, 500, 4500));

    @Test
    void throughputIsAllBytesOverTheSumOfTaskTimes() {
        // 256 MiB / (2 + 4 + 4) s = 25.6
        assertThat(result(THREE_TASKS).throughputMbSec()).isCloseTo(25.6, within(EPSILON));
    }

    @Test
    void averageIoRateIsTheMeanOfTaskRates() {
        // (32 + 16 + 32) / 3 = 80 / 3 = 26.666..
        assertThat(result(THREE_TASKS).averageIoRateMbSec()).isCloseTo(80.0 / 3, within(EPSILON));
    }

    @Test
    void ioRateStdDeviationIsThePopulationStandardDeviation() {
        // sqrt(((32 - 80/3)^2 * 2 + (16 - 80/3)^2) / 3) = sqrt((512/9 + 1024/9) / 3) = sqrt(512/9) = 7.5424723..
        assertThat(result(THREE_TASKS).ioRateStdDevMbSec()).isCloseTo(Math.sqrt(512.0 / 9), within(EPSILON));
        assertThat(result(THREE_TASKS).ioRateStdDevMbSec()).isCloseTo(7.5424723, within(1e-6));
    }

    @Test
    void ioPhaseRunsFromTheFirstStartToTheLastEnd() {
        assertThat(result(THREE_TASKS).ioPhase()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aggregateThroughputIsAllBytesOverTheIoPhase() {
        // 256 MiB / 5 s = 51.2
        assertThat(result(THREE_TASKS).aggregateThroughputMbSec()).isCloseTo(51.2, within(EPSILON));
    }

    @Test
    void totalsAddUpTheTasks() {
        DfsioResult result = result(THREE_TASKS);

        assertThat(result.totalBytes()).isEqualTo(256 * MIB);
        assertThat(result.totalTaskTime()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void taskThroughputDistributionHasExactExtremesAndPercentilesBetweenThem() {
        Distribution distribution = result(THREE_TASKS).taskThroughput();

        assertThat(distribution.unit()).isEqualTo(Unit.BYTES_PER_SECOND);
        assertThat(distribution.count()).isEqualTo(3);
        assertThat(distribution.min()).isEqualTo(16.0 * MIB);
        assertThat(distribution.max()).isEqualTo(32.0 * MIB);
        assertThat(distribution.mean()).isCloseTo(80.0 / 3 * MIB, within(EPSILON * MIB));
        assertThat(distribution.stdDev()).isCloseTo(Math.sqrt(512.0 / 9) * MIB, within(EPSILON * MIB));
        assertThat(distribution.percentiles()).containsOnlyKeys(50.0, 90.0, 99.0, 99.9);
        assertThat(distribution.percentiles().values())
                .allSatisfy(value -> assertThat(value).isBetween(16.0 * MIB, 32.0 * MIB));
        // Two of three tasks ran at 32 MiB/s: the median is 32 (HdrHistogram keeps 3 significant digits).
        assertThat(distribution.percentile(50.0)).isCloseTo(32.0 * MIB, within(0.032 * MIB));
    }

    @Test
    void aTaskThatTookNoTimeHasRateZero() {
        DfsioTask instant = new DfsioTask("test_io_0", "dn1", T0, T0, Duration.ZERO, 64 * MIB);

        assertThat(instant.rateMbSec()).isEqualTo(0.0);
    }

    @Test
    void aResultOfOnlyZeroTimeTasksHasZeroFiguresAndNoNaN() {
        DfsioResult result = result(List.of(new DfsioTask("test_io_0", "dn1", T0, T0, Duration.ZERO, MIB)));

        assertThat(result.throughputMbSec()).isEqualTo(0.0);
        assertThat(result.averageIoRateMbSec()).isEqualTo(0.0);
        assertThat(result.ioRateStdDevMbSec()).isEqualTo(0.0);
        assertThat(result.aggregateThroughputMbSec()).isEqualTo(0.0);
        assertThat(result.taskThroughput().max()).isEqualTo(0.0);
        assertThat(result.toBenchResult(ENVIRONMENT).metrics()).allSatisfy(metric -> assertThat(metric.value()).isFinite());
    }

    @Test
    void aZeroTimeTaskCountsAsRateZeroAmongOthers() {
        DfsioResult result = result(List.of(
                task("test_io_0", 64 * MIB, 2000, 0, 2000),
                new DfsioTask("test_io_1", "dn2", T0, T0, Duration.ZERO, 0)));

        // rates 32 and 0: mean 16, population std dev 16
        assertThat(result.averageIoRateMbSec()).isCloseTo(16.0, within(EPSILON));
        assertThat(result.ioRateStdDevMbSec()).isCloseTo(16.0, within(EPSILON));
        assertThat(result.taskThroughput().min()).isEqualTo(0.0);
    }

    @Test
    void aResultWithoutTasksHasZeroFigures() {
        DfsioResult result = result(List.of());

        assertThat(result.throughputMbSec()).isEqualTo(0.0);
        assertThat(result.aggregateThroughputMbSec()).isEqualTo(0.0);
        assertThat(result.ioPhase()).isEqualTo(Duration.ZERO);
        assertThat(result.taskThroughput().count()).isZero();
    }

    @Test
    void benchResultCarriesTheFiguresWithTheirUnits() {
        BenchResult bench = result(THREE_TASKS).toBenchResult(ENVIRONMENT);

        assertThat(bench.benchmark()).isEqualTo("TestDFSIO");
        assertThat(bench.operation()).isEqualTo("write");
        assertThat(bench.primaryMetric()).isEqualTo("aggregate_throughput");
        // 256 MiB in 10 s of task time (classic) and in a 5 s I/O phase (aggregate), in bytes/s.
        assertMetric(bench, "files", 3, Unit.COUNT, Better.NEITHER);
        assertMetric(bench, "bytes", 268_435_456, Unit.BYTES, Better.NEITHER);
        assertMetric(bench, "classic_throughput", 25.6 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER);
        assertMetric(bench, "io_rate_mean", 80.0 / 3 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER);
        assertMetric(bench, "io_rate_stddev", Math.sqrt(512.0 / 9) * MIB, Unit.BYTES_PER_SECOND, Better.NEITHER);
        assertMetric(bench, "exec_time", 7.25, Unit.SECONDS, Better.LOWER);
        assertMetric(bench, "io_phase_time", 5, Unit.SECONDS, Better.LOWER);
        assertMetric(bench, "aggregate_throughput", 51.2 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER);
        assertThat(bench.distributions()).extracting(Distribution::id)
                .containsExactly("task_throughput", "io_call_latency", "open_latency");
        assertThat(bench.timeSeries()).extracting(TimeSeries::id).containsExactly("throughput");
        assertThat(bench.parameters()).containsEntry("nrFiles", "3").doesNotContainKey("baseDir");
        assertThat(bench.locations()).containsEntry("baseDir", DfsioOptions.DEFAULT_BASE_DIR);
        assertThat(bench.environment()).isEqualTo(ENVIRONMENT);
    }

    @Test
    void benchResultHasOneTaskSamplePerTask() {
        BenchResult bench = result(THREE_TASKS).toBenchResult(ENVIRONMENT);

        assertThat(bench.taskSamples()).extracting(TaskSample::id).containsExactly("test_io_0", "test_io_1", "test_io_2");
        TaskSample second = bench.taskSamples().get(1);
        assertThat(second.host()).contains("dn1");
        assertThat(second.start()).isEqualTo(T0.plusMillis(1000));
        assertThat(second.end()).isEqualTo(T0.plusMillis(5000));
        assertThat(second.metric("bytes").map(Metric::value)).contains((double) (64 * MIB));
        assertThat(second.metric("task_time")).get().satisfies(time -> {
            assertThat(time.value()).isEqualTo(4.0);
            assertThat(time.unit()).isEqualTo(Unit.SECONDS);
        });
        assertThat(second.metric("throughput")).get().satisfies(rate -> {
            assertThat(rate.value()).isCloseTo(16.0 * MIB, within(EPSILON * MIB));
            assertThat(rate.unit()).isEqualTo(Unit.BYTES_PER_SECOND);
        });
    }

    @Test
    void benchResultPassesWithoutFailures() {
        BenchResult bench = result(THREE_TASKS).toBenchResult(ENVIRONMENT);

        assertThat(bench.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(bench.failures()).isEmpty();
    }

    @Test
    void benchResultFailsWithAFailure() {
        DfsioResult result = new DfsioResult(options(), T0, T0.plusSeconds(8), Duration.ofMillis(7250), THREE_TASKS,
                emptyLatency(), emptyOpenLatency(), emptySeries(), List.of("test_io_1: byte 5 is 0x00, expected 0x3f"),
                List.of());

        assertThat(result.failures()).isNotEmpty();
        assertThat(result.toBenchResult(ENVIRONMENT).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.toBenchResult(ENVIRONMENT).failures()).containsExactly("test_io_1: byte 5 is 0x00, expected 0x3f");
    }

    @Test
    void throughputBySecondCountsSecondsFromThePhaseStartNotTheCalendar() {
        // Phase 1000.3 s to 1002.8 s (epoch); slots are 100 ms. Calendar seconds would cut it into
        // 0.7 s, 1 s and 0.8 s pieces and show the first and last as collapses.
        Instant phaseStart = Instant.ofEpochMilli(1_000_300);
        Instant phaseEnd = Instant.ofEpochMilli(1_002_800);
        Map<String, Long> bytesBySlot = new LinkedHashMap<>();
        bytesBySlot.put("10003", MIB);       // 1000.3 s: first second of the phase
        bytesBySlot.put("10012", MIB);       // 1001.2 s: still the first second (1000.3 to 1001.3)
        bytesBySlot.put("10013", 4 * MIB);   // 1001.3 s: the second second
        bytesBySlot.put("10027", MIB);       // 1002.7 s: the third, 0.5 s long (1002.3 to 1002.8)

        TimeSeries series = TestDfsio.throughputBySecond(bytesBySlot, phaseStart, phaseEnd);

        assertThat(series.start()).isEqualTo(phaseStart);
        assertThat(series.bucketWidth()).isEqualTo(Duration.ofSeconds(1));
        assertThat(series.unit()).isEqualTo(Unit.BYTES_PER_SECOND);
        assertThat(series.values()).containsExactly(2.0 * MIB, 4.0 * MIB, 2.0 * MIB);
    }

    @Test
    void throughputBySecondDividesAFirstBucketByTheTimeItSpentInThePhase() {
        // The phase starts 40 ms into its slot: the first bucket holds 960 ms of it.
        Instant phaseStart = Instant.ofEpochMilli(5_040);
        Instant phaseEnd = Instant.ofEpochMilli(6_000);

        TimeSeries series = TestDfsio.throughputBySecond(Map.of("50", 3 * MIB), phaseStart, phaseEnd);

        assertThat(series.start()).isEqualTo(Instant.ofEpochMilli(5_000));
        assertThat(series.values()).singleElement().isEqualTo(3 / 0.96 * MIB);
    }

    @Test
    void throughputBySecondFillsGapsWithZeroAndOrdersSlotsNumerically() {
        Instant phaseStart = Instant.ofEpochMilli(900);
        Instant phaseEnd = Instant.ofEpochMilli(3_900);

        TimeSeries series = TestDfsio.throughputBySecond(Map.of("9", MIB, "38", 2 * MIB), phaseStart, phaseEnd);

        // Seconds from 0.9 s: [0.9, 1.9) holds slot 9, [1.9, 2.9) nothing, [2.9, 3.9) slot 38.
        assertThat(series.values()).containsExactly(1.0 * MIB, 0.0, 2.0 * MIB);
    }

    @Test
    void throughputBySecondIsEmptyWhenTaskClocksDisagreeByMoreThanAWeek() {
        long weekOfSlots = TestDfsio.MAX_SERIES_SECONDS * (1000 / TaskStats.SLOT_MILLIS);
        Instant start = Instant.EPOCH;

        assertThat(TestDfsio.throughputBySecond(Map.of("0", MIB, Long.toString(weekOfSlots), MIB), start,
                Instant.ofEpochSecond(TestDfsio.MAX_SERIES_SECONDS)).values()).isEmpty();
        assertThat(TestDfsio.throughputBySecond(Map.of("0", MIB, Long.toString(weekOfSlots - 10), MIB), start,
                Instant.ofEpochSecond(TestDfsio.MAX_SERIES_SECONDS)).values()).hasSize((int) TestDfsio.MAX_SERIES_SECONDS);
    }

    @Test
    void throughputBySecondOfNothingIsEmpty() {
        assertThat(TestDfsio.throughputBySecond(Map.of(), T0, T0).values()).isEmpty();
    }

    private static void assertMetric(BenchResult bench, String id, double value, Unit unit, Better better) {
        assertThat(bench.metric(id)).as("metric %s", id).get().satisfies(metric -> {
            assertThat(metric.value()).as("value of %s", id).isCloseTo(value, within(EPSILON * Math.max(1, value)));
            assertThat(metric.unit()).as("unit of %s", id).isEqualTo(unit);
            assertThat(metric.better()).as("direction of %s", id).isEqualTo(better);
        });
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonInEveryDefaultLocale(Locale locale) throws Exception {
        DfsioResult result = goldenWrite();

        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(result.toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(DfsioResultTest.class, "dfsio-write.json", json.getBytes(StandardCharsets.UTF_8));
    }

    /** The write of the golden JSON files. */
    private static DfsioResult goldenWrite() {
        return new DfsioResult(options(), T0, T0.plusSeconds(8), Duration.ofMillis(7250), THREE_TASKS,
                Histograms.toDistribution("io_call_latency", Unit.SECONDS, latencies(), 1e6),
                Histograms.toDistribution("open_latency", Unit.SECONDS, latencies(), 1e6),
                new TimeSeries("throughput", Unit.BYTES_PER_SECOND, T0, Duration.ofSeconds(1), List.of(64.0 * MIB, 32.0 * MIB)),
                List.of(), List.of(new SubmittedJob("job_1764000000000_0007", "TestDFSIO write", null)));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheDataNodesAndTheSlowOneInTheGoldenJsonInEveryDefaultLocale(Locale locale) throws Exception {
        DfsioResult result = goldenWrite().withDataNodeBlocks(DataNodeBlocksTest.slowThirdReplica());

        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(result.toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(DfsioResultTest.class, "dfsio-write-datanodes.json",
                json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readFromGivesWhereTheTasksRanAsMetrics() {
        BenchResult bench = result(THREE_TASKS).withReadLocality(Optional.of(new ReadLocality(ReadFrom.OTHER, 1, 1, 2)))
                .toBenchResult(ENVIRONMENT);

        assertThat(bench.parameters()).containsEntry("readFrom", "other");
        assertMetric(bench, "reads_local", 1, Unit.COUNT, Better.NEITHER);
        assertMetric(bench, "reads_remote", 2, Unit.COUNT, Better.NEITHER);
        assertMetric(bench, "read_files_without_host", 1, Unit.COUNT, Better.NEITHER);
        assertThat(result(THREE_TASKS).toBenchResult(ENVIRONMENT).metric("reads_local")).isEmpty();
    }

    @Test
    void theSlowDataNodeIsAFindingOfTheResult() {
        BenchResult bench = result(THREE_TASKS).withDataNodeBlocks(DataNodeBlocksTest.slowThirdReplica())
                .toBenchResult(ENVIRONMENT);

        // Best blocks: w1-w4 1000 KiB/s, w5 200: 5.0 times as long; slow blocks (at or below 900): w5's 6 and the 500.
        assertThat(Findings.of(bench, LinkCapacities.none())).filteredOn(finding -> finding.kind()
                == Finding.Kind.SLOW_DATANODE).extracting(Finding::toString).containsExactly("slow DataNode: w5:9866"
                        + " (blocks through it took 5.0x the median; 6 of 7 slow blocks had it in their pipeline)");
    }

    /** 1 to 100 ms in microseconds, as tasks record them. */
    private static Histogram latencies() {
        Histogram histogram = Histograms.newHistogram();
        for (long micros = 1000; micros <= 100_000; micros += 1000) {
            histogram.recordValue(micros);
        }
        return histogram;
    }

    private static DfsioTask task(String file, long bytes, long millis, long startOffsetMillis, long endOffsetMillis) {
        return new DfsioTask(file, "dn1", T0.plusMillis(startOffsetMillis), T0.plusMillis(endOffsetMillis),
                Duration.ofMillis(millis), bytes);
    }

    private static DfsioOptions options() {
        return DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(3).build();
    }

    private static DfsioResult result(List<DfsioTask> tasks) {
        return new DfsioResult(options(), T0, T0.plusSeconds(8), Duration.ofMillis(7250), tasks, emptyLatency(),
                emptyOpenLatency(), emptySeries(), List.of(), List.of());
    }

    private static Distribution emptyLatency() {
        return new Distribution("io_call_latency", Unit.SECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
    }

    private static Distribution emptyOpenLatency() {
        return new Distribution("open_latency", Unit.SECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
    }

    private static TimeSeries emptySeries() {
        return new TimeSeries("throughput", Unit.BYTES_PER_SECOND, T0, Duration.ofSeconds(1), List.of());
    }
}
