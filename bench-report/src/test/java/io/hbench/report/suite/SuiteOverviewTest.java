package io.hbench.report.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteOverviewTest {
    private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");
    private static final double MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void opensWithTheVerdictThenTheClusterAndEveryStepWithWhatLimitedIt() throws Exception {
        new SuiteRecord("hbench-suite/1/standard", 10, 5, false, List.of(
                new StepRecord("dfsio-write", StepRecord.Status.PASSED, 0, 61.25),
                new StepRecord("tpcx-hs", StepRecord.Status.FAILED, 1, 12),
                new StepRecord("dfsio-clean", StepRecord.Status.PASSED, 0, 2))).write(dir);
        write("01-dfsio-write.json", dfsioWriteWithSlowDn4());

        List<String> lines = SuiteOverview.read(dir).lines();

        assertThat(lines).containsExactly(
                "----- hbench Suite ----- : hbench-suite/1/standard on 10 tasks at once, 5 DataNodes",
                "1 of 3 steps did not pass: tpcx-hs (failed, exit 1); their logs in " + dir + " say why.",
                "Not fit: slow host dn4 in dfsio-write (see the findings below).",
                "",
                "Cluster: DataNodes: 5 on dn1, dn2, dn3, dn4, dn5; NodeManagers: 5 on dn1, dn2, dn3, dn4, dn5;"
                        + " hosts that ran tasks: dn1, dn2, dn3, dn4, dn5; Hadoop 3.4.2 (cluster 3.4.1)",
                "",
                "step         status     time s  primary figure                      limited by",
                "dfsio-write  passed       61.3  aggregate throughput 400.000 MiB/s",
                "tpcx-hs      failed       12.0",
                "dfsio-clean  passed        2.0",
                "",
                "Findings:",
                "  dfsio-write: slow host: dn4: median throughput 20.000 MiB/s against 100.000 MiB/s on the median"
                        + " host (0.20 times the median); 2 of its 2 tasks slow");
    }

    @Test
    void ranAndFitAreTwoLinesAndNoHostJudgedGivesNoFitnessVerdict() throws Exception {
        new SuiteRecord("hbench-suite/1/quick", 4, 3, true, List.of(
                new StepRecord("dfsio-clean", StepRecord.Status.PASSED, 0, 2))).write(dir);

        assertThat(SuiteOverview.read(dir).verdict()).containsExactly("The 1 step ran and passed its checks.",
                "No fitness verdict: no step ran on 3 or more hosts, and it takes 3 to tell a slow host apart.");
    }

    @Test
    void theNameNodesCapacityIsAnsweredOnTheFirstScreenBesideTheVerdict() throws Exception {
        new SuiteRecord("hbench-suite/2/standard", 10, 3, false, List.of(
                new StepRecord("nn-capacity", StepRecord.Status.PASSED, 0, 95))).write(dir);
        double[] offered = {1000, 2000, 4000, 8000};
        write("01-nn-capacity.json", Results.capacityCurve(offered, new double[] {1000, 2000, 3990.4, 7000},
                new double[][] {{0.001, 0.002, 0.003}, {0.001, 0.003, 0.004}, {0.002, 0.008, 0.012},
                        {0.050, 0.900, 1.100}}, 3990.4, 8000));

        SuiteOverview overview = SuiteOverview.read(dir);

        assertThat(overview.verdict()).hasSize(3).last().isEqualTo("nn-capacity: fileStatus: sustains 3,990 ops/s"
                + " at p99 <= 10 ms (knee between 4,000 and 8,000 ops/s).");
        assertThat(overview.lines().subList(1, 4)).endsWith(overview.verdict().get(2));
    }

    @Test
    void aSuiteOnAFileSystemWithoutNameNodeSaysSoWhereItsDataNodesWouldBe() throws Exception {
        new SuiteRecord("hbench-suite/1/quick", 4, 0, true, List.of(
                new StepRecord("fs-create", StepRecord.Status.PASSED, 0, 20))).write(dir);
        write("01-fs-create.json", fsCreateOnAnObjectStore().build());

        SuiteOverview overview = SuiteOverview.read(dir);

        assertThat(overview.record().hasNameNode()).isFalse();
        assertThat(overview.lines().get(0)).isEqualTo("----- hbench Suite ----- : hbench-suite/1/quick on the embedded"
                + " cluster: 4 tasks at once, no HDFS (the file system has no NameNode)");
        assertThat(overview.cluster()).first().isEqualTo("file system: s3a://hbench/, not HDFS: with no NameNode to"
                + " measure, FsMetadata's steps time the metadata operations through the FileSystem API in"
                + " NNThroughputBenchmark's place");
        assertThat(overview.steps().get(0).headline()).isEqualTo("operations per second, create 107.500 ops/s");
    }

    @Test
    void printsWhatAResultFilePutInItsLinesWithTheNonPrintingCharactersEscaped() throws Exception {
        new SuiteRecord("hbench-suite/1/quick", 4, 0, true, List.of(
                new StepRecord("fs-create", StepRecord.Status.PASSED, 0, 20))).write(dir);
        // A host name that would retitle the terminal and then forge a line of its own.
        write("01-fs-create.json", fsCreateOnAnObjectStore()
                .taskSample(new TaskSample("fs_0", "w1\u001b]0;owned\u0007\nThe 1 step ran and passed its checks.",
                        START, START.plusSeconds(10), List.of()))
                .build());

        List<String> lines = SuiteOverview.read(dir).lines();

        assertThat(lines).noneMatch(line -> line.chars().anyMatch(Character::isISOControl));
        assertThat(String.join("\n", lines)).contains("w1\\x1b]0;owned\\x07\\nThe 1 step ran and passed its checks.");
    }

    private static BenchResult.Builder fsCreateOnAnObjectStore() {
        return BenchResult.builder("FsMetadata", "create").primaryMetric("ops_per_second")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17").os("Linux")
                        .clientHost("gw1").commandLine(List.of("FsMetadata")).configuration("fs.defaultFS",
                                "s3a://hbench/").build())
                .start(START).end(START.plusSeconds(20))
                .metric(Metric.of("ops_per_second", 107.5, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("operation", "create"));
    }

    private BenchResult dfsioWriteWithSlowDn4() {
        BenchResult.Builder result = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
                        .clusterHadoopVersion("3.4.1").java("17").os("Linux").clientHost("gw1")
                        .commandLine(List.of("TestDFSIO")).configuration("datanodes", "5")
                        .configuration("datanode_hosts", "dn1,dn2,dn3,dn4,dn5").configuration("nodemanagers", "5")
                        .configuration("nodemanager_hosts", "dn1,dn2,dn3,dn4,dn5").build())
                .start(START).end(START.plusSeconds(60))
                .metric("aggregate_throughput", 400 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER);
        int task = 0;
        for (String host : List.of("dn1", "dn2", "dn3", "dn4", "dn5")) {
            for (int i = 0; i < 2; i++) {
                result.taskSample(new TaskSample("test_io_" + task++, host, START, START.plusSeconds(10), List.of(
                        Metric.of("throughput", (host.equals("dn4") ? 20 : 100) * MIB, Unit.BYTES_PER_SECOND,
                                Better.HIGHER))));
            }
        }
        return result.build();
    }

    private void write(String name, BenchResult result) throws Exception {
        try (Writer writer = Files.newBufferedWriter(dir.resolve(name))) {
            new JsonResultFormat().write(result, writer);
        }
    }
}
