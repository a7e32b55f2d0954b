package io.hbench.metadata;

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
 * The lines, byte for byte, against golden files in src/test/resources/io/hbench/metadata, in six default locales.
 * Run with {@code -Dhbench.golden.update=true} to rewrite them, then read the diff before committing.
 */
class FsMetadataReportTest {
    private static final List<String> CLASSIC_LABELS = List.of("# operations:", "Elapsed Time:", "Ops per sec:",
            "Average Time:", " inputs ---", " stats  ---");

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void classicLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(FsMetadataReportTest.class, "fs-classic-all.txt",
                withDefaultLocale(locale, () -> FsMetadataReport.classicLines(SeededFsRuns.all())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(FsMetadataReportTest.class, "fs-hbench-all.txt",
                withDefaultLocale(locale, () -> FsMetadataReport.hbenchLines(SeededFsRuns.all())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesAtARateMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        FsMetadataResult result = SeededFsRuns.createAtRate(Schedule.Arrivals.POISSON, 100);
        GoldenFiles.assertMatches(FsMetadataReportTest.class, "fs-hbench-create-rate.txt",
                withDefaultLocale(locale, () -> FsMetadataReport.hbenchLines(result)));
    }

    /** One worker against 2 ms creates at 1,000 ops/s: 1,000 creates in 2 s, the last started at 1.998 s, due at 0.999. */
    @Test
    void aRunAtARateThatFellBehindSaysHowFarAndNamesThePoolAsTheLimit() throws InterruptedException {
        FsMetadataResult result = SeededFsRuns.createAtRate(Schedule.Arrivals.FIXED, 2000);

        assertThat(FsMetadataReport.classicLines(result)).containsSubsequence("--- create stats  ---",
                "# operations: 1000", "Elapsed Time: 2000", " Ops per sec: 500.0", "Average Time: 2");
        // The schedule's lines are NNThroughputBenchmark's; the golden file above holds their words.
        assertThat(FsMetadataReport.hbenchLines(result)).containsSubsequence("Throughput ops/s: 500",
                "Rate ops/s: target 1000, achieved 500 (fixed arrivals, -threads 1)",
                "Behind schedule at end ms: 999.000 (99.9 % of the schedule's 1000.000 ms)",
                "Checked: the 1000 files are listed under their names", "Note: " + LoadReport.OPEN_LOOP_NOTE);
    }

    @Test
    void eachOperationHasNnThroughputBenchmarksBlockAndTheRenameNoteComesBeforeRenamesFigures() {
        List<String> lines = FsMetadataReport.classicLines(SeededFsRuns.all());

        // 2,000 creates in 7.25 s; 500 lists in 1.4 s.
        assertThat(lines).containsSubsequence("--- create stats  ---", "# operations: 2000", "Elapsed Time: 7250",
                " Ops per sec: " + 2000 * 1e9 / 7_250_000_000L)
                .containsSubsequence("--- list stats  ---", "# operations: 500", "Elapsed Time: 1400",
                        " Ops per sec: " + 500 * 1e9 / 1_400_000_000L)
                .containsSubsequence("", "Note: s3a://bench-bucket is an object store: rename copies each object and"
                        + " deletes the original, so its rename figures are a copy's (objects carry etags, and the"
                        + " store says a rename does not keep them).", "--- rename inputs ---", "--- rename stats  ---");
        assertThat(lines.get(0)).isEmpty();
    }

    @Test
    void aFailedCheckIsShownInsteadOfWhatWasChecked() {
        List<String> lines = FsMetadataReport.hbenchLines(SeededFsRuns.all());

        assertThat(lines).contains("Checked: the 2000 files are listed under their new names, none under its old one",
                "FAILED: 1 of the 2000 files are left under s3a://bench-bucket/benchmarks/FsMetadata/delete after"
                        + " deleting every one")
                .doesNotContain("Checked: no file is left under s3a://bench-bucket/benchmarks/FsMetadata/delete");
    }

    @Test
    void noHbenchLineContainsAClassicLabel() throws InterruptedException {
        List<String> lines = new ArrayList<>(FsMetadataReport.hbenchLines(SeededFsRuns.all()));
        lines.addAll(FsMetadataReport.hbenchLines(SeededFsRuns.createAtRate(Schedule.Arrivals.POISSON, 100)));

        for (String label : CLASSIC_LABELS) {
            assertThat(lines).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }
}
