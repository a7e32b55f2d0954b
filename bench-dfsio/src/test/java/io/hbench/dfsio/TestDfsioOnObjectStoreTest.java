package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
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
        ToolRun write = run("-write", "-nrFiles", "3", "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio",
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
        // Each file is below S3A's multipart size, so its close sends it in one PUT; no part, no retry.
        assertThat(metric(result, "store_requests", "object_put_request")).isEqualTo(3);
        assertThat(metric(result, "store_requests", "multipart_upload_part_put")).isZero();
        assertThat(metric(result, "store_retries")).isZero();
        assertThat(write.out).containsPattern("Store requests \\(count\\): 3 PUT, .*; 0 retries, 0 throttled\n");

        ToolRun read = run("-read", "-verify", "-nrFiles", "3", "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio");
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains(" Total MBytes processed: 18\n");

        ToolRun clean = run("-clean", "-rootDir", "s3a://hbench/dfsio");
        assertThat(clean.status).as(clean.err).isZero();
        assertThat(objects()).noneMatch(object -> object.startsWith("dfsio/"));
        assertThat(bucket.resolve("dfsio")).doesNotExist();
    }

    @Test
    void appendAndTruncateAreRefusedInOneLineBeforeAnythingRunsBecauseTheStoreSaysItCannot() throws Exception {
        ToolRun write = run("-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir", "s3a://hbench/refused");
        assertThat(write.status).as(write.err).isZero();
        List<String> before = objects();

        ToolRun append = run("-append", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir", "s3a://hbench/refused");
        ToolRun truncate = run("-truncate", "-nrFiles", "1", "-fileSize", "0", "-rootDir", "s3a://hbench/refused");

        assertThat(append.status).isEqualTo(2);
        assertThat(append.err).startsWith("TestDFSIO: -append: s3a://hbench cannot append to a file (its file system,"
                + " S3AFileSystem, lacks the capability fs.capability.paths.append); nothing was run\n");
        assertThat(truncate.status).isEqualTo(2);
        assertThat(truncate.err).startsWith("TestDFSIO: -truncate: s3a://hbench cannot truncate a file");
        assertThat(append.out + truncate.out).isEmpty();
        assertThat(objects()).isEqualTo(before);
    }

    /** Every object in the bucket, by key, with its size. */
    private static List<String> objects() throws IOException {
        try (Stream<Path> files = Files.walk(bucket)) {
            return files.filter(Files::isRegularFile).map(file -> bucket.relativize(file) + " " + size(file)).sorted()
                    .collect(Collectors.toList());
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double metric(JsonNode result, String id) {
        return metric(result, id, null);
    }

    /** @param statistic the metric's statistic label, or null for a metric without one */
    private static double metric(JsonNode result, String id, String statistic) {
        for (JsonNode metric : result.get("metrics")) {
            JsonNode label = metric.path("labels").path("statistic");
            if (metric.get("id").asText().equals(id) && (statistic == null || label.asText().equals(statistic))) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id + (statistic == null ? "" : "{statistic=" + statistic + "}"));
    }

    private static ToolRun run(String... args) throws Exception {
        return ToolRun.run(conf, TestDfsioTool::new, args);
    }
}
