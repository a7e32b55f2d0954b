package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.load.FileNames;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every operation against one NameNode in this process, called directly as in standalone mode, all
 * through one {@link NnThroughput.Session}.
 * Each test uses its own base directory; counts are checked against the namespace.
 */
class StandaloneTest {
    @TempDir
    static Path temp;

    private static NnThroughput.Session session;
    private static ClientProtocol client;

    @BeforeAll
    static void start() {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        session = new NnThroughput(new Configuration(), temp.resolve("nn"), quiet).open();
        client = session.target().client();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    static List<HdfsFileStatus> filesUnder(ClientProtocol client, String dir) throws IOException {
        List<HdfsFileStatus> files = new ArrayList<>();
        if (client.getFileInfo(dir) == null) {
            return files;
        }
        DirectoryListing listing = client.getListing(dir, HdfsFileStatus.EMPTY_NAME, false);
        for (HdfsFileStatus status : listing.getPartialListing()) {
            String path = status.getFullName(dir);
            if (status.isDirectory()) {
                files.addAll(filesUnder(client, path));
            } else {
                files.add(status);
            }
        }
        return files;
    }

    private static NnResult run(NnOptions.Builder options) throws Exception {
        return session.run(options.build());
    }

    @Test
    void createMakesExactlyTheCountedFilesAndCompletesThemWithClose() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.CREATE).files(37).threads(4).filesPerDir(5).close(true)
                .keepResults(true).baseDirName("/t/create"));

        OpResult op = result.operations().get(0);
        assertThat(op.operations()).isEqualTo(37);
        assertThat(op.kinds().get("create").latency().count()).isEqualTo(37);
        assertThat(op.completeLatency()).hasValueSatisfying(d -> assertThat(d.count()).isEqualTo(37));
        List<HdfsFileStatus> files = filesUnder(client, "/t/create/create");
        assertThat(files).hasSize(37);
        assertThat(client.getFileInfo("/t/create/create/ThroughputBenchDir0/ThroughputBench0")).isNotNull();
        assertThat(client.getFileInfo("/t/create/" + NnThroughput.MARKER)).isNotNull();
        assertThat(op.inputLines()).containsExactly("baseDir = /t/create/create", "nrFiles = 37", "nrThreads = 4",
                "nrFilesPerDir = 5");
    }

    @Test
    void createWithoutKeepResultsLeavesNothingBehind() throws Exception {
        run(NnOptions.builder(NnOperation.CREATE).files(10).baseDirName("/t/gone"));

        assertThat(client.getFileInfo("/t/gone/create")).isNull();
        assertThat(client.getFileInfo("/t/gone/" + NnThroughput.MARKER)).isNotNull();
    }

    @Test
    void warmUpOperationsAreDoneButNotCounted() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.CREATE).files(20).warmup(6).keepResults(true)
                .baseDirName("/t/warm"));

        assertThat(result.operations().get(0).operations()).isEqualTo(20);
        assertThat(result.operations().get(0).warmupOperations()).isEqualTo(6);
        assertThat(filesUnder(client, "/t/warm/create")).hasSize(26);
    }

    @Test
    void mkdirsMakesTheCountedDirectories() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.MKDIRS).dirs(15).threads(2).dirsPerDir(3)
                .keepResults(true).baseDirName("/t/mkdirs"));

        assertThat(result.operations().get(0).operations()).isEqualTo(15);
        for (int i = 0; i < 15; i++) {
            // The 15 names, as directories, spread 3 per parent.
            assertThat(FileNames.generate("/t/mkdirs/mkdirs", 3, i, 1).name(0)).satisfies(path ->
                    assertThat(client.getFileInfo(path).isDirectory()).isTrue());
        }
    }

    @Test
    void openReadsEveryFileOnceFromAFreshSet() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.OPEN).files(25).threads(3).keepResults(true)
                .baseDirName("/t/open"));

        assertThat(result.operations().get(0).operations()).isEqualTo(25);
        assertThat(filesUnder(client, "/t/open/open")).hasSize(25);
        assertThat(client.getFileInfo("/t/open/create")).isNull();
    }

    @Test
    void fileStatusWithADurationRepeatsItsInputs() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.FILE_STATUS).files(4).threads(2)
                .duration(java.time.Duration.ofMillis(300)).baseDirName("/t/status"));

        OpResult op = result.operations().get(0);
        assertThat(op.operations()).isGreaterThan(4);
        assertThat(op.stoppedByDuration()).isTrue();
        assertThat(op.kinds().get("fileStatus").latency().count()).isEqualTo(op.operations());
    }

    @Test
    void deleteRemovesEveryFile() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.DELETE).files(21).threads(4).keepResults(true)
                .baseDirName("/t/delete"));

        assertThat(result.operations().get(0).operations()).isEqualTo(21);
        assertThat(filesUnder(client, "/t/delete/delete")).isEmpty();
    }

    @Test
    void renameGivesEveryFileItsNewName() throws Exception {
        run(NnOptions.builder(NnOperation.RENAME).files(12).threads(3).keepResults(true).baseDirName("/t/rename"));

        List<HdfsFileStatus> files = filesUnder(client, "/t/rename/rename");
        assertThat(files).hasSize(12).allSatisfy(f -> assertThat(f.getLocalName()).endsWith(".r"));
    }

    @Test
    void appendOpensEveryFileForAppend() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.APPEND).files(9).threads(3).keepResults(true)
                .baseDirName("/t/append"));

        assertThat(result.operations().get(0).operations()).isEqualTo(9);
        assertThat(client.getBlockLocations("/t/append/append/ThroughputBenchDir0/ThroughputBench0", 0, 1)
                .isUnderConstruction()).isTrue();
    }

    @Test
    void useExistingWorksOnTheFilesAnEarlierRunKept() throws Exception {
        run(NnOptions.builder(NnOperation.OPEN).files(8).keepResults(true).baseDirName("/t/existing"));

        NnResult again = run(NnOptions.builder(NnOperation.OPEN).files(8).useExisting(true).keepResults(true)
                .baseDirName("/t/existing"));

        assertThat(again.operations().get(0).operations()).isEqualTo(8);
        assertThatThrownBy(() -> run(NnOptions.builder(NnOperation.FILE_STATUS).files(8).useExisting(true)
                .baseDirName("/t/existing")))
                .isInstanceOf(BenchException.class)
                .hasMessage("/t/existing/fileStatus does not exist: with -useExisting, first run -op fileStatus"
                        + " -keepResults with the same -files and -filesPerDir");
    }

    @Test
    void aWorkerThatFailsEndsTheRunNamingTheOperationAndTheFile() throws Exception {
        run(NnOptions.builder(NnOperation.OPEN).files(4).keepResults(true).baseDirName("/t/fail"));

        assertThatThrownBy(() -> run(NnOptions.builder(NnOperation.OPEN).files(6).threads(2).useExisting(true)
                .baseDirName("/t/fail")))
                .isInstanceOf(BenchException.class)
                .hasMessageStartingWith("open failed in worker thread 1 on /t/fail/open/ThroughputBenchDir1/"
                        + "ThroughputBench").hasMessageContaining("File does not exist");
    }

    @Test
    void allRunsEachOperationWithItsOwnOptions() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.ALL).files(6).dirs(4).threads(2).reports(2)
                .datanodes(2).blocksPerReport(4).blocksPerFile(2).totalBlocks(4).baseDirName("/t/all"));

        assertThat(result.operations()).extracting(op -> op.operation().label()).startsWith("create", "mkdirs",
                "open", "delete", "append", "fileStatus", "rename", "blockReport", "replication", "clean");
        assertThat(result.operations().get(1).operations()).isEqualTo(4);
        assertThat(client.getFileInfo("/t/all")).isNull();
    }

    @Test
    void mixDoesEachOperationInProportionAndCountsEachKind() throws Exception {
        java.util.Map<NnOperation, Integer> weights = new java.util.LinkedHashMap<>();
        weights.put(NnOperation.CREATE, 1);
        weights.put(NnOperation.OPEN, 8);
        weights.put(NnOperation.FILE_STATUS, 4);
        weights.put(NnOperation.DELETE, 1);
        weights.put(NnOperation.RENAME, 1);
        weights.put(NnOperation.MKDIRS, 1);
        NnResult result = run(NnOptions.builder(NnOperation.MIX).mix(weights).files(400).threads(4).keepResults(true)
                .baseDirName("/t/mix"));

        OpResult op = result.operations().get(0);
        assertThat(op.operations()).isEqualTo(400);
        assertThat(op.kinds().keySet()).containsExactly("create", "open", "fileStatus", "delete", "rename", "mkdirs");
        assertThat(op.kinds().values().stream().mapToLong(OpResult.Kind::operations).sum()).isEqualTo(400);
        assertThat(op.kinds().get("open").operations()).isGreaterThan(op.kinds().get("create").operations() * 3);
        long created = op.kinds().get("create").operations();
        long deleted = op.kinds().get("delete").operations();
        long renamed = op.kinds().get("rename").operations();
        assertThat(filesUnder(client, "/t/mix/mix/new")).hasSize((int) created);
        assertThat(filesUnder(client, "/t/mix/mix/consume")).hasSize((int) renamed)
                .allSatisfy(f -> assertThat(f.getLocalName()).endsWith(".r"));
        assertThat(filesUnder(client, "/t/mix/mix/read")).hasSize(400);
        assertThat(deleted).isPositive();
    }

    @Test
    void blockReportsComeFromSimulatedDataNodesHoldingTheirShareOfBlocks() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.BLOCK_REPORT).datanodes(3).reports(9)
                .blocksPerReport(20).blocksPerFile(4).blockSize(16).baseDirName("/t/reports"));

        OpResult op = result.operations().get(0);
        assertThat(op.operations()).isEqualTo(9);
        assertThat(op.kinds().get("blockReport").latency().count()).isEqualTo(9);
        // 3 DataNodes x 20 blocks / replication 3 = 20 blocks: each DataNode holds all 20.
        assertThat(op.inputLines()).containsExactly("baseDir = /t/reports/blockReport", "reports = 9",
                "datanodes = 3 (20, 20, 20)", "blocksPerReport = 20", "blocksPerFile = 4");
    }

    @Test
    void replicationSchedulesTheDecommissionedNodesBlocks() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.REPLICATION).datanodes(4).nodesToDecommission(1)
                .totalBlocks(40).replication((short) 2).nodeReplicationLimit(100).blockSize(16)
                .baseDirName("/t/replication"));

        OpResult op = result.operations().get(0);
        // Hadoop's count: 40 blocks x 2 replicas x 1 node x 2 / 4^2 = 10 passes at most.
        assertThat(op.inputLines()).contains("numOpsRequired = 10", "decommissioned datanodes = 1",
                "datanode replication limit = 100", "total blocks = 40");
        assertThat(op.operations()).isBetween(1L, 10L);
        assertThat(op.extraLines()).hasSize(3);
        assertThat(op.extraLines().get(0)).startsWith("decommissioned blocks = ");
        assertThat(op.extraLines().get(1)).startsWith("pending replications = ");
        assertThat(op.extraLines().get(2)).startsWith("replications per sec: ");
        assertThat(Long.parseLong(op.extraLines().get(1).substring("pending replications = ".length())))
                .isPositive();
    }

    @Test
    void cleanRemovesOnlyTheBaseDirectory() throws Exception {
        run(NnOptions.builder(NnOperation.CREATE).files(3).keepResults(true).baseDirName("/t/clean/bench"));
        mkdir("/t/clean/sibling");

        NnResult result = run(NnOptions.builder(NnOperation.CLEAN).baseDirName("/t/clean/bench"));

        assertThat(result.operations().get(0).operations()).isEqualTo(1);
        assertThat(client.getFileInfo("/t/clean/bench")).isNull();
        assertThat(client.getFileInfo("/t/clean/sibling")).isNotNull();
    }

    @Test
    void aBaseDirectoryWithOtherDataIsNeitherUsedNorCleaned() throws Exception {
        mkdir("/t/precious/data");

        assertThatThrownBy(() -> run(NnOptions.builder(NnOperation.CREATE).baseDirName("/t/precious")))
                .isInstanceOf(BenchException.class)
                .hasMessage("-baseDirName /t/precious holds data hbench did not create (for example data); nothing"
                        + " was changed. If its contents are disposable, remove it with 'hadoop fs -rm -r -skipTrash"
                        + " /t/precious'; otherwise choose another directory with -baseDirName");
        assertThatThrownBy(() -> run(NnOptions.builder(NnOperation.CLEAN).baseDirName("/t/precious")))
                .isInstanceOf(BenchException.class)
                .hasMessage("-baseDirName /t/precious was not created by hbench (it has no .hbench marker); nothing"
                        + " was changed. If its contents are disposable, remove it with 'hadoop fs -rm -r -skipTrash"
                        + " /t/precious'; otherwise choose another directory with -baseDirName");
        assertThat(client.getFileInfo("/t/precious/data")).isNotNull();
    }

    private static void mkdir(String path) throws IOException {
        client.mkdirs(path, org.apache.hadoop.fs.permission.FsPermission.getDirDefault(), true);
    }
}
