package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hbench.metadata.FsMetadata;
import io.hbench.metadata.FsMetadataOptions;
import io.hbench.metadata.FsMetadataReport;
import io.hbench.metadata.FsMetadataResult;
import io.hbench.metadata.FsOperation;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.RpcCounters;
import io.hbench.replay.AuditCommand;
import io.hbench.replay.AuditEntry;
import io.hbench.replay.AuditReplay;
import io.hbench.replay.AuditReplayOptions;
import io.hbench.replay.AuditReplayReport;
import io.hbench.replay.AuditReplayResult;
import io.hbench.replay.ReplayLog;
import io.hbench.replay.SkippedLines;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.qjournal.MiniQJMHACluster;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;
import org.apache.hadoop.hdfs.server.namenode.ha.ObserverReadProxyProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NNThroughputBenchmark on {@code hdfs://ns1} with Observer reads: an active NameNode (nn0), a standby (nn1) and an
 * Observer (nn2) on journal nodes, shared by the tests, each in its own base directory; the client reads through
 * {@link ObserverReadProxyProvider}. The NameNodes' metrics period is one second (hadoop-metrics2-namenode.properties).
 */
class ObserverReadTest {
    @TempDir
    static Path temp;

    private static MiniQJMHACluster cluster;
    private static Configuration client;

    @BeforeAll
    static void start() throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, temp.resolve("dfs").toString());
        // The Observer holds a read until it has caught up with the client's last write.
        conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_STATE_CONTEXT_ENABLED_KEY, true);
        cluster = HATestUtil.setUpObserverCluster(conf, 1, 1, true);
        client = new Configuration(conf);
        client.set("dfs.client.failover.proxy.provider." + MiniQJMHACluster.NAMESERVICE,
                ObserverReadProxyProvider.class.getName());
        client.set("fs.defaultFS", "hdfs://" + MiniQJMHACluster.NAMESERVICE);
        client.set(NameNodeCalls.METRICS_PERIOD_KEY, "1s");
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static NnResult run(NnOptions.Builder options, String baseDir) throws Exception {
        return new NnThroughput(client).run(options.baseDirName("/observer/" + baseDir).threads(2).build());
    }

    /** Each NameNode's calls of {@code method} during the run, by its role. */
    private static Map<String, Long> byRole(NnResult result, String method) {
        return result.nameNodeCalls().orElseThrow().nameNodes().stream().collect(Collectors.toMap(
                NameNodeCalls.Served::role, served -> served.calls().map(calls -> calls.calls(method)).orElseThrow()));
    }

    @Test
    void readsAreServedByTheObserver() throws Exception {
        NnResult result = run(NnOptions.builder(NnOperation.FILE_STATUS).files(20), "fileStatus");

        assertThat(result.nameNodeCalls().orElseThrow().nameNodes()).extracting(NameNodeCalls.Served::nameNode,
                NameNodeCalls.Served::role).containsExactly(tuple("nn0", "active"),
                tuple("nn1", "standby"),
                tuple("nn2", "observer"));
        // Besides the 20 timed reads, the run looks up its base directory: reads too, on the Observer.
        assertThat(byRole(result, "getFileInfo").get("observer")).isGreaterThanOrEqualTo(20);
        assertThat(byRole(result, "getFileInfo")).containsEntry("active", 0L).containsEntry("standby", 0L);
        assertThat(result.roleLatencies()).singleElement().satisfies(observer -> {
            assertThat(observer.latency().key()).hasToString("latency{operation=fileStatus,role=observer}");
            assertThat(observer.latency().count()).isEqualTo(20);
            assertThat(observer.line()).startsWith("fileStatus latency on the observer ms: min ");
        });
    }

    @Test
    void writesAreServedByTheActiveNameNode() throws Exception {
        NnResult creates = run(NnOptions.builder(NnOperation.CREATE).files(20), "create");
        NnResult mkdirs = run(NnOptions.builder(NnOperation.MKDIRS).dirs(20), "mkdirs");

        assertThat(byRole(creates, "create")).as("the 20 files and the base directory's marker").containsOnly(
                Map.entry("active", 21L), Map.entry("standby", 0L), Map.entry("observer", 0L));
        // Besides the 20 timed ones, the run makes its base directory and the directories the names fan out into.
        assertThat(byRole(mkdirs, "mkdirs").get("active")).isGreaterThanOrEqualTo(20);
        assertThat(byRole(mkdirs, "mkdirs")).containsEntry("standby", 0L).containsEntry("observer", 0L);
        assertThat(creates.roleLatencies()).extracting(role -> role.latency().key().toString(),
                role -> role.latency().count()).containsExactly(tuple("latency{operation=create,role=active}", 20L));
    }

    /**
     * FsMetadata through DistributedFileSystem counts its NameNodes' calls the same way, and gives each operation's
     * latency for the role that served it.
     */
    @Test
    void fsMetadataCountsEachNameNodesCallsAndGivesEachOperationsLatencyForItsRole() throws Exception {
        FsMetadataResult result = new FsMetadata(client).run(FsMetadataOptions.builder(FsOperation.ALL)
                .files(20).threads(2).baseDir("/observer/fs").build());

        NameNodeCalls calls = result.nameNodeCalls().orElseThrow();
        assertThat(calls.roleServing(List.of("getFileInfo"))).hasValue("observer");
        assertThat(calls.nameNodes().get(2).calls().orElseThrow().calls("getFileInfo")).isGreaterThanOrEqualTo(20);
        assertThat(calls.line()).startsWith("NameNode calls during the run (RPC counters, every client): nn0 active ");
        assertThat(result.roleLatencies()).extracting(role -> role.latency().key().toString(),
                role -> role.latency().count()).as("the 20 files in 5 directories").containsExactly(
                        tuple("latency{operation=create,role=active}", 20L),
                        tuple("latency{operation=mkdirs,role=active}", 20L),
                        tuple("latency{operation=open,role=observer}", 20L),
                        tuple("latency{operation=fileStatus,role=observer}", 20L),
                        tuple("latency{operation=list,role=observer}", 5L),
                        tuple("latency{operation=rename,role=active}", 20L),
                        tuple("latency{operation=delete,role=active}", 20L));
        List<String> lines = FsMetadataReport.hbenchLines(result);
        assertThat(lines.subList(lines.indexOf(calls.line()) + 1, lines.size())).hasSize(7)
                .contains(result.roleLatencies().get(3).line());
        assertThat(result.roleLatencies().get(3).line()).startsWith("fileStatus latency on the observer ms: min ");
    }

    /** AuditReplay's reads go to the Observer and its writes to the active NameNode, each with its latency. */
    @Test
    void auditReplayGivesItsReadsLatencyForTheObserverAndItsWritesForTheActive() throws Exception {
        String[][] commands = {{"open", "/d/in"}, {"create", "/d/new"}, {"mkdirs", "/d/sub"},
            {"getfileinfo", "/d/in"}, {"listStatus", "/d"}};
        List<AuditEntry> entries = new ArrayList<>();
        for (int i = 0; i < commands.length; i++) {
            entries.add(new AuditEntry(1_000 + i, "alice (auth:SIMPLE)", "10.0.0.1",
                    AuditCommand.byLogName(commands[i][0]).orElseThrow(), commands[i][1], Optional.empty(),
                    Optional.empty()));
        }

        AuditReplayResult result = new AuditReplay(client).run(AuditReplayOptions.builder()
                .logs(List.of("audit.log")).prefix("/observer/replay").threads(1).build(),
                new ReplayLog(List.of("audit.log"), entries.size(), entries, SkippedLines.NONE));

        assertThat(result.outcome().failures().byCommand()).isEmpty();
        assertThat(result.roleLatencies()).extracting(role -> role.latency().key().toString(),
                role -> role.latency().count()).containsExactly(
                        tuple("latency{operation=replay,role=observer}", 3L),
                        tuple("latency{operation=replay,role=active}", 2L));
        assertThat(AuditReplayReport.lines(result)).anyMatch(line -> line.startsWith(
                "replay latency on the observer ms (open, getfileinfo, listStatus): min "))
                .anyMatch(line -> line.startsWith("replay latency on the active ms (create, mkdirs): min "));
    }

    @Test
    void aReadAfterEachWriteOfTheMixIsTimedApart() throws Exception {
        Path json = temp.resolve("mix.json");
        ToolRun run = ToolRun.run(client, NnThroughputTool::new, "-op", "mix", "-mix", "create=1,mkdirs=1,fileStatus=2",
                "-files", "40", "-threads", "2", "-readAfterWrite", "-baseDirName", "/observer/mix", "-json",
                json.toString());

        assertThat(run.status).as(run.err).isZero();
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        assertThat(text).contains("\"id\" : \"read_after_write_latency\"", "\"id\" : \"namenode_calls\"",
                "\"role\" : \"observer\"", "\"readAfterWrite\" : \"true\"");
        assertThat(run.out).contains("NameNode calls during the run (RPC counters, every client): nn0 active ")
                .containsPattern("(?m)^Read after write latency ms: min .*, reads \\d+$");
        NnResult result = new NnThroughput(client).run(NnOptions.builder(NnOperation.MIX)
                .mix(Map.of(NnOperation.CREATE, 1, NnOperation.MKDIRS, 1, NnOperation.FILE_STATUS, 2)).files(40)
                .threads(2).readAfterWrite(true).baseDirName("/observer/mix").build());
        OpResult mix = result.operations().get(0);
        long writes = mix.kinds().get("create").operations() + mix.kinds().get("mkdirs").operations();

        assertThat(writes).isPositive();
        assertThat(mix.readAfterWrite().orElseThrow().count()).isEqualTo(writes);
        assertThat(mix.operations()).as("the reads after writes are not the mix's").isEqualTo(40);
        RpcCounters observer = result.nameNodeCalls().orElseThrow().nameNodes().get(2).calls().orElseThrow();
        assertThat(observer.calls("getFileInfo")).isGreaterThanOrEqualTo(mix.kinds().get("fileStatus").operations()
                + writes);
        assertThat(result.roleLatencies()).extracting(role -> role.latency().key().toString(),
                role -> role.latency().count()).containsExactlyInAnyOrder(
                        tuple("latency{operation=mix,role=active}", writes),
                        tuple("latency{operation=mix,role=observer}", mix.kinds().get("fileStatus").operations()));
        assertThat(run.out).containsPattern("(?m)^mix latency on the active ms \\(create, mkdirs\\): min ")
                .containsPattern("(?m)^mix latency on the observer ms \\(fileStatus\\): min ");
    }
}
