package io.hbench.metadata;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.GoldenFiles;
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
    void noHbenchLineContainsAClassicLabel() {
        List<String> lines = FsMetadataReport.hbenchLines(SeededFsRuns.all());

        for (String label : CLASSIC_LABELS) {
            assertThat(lines).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }
}
