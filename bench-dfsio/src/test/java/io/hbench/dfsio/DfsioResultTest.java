package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.Outcome;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

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

        assertThat(distribution.unit()).isEqualTo(Unit.MEBIBYTES_PER_SECOND);
        assertThat(distribution.count()).isEqualTo(3);
        assertThat(distribution.min()).isEqualTo(16.0);
        assertThat(distribution.max()).isEqualTo(32.0);
        assertThat(distribution.mean()).isCloseTo(80.0 / 3, within(EPSILON));
        assertThat(distribution.stdDev()).isCloseTo(Math.sqrt(512.0 / 9), within(EPSILON));
        assertThat(distribution.percentiles()).containsOnlyKeys(50.0, 90.0, 99.0, 99.9);
        assertThat(distribution.percentiles().values()).allSatisfy(value -> assertThat(value).isBetween(16.0, 32.0));
        // Two of three tasks ran at 32 MiB/s: the median is 32 (HdrHistogram keeps 3 significant digits).
        assertThat(distribution.percentile(50.0)).isCloseTo(32.0, within(0.032));
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
        assertThat(result.toBenchResult().metrics()).allSatisfy(metric -> assertThat(metric.value()).isFinite());
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
        BenchResult bench = result(THREE_TASKS).toBenchResult();

        assertThat(bench.benchmark()).isEqualTo("TestDFSIO");
        assertThat(bench.operation()).isEqualTo("write");
        assertMetric(bench, "files", 3, Unit.COUNT);
        assertMetric(bench, "total bytes", 268_435_456, Unit.BYTES);
        assertMetric(bench, "total size", 256, Unit.MEBIBYTES);
        assertMetric(bench, "throughput", 25.6, Unit.MEBIBYTES_PER_SECOND);
        assertMetric(bench, "average IO rate", 80.0 / 3, Unit.MEBIBYTES_PER_SECOND);
        assertMetric(bench, "IO rate std deviation", Math.sqrt(512.0 / 9), Unit.MEBIBYTES_PER_SECOND);
        assertMetric(bench, "exec time", 7.25, Unit.SECONDS);
        assertMetric(bench, "IO phase wall time", 5, Unit.SECONDS);
        assertMetric(bench, "aggregate throughput", 51.2, Unit.MEBIBYTES_PER_SECOND);
        assertThat(bench.distributions()).extracting(Distribution::name)
                .containsExactly("task throughput", "IO call latency", "open latency");
        assertThat(bench.timeSeries()).extracting(TimeSeries::name).containsExactly("cluster throughput");
        assertThat(bench.cluster()).containsEntry("fs", "hdfs://nn:8020");
        assertThat(bench.parameters()).containsEntry("nrFiles", "3");
    }

    @Test
    void benchResultHasOneTaskSamplePerTask() {
        BenchResult bench = result(THREE_TASKS).toBenchResult();

        assertThat(bench.taskSamples()).extracting(TaskSample::id).containsExactly("test_io_0", "test_io_1", "test_io_2");
        TaskSample second = bench.taskSamples().get(1);
        assertThat(second.host()).contains("dn1");
        assertThat(second.start()).isEqualTo(T0.plusMillis(1000));
        assertThat(second.end()).isEqualTo(T0.plusMillis(5000));
        assertThat(second.metric("bytes").map(Metric::value)).contains((double) (64 * MIB));
        assertThat(second.metric("time")).get().satisfies(time -> {
            assertThat(time.value()).isEqualTo(4000.0);
            assertThat(time.unit()).isEqualTo(Unit.MILLISECONDS);
        });
        assertThat(second.metric("throughput")).get().satisfies(rate -> {
            assertThat(rate.value()).isCloseTo(16.0, within(EPSILON));
            assertThat(rate.unit()).isEqualTo(Unit.MEBIBYTES_PER_SECOND);
        });
    }

    @Test
    void benchResultPassesWithoutFailures() {
        BenchResult bench = result(THREE_TASKS).toBenchResult();

        assertThat(bench.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(bench.failures()).isEmpty();
    }

    @Test
    void benchResultFailsWithAFailure() {
        DfsioResult result = new DfsioResult(options(), T0, T0.plusSeconds(8), Duration.ofMillis(7250), THREE_TASKS,
                emptyLatency(), emptyOpenLatency(), emptySeries(), List.of("test_io_1: byte 5 is 0x00, expected 0x3f"), Map.of(),
                List.of());

        assertThat(result.passed()).isFalse();
        assertThat(result.toBenchResult().outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.toBenchResult().failures()).containsExactly("test_io_1: byte 5 is 0x00, expected 0x3f");
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
        assertThat(series.unit()).isEqualTo(Unit.MEBIBYTES_PER_SECOND);
        assertThat(series.values()).containsExactly(2.0, 4.0, 2.0);
    }

    @Test
    void throughputBySecondDividesAFirstBucketByTheTimeItSpentInThePhase() {
        // The phase starts 40 ms into its slot: the first bucket holds 960 ms of it.
        Instant phaseStart = Instant.ofEpochMilli(5_040);
        Instant phaseEnd = Instant.ofEpochMilli(6_000);

        TimeSeries series = TestDfsio.throughputBySecond(Map.of("50", 3 * MIB), phaseStart, phaseEnd);

        assertThat(series.start()).isEqualTo(Instant.ofEpochMilli(5_000));
        assertThat(series.values()).singleElement().isEqualTo(3 / 0.96);
    }

    @Test
    void throughputBySecondFillsGapsWithZeroAndOrdersSlotsNumerically() {
        Instant phaseStart = Instant.ofEpochMilli(900);
        Instant phaseEnd = Instant.ofEpochMilli(3_900);

        TimeSeries series = TestDfsio.throughputBySecond(Map.of("9", MIB, "38", 2 * MIB), phaseStart, phaseEnd);

        // Seconds from 0.9 s: [0.9, 1.9) holds slot 9, [1.9, 2.9) nothing, [2.9, 3.9) slot 38.
        assertThat(series.values()).containsExactly(1.0, 0.0, 2.0);
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

    private static void assertMetric(BenchResult bench, String name, double value, Unit unit) {
        assertThat(bench.metric(name)).as("metric %s", name).get().satisfies(metric -> {
            assertThat(metric.value()).as("value of %s", name).isCloseTo(value, within(EPSILON));
            assertThat(metric.unit()).as("unit of %s", name).isEqualTo(unit);
        });
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
                emptyOpenLatency(), emptySeries(), List.of(), Map.of("fs", "hdfs://nn:8020"), List.of());
    }

    private static Distribution emptyLatency() {
        return new Distribution("IO call latency", Unit.MILLISECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
    }

    private static Distribution emptyOpenLatency() {
        return new Distribution("open latency", Unit.MILLISECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
    }

    private static TimeSeries emptySeries() {
        return new TimeSeries("cluster throughput", Unit.MEBIBYTES_PER_SECOND, T0, Duration.ofSeconds(1), List.of());
    }
}
