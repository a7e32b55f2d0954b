package io.hbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.report.LoadedResult;
import io.hbench.report.Results;
import io.hbench.report.suite.StepFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteRunsTest {
    @TempDir
    Path temp;

    @Test
    void findsEachStepsResultsInStepOrderFromStep100On() throws Exception {
        List<Path> suites = List.of(suite("run1"), suite("run2"));

        Map<StepFile, List<LoadedResult>> steps = SuiteRuns.bySteps(suites);

        assertThat(steps.keySet()).extracting(StepFile::result)
                .containsExactly("01-dfsio-write.json", "11-dfsio-read.json", "100-dfsio-clean.json");
        assertThat(steps.keySet()).extracting(StepFile::stepId)
                .containsExactly("dfsio-write", "dfsio-read", "dfsio-clean");
        assertThat(steps.get(StepFile.of(99, "dfsio-clean"))).extracting(LoadedResult::file)
                .containsExactly(temp.resolve("run1/100-dfsio-clean.json"), temp.resolve("run2/100-dfsio-clean.json"));
    }

    /** A suite directory as Suite leaves it: its record, and each step's result and log. */
    private Path suite(String name) throws Exception {
        Path dir = temp.resolve(name);
        for (StepFile step : List.of(StepFile.of(0, "dfsio-write"), StepFile.of(10, "dfsio-read"),
                StepFile.of(99, "dfsio-clean"))) {
            Results.write(dir.resolve(step.result()), Results.suiteDfsioWrite("hbench-suite/1/quick", 100));
            Files.writeString(dir.resolve(step.log()), "$ bench TestDFSIO\n");
        }
        Files.writeString(dir.resolve("suite.json"), "{\"definition\": \"hbench-suite/1/quick\"}\n");
        return dir;
    }
}
