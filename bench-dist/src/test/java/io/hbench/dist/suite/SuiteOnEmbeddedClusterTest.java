package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.dist.Main;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.report.suite.StepRecord;
import io.hbench.result.BenchResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.format.JsonResultFormat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first thing a new user runs: {@code bench Suite -profile quick -out DIR}, on the embedded cluster. */
class SuiteOnEmbeddedClusterTest {
    @TempDir
    Path temp;

    @Test
    void theQuickSuiteRunsEveryStepAndLeavesResultsLogsReportAndSummary() throws Exception {
        Path dir = temp.resolve("suite");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = Main.run(new String[] {"Suite", "-profile", "quick", "-out", dir.toString(), "-embeddedDir",
            temp.resolve("embedded").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(status).as(err.toString(StandardCharsets.UTF_8) + printed).isZero();
        assertThat(printed).startsWith("----- hbench Suite ----- : hbench-suite/1/quick on the embedded cluster: 4"
                + " tasks at once, 3 DataNodes\nAll 12 steps passed.\nNo step's tasks ran on 3 or more hosts, so no host"
                + " could be named slow.\n");
        assertThat(SuiteState.read(dir).steps()).extracting(StepRecord::status).containsOnly(StepRecord.Status.PASSED);
        List<SuiteStep> steps = SuiteProfile.QUICK.steps(SuiteState.read(dir).cluster(), List.of());
        for (int i = 0; i < steps.size(); i++) {
            SuiteStep step = steps.get(i);
            assertThat(dir.resolve(SuiteRunner.logFile(i, step))).isNotEmptyFile();
            if (!step.writesResult()) {
                continue;
            }
            BenchResult result;
            try (Reader in = Files.newBufferedReader(dir.resolve(SuiteRunner.resultFile(i, step)))) {
                result = JsonResultFormat.read(in);
            }
            assertThat(result.failures()).as(step.id()).isEmpty();
            assertThat(result.primaryMetrics()).as(step.id()).isNotEmpty();
            assertThat(result.environment().configuration()).as(step.id())
                    .containsEntry(EnvironmentProbe.SUITE_DEFINITION_KEY, "hbench-suite/1/quick")
                    .containsEntry("embedded", "true");
            assertThat(result.resources()).as(step.id() + " sampled its hosts").hasValueSatisfying(usage ->
                    assertThat(usage.coverage()).isEqualTo(ResourceUsage.Coverage.RUN));
            assertThat(printed).as(step.id()).containsPattern("\n" + step.id() + " +passed +\\d+\\.\\d  .+\n");
        }
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<html", "TestDFSIO", "RandBench");
        assertThat(Files.readString(dir.resolve("summary.txt"))).isEqualTo(printed);
    }
}
