package io.hbench.hs;

import io.hbench.datanodes.DataNodeBlocksTest;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.math.BigInteger;
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

/**
 * The lines HSGen, HSDataCheck, HSSort and HSValidate print (the ones operators' scripts parse), byte for byte,
 * against golden files in src/test/resources/io/hbench/hs. Run with {@code -Dhbench.golden.update=true} to rewrite
 * them, then read the diff before committing.
 */
class HsProgramLinesTest {
    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final long ROWS = 10_000_000L;
    private static final long BYTES = 1_000_000_000L;
    /** Above 2^64, so the high half of the 128-bit sum shows. */
    private static final BigInteger CHECKSUM = new BigInteger("1f4c2b9a07d3e86a5b1c4d2e3f607182", 16);
    static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .clusterHadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1")
            .commandLine(List.of("TPCx-HS", "-sf", "0.001")).configuration("fs.defaultFS", "hdfs://nn:8020").build();

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsGenLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsGenTool.lines(gen()));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hsgen.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsDataCheckLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsDataCheckTool.lines(dataCheck()));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hsdatacheck.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsDataCheckLinesOfANonCompliantFailedCheckMatchGoldenFileInEveryDefaultLocale(Locale locale)
            throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsDataCheckTool.lines(dataCheckNotCompliant()));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hsdatacheck-not-compliant.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsSortLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsSortTool.lines(sort()));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hssort.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsValidateLinesOfAPassedRunMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsValidateTool.lines(validate(List.of())));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hsvalidate-passed.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hsValidateLinesOfAFailedRunMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> HsValidateTool.lines(validate(twoMisorders())));

        GoldenFiles.assertMatches(HsProgramLinesTest.class, "hsvalidate-failed.txt", lines);
    }

    @Test
    void checksumLinesAreTeraValidatesLowerCaseHexWithATab() {
        String expected = "checksum\t1f4c2b9a07d3e86a5b1c4d2e3f607182";

        assertThat(HsGenTool.lines(gen())).contains(expected);
        assertThat(HsValidateTool.lines(validate(List.of())).get(0)).isEqualTo(expected);
    }

    @Test
    void validateErrorLinesAreTeraValidatesAndFollowTheChecksum() {
        List<String> lines = HsValidateTool.lines(validate(twoMisorders()));

        assertThat(lines.get(0)).startsWith("checksum\t");
        assertThat(lines.subList(1, 3)).allMatch(line -> line.startsWith("error\tmisorder in "));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("HSValidate: FAILED");
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void everyProgramsJsonMatchesItsGoldenFileAndTheSchemaInEveryDefaultLocale(Locale locale) throws Exception {
        assertGoldenJson(locale, "hsgen.json", gen().toBenchResult(ENVIRONMENT));
        assertGoldenJson(locale, "hsdatacheck.json", dataCheck().toBenchResult(ENVIRONMENT));
        assertGoldenJson(locale, "hssort.json", sort().toBenchResult(ENVIRONMENT));
        assertGoldenJson(locale, "hsvalidate.json", validate(twoMisorders()).toBenchResult(ENVIRONMENT));
    }

    @Test
    void aResultWithBlocksOnHdfsListsItsDataNodesAndNamesTheSlowOne() {
        HsGenOptions options = HsGenOptions.builder(ROWS).outputDir("/benchmarks/TPCx-HS/HSGen").build();
        HsGenResult gen = new HsGenResult(options, START, START.plusMillis(49_125), Duration.ofMillis(47_500), ROWS,
                CHECKSUM, JOB, "file", TASKS, Optional.empty(), DataNodeBlocksTest.slowThirdReplica());

        List<String> lines = HsGenTool.lines(gen);

        // The four lines of a run without blocks, then one per DataNode and role, as TestDFSIO's.
        assertThat(lines.subList(0, 4)).isEqualTo(HsGenTool.lines(gen()));
        assertThat(lines.subList(4, lines.size())).hasSize(8).startsWith(
                "HSGen DataNode w1:9866 as first: 6 blocks, p50 0.2 MiB/s, p90 0.98 MiB/s, 768 MiB",
                "HSGen DataNode w1:9866 as member: 10 blocks, p50 0.2 MiB/s, p90 0.98 MiB/s, 1280 MiB");
        BenchResult bench = gen.toBenchResult(ENVIRONMENT);
        ResultSchema.assertValid(bench);
        assertThat(bench.distributions()).filteredOn(d -> d.key().id().equals("block_throughput")).hasSize(8);
        assertThat(Findings.of(bench, LinkCapacities.none())).filteredOn(finding -> finding.kind()
                == Finding.Kind.SLOW_DATANODE).extracting(Finding::toString).containsExactly("slow DataNode: w5:9866"
                        + " (blocks through it took 5.0x the median; 6 of 7 slow blocks had it in their pipeline)");
    }

    @Test
    void figuresAreInBaseUnitsWithTheirPrimaryMetric() {
        BenchResult gen = gen().toBenchResult(ENVIRONMENT);
        BenchResult sort = sort().toBenchResult(ENVIRONMENT);

        assertThat(gen.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.id()).isEqualTo("throughput");
            // 1,000,000,000 bytes in 47.50025 s
            assertThat(metric.value()).isEqualTo(1e9 / 47.50025);
        });
        assertThat(gen.metric("job_time").orElseThrow().value()).isEqualTo(47.50025);
        assertThat(gen.outputs()).containsEntry("checksum", Checksum.format(CHECKSUM));
        assertThat(gen.locations()).containsEntry("output", "/benchmarks/TPCx-HS/HSGen");
        assertThat(sort.primaryMetrics()).singleElement().satisfies(metric -> {
            assertThat(metric.id()).isEqualTo("total_time");
            assertThat(metric.value()).isEqualTo(129.875);
        });
        assertThat(sort.metric("largest_reducer_input").orElseThrow().value()).isEqualTo(500_123_400.0);
        assertThat(sort.taskHosts()).containsOnlyKeys("dn1", "dn2");
    }

    private static void assertGoldenJson(Locale locale, String name, BenchResult result) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(result));
        GoldenFiles.assertMatches(HsProgramLinesTest.class, name, json.getBytes(StandardCharsets.UTF_8));
    }

    // ---- the fixed results ----

    private static final SubmittedJob JOB = new SubmittedJob("job_1764000000000_0001", "HS", null);
    private static final List<TaskSample> TASKS = List.of(
            new TaskSample("attempt_1764000000000_0001_m_000000_0", "dn1", START.plusMillis(1_500),
                    START.plusMillis(20_250), List.of(Metric.of("task_time", 18.75, Unit.SECONDS, Better.LOWER))),
            new TaskSample("attempt_1764000000000_0001_m_000001_0", "dn2", START.plusMillis(1_625),
                    START.plusMillis(21_000), List.of(Metric.of("task_time", 19.375, Unit.SECONDS, Better.LOWER))));

    /** 10,000,000 rows (1,000,000,000 bytes) in 10 maps in 47.5 s. */
    private static HsGenResult gen() {
        HsGenOptions options = HsGenOptions.builder(ROWS).outputDir("/benchmarks/TPCx-HS/HSGen").build();
        return new HsGenResult(options, START, START.plusMillis(49_125), Duration.ofMillis(47_500).plusNanos(250_000),
                ROWS, CHECKSUM, JOB, "file", TASKS);
    }

    /** A passed check of 16 files, 1,000,000,000 bytes, against the expected 10,000,000 rows. */
    private static HsDataCheckResult dataCheck() {
        HsDataCheckOptions options = HsDataCheckOptions.builder("/benchmarks/TPCx-HS/HSGen").expectedRows(ROWS)
                .replication(3).build();
        return new HsDataCheckResult(options, START, START.plusMillis(2_375), Duration.ofMillis(2_312), 16, BYTES,
                Optional.of(3), List.of());
    }

    /** Replication 1 required (not compliant), and 1,000 rows short. */
    private static HsDataCheckResult dataCheckNotCompliant() {
        HsDataCheckOptions options = HsDataCheckOptions.builder("/benchmarks/TPCx-HS/HSSort").expectedRows(ROWS)
                .replication(1).build();
        long bytes = BYTES - 100_000L;
        return new HsDataCheckResult(options, START, START.plusMillis(1_875), Duration.ofMillis(1_812), 1, bytes,
                Optional.of(1), List.of("record count " + bytes / Records.RECORD_LENGTH + " (" + bytes
                        + " bytes) is not the " + ROWS + " expected (" + BYTES + " bytes)"));
    }

    /** 10,000,000 rows from 8 maps to 2 reducers, classic sampler. */
    private static HsSortResult sort() {
        HsSortOptions options = HsSortOptions.builder().inputDir("/benchmarks/TPCx-HS/HSGen")
                .outputDir("/benchmarks/TPCx-HS/HSSort").sampler(Sampler.CLASSIC).build();
        return new HsSortResult(options, START, START.plusMillis(131_000), Duration.ofMillis(129_875),
                Duration.ofMillis(126_250), Duration.ofMillis(3_125), 100_000, ROWS, 8,
                List.of(500_123_400L, 499_876_600L), JOB, "file", TASKS);
    }

    private static HsValidateResult validate(List<String> errors) {
        HsValidateOptions options = HsValidateOptions.builder().inputDir("/benchmarks/TPCx-HS/HSSort")
                .reportDir("/benchmarks/TPCx-HS/HSValidate").genDir("/benchmarks/TPCx-HS/HSGen").build();
        return new HsValidateResult(options, START, START.plusMillis(38_000), Duration.ofMillis(36_625), 2, ROWS,
                CHECKSUM, ROWS, CHECKSUM, errors, JOB, "file", TASKS);
    }

    /** Two misorders as ValidateMapper words them and ValidateReducer's report file holds them. */
    private static List<String> twoMisorders() {
        return List.of(
                "error\tmisorder in part-r-00000 between 7f 3a 11 c2 05 9e 44 d0 21 b8 and 7f 3a 11 c2 05 9e 44 d0 21 a0"
                        + " (records 1234566 and 1234567, counted from 0)",
                "error\tmisorder in part-r-00001 between e1 02 9c 4f 7a 33 08 be 5d 6c and e1 02 9c 4f 7a 33 08 be 5d 60"
                        + " (records 4999998 and 4999999, counted from 0)");
    }
}
