package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode programs through {@code hadoop jar bench.jar} on an HA nameservice in a process of its own
 * ({@link HaCluster}: ns1 of two HA NameNodes and an Observer): each runs on {@code -fs hdfs://ns1} and records the
 * NameNodes' states at its start and end; {@code -failoverAt} fails ns1 over mid-run, and the run completes with every
 * operation counted once. No test depends on which NameNode is active: each reads it from its own result.
 */
class HaNameserviceIT {
    private static final String NS = "hdfs://" + HaClusterMain.NAMESERVICE;

    @TempDir
    static Path temp;

    private static HaCluster cluster;
    private static DistributedFileSystem fs;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = HaCluster.start(temp.resolve("ha"));
        fs = (DistributedFileSystem) FileSystem.newInstance(cluster.configuration());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Each NameNode's state at the start or end ({@code at}) of a result's run, by NameNode id. */
    private static Map<String, String> states(ResultFile result, String at) {
        Map<String, String> states = new LinkedHashMap<>();
        result.root().get("outputs").fields().forEachRemaining(output -> {
            String key = output.getKey();
            if (key.startsWith("namenode.") && key.endsWith(".state_at_" + at)) {
                states.put(key.substring("namenode.".length(), key.indexOf(".state_at_")), output.getValue().asText());
            }
        });
        return states;
    }

    private static String active(Map<String, String> states) {
        return states.entrySet().stream().filter(state -> state.getValue().equals("active")).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new AssertionError("no active NameNode in " + states));
    }

    @Test
    void createThenOpenOnTheNameserviceRecordItsNameNodesAndTheirStates() throws Exception {
        Path createJson = temp.resolve("create.json");
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-fs", NS, "-op", "create", "-threads", "2",
                "-files", "20", "-keepResults", "-baseDirName", "/it/ha", "-noResources", "-json",
                createJson.toString());
        assertThat(create.status).as(create.printed()).isZero();
        assertThat(create.out).contains("--- create stats  ---\n# operations: 20\n").contains("NameNodes of ns1: ");
        BenchRun open = cluster.benchJar("NNThroughputBenchmark", "-fs", NS, "-op", "open", "-threads", "2", "-files",
                "20", "-baseDirName", "/it/ha", "-noResources");
        assertThat(open.status).as(open.printed()).isZero();
        assertThat(open.out).contains("--- open stats  ---\n# operations: 20\n");

        ResultFile result = ResultFile.read(createJson);
        JsonNode locations = result.root().get("locations");
        assertThat(locations.get("nameservice").asText()).isEqualTo("ns1");
        assertThat(states(result, "start")).hasSize(3).containsValues("active", "standby", "observer");
        assertThat(states(result, "end")).isEqualTo(states(result, "start"));
        states(result, "start").keySet().forEach(id -> assertThat(locations.get("namenode." + id).asText())
                .matches("[^:]+:\\d+"));
        assertThat(create.out).doesNotContain("failover");
    }

    @Test
    void fsMetadataAndAuditReplayRunOnTheNameservice() throws Exception {
        BenchRun metadata = cluster.benchJar("FsMetadata", "-fs", NS, "-op", "mkdirs", "-files", "8", "-baseDir",
                "/it/ha-fs", "-noResources");
        assertThat(metadata.status).as(metadata.printed()).isZero();
        assertThat(metadata.out).contains("NameNodes of ns1: ");

        Path log = temp.resolve("ha-audit.log");
        BenchRun synthesize = cluster.benchJar("AuditReplay", "-synthesize", "-mix", "create=1,getfileinfo=2",
                "-rate", "20", "-duration", "1s", "-out", log.toString());
        assertThat(synthesize.status).as(synthesize.printed()).isZero();
        BenchRun replay = cluster.benchJar("AuditReplay", "-fs", NS, "-log", log.toUri().toString(), "-rateFactor",
                "4", "-prefix", "/it/ha-replay", "-noResources");
        assertThat(replay.status).as(replay.printed()).isZero();
        assertThat(replay.out).startsWith("replayed 20 commands").contains("NameNodes of ns1: ");
    }

    @Test
    void withObserverReadsTheObserverServesTheReadsAndTheActiveNameNodeTheWrites() throws Exception {
        Path json = temp.resolve("observer.json");
        BenchRun mix = cluster.benchJar("NNThroughputBenchmark", "-D", "dfs.client.failover.proxy.provider.ns1="
                + "org.apache.hadoop.hdfs.server.namenode.ha.ObserverReadProxyProvider", "-fs", NS, "-op", "mix",
                "-mix", "create=1,fileStatus=3", "-files", "40", "-threads", "2", "-readAfterWrite", "-baseDirName",
                "/it/ha-observer", "-noResources", "-json", json.toString());

        assertThat(mix.status).as(mix.printed()).isZero();
        assertThat(mix.out).contains("NameNode calls during the run (RPC counters, every client): ")
                .contains("Read after write latency ms: ");
        ResultFile result = ResultFile.read(json);
        String observer = states(result, "start").entrySet().stream().filter(state -> state.getValue()
                .equals("observer")).map(Map.Entry::getKey).findFirst().orElseThrow();
        String active = active(states(result, "start"));
        assertThat(calls(result, observer, "GetFileInfo")).as("getFileInfo on the Observer").isPositive();
        assertThat(calls(result, active, "Create")).as("creates on the active NameNode").isPositive();
        assertThat(calls(result, observer, "Create")).as("creates on the Observer").isZero();
    }

    /** The calls to RPC {@code method} that NameNode {@code id} counted during a result's run. */
    private static double calls(ResultFile result, String id, String method) {
        for (JsonNode metric : result.root().get("metrics")) {
            JsonNode labels = metric.get("labels");
            if (metric.get("id").asText().equals("namenode_calls") && labels.path("namenode").asText().equals(id)
                    && labels.path("method").asText().equalsIgnoreCase(method)) {
                return metric.get("value").asDouble();
            }
        }
        return 0;
    }

    @Test
    void blockReportRegistersItsDataNodesWithEveryNameNode() throws Exception {
        BenchRun reports = cluster.benchJar("NNThroughputBenchmark", "-fs", NS, "-op", "blockReport", "-datanodes",
                "2", "-reports", "4", "-blocksPerReport", "10", "-blocksPerFile", "5", "-baseDirName",
                "/it/ha-reports", "-noResources");

        assertThat(reports.status).as(reports.printed()).isZero();
        assertThat(reports.out).contains("--- blockReport stats  ---\n# operations: 4\n");
        // Every NameNode, asked directly, knows the simulated DataNodes (transfer ports 1 and 2), as it keeps knowing
        // any DataNode that went away until it restarts.
        Configuration conf = cluster.configuration();
        for (String id : conf.getTrimmedStrings("dfs.ha.namenodes.ns1")) {
            URI nameNode = URI.create("hdfs://" + conf.get("dfs.namenode.rpc-address.ns1." + id));
            try (DFSClient direct = new DFSClient(nameNode, conf)) {
                assertThat(Arrays.stream(direct.datanodeReport(HdfsConstants.DatanodeReportType.ALL))
                        .map(DatanodeInfo::getXferPort)).as(id).contains(1, 2);
            }
        }
        // Out of the active NameNode's topology: a write lands on the one real DataNode.
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/it/after-ha-blockReport");
        try (FSDataOutputStream out = fs.create(file, (short) 1)) {
            out.write(new byte[1 << 16]);
        }
        assertThat(fs.getFileStatus(file).getLen()).isEqualTo(1 << 16);
    }

    @Test
    void aFailoverAskedMidRunLosesAndRepeatsNoOperationAndTheAnswerSaysSo() throws Exception {
        Path json = temp.resolve("failover.json");
        // 40 creates at 20/s: two seconds, across the failover asked at one.
        BenchRun run = cluster.benchJar("NNThroughputBenchmark", "-fs", NS, "-op", "create", "-threads", "2",
                "-files", "40", "-rate", "20", "-failoverAt", "1s", "-keepResults", "-baseDirName", "/it/ha-failover",
                "-noResources", "-json", json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        assertThat(run.out).contains("--- create stats  ---\n# operations: 40\n");
        assertThat(fs.getContentSummary(new org.apache.hadoop.fs.Path("/it/ha-failover/create")).getFileCount())
                .isEqualTo(40);
        ResultFile result = ResultFile.read(json);
        String before = active(states(result, "start"));
        String after = active(states(result, "end"));
        assertThat(after).isNotEqualTo(before);
        assertThat(run.out).contains("Ran across a failover of ns1: " + before + " to " + after
                + " (asked by -failoverAt 1s at +");
        assertThat(result.metric("failover_admin_seconds")).isPositive();
        assertThat(result.root().get("outputs").get("failover.method").asText()).isEqualTo("haadmin");
        // The failover as clients saw it: the longest stretch with no completed create, shorter than the run.
        assertThat(result.metric("longest_completion_gap")).isPositive().isLessThan(result.metric("elapsed_time"));
        assertThat(run.out).contains("Longest stretch without a completed operation s: ");
    }

    @Test
    void failoverAtOnOneNameNodeIsOneLineAndExitTwo() throws Exception {
        String nameNode = cluster.configuration().get("dfs.namenode.rpc-address.ns1."
                + cluster.configuration().getTrimmedStrings("dfs.ha.namenodes.ns1")[0]);
        BenchRun run = cluster.benchJar("NNThroughputBenchmark", "-fs", "hdfs://" + nameNode, "-op", "create",
                "-files", "1", "-failoverAt", "1s");

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).startsWith("NNThroughputBenchmark: -failoverAt fails a nameservice over from one NameNode"
                + " to another: -fs hdfs://" + nameNode + " is one NameNode; give -fs hdfs://<nameservice> of HA"
                + " NameNodes\n");
        assertThat(run.out).isEmpty();
    }

    @Test
    void failoverAtWithoutHaAdminRightsIsOneLineAndExitTwoBeforeTheRun() throws Exception {
        BenchRun run = cluster.benchJarAs("guest", "NNThroughputBenchmark", "-fs", NS, "-op", "create", "-files", "1",
                "-baseDirName", "/it/ha-guest", "-noResources", "-failoverAt", "1s");

        assertThat(run.status).as(run.printed()).isEqualTo(2);
        // Hadoop may warn first that it has no native library.
        assertThat(run.err.lines().filter(line -> line.startsWith("NNThroughputBenchmark: "))).singleElement()
                .asString().matches("NNThroughputBenchmark: -failoverAt: it needs HA admin rights, which guest lacks on"
                        + " NameNode nn\\d \\(\\S+\\): run as the NameNode's superuser or a member of"
                        + " dfs.permissions.superusergroup");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/ha-guest"))).as("nothing ran").isFalse();
    }
}
