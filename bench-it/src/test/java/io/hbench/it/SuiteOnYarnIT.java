package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hadoop jar bench.jar Suite -profile quick -out DIR} against HDFS and YARN in processes of their own: sized by
 * what YARN runs at once, every step's jobs on YARN, and the cluster left without the suite's data.
 */
@Order(2)
class SuiteOnYarnIT {
    @TempDir
    static Path temp;

    private static YarnCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theQuickSuitePassesEveryStepOnYarn() throws Exception {
        Path dir = temp.resolve("suite");

        BenchRun suite = cluster.benchJar("Suite", "-profile", "quick", "-out", dir.toString());

        assertThat(suite.status).as(suite.printed()).isZero();
        // Two NodeManagers with room for 15 maps beside the ApplicationMaster, less the resource sampler's container
        // on each; two DataNodes.
        assertThat(suite.out).startsWith("----- hbench Suite ----- : hbench-suite/2/quick on 13 tasks at once,"
                + " 2 DataNodes\nAll 12 steps ran and passed their checks.\n").contains("NodeManagers: 2 on ");
        // The DataNodes, NodeManagers, tasks, samplers and client all run on this machine: one name for it everywhere.
        Map<String, Set<String>> hostNames = new TreeMap<>();
        JsonNode state = new ObjectMapper().readTree(Files.readString(dir.resolve("suite.json")));
        assertThat(state.get("cluster").get("embedded").asBoolean()).isFalse();
        for (String step : new String[] {"01-dfsio-write", "02-dfsio-read", "07-tpcx-hs", "08-ebb", "09-randbench"}) {
            ResultFile result = ResultFile.read(dir.resolve(step + ".json"));
            assertThat(result.root().get("environment").get("configuration").get("hbench.suite.definition").asText())
                    .isEqualTo("hbench-suite/2/quick");
            assertThat(result.root().get("environment").get("configuration").get("mapreduce.framework.name").asText())
                    .as(step).isEqualTo("yarn");
            // Sampled by the whole-run sampler on YARN, a container of its own on the NodeManagers' host.
            assertThat(result.root().get("resources").get("coverage").asText())
                    .as(step + ": " + Files.readString(dir.resolve(step + ".log"))).isEqualTo("run");
            // Every host sampled: the sampler gives way only to a job that its own part of YARN's share for
            // ApplicationMasters keeps out, not to one of TPCx-HS's chain waiting for the last job's master to end.
            String log = Files.readString(dir.resolve(step + ".log"));
            result.root().get("resources").get("hosts").forEach(host -> assertThat(host.get("unavailable").isNull())
                    .as(step + " " + host + ": " + log).isTrue());
            hostNames(step, result.root(), hostNames);
        }
        assertThat(hostNames).as("each name with where it was read").hasSize(1);
        // TPCx-HS's two runs, each HSGen, HSSort and HSValidate as jobs on YARN, every phase checked.
        ResultFile tpcxhs = ResultFile.read(dir.resolve("07-tpcx-hs.json"));
        tpcxhs.assertRanOnYarn(6);
        assertThat(tpcxhs.metric("data_bytes")).isEqualTo(10_000 * 100.0);
        assertThat(Files.readString(dir.resolve("07-tpcx-hs.log"))).containsPattern("(?m)^1 +Total .* ok$")
                .containsPattern("(?m)^2 +Total .* ok$");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<html");
        try (FileSystem fs = FileSystem.newInstance(cluster.configuration())) {
            // TPCx-HS keeps its second run's data and NNThroughputBenchmark its marked directory: the clean-ups take them.
            for (String left : new String[] {"dfsio", "tpcx-hs", "nn"}) {
                assertThat(fs.exists(new org.apache.hadoop.fs.Path("/benchmarks/hbench-suite/" + left))).as(left)
                        .isFalse();
            }
        }
    }

    @Test
    void aProfileThatWouldFillHdfsIsRefusedBeforeAnythingRuns() throws Exception {
        Path dir = temp.resolve("full");

        BenchRun suite = cluster.benchJar("Suite", "-profile", "full", "-out", dir.toString());

        assertThat(suite.status).as(suite.printed()).isEqualTo(2);
        // 30 files of 16 GiB and 10^9 rows twice, with their replicas: over a terabyte (SuiteProfileTest has the sums).
        assertThat(suite.err).containsPattern("Suite: the full profile keeps up to \\d{4,}\\.\\d GB on hdfs://localhost:\\d+"
                + " at once \\(replicas included\\), and it has \\d+\\.\\d GB free: that would leave less than a fifth"
                + " free; run a smaller profile or free space");
        assertThat(dir).doesNotExist();
    }

    /**
     * Adds every host name the result records (its client's, DataNodes' and NodeManagers', its tasks', its sampled
     * hosts') to where it was read, so that a second name says where it came from.
     */
    private static void hostNames(String step, JsonNode result, Map<String, Set<String>> names) {
        JsonNode environment = result.get("environment");
        add(names, environment.get("clientHost").asText(), step + " clientHost");
        for (String key : new String[] {"datanode_hosts", "nodemanager_hosts"}) {
            for (String host : environment.get("configuration").get(key).asText().split(",")) {
                add(names, host, step + " " + key);
            }
        }
        result.get("tasks").forEach(task -> add(names, task.get("host").asText(), step + " tasks"));
        result.get("resources").get("hosts").forEach(host -> {
            add(names, host.get("host").asText(), step + " resources");
            host.get("sharesKernelWith").forEach(other -> add(names, other.asText(), step + " sharesKernelWith"));
        });
    }

    private static void add(Map<String, Set<String>> names, String name, String where) {
        names.computeIfAbsent(name, any -> new TreeSet<>()).add(where);
    }
}
