package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SuiteProfileTest {
    private static final List<String> NO_FLAGS = List.of();

    @Test
    void everyProfileRunsTheSameStepsInTheSameOrderAndOnlyQuickLeavesOutTheNameNodesCapacity() {
        assertThat(SuiteProfile.QUICK.steps(new ClusterShape(10, 3, false), NO_FLAGS)).extracting(SuiteStep::id)
                .containsExactly("dfsio-write", "dfsio-read", "nn-create", "nn-open", "nn-filestatus", "nn-delete",
                        "tpcx-hs", "ebb", "randbench", "dfsio-clean", "tpcx-hs-clean", "nn-clean");
        for (SuiteProfile profile : List.of(SuiteProfile.STANDARD, SuiteProfile.FULL)) {
            assertThat(profile.steps(new ClusterShape(10, 3, false), NO_FLAGS)).extracting(SuiteStep::id)
                    .containsExactly("dfsio-write", "dfsio-read", "nn-create", "nn-open", "nn-filestatus",
                            "nn-delete", "nn-capacity", "tpcx-hs", "ebb", "randbench", "dfsio-clean", "tpcx-hs-clean",
                            "nn-clean");
        }
    }

    @Test
    void theCapacityCurveDoublesTheOfferedRateOfFileStatusAndAnswersAtP99Of10Ms() {
        ClusterShape shape = new ClusterShape(7, 2, false);

        assertThat(commands(SuiteProfile.STANDARD.steps(shape, List.of("-D", "k=v")))).contains(
                "NNThroughputBenchmark -D k=v -op fileStatus -threads 64 -ramp 1000..64000 -steps 7 -stepDuration 10s"
                        + " -slo p99=10ms -baseDirName /benchmarks/hbench-suite/nn");
        assertThat(commands(SuiteProfile.FULL.steps(shape, NO_FLAGS))).contains(
                "NNThroughputBenchmark -op fileStatus -threads 256 -ramp 2000..256000 -steps 8 -stepDuration 30s"
                        + " -slo p99=10ms -baseDirName /benchmarks/hbench-suite/nn");
        // Without a NameNode there is no curve: FsMetadata's steps stand in for the four operations only.
        assertThat(SuiteProfile.STANDARD.steps(new ClusterShape(7, 0, true), NO_FLAGS)).extracting(SuiteStep::id)
                .doesNotContain("nn-capacity", "fs-capacity");
    }

    @Test
    void quickStepsAreSmallAndCappedAtFourTasks() {
        List<SuiteStep> steps = SuiteProfile.QUICK.steps(new ClusterShape(10, 3, false), List.of("-D", "k=v"));

        assertThat(commands(steps)).containsExactly(
                "TestDFSIO -D k=v -write -nrFiles 4 -fileSize 16MB -rootDir /benchmarks/hbench-suite/dfsio",
                "TestDFSIO -D k=v -read -verify -nrFiles 4 -fileSize 16MB -rootDir /benchmarks/hbench-suite/dfsio",
                "NNThroughputBenchmark -D k=v -op create -threads 4 -files 2000 -baseDirName /benchmarks/hbench-suite/nn",
                "NNThroughputBenchmark -D k=v -op open -threads 4 -files 2000 -baseDirName /benchmarks/hbench-suite/nn",
                "NNThroughputBenchmark -D k=v -op fileStatus -threads 4 -files 2000 -baseDirName"
                        + " /benchmarks/hbench-suite/nn",
                "NNThroughputBenchmark -D k=v -op delete -threads 4 -files 2000 -baseDirName /benchmarks/hbench-suite/nn",
                "TPCx-HS -D k=v -rows 10000 -baseDir /benchmarks/hbench-suite/tpcx-hs -replication 3",
                "EBB -D k=v -s 1MB -r 3 -peers 4 -relative -seed 1",
                "RandBench -D k=v 65536 16 20 -peers 4 -seed 1",
                "TestDFSIO -D k=v -clean -rootDir /benchmarks/hbench-suite/dfsio",
                "TestDFSIO -D k=v -clean -rootDir /benchmarks/hbench-suite/tpcx-hs",
                "TestDFSIO -D k=v -clean -rootDir /benchmarks/hbench-suite/nn");
        assertThat(steps).allSatisfy(step -> assertThat(step.timeout()).isEqualTo(Duration.ofMinutes(10)));
        assertThat(steps).filteredOn(SuiteStep::writesResult).hasSize(9);
    }

    @Test
    void onAFileSystemWithoutNameNodeFsMetadataTakesNnThroughputBenchmarksStepsAndEveryDirectoryIsCleaned() {
        // An object store: no NameNode, no DataNodes.
        List<SuiteStep> steps = SuiteProfile.QUICK.steps(new ClusterShape(4, 0, true), List.of("-embeddedStore"));

        assertThat(commands(steps)).containsExactly(
                "TestDFSIO -embeddedStore -write -nrFiles 4 -fileSize 16MB -rootDir /benchmarks/hbench-suite/dfsio",
                "TestDFSIO -embeddedStore -read -verify -nrFiles 4 -fileSize 16MB -rootDir /benchmarks/hbench-suite/dfsio",
                "FsMetadata -embeddedStore -op create -threads 4 -files 2000 -baseDir /benchmarks/hbench-suite/fs-metadata",
                "FsMetadata -embeddedStore -op open -threads 4 -files 2000 -baseDir /benchmarks/hbench-suite/fs-metadata",
                "FsMetadata -embeddedStore -op fileStatus -threads 4 -files 2000 -baseDir"
                        + " /benchmarks/hbench-suite/fs-metadata",
                "FsMetadata -embeddedStore -op delete -threads 4 -files 2000 -baseDir /benchmarks/hbench-suite/fs-metadata",
                "TPCx-HS -embeddedStore -rows 10000 -baseDir /benchmarks/hbench-suite/tpcx-hs",
                "EBB -embeddedStore -s 1MB -r 3 -peers 4 -relative -seed 1",
                "RandBench -embeddedStore 65536 16 20 -peers 4 -seed 1",
                "TestDFSIO -embeddedStore -clean -rootDir /benchmarks/hbench-suite/dfsio",
                "TestDFSIO -embeddedStore -clean -rootDir /benchmarks/hbench-suite/tpcx-hs",
                "TestDFSIO -embeddedStore -clean -rootDir /benchmarks/hbench-suite/fs-metadata");
        assertThat(steps).extracting(SuiteStep::id).containsExactly("dfsio-write", "dfsio-read", "fs-create", "fs-open",
                "fs-filestatus", "fs-delete", "tpcx-hs", "ebb", "randbench", "dfsio-clean", "tpcx-hs-clean", "fs-clean");
        assertThat(steps).filteredOn(SuiteStep::writesResult).hasSize(9);
        assertThat(commands(SuiteProfile.FULL.steps(new ClusterShape(7, 0, false), NO_FLAGS))).contains(
                "FsMetadata -op open -threads 64 -files 1000000 -baseDir /benchmarks/hbench-suite/fs-metadata",
                "TPCx-HS -rows 1000000000 -baseDir /benchmarks/hbench-suite/tpcx-hs");
    }

    @Test
    void standardAndFullSizeByWhatTheClusterRunsAtOnce() {
        // 7 tasks at once: EBB pairs peers, so it takes 6; two DataNodes hold two replicas.
        ClusterShape shape = new ClusterShape(7, 2, false);

        List<String> standard = commands(SuiteProfile.STANDARD.steps(shape, NO_FLAGS));
        List<String> full = commands(SuiteProfile.FULL.steps(shape, NO_FLAGS));

        assertThat(standard).contains(
                "TestDFSIO -write -nrFiles 7 -fileSize 1GB -rootDir /benchmarks/hbench-suite/dfsio",
                "NNThroughputBenchmark -op open -threads 16 -files 100000 -baseDirName /benchmarks/hbench-suite/nn",
                "TPCx-HS -rows 10000000 -baseDir /benchmarks/hbench-suite/tpcx-hs -replication 2",
                "EBB -s 1MB-64MB -r 10 -peers 6 -relative -seed 1",
                "RandBench 65536 256 100 -peers 7 -seed 1");
        assertThat(full).contains(
                "TestDFSIO -write -nrFiles 14 -fileSize 16GB -rootDir /benchmarks/hbench-suite/dfsio",
                "NNThroughputBenchmark -op create -threads 64 -files 1000000 -baseDirName /benchmarks/hbench-suite/nn",
                "TPCx-HS -rows 1000000000 -baseDir /benchmarks/hbench-suite/tpcx-hs -replication 2",
                "EBB -s 1MB-1GB -r 10 -peers 6 -relative -seed 1",
                "RandBench 1048576 64 100 -peers 7 -seed 1");
        assertThat(SuiteProfile.STANDARD.steps(shape, NO_FLAGS).get(0).timeout()).isEqualTo(Duration.ofHours(2));
        assertThat(SuiteProfile.FULL.steps(shape, NO_FLAGS).get(0).timeout()).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void aClusterOfOneTaskStillGetsTwoBspPeers() {
        List<String> commands = commands(SuiteProfile.QUICK.steps(new ClusterShape(1, 1, false), NO_FLAGS));

        assertThat(commands).contains("EBB -s 1MB -r 3 -peers 2 -relative -seed 1",
                "RandBench 65536 16 20 -peers 2 -seed 1",
                "TPCx-HS -rows 10000 -baseDir /benchmarks/hbench-suite/tpcx-hs -replication 1");
    }

    @Test
    void peakBytesAreTestDfsiosFilesAndTpcxhsTwiceWithTheirReplicas() {
        ClusterShape shape = new ClusterShape(10, 2, false);

        // quick: 4 files of 16 MiB, 3 replicas; TPCx-HS 10,000 rows of 100 bytes generated and sorted, 2 replicas.
        assertThat(SuiteProfile.QUICK.peakBytes(shape, 3)).isEqualTo(4L * 16 * 1024 * 1024 * 3 + 2L * 10_000 * 100 * 2);
        // full: 20 files of 16 GiB; 10^9 rows.
        assertThat(SuiteProfile.FULL.peakBytes(shape, 3))
                .isEqualTo(20L * 16 * 1024 * 1024 * 1024 * 3 + 2L * 1_000_000_000 * 100 * 2);
        // A file system that is not HDFS keeps each byte once, whatever dfs.replication says.
        assertThat(SuiteProfile.QUICK.peakBytes(new ClusterShape(10, 0, false), 3))
                .isEqualTo(4L * 16 * 1024 * 1024 + 2L * 10_000 * 100);
    }

    @Test
    void definitionsAreVersionedAndNamed() {
        assertThat(SuiteProfile.QUICK.definition()).isEqualTo("hbench-suite/2/quick");
        assertThat(SuiteProfile.parse("full")).isEqualTo(SuiteProfile.FULL);
        assertThatThrownBy(() -> SuiteProfile.parse("Quick")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-profile Quick: the profiles are quick, standard and full");
    }

    private static List<String> commands(List<SuiteStep> steps) {
        return steps.stream().map(step -> String.join(" ", step.command())).collect(Collectors.toList());
    }
}
