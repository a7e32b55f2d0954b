package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.dist.Main;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.StepRecord;
import io.hbench.resources.HostSamples;
import io.hbench.result.BenchResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.json.JsonResultReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
        // One host gives no verdict either way; which reason comes first depends on whether other processes kept this
        // shared machine's CPU busy while a step ran, which a test cannot hold still.
        assertThat(printed).startsWith("----- hbench Suite ----- : hbench-suite/2/quick on the embedded cluster: 4"
                + " tasks at once, 3 DataNodes\nAll 12 steps ran and passed their checks.\n");
        assertThat(printed.lines().skip(2).findFirst().orElseThrow()).matches("No fitness verdict: (no step ran on 3"
                + " or more hosts, and it takes 3 to tell a slow host apart|load that is not hbench's held back .+)\\.");
        assertThat(SuiteState.read(dir).steps()).extracting(StepRecord::status).containsOnly(StepRecord.Status.PASSED);
        List<SuiteStep> steps = SuiteProfile.QUICK.steps(SuiteState.read(dir).cluster(), List.of());
        // Tasks, peers, samplers, the client and the DataNodes at 127.0.0.1: one machine, so one name everywhere.
        Set<String> hostNames = new TreeSet<>();
        for (int i = 0; i < steps.size(); i++) {
            SuiteStep step = steps.get(i);
            assertThat(dir.resolve(StepFile.of(i, step.id()).log())).isNotEmptyFile();
            if (!step.writesResult()) {
                continue;
            }
            BenchResult result;
            try (Reader in = Files.newBufferedReader(dir.resolve(StepFile.of(i, step.id()).result()))) {
                result = JsonResultReader.read(in);
            }
            assertThat(result.failures()).as(step.id()).isEmpty();
            assertThat(result.primaryMetrics()).as(step.id()).isNotEmpty();
            assertThat(result.environment().configuration()).as(step.id())
                    .containsEntry(EnvironmentProbe.SUITE_DEFINITION_KEY, "hbench-suite/2/quick")
                    .containsEntry("embedded", "true");
            assertThat(result.resources()).as(step.id() + " sampled its hosts").hasValueSatisfying(usage ->
                    assertThat(usage.coverage()).isEqualTo(ResourceUsage.Coverage.RUN));
            assertThat(printed).as(step.id()).containsPattern("\n" + step.id() + " +passed +\\d+\\.\\d  .+\n");
            hostNames.addAll(hostNames(result));
        }
        assertThat(hostNames).containsExactly(HostSamples.localHost());
        assertThat(printed).contains("DataNodes: 3 on " + HostSamples.localHost() + ";", "hosts that ran tasks: "
                + HostSamples.localHost() + ";");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<html", "TestDFSIO", "RandBench");
        assertThat(Files.readString(dir.resolve("summary.txt"))).isEqualTo(printed);
    }

    /** Every host name a result records: its tasks' and peers', its sampled hosts', its client's and DataNodes'. */
    private static Set<String> hostNames(BenchResult result) {
        Set<String> names = new TreeSet<>(result.taskHosts().keySet());
        result.resources().ifPresent(usage -> usage.hosts().forEach(host -> {
            names.add(host.host());
            names.addAll(host.sharesKernelWith());
        }));
        names.add(result.environment().clientHost());
        String dataNodes = result.environment().configuration().get(EnvironmentProbe.DATANODE_HOSTS_KEY);
        if (dataNodes != null) {
            names.addAll(List.of(dataNodes.split(",")));
        }
        return names;
    }
}
