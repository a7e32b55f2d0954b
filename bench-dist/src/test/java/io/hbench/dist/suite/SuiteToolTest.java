package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.report.suite.StepRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Suite's command line, record, resume and summary, over faked programs (no cluster). */
class SuiteToolTest {
    private static final List<String> STEP_PROGRAMS = List.of("TestDFSIO", "TestDFSIO", "NNThroughputBenchmark",
            "NNThroughputBenchmark", "NNThroughputBenchmark", "NNThroughputBenchmark", "TPCx-HS", "EBB", "RandBench",
            "TestDFSIO", "TestDFSIO", "TestDFSIO");

    @TempDir
    Path temp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int suite(FakePrograms programs, String... args) throws Exception {
        out.reset();
        err.reset();
        // No cluster configured: the suite is sized for the embedded one.
        return new SuiteTool(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), programs).runCommandLine(new Configuration(), args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runsEveryStepInOrderWithTheDefinitionAndEndsWithItsSummary() throws Exception {
        FakePrograms programs = new FakePrograms();
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString(), "-embeddedDir", "/tmp/e")).as(err())
                .isZero();

        assertThat(programs.programsRun().subList(0, 12)).isEqualTo(STEP_PROGRAMS);
        assertThat(programs.programsRun().get(12)).isEqualTo("Report");
        assertThat(programs.runs.get(0)).startsWith("TestDFSIO", "-D", "hbench.suite.definition=hbench-suite/2/quick",
                "-embedded", "-embeddedDir", "/tmp/e", "-write");
        assertThat(programs.runs.get(0)).endsWith("-json", dir.resolve("01-dfsio-write.json").toString());
        assertThat(programs.runs.get(9)).doesNotContain("-json");
        assertThat(programs.runs.get(12)).containsExactly("Report", "-out", dir.resolve("report.html").toString(),
                dir.toString());
        assertThat(Files.readAllLines(dir.resolve("01-dfsio-write.log"))).first().asString()
                .startsWith("$ bench TestDFSIO -D hbench.suite.definition=hbench-suite/2/quick -embedded");
        assertThat(dir.resolve("report.html")).exists();
        SuiteState state = SuiteState.read(dir);
        assertThat(state.definition()).isEqualTo("hbench-suite/2/quick");
        assertThat(state.steps()).allSatisfy(step -> assertThat(step.status()).isEqualTo(StepRecord.Status.PASSED));
        List<String> summary = out().lines().collect(java.util.stream.Collectors.toList());
        assertThat(summary).first().isEqualTo("----- hbench Suite ----- : hbench-suite/2/quick on the embedded cluster:"
                + " 4 tasks at once, 3 DataNodes");
        assertThat(summary.get(1)).isEqualTo("All 12 steps ran and passed their checks.");
        assertThat(summary.get(2)).isEqualTo("No fitness verdict: no step ran on 3 or more hosts, and it takes 3 to"
                + " tell a slow host apart.");
        assertThat(summary).contains(
                "Cluster: DataNodes: 3; NodeManagers: none (MapReduce ran in one process); Hadoop 3.4.2");
        assertThat(summary).anySatisfy(line -> assertThat(line).matches("step +status +time s  primary figure +limited by"));
        // 10^8 bytes/s read as every hbench output reads bytes/s: 95.367 MiB/s.
        assertThat(summary).anySatisfy(line -> assertThat(line)
                .matches("dfsio-write +passed +\\d+\\.\\d  throughput 95\\.367 MiB/s"));
        assertThat(summary).last().asString().matches("nn-clean +passed +\\d+\\.\\d");
        assertThat(Files.readAllLines(dir.resolve("summary.txt"))).isEqualTo(summary);
    }

    @Test
    void onTheEmbeddedStoreFsMetadataTakesNnThroughputBenchmarksPlaceAndTheFirstScreenSaysWhy() throws Exception {
        FakePrograms programs = new FakePrograms();
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString(), "-embeddedStore")).as(err()).isZero();

        assertThat(programs.programsRun()).containsExactly("TestDFSIO", "TestDFSIO", "FsMetadata", "FsMetadata",
                "FsMetadata", "FsMetadata", "TPCx-HS", "EBB", "RandBench", "TestDFSIO", "TestDFSIO", "TestDFSIO",
                "Report");
        assertThat(programs.runs.subList(0, 12)).allSatisfy(run -> assertThat(run.subList(1, 4)).containsExactly("-D",
                "hbench.suite.definition=hbench-suite/2/quick", "-embeddedStore").doesNotContain("-embedded"));
        List<String> summary = out().lines().collect(java.util.stream.Collectors.toList());
        assertThat(summary.subList(0, 2)).containsExactly("----- hbench Suite ----- : hbench-suite/2/quick on the"
                + " embedded cluster: 4 tasks at once, no HDFS (the file system has no NameNode)",
                "All 12 steps ran and passed their checks.");
        assertThat(summary).contains("Cluster: file system: not HDFS: with no NameNode to measure, FsMetadata's steps"
                + " time the metadata operations through the FileSystem API in NNThroughputBenchmark's place;"
                + " NodeManagers: none (MapReduce ran in one process); Hadoop 3.4.2");
        assertThat(summary).anySatisfy(line -> assertThat(line).matches("fs-create +passed .*"))
                .anySatisfy(line -> assertThat(line).matches("fs-clean +passed +\\d+\\.\\d"));

        // Resumed, it runs on the store it started on, with or without the flag again.
        SuiteState interrupted = SuiteState.read(dir);
        for (StepRecord step : interrupted.steps().subList(10, 12)) {
            interrupted = interrupted.with(StepRecord.notRun(step.id()));
        }
        interrupted.write(dir);
        FakePrograms resumed = new FakePrograms();
        assertThat(suite(resumed, "-resume", "-out", dir.toString())).as(err()).isZero();
        assertThat(resumed.runs.subList(0, 2)).allSatisfy(run -> assertThat(run).contains("-embeddedStore", "-clean"));
    }

    @Test
    void aSuiteOnTheEmbeddedHdfsIsNotResumedOnTheStore() throws Exception {
        Path dir = temp.resolve("suite");
        assertThat(suite(new FakePrograms(), "-profile", "quick", "-out", dir.toString())).isZero();
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-resume", "-embeddedStore", "-out", dir.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Suite: -resume -embeddedStore: " + dir + " holds a suite that ran on the"
                + " embedded cluster: 4 tasks at once, 3 DataNodes, not on the embedded object store\n");
        assertThat(programs.runs).isEmpty();
    }

    @Test
    void genericOptionsGoToEveryStep() throws Exception {
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-D", "mapreduce.job.queuename=bench", "-profile", "quick", "-out",
                temp.resolve("suite").toString())).as(err()).isZero();

        assertThat(programs.runs.subList(0, 12)).allSatisfy(run -> assertThat(run.subList(1, 5)).containsExactly(
                "-D", "mapreduce.job.queuename=bench", "-D", "hbench.suite.definition=hbench-suite/2/quick"));
    }

    @Test
    void linkSpeedGoesToEveryStepSoThatEachResultRecordsIt() throws Exception {
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-profile", "quick", "-linkSpeed", "w2=20Mbit", "-out",
                temp.resolve("suite").toString())).as(err()).isZero();

        assertThat(programs.runs.subList(0, 12)).allSatisfy(run -> assertThat(String.join(" ", run))
                .contains(" -linkSpeed w2=20Mbit "));
    }

    @Test
    void aLinkSpeedThatIsNoRateIsRefusedBeforeAnyStep() throws Exception {
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-profile", "quick", "-linkSpeed", "w2=20", "-out",
                temp.resolve("suite").toString())).isEqualTo(2);

        assertThat(err()).startsWith("Suite: -linkSpeed w2: '20' is not a link rate: use a number and bit, Kbit,");
        assertThat(programs.runs).isEmpty();
        assertThat(temp.resolve("suite")).doesNotExist();
    }

    @Test
    void aFailedStepIsRecordedTheSuiteGoesOnAndExitsOne() throws Exception {
        FakePrograms programs = new FakePrograms();
        programs.failing.add("TPCx-HS");
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString())).isEqualTo(1);

        assertThat(programs.programsRun()).containsSubsequence("TPCx-HS", "EBB", "RandBench", "TestDFSIO", "Report");
        StepRecord tpcxhs = SuiteState.read(dir).steps().get(6);
        assertThat(tpcxhs.id()).isEqualTo("tpcx-hs");
        assertThat(tpcxhs.status()).isEqualTo(StepRecord.Status.FAILED);
        assertThat(tpcxhs.exitStatus()).isEqualTo(1);
        assertThat(err()).containsPattern("hbench: Suite: step 7 of 12, tpcx-hs: failed in \\d+\\.\\d s \\(exit 1; see"
                + " 07-tpcx-hs\\.log\\)");
        assertThat(Files.readString(dir.resolve("07-tpcx-hs.log"))).contains("TPCx-HS: something broke");
        assertThat(err()).contains("\nhbench: Suite: tpcx-hs: TPCx-HS: something broke\n");
        assertThat(out()).containsPattern("\\ntpcx-hs +failed +\\d+\\.\\d\\n")
                .contains("\n1 of 12 steps did not pass: tpcx-hs (failed, exit 1); their logs in " + dir + " say why.\n");
    }

    @Test
    void aCleanStepThatLeftDataBehindFailsAndItsLineReachesTheScreen() throws Exception {
        FakePrograms programs = new FakePrograms();
        String left = "10 entries left under /benchmarks/TestDFSIO after removing it: the store kept them";
        programs.failingWith.put("-clean", left);
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString())).isEqualTo(1);

        assertThat(err()).containsPattern("hbench: Suite: step 10 of 12, dfsio-clean: failed in \\d+\\.\\d s \\(exit"
                + " 1; see 10-dfsio-clean\\.log\\)\nhbench: Suite: dfsio-clean: TestDFSIO: " + left + "\n");
        assertThat(out()).containsPattern("\ndfsio-clean +failed +\\d+\\.\\d\n");
    }

    @Test
    void resumeRunsOnlyTheStepsThatHadNotFinished() throws Exception {
        Path dir = temp.resolve("suite");
        assertThat(suite(new FakePrograms(), "-profile", "quick", "-out", dir.toString())).isZero();
        // As if the suite had been killed in its fifth step.
        SuiteState interrupted = SuiteState.read(dir);
        for (StepRecord step : interrupted.steps().subList(4, 12)) {
            interrupted = interrupted.with(StepRecord.notRun(step.id()));
        }
        interrupted.write(dir);
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-resume", "-out", dir.toString())).as(err()).isZero();

        assertThat(programs.programsRun()).containsExactly("NNThroughputBenchmark", "NNThroughputBenchmark", "TPCx-HS",
                "EBB", "RandBench", "TestDFSIO", "TestDFSIO", "TestDFSIO", "Report");
        assertThat(programs.runs.get(0)).contains("fileStatus");
        assertThat(err()).contains("hbench: Suite: step 1 of 12, dfsio-write: passed before, not run again\n");
        assertThat(out()).contains("\nAll 12 steps ran and passed their checks.\n");
    }

    @Test
    void aStepThatOutlivesItsBoundIsInterruptedAndRecordedAsTimedOut() throws Exception {
        FakePrograms programs = new FakePrograms();
        programs.hanging.add("RandBench");
        Path dir = Files.createDirectories(temp.resolve("suite"));
        List<SuiteStep> steps = List.of(new SuiteStep("slow", List.of("RandBench"), Duration.ofSeconds(1), true),
                new SuiteStep("after", List.of("EBB"), Duration.ofSeconds(30), true));
        SuiteState state = SuiteRunner.fresh("test/1", new ClusterShape(1, 1, false), steps);

        SuiteState end = new SuiteRunner(programs, new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(dir, steps, state);

        assertThat(end.steps().get(0).status()).isEqualTo(StepRecord.Status.TIMED_OUT);
        assertThat(programs.interrupted).as("the program was interrupted").isTrue();
        assertThat(Files.readString(dir.resolve("01-slow.log")))
                .contains("hbench: Suite: slow did not end within its bound of 1 s and was interrupted\n");
        assertThat(end.steps().get(1).status()).as("the suite went on").isEqualTo(StepRecord.Status.PASSED);
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path full = Files.createDirectories(temp.resolve("full"));
        Files.writeString(full.resolve("notes.txt"), "mine\n");

        assertThat(suite(new FakePrograms())).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: give the suite's directory: -out <dir>\nRun 'Suite -help' for usage.\n");

        assertThat(suite(new FakePrograms(), "-out", temp.resolve("x").toString(), "-profile", "huge")).isEqualTo(2);
        assertThat(err()).startsWith("Suite: -profile huge: the profiles are quick, standard and full\n");

        assertThat(suite(new FakePrograms(), "-out", full.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: -out " + full + " is not empty: name a new or empty directory, or add"
                + " -resume to continue the suite in it\n");
        assertThat(Files.readString(full.resolve("notes.txt"))).isEqualTo("mine\n");

        assertThat(suite(new FakePrograms(), "-resume", "-out", full.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: " + full + " holds no suite to resume (no suite.json)\n");
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsRefusedWithTheReasonBeforeAnyStep() throws Exception {
        Path file = Files.writeString(temp.resolve("file"), "mine\n");
        FakePrograms programs = new FakePrograms();

        assertThat(suite(programs, "-out", "/proc/x", "-profile", "quick")).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: -out /proc/x: /proc takes no new files\n");
        assertThat(suite(programs, "-out", temp.resolve("a/b").toString(), "-profile", "quick")).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: -out " + temp.resolve("a/b") + ": no such directory " + temp.resolve("a")
                + "\n");
        assertThat(suite(programs, "-out", file.toString(), "-profile", "quick")).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: -out " + file + ": is a file, not a directory\n");

        assertThat(programs.runs).isEmpty();
        assertThat(Files.readString(file)).isEqualTo("mine\n");
    }

    @Test
    void testDfsioStepsAppendTheirClassicLinesInsideTheSuitesDirectory() throws Exception {
        FakePrograms programs = new FakePrograms();
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString())).as(err()).isZero();

        String resFile = dir.resolve("TestDFSIO_results.log").toString();
        assertThat(programs.runs.get(0)).containsSubsequence("-write", "-resFile", resFile);
        assertThat(programs.runs.get(1)).containsSubsequence("-read", "-resFile", resFile);
        assertThat(programs.runs.subList(9, 12)).as("-clean writes no lines")
                .allSatisfy(run -> assertThat(run).contains("-clean").doesNotContain("-resFile"));
        assertThat(programs.runs.subList(2, 9)).allSatisfy(run -> assertThat(run).doesNotContain("-resFile"));
    }

    @Test
    void resumeKeepsTheSuitesOwnProfile() throws Exception {
        Path dir = temp.resolve("suite");
        FakePrograms programs = new FakePrograms();
        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString())).isZero();

        assertThat(suite(programs, "-resume", "-profile", "full", "-out", dir.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Suite: -resume: " + dir + " holds a suite of profile quick, not full\n");
    }

    @Test
    void aBaselineSuiteIsHeldUpStepByStepInTheSummaryAndTheReport() throws Exception {
        Path earlier = temp.resolve("earlier");
        assertThat(suite(new FakePrograms(), "-profile", "quick", "-out", earlier.toString())).isZero();
        FakePrograms programs = new FakePrograms();
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "quick", "-out", dir.toString(), "-baseline", earlier.toString()))
                .as(err()).isZero();

        assertThat(out()).contains("\n----- Against the baseline: " + earlier + " -----\n")
                .containsPattern("\ndfsio-write +\\d+\\.\\d +\\d+\\.\\d +[-+]\\d+\\.\\d % +- +- +too few runs"
                        + " +throughput 95\\.367 MiB/s -> 95\\.367 MiB/s +\\+0\\.0 % +too few runs\n");
        assertThat(programs.runs.get(programs.runs.size() - 1)).containsExactly("Report", "-out",
                dir.resolve("report.html").toString(), earlier.toString(), "-vs", dir.toString());
    }

    @Test
    void aBaselineOfAnotherProfileIsRefusedBeforeAnythingRuns() throws Exception {
        Path earlier = temp.resolve("earlier");
        assertThat(suite(new FakePrograms(), "-profile", "quick", "-out", earlier.toString())).isZero();
        FakePrograms programs = new FakePrograms();
        Path dir = temp.resolve("suite");

        assertThat(suite(programs, "-profile", "standard", "-out", dir.toString(), "-baseline", earlier.toString()))
                .isEqualTo(2);

        assertThat(err()).isEqualTo("Suite: -baseline " + earlier + ": a suite of definition hbench-suite/2/quick,"
                + " and this one runs hbench-suite/2/standard: they measure different things\n");
        assertThat(programs.runs).isEmpty();
        assertThat(dir).doesNotExist();
        assertThat(suite(programs, "-out", dir.toString(), "-baseline", temp.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Suite: -baseline " + temp + ": not a suite's directory (no suite.json)\n");
    }
}
