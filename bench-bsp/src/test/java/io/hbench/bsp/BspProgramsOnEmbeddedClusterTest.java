package io.hbench.bsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.bsp.ebb.EbbTool;
import io.hbench.bsp.randbench.RandBenchTool;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * RandBench and EBB as an operator runs them: the command line, peers as the map tasks of a job on the
 * embedded cluster (HDFS and MapReduce's in-process runner), the classic lines and the JSON result.
 */
@Timeout(180)
class BspProgramsOnEmbeddedClusterTest {
    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;

    @BeforeAll
    static void startCluster() {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void randBenchSendsEveryMessageItPromisesAndReportsHamasLines() throws Exception {
        Path json = temp.resolve("randbench.json");

        ToolRun run = ToolRun.run(conf, RandBenchTool::new, "1000", "50", "3", "-peers", "4", "-warmup", "1",
                "-seed", "7", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("The total number of supersteps: 4\n").containsPattern(
                "Job Finished in \\d+\\.\\d+ seconds\n");
        String text = java.nio.file.Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        // 4 peers x 50 messages x 1000 bytes x 3 measured supersteps, split between the network and the sender.
        assertThat(metric(result, "network_bytes") + metric(result, "local_bytes")).isEqualTo(4 * 50 * 1000 * 3);
        assertThat(metric(result, "network_bytes")).isPositive();
        assertThat(metric(result, "network_throughput")).isCloseTo(metric(result, "network_bytes")
                / metric(result, "measured_time"), withinPercentage(1e-9));
        assertThat(result.get("tasks")).as("one sample per peer").hasSize(4);
        assertThat(result.get("jobs")).as("the job the peers ran as").hasSize(1);
        String job = result.get("jobs").get(0).get("id").asText();
        assertThat(job).startsWith("job_");
        assertThat(result.get("jobs").get(0).get("name").asText()).isEqualTo("RandBench (BSP, 4 peers)");
        assertThat(run.err).contains("hbench: RandBench: submitted job " + job);
    }

    @Test
    void ebbPairsEveryPeerInEveryRoundOnTheClusterAndSaysItsOneHostHasNoBisection() throws Exception {
        Path json = temp.resolve("ebb.json");

        ToolRun run = ToolRun.run(conf, EbbTool::new, "-s", "64KB", "-r", "2", "-peers", "4", "-relative", "-seed",
                "3", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).containsPattern("size 65536 round 0: 4 exchanges, average [\\d.]+ ms, [\\d.]+ MiB/s\n")
                .containsPattern("size 65536 round 1: 4 exchanges")
                .containsPattern("size 65536 all rounds: 8 exchanges, .* \\(one host: its loopback, no bisection"
                        + " bandwidth\\)\n")
                .containsPattern("size 65536 baseline \\(2 peers\\): .*; 4 peers / baseline: [\\d.]+\n");
        // The embedded cluster's peers are threads of this process: one host.
        assertThat(run.err).containsPattern("EBB: all 4 peers ran on one host \\(.+\\): no exchange crossed a network");
        String text = java.nio.file.Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(metric(result, "peer_hosts")).isEqualTo(1);
        assertThat(result.get("jobs")).as("the run's job, then the baseline's").hasSize(2);
        assertThat(result.get("jobs").get(0).get("name").asText()).isEqualTo("EBB ebb 4 peers (BSP, 4 peers)");
        assertThat(result.get("jobs").get(1).get("name").asText()).isEqualTo("EBB ebb 2 peers (BSP, 2 peers)");
        for (JsonNode job : result.get("jobs")) {
            assertThat(run.err).contains(": submitted job " + job.get("id").asText());
        }
    }

    private static double metric(JsonNode result, String id) {
        for (JsonNode metric : result.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id);
    }
}
