package io.hbench.nnthroughput;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.error.BenchException;
import io.hbench.fs.OwnedDirectory;
import io.hbench.metadata.FsMetadataTool;
import io.hbench.replay.AuditCommand;
import io.hbench.replay.AuditEntry;
import io.hbench.replay.AuditLogSynthesizer;
import io.hbench.replay.AuditReplay;
import io.hbench.replay.AuditReplayOptions;
import io.hbench.replay.AuditReplayResult;
import io.hbench.replay.AuditReplayTool;
import io.hbench.replay.ReplayLog;
import io.hbench.replay.SkippedLines;
import io.hbench.replay.SynthesisSpec;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tool against a remote NameNode (-fs hdfs://...): a MiniDFSCluster NameNode with no DataNodes,
 * shared by the tests, each in its own base directory. Counts are checked against the namespace.
 */
class RemoteTest {
    @TempDir
    static Path temp;

    private static MiniDFSCluster cluster;
    private static Configuration conf;
    private static DistributedFileSystem fs;

    @BeforeAll
    static void start() throws IOException {
        Configuration base = new Configuration();
        base.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, temp.resolve("dfs").toString());
        base.setLong("dfs.namenode.fs-limits.min-block-size", 16);
        // One real DataNode, for a write after a blockReport; the NameNode operations need none.
        cluster = new MiniDFSCluster.Builder(base).numDataNodes(1).build();
        cluster.waitActive();
        conf = new Configuration(cluster.getConfiguration(0));
        conf.set("fs.defaultFS", cluster.getURI().toString());
        fs = cluster.getFileSystem();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    @Test
    void createOverRpcMakesTheCountedFilesAndPrintsClassicAndNewLines() throws Exception {
        Path json = temp.resolve("create.json");
        Path resFile = temp.resolve("create.log");
        String[] args = {"-op", "create", "-files", "30", "-threads", "3", "-close", "-keepResults", "-blockSize",
            "16", "-baseDirName", "/r/create", "-json", json.toString(), "-resFile", resFile.toString()};
        ToolRun create = run(args);

        assertThat(create.status).as(create.err).isZero();
        assertThat(create.out).contains("\n--- create inputs ---\nbaseDir = /r/create/create\nnrFiles = 30\n"
                + "nrThreads = 3\nnrFilesPerDir = 4\n--- create stats  ---\n# operations: 30\nElapsed Time: ")
                .contains(" Ops per sec: ", "Average Time: ", "--- hbench create --- NameNode: hdfs://",
                        "Latency ms: min ", "Complete latency ms: ");
        assertThat(countFiles("/r/create/create")).isEqualTo(30);
        assertThat(Files.readAllLines(resFile)).contains("--- create stats  ---", "# operations: 30");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("benchmark").asText()).isEqualTo("NNThroughputBenchmark");
        assertThat(metric(result, "ops", "create")).isEqualTo(30.0);
        assertThat(metric(result, "ops_per_second", "create")).isPositive();
        List<String> commandLine = new ArrayList<>(List.of("NNThroughputBenchmark"));
        commandLine.addAll(List.of(args));
        assertThat(result.get("environment").get("commandLine")).extracting(JsonNode::asText)
                .containsExactlyElementsOf(commandLine);
        assertThat(result.get("environment").get("hadoop").get("cluster").asText()).isNotEmpty();
        assertThat(result.get("locations").get("nameNode").asText()).isEqualTo(cluster.getURI().toString());
        assertThat(result.get("parameters").get("files").asText()).isEqualTo("30");
        assertThat(result.get("parameters").has("dirs")).as("mkdirs' option among a create's parameters").isFalse();
        // NNThroughputBenchmark calls the NameNode itself: it submits no job.
        assertThat(result.get("jobs")).isEmpty();
    }

    @Test
    void everyFileOperationOverRpcDoesItsCount() throws Exception {
        for (String op : List.of("open", "fileStatus", "rename", "append", "delete")) {
            ToolRun run = run("-op", op, "-files", "11", "-threads", "2", "-keepResults", "-baseDirName", "/r/" + op);

            assertThat(run.status).as(op + ": " + run.err).isZero();
            assertThat(run.out).as(op).contains("--- " + op + " stats  ---\n# operations: 11\n");
            long expected = op.equals("delete") ? 0 : 11;
            assertThat(countFiles("/r/" + op + "/" + op)).as(op).isEqualTo(expected);
        }
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path(
                "/r/rename/rename/ThroughputBenchDir0/ThroughputBench0.r")).isFile()).isTrue();
    }

    @Test
    void openAtARateOverRpcDoesItsCountOnTheScheduleAndSaysSo() throws Exception {
        ToolRun run = run("-op", "open", "-files", "100", "-threads", "3", "-rate", "200", "-baseDirName", "/r/rate");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("--- open stats  ---\n# operations: 100\n")
                .containsPattern("(?m)^Rate ops/s: target 200, achieved [\\d.]+ \\(fixed arrivals, -threads 3\\)$")
                .contains("Service time ms: min ", "Behind schedule at end ms: ", "Schedule: ");
    }

    @Test
    void mkdirsOverRpcMakesTheCountedDirectories() throws Exception {
        ToolRun run = run("-op", "mkdirs", "-dirs", "9", "-threads", "2", "-keepResults", "-baseDirName", "/r/mkdirs");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("nrDirs = 9", "nrDirsPerDir = 2", "# operations: 9");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/mkdirs/mkdirs/ThroughputBenchDir0/ThroughputBenchDir0"
                + "/ThroughputBench4"))).isTrue();
    }

    @Test
    void mixOverRpcPrintsEachOperationsFigures() throws Exception {
        ToolRun run = run("-op", "mix", "-mix", "create=1,open=8,fileStatus=4,append=1", "-files", "60", "-threads", "3",
                "-warmup", "6", "-baseDirName", "/r/mix");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("--- mix inputs ---", "mix = create=1,open=8,fileStatus=4,append=1",
                "# operations: 60\n", "create latency ms: ", "open count: ", "fileStatus latency ms: ",
                "append count: ", "Warm-up: 6 operations before timing, not counted");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/mix/mix"))).isFalse();
    }

    @Test
    void blockReportsOverDataNodeRpc() throws Exception {
        Configuration twoReplicas = new Configuration(conf);
        twoReplicas.setInt("dfs.replication", 2);
        ToolRun run = run(twoReplicas, "-op", "blockReport", "-datanodes", "2", "-reports", "4", "-blocksPerReport", "10",
                "-blocksPerFile", "5", "-blockSize", "16", "-keepResults", "-baseDirName", "/r/reports");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("--- blockReport inputs ---\nbaseDir = /r/reports/blockReport\nreports = 4\n"
                + "datanodes = 2 (10, 10)\nblocksPerReport = 10\nblocksPerFile = 5\n--- blockReport stats  ---\n"
                + "# operations: 4\n");
        assertThat(countFiles("/r/reports/blockReport")).isEqualTo(2);
    }

    @Test
    void aWriteRightAfterABlockReportRunSucceedsBecauseTheSimulatedDataNodesAreGone() throws Exception {
        ToolRun run = run(conf, "-op", "blockReport", "-datanodes", "8", "-reports", "8", "-blocksPerReport", "10",
                "-blocksPerFile", "5", "-blockSize", "16", "-baseDirName", "/r/gone");

        assertThat(run.status).as(run.err).isZero();
        // Only the real DataNode is left for the NameNode to place blocks on.
        assertThat(cluster.getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology()
                .getNumOfLeaves()).isEqualTo(1);
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/r/after-blockReport");
        try (FSDataOutputStream out = fs.create(file, (short) 1)) {
            out.write(new byte[4096]);
        }
        assertThat(fs.getFileStatus(file).getLen()).isEqualTo(4096);
    }

    @Test
    void aBlockSizeBelowTheMinimumTheConfigurationStatesIsRefusedBeforeAnythingIsMade() throws Exception {
        ToolRun run = run(conf, "-op", "create", "-files", "2", "-blockSize", "8", "-baseDirName", "/r/small");

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).startsWith("NNThroughputBenchmark: -blockSize 8 is below the NameNode's minimum block size,"
                + " dfs.namenode.fs-limits.min-block-size 16: give -blockSize at least 16\n");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/small"))).isFalse();
    }

    @Test
    void aBlockReportRunThatFailsStillRemovesTheDataNodesThatRegistered() throws Exception {
        // The NameNode's minimum block size is 16, and this client's configuration does not say so: the NameNode
        // refuses the first file of 8-byte blocks, after the simulated DataNodes registered.
        Configuration client = new Configuration(conf);
        client.unset(NnThroughput.MIN_BLOCK_SIZE_KEY);
        ToolRun run = run(client, "-op", "blockReport", "-datanodes", "3", "-reports", "3", "-blocksPerReport", "10",
                "-blocksPerFile", "5", "-blockSize", "8", "-baseDirName", "/r/failed");

        assertThat(run.status).as(run.err).isEqualTo(2);
        assertThat(run.err).contains("refuses -blockSize 8");
        assertThat(cluster.getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology()
                .getNumOfLeaves()).isEqualTo(1);
    }

    @Test
    void allOverRpcSkipsReplicationAndSaysSo() throws Exception {
        Configuration twoReplicas = new Configuration(conf);
        twoReplicas.setInt("dfs.replication", 2);
        ToolRun run = run(twoReplicas, "-op", "all", "-files", "6", "-dirs", "4", "-datanodes", "2", "-reports", "2",
                "-blocksPerReport", "4", "-blocksPerFile", "2", "-blockSize", "16", "-baseDirName", "/r/all");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.err).contains("NNThroughputBenchmark: -op all skips replication: it runs only with the NameNode"
                + " in this process (no -fs)");
        for (String op : List.of("create", "mkdirs", "open", "delete", "append", "fileStatus", "rename",
                "blockReport", "clean")) {
            assertThat(run.out).contains("--- " + op + " stats  ---");
        }
        assertThat(run.out).doesNotContain("--- replication inputs ---");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/all"))).isFalse();
    }

    @Test
    void cleanOverRpcRemovesOnlyTheBaseDirectory() throws Exception {
        assertThat(run("-op", "create", "-files", "2", "-keepResults", "-baseDirName", "/r/clean/bench").status)
                .isZero();
        fs.mkdirs(new org.apache.hadoop.fs.Path("/r/clean/other"));

        ToolRun clean = run("-op", "clean", "-baseDirName", "/r/clean/bench");

        assertThat(clean.status).as(clean.err).isZero();
        assertThat(clean.out).contains("--- clean inputs ---\nRemove directory /r/clean/bench\n");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/clean/bench"))).isFalse();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/r/clean/other"))).isTrue();
    }

    @Test
    void badInputCreatesNothingOnTheNameNode() throws Exception {
        List<String> before = rootEntries();
        List<List<String>> bad = List.of(List.of("-threads", "2"), List.of("-op", "chmod"),
                List.of("-op", "mkdirs", "-files", "3"), List.of("-op", "create", "-threads", "0"),
                List.of("-op", "create", "-files", "50", "-filesPerDir", "1"), List.of("-op", "replication"));

        for (List<String> args : bad) {
            ToolRun run = run(args.toArray(new String[0]));
            assertThat(run.status).as(args + ": " + run.err).isEqualTo(2);
            assertThat(run.err.lines().count()).as(args.toString()).isEqualTo(2);
        }
        assertThat(rootEntries()).isEqualTo(before);
    }

    @Test
    void aMinimumBlockSizeAboveTheBlockSizeSaysWhichSettingToChange() throws Exception {
        Configuration strict = new Configuration(conf);
        MiniDFSCluster strictCluster = new MiniDFSCluster.Builder(withDir(new Configuration(), "strict"))
                .numDataNodes(0).build();
        try {
            strictCluster.waitActive();
            strict.set("fs.defaultFS", strictCluster.getURI().toString());

            ToolRun run = run(strict, "-op", "create", "-files", "2", "-blockSize", "16");

            assertThat(run.status).isEqualTo(2);
            assertThat(run.err.lines().findFirst().orElse("")).isEqualTo("NNThroughputBenchmark: the NameNode "
                    + strictCluster.getURI() + " refuses -blockSize 16: it is below its"
                    + " dfs.namenode.fs-limits.min-block-size. Set dfs.namenode.fs-limits.min-block-size to 16 or less"
                    + " in the NameNode's hdfs-site.xml and restart it, or give -blockSize at least that minimum");
        } finally {
            strictCluster.shutdown();
        }
    }

    /**
     * FsMetadata on the same NameNode, through DistributedFileSystem: the comparison point an operator moving to an
     * object store measures first. Rename on HDFS is a rename: no note says otherwise.
     */
    @Test
    void fsMetadataRunsItsOperationsThroughTheFileSystemApiOnHdfs() throws Exception {
        ToolRun run = ToolRun.run(conf, FsMetadataTool::new, "-op", "all", "-files", "30", "-threads", "3",
                "-baseDir", "/r/fs");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("\n--- create inputs ---\nbaseDir = " + cluster.getURI() + "/r/fs/create\n",
                "--- list stats  ---\n# operations: 8\n", "--- hbench rename --- file system: " + cluster.getURI(),
                "Checked: 30 files listed in 8 directories, as created",
                "Checked: no file is left under " + cluster.getURI() + "/r/fs/delete")
                .doesNotContain("FAILED", "Note: ");
        assertThat(Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/r/fs"))).map(s -> s.getPath().getName()))
                .containsExactly(OwnedDirectory.MARKER);
    }

    @Test
    void clientsOfferTheLoadTogetherAndTheirFiguresAddUp() throws Exception {
        Path json = temp.resolve("clients.json");
        ToolRun run = ToolRun.run(conf, (out, err) -> new NnThroughputTool(out, err, LocalBspRunner::new), "-op",
                "create", "-files", "90", "-threads", "2", "-rate", "300", "-clients", "3", "-keepResults",
                "-baseDirName", "/r/clients", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        for (int client = 0; client < 3; client++) {
            assertThat(countFiles("/r/clients/w" + client + "/create")).as("client w" + client).isEqualTo(30);
        }
        assertThat(run.out).contains("--- create inputs ---\nbaseDir = /r/clients/w*/create\nnrFiles = 90\n"
                + "nrThreads = 2\nnrFilesPerDir = 4\n--- create stats  ---\n# operations: 90\n",
                "Rate ops/s: target 300, achieved ", "--- hbench create clients --- 3 map tasks on 1 host, each at 100"
                        + " ops/s with -threads 2");
        assertThat(run.out.lines().filter(line -> line.matches("Client w[012] on .*: 30 operations, ops/s .*")))
                .hasSize(3);
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("parameters").get("clients").asText()).isEqualTo("3");
        assertThat(metric(result, "ops", "create")).isEqualTo(90);
        double clientsRate = 0;
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("labels").has("client") && metric.get("id").asText().equals("ops_per_second")) {
                clientsRate += metric.get("value").asDouble();
            }
        }
        assertThat(clientsRate).as("three clients' achieved rates").isPositive();
        assertThat(result.get("metrics").findValues("client")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("w0", "w0", "w1", "w1", "w2", "w2");
    }

    @Test
    void oneClientRunsAloneAndItsDirectoryGoesWithoutKeepResults() throws Exception {
        ToolRun run = ToolRun.run(conf, (out, err) -> new NnThroughputTool(out, err, LocalBspRunner::new), "-op",
                "mkdirs", "-dirs", "20", "-rate", "400", "-clients", "1", "-baseDirName", "/r/oneClient");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("# operations: 20", "--- hbench mkdirs clients --- 1 map task on 1 host");
        assertThat(Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/r/oneClient")))
                .map(status -> status.getPath().getName())).containsExactly(NnThroughput.MARKER);
    }

    /** A NameNode answers the Router probe as a NameNode: -perSubcluster is refused, -subClusterPath runs. */
    @Test
    void perSubclusterNeedsARouterAndSubClusterPathRunsUnderEachExistingPath() throws Exception {
        String nameNode = cluster.getURI().getAuthority();
        ToolRun perSubcluster = run("-op", "mkdirs", "-dirs", "4", "-perSubcluster");
        assertThat(perSubcluster.status).as(perSubcluster.err).isEqualTo(2);
        assertThat(perSubcluster.err.lines().findFirst()).contains("NNThroughputBenchmark: -perSubcluster needs a"
                + " Router: hdfs://" + nameNode + " is served by " + nameNode + ", which is a NameNode, not Routers;"
                + " give a Router's -fs, or the paths with -subClusterPath");
        ToolRun missing = run("-op", "mkdirs", "-dirs", "4", "-subClusterPath", "/sc/missing");
        assertThat(missing.status).as(missing.err).isEqualTo(2);
        assertThat(missing.err.lines().findFirst()).contains("NNThroughputBenchmark: -subClusterPath /sc/missing is"
                + " not an existing directory: give directories that exist, one in each subcluster");
        fs.mkdirs(new org.apache.hadoop.fs.Path("/sc/a"));
        fs.mkdirs(new org.apache.hadoop.fs.Path("/sc/b"));
        Path json = temp.resolve("sub-cluster-path.json");

        ToolRun run = run("-op", "mkdirs", "-dirs", "4", "-keepResults", "-subClusterPath", "/sc/a,/sc/b",
                "-baseDirName", "/nn", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("\n=== subcluster /sc/a: /sc/a/nn ===\n\n--- mkdirs inputs ---\n",
                "\n=== subcluster /sc/b: /sc/b/nn ===\n\n--- mkdirs inputs ---\n");
        for (String dir : List.of("/sc/a/nn/mkdirs", "/sc/b/nn/mkdirs")) {
            assertThat(fs.getContentSummary(new org.apache.hadoop.fs.Path(dir)).getDirectoryCount()).as(dir)
                    .isGreaterThanOrEqualTo(4);
        }
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        List<String> labelled = new ArrayList<>();
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals("ops")) {
                labelled.add(metric.get("labels").get("subcluster").asText() + "=" + metric.get("value").asInt());
            }
        }
        assertThat(labelled).containsExactly("/sc/a=4", "/sc/b=4");
        assertThat(result.get("locations").get("baseDirName{subcluster=/sc/b}").asText()).isEqualTo("/sc/b/nn");
    }

    private static Configuration withDir(Configuration c, String name) {
        c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, temp.resolve(name).toString());
        return c;
    }

    /**
     * AuditReplay on HDFS, which supports every one of the 16 commands: each is issued once, none fails, and the tree
     * stays under the prefix (-keep); -impersonate on a cluster that lets no one act for others is refused in one
     * line naming the settings, before anything is prepared or replayed; a run under the default prefix leaves nothing.
     */
    @Test
    void auditReplayIssuesEveryCommandOnHdfsAndImpersonationIsRefusedWhereNotAllowed() throws Exception {
        String me = UserGroupInformation.getCurrentUser().getShortUserName();
        String group = UserGroupInformation.getCurrentUser().getPrimaryGroupName();
        List<AuditEntry> entries = new ArrayList<>();
        String[][] lines = {{"create", "/d/new"}, {"open", "/d/in"}, {"mkdirs", "/d/sub/deeper"},
            {"getfileinfo", "/d/in"}, {"listStatus", "/d"}, {"contentSummary", "/d"}, {"setPermission", "/d/in"},
            {"setOwner", "/d/in"}, {"setTimes", "/d/in"}, {"setReplication", "/d/in"}, {"append", "/d/in"},
            {"concat", "[/d/c1, /d/c2]"}, {"truncate", "/d/t"}, {"getAclStatus", "/d/in"}, {"rename", "/d/new"},
            {"delete", "/d/sub"}};
        for (int i = 0; i < lines.length; i++) {
            AuditCommand command = AuditCommand.byLogName(lines[i][0]).orElseThrow();
            Optional<String> dst = command == AuditCommand.CONCAT ? Optional.of("/d/target")
                    : command == AuditCommand.RENAME ? Optional.of("/d/renamed") : Optional.empty();
            entries.add(new AuditEntry(1_000 + i, "alice (auth:SIMPLE)", "10.0.0.1", command, lines[i][1], dst,
                    Optional.of(me + ":" + group + ":rw-r-----")));
        }
        ReplayLog log = new ReplayLog(List.of("audit.log"), entries.size(), entries, SkippedLines.NONE);
        AuditReplayOptions.Builder options = AuditReplayOptions.builder().logs(List.of("audit.log"))
                .prefix("/replay/all").keep(true).threads(1);

        AuditReplayResult result = new AuditReplay(conf).run(options.build(), log);

        assertThat(result.commands()).isEqualTo(16);
        assertThat(result.kinds()).containsExactly(AuditCommand.values());
        assertThat(result.outcome().failures().byCommand()).isEmpty();
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path("/replay/all/d/target")).getLen())
                .as("the target and its two sources of a byte each").isEqualTo(3);
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/replay/all/d/renamed"))).isTrue();
        assertThat(rootEntries()).contains("replay");

        assertThatThrownBy(() -> new AuditReplay(conf).run(options.prefix("/replay/as-alice").impersonate(true)
                .build(), log)).isInstanceOf(BenchException.class).hasMessageStartingWith("-impersonate: "
                        + fs.getUri() + " does not let " + me + " act as alice (")
                .hasMessageEndingWith("); allow it with hadoop.proxyuser." + me + ".hosts and hadoop.proxyuser." + me
                        + ".groups on the NameNode, or replay without -impersonate");
        assertThat(Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/replay/as-alice")))
                .map(status -> status.getPath().getName())).as("nothing prepared")
                .containsExactly(OwnedDirectory.MARKER);

        AuditReplayResult byDefault = new AuditReplay(conf).run(AuditReplayOptions.builder()
                .logs(List.of("audit.log")).build(), log);
        assertThat(byDefault.prefix()).startsWith(fs.getUri() + "/hbench-replay/");
        assertThat(rootEntries()).as("the default prefix and the parent it made, removed").doesNotContain(
                "hbench-replay");
    }

    /**
     * AuditReplay from three clients (threads of this process here, map tasks on a cluster), the log on HDFS where
     * each reads it: every line replayed once, by the client of its source, the clients' figures adding up to the
     * run's, and the prefix gone; a log on this host's own disk is refused in one line before anything is written.
     */
    @Test
    void auditReplayFromClientsReplaysEachSourceOnOneClientAndTheirFiguresAddUp() throws Exception {
        SynthesisSpec spec = SynthesisSpec.builder().mix("create=2,open=4,getfileinfo=4,listStatus=1,mkdirs=1")
                .rate(300).duration(Duration.ofSeconds(1)).sources(3).seed(36).build();
        try (Writer log = new OutputStreamWriter(fs.create(new org.apache.hadoop.fs.Path("/logs/audit.log")),
                StandardCharsets.UTF_8)) {
            new AuditLogSynthesizer().write(spec, log);
        }
        Path json = temp.resolve("replay-clients.json");

        ToolRun run = ToolRun.run(conf, (out, err) -> new AuditReplayTool(out, err, LocalBspRunner::new),
                "-noResources", "-log", "/logs/audit.log", "-clients", "3", "-rateFactor", "4", "-prefix",
                "/replay/clients", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).startsWith("replayed 300 commands of 5 kinds at 4.0x the logged rate: ")
                .contains("Clients: 3 map tasks on 1 host, the log split by ip, -threads 64 each, from one start;"
                        + " histograms merged");
        Matcher client = Pattern.compile("(?m)^Client w[012] on \\S+: (\\d+) commands, ").matcher(run.out);
        List<Long> shares = new ArrayList<>();
        while (client.find()) {
            shares.add(Long.parseLong(client.group(1)));
        }
        assertThat(shares).as(run.out).hasSize(3).allMatch(share -> share > 0);
        assertThat(shares.stream().mapToLong(Long::longValue).sum()).isEqualTo(300);
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("parameters").get("clients").asText()).isEqualTo("3");
        assertThat(result.get("parameters").get("split").asText()).isEqualTo("ip");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/replay/clients"))).isFalse();

        Path local = temp.resolve("local-audit.log");
        Files.writeString(local, "2026-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)"
                + "\tip=/10.0.0.1\tcmd=mkdirs\tsrc=/a\tdst=null\tperm=null\tproto=rpc\n");
        ToolRun refused = ToolRun.run(conf, (out, err) -> new AuditReplayTool(out, err, LocalBspRunner::new),
                "-noResources", "-log", local.toUri().toString(), "-clients", "2", "-prefix", "/replay/local");
        assertThat(refused.status).isEqualTo(2);
        assertThat(refused.err).startsWith("AuditReplay: -clients: every client reads the log, but " + local.toUri()
                .toString().replace("file:///", "file:/") + " is on this host's own disk; put it on a file system"
                + " they share (hdfs://...)\n");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/replay/local"))).isFalse();
    }

    private static List<String> rootEntries() throws IOException {
        return Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/"))).map(s -> s.getPath().getName())
                .sorted().collect(Collectors.toList());
    }

    private static long countFiles(String dir) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir);
        if (!fs.exists(path)) {
            return 0;
        }
        long count = 0;
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(path, true);
        while (files.hasNext()) {
            FileStatus status = files.next();
            count += status.isFile() ? 1 : 0;
        }
        return count;
    }

    private static double metric(JsonNode result, String id, String operation) {
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals(id) && metric.get("labels").size() == 1
                    && metric.get("labels").get("operation").asText().equals(operation)) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id + "{operation=" + operation + "}");
    }

    private static ToolRun run(String... args) throws Exception {
        return run(conf, args);
    }

    private static ToolRun run(Configuration base, String... args) throws Exception {
        return ToolRun.run(base, NnThroughputTool::new, args);
    }
}
