package io.hbench.report.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class StepFileTest {
    @Test
    void namesAStepsFilesByItsNumberFromOneInTwoDigits() {
        StepFile first = StepFile.of(0, "dfsio-write");

        assertThat(first.result()).isEqualTo("01-dfsio-write.json");
        assertThat(first.log()).isEqualTo("01-dfsio-write.log");
        assertThat(StepFile.of(11, "fs-clean").result()).isEqualTo("12-fs-clean.json");
    }

    @Test
    void aStepNumberOf100OrMoreRoundTrips() {
        for (int index : new int[] {98, 99, 100, 999, 123_456}) {
            StepFile step = StepFile.of(index, "dfsio-read");

            assertThat(StepFile.ofResult(step.result())).as(step.result()).contains(step);
        }
        assertThat(StepFile.of(99, "dfsio-read").result()).isEqualTo("100-dfsio-read.json");
        assertThat(StepFile.ofResult("100-dfsio-read.json").orElseThrow().stepId()).isEqualTo("dfsio-read");
    }

    @Test
    void namesThatSuitesWriteTodayParseBackToTheirStep() {
        // As the tests of Suite, Compare and Report find them in suite directories.
        assertThat(StepFile.ofResult("01-dfsio-write.json")).contains(StepFile.of(0, "dfsio-write"));
        assertThat(StepFile.ofResult("03-fs-create.json")).contains(StepFile.of(2, "fs-create"));
        assertThat(StepFile.ofResult("07-tpcx-hs.json")).contains(StepFile.of(6, "tpcx-hs"));
        assertThat(StepFile.ofResult("08-ebb.json")).contains(StepFile.of(7, "ebb"));
        assertThat(StepFile.ofResult("09-randbench.json")).contains(StepFile.of(8, "randbench"));
        assertThat(StepFile.ofResult("12-fs-clean.json")).contains(StepFile.of(11, "fs-clean"));
    }

    @Test
    void takesNoOtherFileOfASuitesDirectoryForAStepsResult() {
        for (String name : List.of("suite.json", "report.html", "report.log", "01-dfsio-write.log", "1-ebb.json",
                "001-ebb.json", "00-ebb.json", "01-.json", "01-Ebb.json", "01_ebb.json", "01-ebb.json.tmp")) {
            assertThat(StepFile.ofResult(name)).as(name).isEqualTo(Optional.empty());
        }
    }

    @Test
    void ordersStepsByNumberWhereTheirNamesWouldPut100Before11() {
        TreeSet<StepFile> steps = new TreeSet<>(List.of(StepFile.of(99, "c"), StepFile.of(10, "b"),
                StepFile.of(0, "a")));

        assertThat(steps).extracting(StepFile::result).containsExactly("01-a.json", "11-b.json", "100-c.json");
    }
}
