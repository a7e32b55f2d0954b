package io.hbench.hs;

import io.hbench.datanodes.DataNodeBlocksTest;
import io.hbench.result.BenchResult;
import io.hbench.result.Engine;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TpcxhsResultTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final Engine MAPREDUCE = Engine.mapReduce("3.4.2", "yarn");
    static final Engine SPARK = new Engine(Engine.SPARK, "4.1.3", Optional.of("yarn"), OptionalInt.of(4),
            Optional.of("8g"));

    @Test
    void scaleFactorsAreTerabytesOfHundredByteRecords() {
        assertThat(ScaleFactor.parse("1").rows()).isEqualTo(10_000_000_000L);
        assertThat(ScaleFactor.parse("1").isValid()).isTrue();
        assertThat(ScaleFactor.parse("10000").rows()).isEqualTo(100_000_000_000_000L);
        assertThat(ScaleFactor.parse("0.0001").rows()).isEqualTo(1_000_000L);
        assertThat(ScaleFactor.parse("0.0001")).hasToString("0.0001 (test only, not a valid scale factor)");
        assertThat(ScaleFactor.parse("3.0")).hasToString("3");
        assertThat(ScaleFactor.ofRows(10_000_000_000L).isValid()).isTrue();
        assertThat(ScaleFactor.ofRows(2000).value()).isEqualByComparingTo("0.0000002");
        assertThatThrownBy(() -> ScaleFactor.parse("0.00000000001")).hasMessage("scaleFactor 0.00000000001 is not a"
                + " whole number of 100-byte records (0.1)");
        assertThatThrownBy(() -> ScaleFactor.parse("0")).hasMessage("scaleFactor must be above 0, got 0");
        assertThatThrownBy(() -> ScaleFactor.parse("-1")).hasMessageStartingWith("scaleFactor '-1' is not a scale"
                + " factor");
    }

    @Test
    void hsphIsScaleFactorOverHoursExactly() {
        assertThat(TpcxhsResult.hsph(BigDecimal.ONE, Duration.ofHours(1))).isEqualByComparingTo("1");
        assertThat(TpcxhsResult.hsph(new BigDecimal("3"), Duration.ofMinutes(20))).isEqualByComparingTo("9");
        // 1 TB in 7 s: 3600 / 7 = 514.285714285714...
        assertThat(TpcxhsResult.hsph(BigDecimal.ONE, Duration.ofSeconds(7))).isEqualByComparingTo("514.285714285714");
        assertThat(TpcxhsReport.figure(TpcxhsResult.hsph(BigDecimal.ONE, Duration.ofSeconds(7))))
                .isEqualTo("514.29");
        // Half-up at the second decimal: 1.125 -> 1.13 (a double would print 1.12 or 1.13 by accident).
        assertThat(TpcxhsReport.figure(new BigDecimal("1.125"))).isEqualTo("1.13");
    }

    @Test
    void aMetricBelowOneKeepsThreeSignificantDigitsInsteadOfReadingAsZero() {
        // SF 0.00001 in 7.329 s: 0.00001 x 3600 / 7.329 = 0.004912...
        assertThat(TpcxhsReport.figure(TpcxhsResult.hsph(new BigDecimal("0.00001"), Duration.ofMillis(7329))))
                .isEqualTo("0.00491");
        assertThat(TpcxhsReport.figure(new BigDecimal("0.0012345"))).isEqualTo("0.00123");
        assertThat(TpcxhsReport.figure(new BigDecimal("0.99951"))).isEqualTo("1.00");
        assertThat(TpcxhsReport.figure(new BigDecimal("0.5"))).isEqualTo("0.500");
        assertThat(TpcxhsReport.figure(BigDecimal.ZERO)).isEqualTo("0.00");
    }

    @Test
    void thePerformanceRunIsTheSlowerOneAndPriceDividesByItsMetric() {
        TpcxhsResult result = result(List.of(run(1, 3_600_000), run(2, 1_800_000)), "10000");

        assertThat(result.performanceRun().get().number()).isEqualTo(1);
        assertThat(result.repeatabilityRun().get().number()).isEqualTo(2);
        assertThat(result.metric().get()).isEqualByComparingTo("1");
        assertThat(result.pricePerformance().get()).isEqualByComparingTo("10000");
        BenchResult bench = result.toBenchResult(HsProgramLinesTest.ENVIRONMENT);
        assertThat(bench.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.id()).isEqualTo("hsph_at_sf");
            assertThat(metric.value()).isEqualTo(1.0);
            assertThat(metric.unit()).isEqualTo(Unit.SCALE_FACTORS_PER_HOUR);
        });
        assertThat(bench.metric("price_performance").get().value()).isEqualTo(10000.0);
        assertThat(bench.metric("performance_run").get().value()).isEqualTo(1.0);
        assertThat(bench.parameters()).doesNotContainKeys("HSph@SF exact", "performance run");
        assertThat(bench.metric(MetricKey.of("run_hsph_at_sf").withLabel("run", "2")).get().value()).isEqualTo(2.0);
        assertThat(bench.metric(MetricKey.of("phase_time").withLabel("run", "1").withLabel("phase", "HSDataCheck-sorted"))
                .get().value()).isEqualTo(0.4);
        assertThat(bench.metric(MetricKey.of("run_time").withLabel("run", "1")).get().value()).isEqualTo(3600.0);
        assertThat(bench.metric("data_bytes").get().value()).isEqualTo(1e12);
        assertThat(bench.failures()).isEmpty();
    }

    @Test
    void theReportIsTheSameInEveryLocale() {
        TpcxhsResult result = result(List.of(run(1, 3_600_000), run(2, 1_800_000)), "10000");
        Locale saved = Locale.getDefault();
        List<List<String>> reports = new ArrayList<>();
        try {
            for (Locale locale : List.of(Locale.ROOT, Locale.US, Locale.GERMANY, Locale.FRANCE,
                    Locale.forLanguageTag("ar-EG"), Locale.forLanguageTag("hi-IN"))) {
                Locale.setDefault(locale);
                reports.add(TpcxhsReport.lines(result));
            }
        } finally {
            Locale.setDefault(saved);
        }
        assertThat(reports).allMatch(report -> report.equals(reports.get(0)));
        assertThat(reports.get(0)).containsSequence(
                "===============================================",
                "TPCx-HS Performance Metric (HSph@SF) Report",
                "===============================================",
                "Test Run 1 details: Total Time = 3600.000 s",
                "                    Total Size = 1000000000000 bytes (10000000000 records)",
                "                    Scale-Factor = 1",
                "                    HSph@SF = 1.00",
                "Test Run 2 details: Total Time = 1800.000 s");
        assertThat(reports.get(0)).contains("Performance Run: Run 1; Repeatability Run: Run 2",
                "TPCx-HS Performance Metric (HSph@SF): 1.00", "Price-Performance Metric ($/HSph@SF): 10000.00",
                // Times in s, as the kit's Total Time and every hbench output read them. 10^12 bytes = 953,674.32 MiB
                // in 1 s; in 1800 s, 529.82 MiB/s.
                "Run  Phase                          Time s   Throughput MiB/s  Status",
                "1    HSGen                           1.000          953674.32  ok",
                "1    HSDataCheck (sorted)            0.400         2384185.79  ok",
                "2    Total                        1800.000             529.82  ok");
    }

    @Test
    void aFailedPhaseMeansNoMetricAndSaysWhich() {
        List<TpcxhsResult.Phase> phases = List.of(
                new TpcxhsResult.Phase("HSGen", Duration.ofMillis(10), 100, null),
                new TpcxhsResult.Phase("HSDataCheck", Duration.ofMillis(1), 100, "record count 1 is not the 2 expected"));
        TpcxhsResult result = result(List.of(new TpcxhsResult.Run(1, phases, Duration.ofMillis(11))), null);

        assertThat(result.failures()).containsExactly("Run 1, HSDataCheck: record count 1 is not the 2 expected");
        assertThat(result.metric()).isEmpty();
        assertThat(TpcxhsReport.lines(result)).contains("                    FAILED in HSDataCheck",
                "TPCx-HS Performance Metric (HSph@SF): none: Run 1 failed in HSDataCheck: record count 1 is not the 2"
                        + " expected");
        assertThat(result.toBenchResult(HsProgramLinesTest.ENVIRONMENT).failures()).containsExactly(
                "Run 1, HSDataCheck: record count 1 is not the 2 expected");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void theJsonMatchesItsGoldenFileAndTheSchemaInEveryDefaultLocale(Locale locale) throws Exception {
        TpcxhsResult result = result(List.of(run(1, 3_600_000), run(2, 1_800_000)), "10000");

        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                result.toBenchResult(HsProgramLinesTest.ENVIRONMENT)));

        GoldenFiles.assertMatches(TpcxhsResultTest.class, "tpcxhs.json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aSparkRunNamesItsEngineUnderTheTitleAndKeepsEveryOtherLine() {
        List<TpcxhsResult.Run> runs = List.of(run(1, 3_600_000), run(2, 1_800_000));
        List<String> onMapReduce = TpcxhsReport.lines(result(runs, "10000"));

        List<String> onSpark = TpcxhsReport.lines(result(SPARK, runs, "10000"));

        assertThat(onSpark.get(2)).isEqualTo("Engine: spark 4.1.3 on yarn, 4 executors of 8g");
        List<String> withoutEngine = new ArrayList<>(onSpark);
        withoutEngine.remove(2);
        assertThat(withoutEngine).isEqualTo(onMapReduce);
    }

    @Test
    void theJsonCarriesTheEngineAndReadsBackWithIt() throws Exception {
        BenchResult bench = result(SPARK, List.of(run(1, 3_600_000), run(2, 1_800_000)), null)
                .toBenchResult(HsProgramLinesTest.ENVIRONMENT);

        String json = ResultSchema.assertValid(bench);

        assertThat(json).contains("\"engine\" : {\n    \"name\" : \"spark\",\n    \"version\" : \"4.1.3\",\n"
                + "    \"master\" : \"yarn\",\n    \"executors\" : 4,\n    \"executorMemory\" : \"8g\"\n  },");
        assertThat(JsonResultReader.read(new StringReader(json)).engine()).contains(SPARK);
    }

    @Test
    void theDataNodesOfEveryPhaseFollowThePhaseTable() {
        TpcxhsResult result = new TpcxhsResult(TpcxhsOptions.builder(ScaleFactor.parse("1")).build(), MAPREDUCE, T0,
                T0.plusSeconds(5400), List.of(run(1, 3_600_000), run(2, 1_800_000)), List.of(), List.of("file"),
                List.of(), Optional.empty(), DataNodeBlocksTest.slowThirdReplica());

        List<String> lines = TpcxhsReport.lines(result);
        List<String> withoutBlocks = TpcxhsReport.lines(result(List.of(run(1, 3_600_000), run(2, 1_800_000)), null));

        assertThat(lines.subList(0, withoutBlocks.size())).isEqualTo(withoutBlocks);
        assertThat(lines.subList(withoutBlocks.size(), lines.size())).hasSize(1 + 8).startsWith("",
                "TPCx-HS DataNode w1:9866 as first: 6 blocks, p50 0.2 MiB/s, p90 0.98 MiB/s, 768 MiB");
        BenchResult bench = result.toBenchResult(HsProgramLinesTest.ENVIRONMENT);
        ResultSchema.assertValid(bench);
        assertThat(bench.metrics()).filteredOn(metric -> metric.key().id().equals("slow_datanode"))
                .singleElement().satisfies(metric -> assertThat(metric.key().labels())
                        .containsEntry("datanode", "w5:9866"));
    }

    private static TpcxhsResult.Run run(int number, long totalMillis) {
        List<TpcxhsResult.Phase> phases = new ArrayList<>();
        long bytes = 1_000_000_000_000L;
        for (String name : Tpcxhs.PHASES) {
            phases.add(new TpcxhsResult.Phase(name, Duration.ofMillis(phases.size() == 3 ? 400 : 1000), bytes, null));
        }
        return new TpcxhsResult.Run(number, phases, Duration.ofMillis(totalMillis));
    }

    private static TpcxhsResult result(List<TpcxhsResult.Run> runs, String price) {
        return result(MAPREDUCE, runs, price);
    }

    private static TpcxhsResult result(Engine engine, List<TpcxhsResult.Run> runs, String price) {
        TpcxhsOptions.Builder options = TpcxhsOptions.builder(ScaleFactor.parse("1"));
        if (price != null) {
            options.price(new BigDecimal(price));
        }
        return new TpcxhsResult(options.build(), engine, T0, T0.plusSeconds(5400), runs, List.of(), List.of("file"),
                List.of());
    }
}
