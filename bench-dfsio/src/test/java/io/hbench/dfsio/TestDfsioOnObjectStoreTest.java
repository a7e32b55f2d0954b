package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO through S3A on S3Proxy, a real S3 API server that keeps each object as a file of its bucket's directory:
 * what the benchmark says it wrote is checked against the objects themselves.
 */
class TestDfsioOnObjectStoreTest {
    private static final int MIB = 1 << 20;

    @TempDir
    static Path temp;

    private static EmbeddedCluster store;
    private static Configuration conf;
    private static Path bucket;

    @BeforeAll
    static void startStore() {
        store = EmbeddedCluster.start(new Configuration(), temp.resolve("store"), EmbeddedCluster.Storage.S3);
        conf = store.clientConfiguration();
        bucket = temp.resolve("store/s3/data/hbench");
    }

    @AfterAll
    static void stopStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void writeThenVerifiedReadMoveExactlyTheObjectsBytesAndCleanLeavesTheBucketEmpty() throws Exception {
        Path json = temp.resolve("write.json");
        ToolRun write = run("-D", "hbench.debug=true", "-write", "-seq", "-nrFiles", "3", "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio",
                "-json", json.toString());
        assertThat(write.status).as(write.err).isZero();
        for (int i = 0; i < 3; i++) {
            Path object = bucket.resolve("dfsio/io_data/test_io_" + i);
            assertThat(Files.size(object)).isEqualTo(6L * MIB);
        }
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(metric(result, "bytes")).isEqualTo(18.0 * MIB);

        ToolRun read = run("-read", "-verify", "-nrFiles", "3", "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio");
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains(" Total MBytes processed: 18\n");

        ToolRun clean = run("-clean", "-rootDir", "s3a://hbench/dfsio");
        assertThat(clean.status).as(clean.err).isZero();
        try (Stream<Path> left = Files.list(bucket)) {
            assertThat(left).isEmpty();
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

    private static ToolRun run(String... args) throws Exception {
        return ToolRun.run(conf, TestDfsioTool::new, args);
    }
}
