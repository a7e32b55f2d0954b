package io.hbench.nnthroughput;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

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
    void hbenchMixLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NnReportTest.class, "hbench-mix.txt",
                withDefaultLocale(locale, () -> NnReport.hbenchLines(SeededRuns.mix())));
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
