package io.hbench.bsp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.bsp.randbench.RandBenchTool;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.SecureCluster;
import io.hbench.testing.ToolRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * RandBench as a user with a keytab runs it on a Kerberos-secured cluster: its peers are the map tasks
 * of a job submitted with the user's credentials (MapReduce's in-process runner, as the cluster's
 * configuration says).
 */
@Timeout(180)
class SecureRandBenchTest {
    @TempDir
    static Path temp;

    private static SecureCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = SecureCluster.start(temp.resolve("cluster"), SecureRandBenchTest.class, 1);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void randBenchRunsItsPeersAsAJobOfTheKeytabsPrincipal() throws Exception {
        Path json = temp.resolve("randbench.json");

        ToolRun run = ToolRun.run(cluster.clientConfiguration(), RandBenchTool::new, "1000", "20", "2", "-peers", "2",
                "-seed", "5", "-json", json.toString(), "-principal", cluster.userPrincipal(), "-keytab",
                cluster.userKeytab().toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("The total number of supersteps: 2\n");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        // 2 peers x 20 messages x 1000 bytes x 2 supersteps, to the other peer or to the sender itself.
        assertThat(metric(result, "network_bytes") + metric(result, "local_bytes")).isEqualTo(2 * 20 * 1000 * 2);
        assertThat(result.get("jobs")).hasSize(1);
        assertThat(run.err).contains("hbench: RandBench: submitted job " + result.get("jobs").get(0).get("id").asText());
        assertThat(result.get("environment").get("configuration").get("kerberos.principal").asText())
                .isEqualTo(cluster.userPrincipal());
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
