package io.hbench.nnthroughput;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.load.LoadReport;
import io.hbench.load.Schedule;
import io.hbench.testing.GoldenFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The report's lines, byte for byte, against golden files in src/test/resources/io/hbench/nnthroughput, in six
 * default locales. Run with {@code -Dhbench.golden.update=true} to rewrite them, then read the diff before committing.
 */
class NnReportTest {
    private static final List<String> CLASSIC_LABELS = List.of("# operations:", "Elapsed Time:", "Ops per sec:",
            "Average Time:", " inputs ---", " stats  ---");

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void classicCreateLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "classic-create.txt",
                withDefaultLocale(locale, () -> NnReport.classicLines(SeededRuns.create())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchCreateLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-create.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(SeededRuns.create())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchCreateLinesOnANameserviceGiveTheLongestStretchWithoutACompletionInEveryDefaultLocale(Locale locale)
            throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-create-nameservice.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(SeededRuns.createOnNameservice())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchMixLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-mix.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(SeededRuns.mix())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesAtARateMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        NnResult result = SeededRuns.createAtRate(Schedule.Arrivals.POISSON, 100);
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-create-rate.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(result)));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesOfACapacityCurveMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        NnResult result = SeededRuns.kneeCurve();
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-create-curve.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(result)));
    }

    @Test
    void aCurvePrintsHadoopsBlockForEachStepAndItsAnswerLast() throws Exception {
        NnResult result = SeededRuns.kneeCurve();
        List<String> hbench = NnReport.hbenchLines(result);

        assertThat(NnReport.classicLines(result)).containsSubsequence(
                "--- create inputs ---", "nrFiles = 100", "--- create stats  ---", "# operations: 100",
                "--- create inputs ---", "nrFiles = 200", "--- create stats  ---", "# operations: 200",
                "--- create inputs ---", "nrFiles = 400", "--- create stats  ---", "# operations: 400",
                "--- create inputs ---", "nrFiles = 800", "--- create stats  ---", "# operations: 800");
        assertThat(hbench.get(hbench.size() - 1))
                .isEqualTo("create: sustains 201 ops/s at p99 <= 1 ms (knee between 200 and 400 ops/s)");
        for (String label : CLASSIC_LABELS) {
            assertThat(hbench).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }

    @Test
    void withoutARateTheClassicLinesStayAndWithOneTheyCountTheSchedulesRun() throws InterruptedException {
        List<String> lines = NnReport.classicLines(SeededRuns.createAtRate(Schedule.Arrivals.FIXED, 2000));

        // 1,000 creates of 2 ms each on one worker: the last one ends at 2 s.
        assertThat(lines).containsSubsequence("--- create stats  ---", "# operations: 1000", "Elapsed Time: 2000",
                " Ops per sec: 500.0", "Average Time: 2");
    }

    /** One worker against 2 ms creates at 1,000 ops/s: the last starts at 1.998 s, due at 0.999 s. */
    @Test
    void aRunThatFellBehindSaysHowFarAndNamesThePoolAsTheLimit() throws InterruptedException {
        List<String> lines = NnReport.hbenchLines(SeededRuns.createAtRate(Schedule.Arrivals.FIXED, 2000));

        assertThat(lines).containsSubsequence(
                "Throughput ops/s: 500",
                "Rate ops/s: target 1000, achieved 500 (fixed arrivals, -threads 1)",
                "Service time ms: min 2.000, p50 2.001, p90 2.001, p99 2.001, p99.9 2.001, max 2.001",
                "Behind schedule at end ms: 999.000 (99.9 % of the schedule's 1000.000 ms)",
                "Schedule: fell behind: the load generator limited this run: -threads 1 at the mean service time of"
                        + " 2.000 ms issue at most 500 ops/s; raise -threads",
                "Note: " + LoadReport.OPEN_LOOP_NOTE);
    }

    @Test
    void classicStatsAreHadoopsFourLinesWithJavasOwnNumbers() {
        List<String> lines = NnReport.classicLines(SeededRuns.create());

        assertThat(lines).containsSubsequence("--- create stats  ---", "# operations: 50000",
                "Elapsed Time: 2500", " Ops per sec: 20000.0", "Average Time: 0");
        assertThat(lines.get(0)).isEmpty();
    }

    @Test
    void noHbenchLineContainsAClassicLabel() {
        List<String> lines = new ArrayList<>(NnReport.hbenchLines(SeededRuns.create()));
        lines.addAll(NnReport.hbenchLines(SeededRuns.mix()));

        for (String label : CLASSIC_LABELS) {
            assertThat(lines).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }
}
