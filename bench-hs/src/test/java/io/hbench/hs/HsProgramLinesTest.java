package io.hbench.hs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lines HSGen, HSDataCheck, HSSort and HSValidate print (the ones operators' scripts parse), byte for byte,
 * against golden files in src/test/resources/io/hbench/hs. Run with {@code -Dhbench.golden.update=true} to rewrite
 * them, then read the diff before committing.
 */
class HsProgramLinesTest {
    private static final String UPDATE_PROPERTY = "hbench.golden.update";
    private static final Path GOLDEN_DIRECTORY = Path.of(System.getProperty("basedir", ""),
            "src", "test", "resources", "io", "hbench", "hs");

    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final long ROWS = 10_000_000L;
    private static final long BYTES = 1_000_000_000L;
    /** Above 2^64, so the high half of the 128-bit sum shows. */
    private static final BigInteger CHECKSUM = new BigInteger("1f4c2b9a07d3e86a5b1c4d2e3f607182", 16);
    private static final Map<String, String> CLUSTER = Map.of("fs", "hdfs://nn:8020", "hadoop.version", "3.4.2");

    static Stream<Locale> locales() {
        return Stream.of(Locale.ROOT, Locale.US, Locale.GERMANY, Locale.FRANCE, new Locale("ar"),
                new Locale("hi", "IN"));
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsGenLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsGenTool.lines(gen())));

        assertMatchesGoldenFile(text, "hsgen.txt");
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsDataCheckLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsDataCheckTool.lines(dataCheck())));

        assertMatchesGoldenFile(text, "hsdatacheck.txt");
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsDataCheckLinesOfANonCompliantFailedCheckMatchGoldenFileInEveryDefaultLocale(Locale locale)
            throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsDataCheckTool.lines(dataCheckNotCompliant())));

        assertMatchesGoldenFile(text, "hsdatacheck-not-compliant.txt");
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsSortLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsSortTool.lines(sort())));

        assertMatchesGoldenFile(text, "hssort.txt");
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsValidateLinesOfAPassedRunMatchGoldenFileInEveryDefaultLocale(Locale locale) throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsValidateTool.lines(validate(List.of()))));

        assertMatchesGoldenFile(text, "hsvalidate-passed.txt");
    }

    @ParameterizedTest
    @MethodSource("locales")
    void hsValidateLinesOfAFailedRunMatchGoldenFileInEveryDefaultLocale(Locale locale) throws IOException {
        String text = withDefaultLocale(locale, () -> join(HsValidateTool.lines(validate(twoMisorders()))));

        assertMatchesGoldenFile(text, "hsvalidate-failed.txt");
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

    // ---- the fixed results ----

    /** 10,000,000 rows (1,000,000,000 bytes) in 10 maps in 47.5 s. */
    private static HsGenResult gen() {
        HsGenOptions options = HsGenOptions.builder(ROWS).outputDir("/benchmarks/TPCx-HS/HSGen").build();
        return new HsGenResult(options, START, START.plusMillis(49_125), Duration.ofMillis(47_500).plusNanos(250_000),
                ROWS, CHECKSUM, CLUSTER);
    }

    /** A passed check of 16 files, 1,000,000,000 bytes, against the expected 10,000,000 rows. */
    private static HsDataCheckResult dataCheck() {
        HsDataCheckOptions options = HsDataCheckOptions.builder("/benchmarks/TPCx-HS/HSGen").expectedRows(ROWS)
                .replication(3).build();
        return new HsDataCheckResult(options, START, START.plusMillis(2_375), Duration.ofMillis(2_312), 16, BYTES, 3,
                List.of(), CLUSTER);
    }

    /** Replication 1 required (not compliant), and 1,000 rows short. */
    private static HsDataCheckResult dataCheckNotCompliant() {
        HsDataCheckOptions options = HsDataCheckOptions.builder("/benchmarks/TPCx-HS/HSSort").expectedRows(ROWS)
                .replication(1).build();
        long bytes = BYTES - 100_000L;
        return new HsDataCheckResult(options, START, START.plusMillis(1_875), Duration.ofMillis(1_812), 1, bytes, 1,
                List.of("record count " + bytes / Records.RECORD_LENGTH + " (" + bytes + " bytes) is not the " + ROWS
                        + " expected (" + BYTES + " bytes)"),
                CLUSTER);
    }

    /** 10,000,000 rows from 8 maps to 2 reducers, classic sampler. */
    private static HsSortResult sort() {
        HsSortOptions options = HsSortOptions.builder().inputDir("/benchmarks/TPCx-HS/HSGen")
                .outputDir("/benchmarks/TPCx-HS/HSSort").sampler(Sampler.CLASSIC).build();
        return new HsSortResult(options, START, START.plusMillis(131_000), Duration.ofMillis(129_875),
                Duration.ofMillis(126_250), Duration.ofMillis(3_125), 100_000, ROWS, 8,
                List.of(500_123_400L, 499_876_600L), CLUSTER);
    }

    private static HsValidateResult validate(List<String> errors) {
        HsValidateOptions options = HsValidateOptions.builder().inputDir("/benchmarks/TPCx-HS/HSSort")
                .reportDir("/benchmarks/TPCx-HS/HSValidate").genDir("/benchmarks/TPCx-HS/HSGen").build();
        return new HsValidateResult(options, START, START.plusMillis(38_000), Duration.ofMillis(36_625), 2, ROWS,
                CHECKSUM, ROWS, CHECKSUM, errors, CLUSTER);
    }

    /** Two misorders as ValidateMapper words them and ValidateReducer's report file holds them. */
    private static List<String> twoMisorders() {
        return List.of(
                "error\tmisorder in part-r-00000 between 7f 3a 11 c2 05 9e 44 d0 21 b8 and 7f 3a 11 c2 05 9e 44 d0 21 a0"
                        + " (records 1234566 and 1234567, counted from 0)",
                "error\tmisorder in part-r-00001 between e1 02 9c 4f 7a 33 08 be 5d 6c and e1 02 9c 4f 7a 33 08 be 5d 60"
                        + " (records 4999998 and 4999999, counted from 0)");
    }

    // ---- golden files and locales ----

    private static String join(List<String> lines) {
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }

    private static void assertMatchesGoldenFile(String text, String name) throws IOException {
        byte[] actual = text.getBytes(UTF_8);
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.write(GOLDEN_DIRECTORY.resolve(name), actual);
            return;
        }
        byte[] expected;
        try (InputStream in = HsProgramLinesTest.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file %s (create it with -D%s=true)", name, UPDATE_PROPERTY).isNotNull();
            expected = in.readAllBytes();
        }
        String description = String.format(Locale.ROOT,
                "output differs from golden file %s (rewrite it with -D%s=true)", name, UPDATE_PROPERTY);
        assertThat(text).as(description).isEqualTo(new String(expected, UTF_8));
        assertThat(actual).as(description).isEqualTo(expected);
    }

    private interface Action<T> {
        T run();
    }

    /** Runs {@code action} with {@code locale} as every default locale, then restores the previous defaults. */
    private static <T> T withDefaultLocale(Locale locale, Action<T> action) {
        Locale saved = Locale.getDefault();
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(locale);
        try {
            return action.run();
        } finally {
            Locale.setDefault(saved);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
        }
    }
}
