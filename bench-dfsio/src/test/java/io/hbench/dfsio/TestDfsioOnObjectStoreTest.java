package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.fs.StoreCheck;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
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
    private static final String TYPED_SECRET = "typed-secret-4f1d";

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
        // A secret typed on the command line, for a bucket this run does not use: it must not reach any output.
        ToolRun write = ToolRun.runCommandLine(conf, TestDfsioTool::new, "-D", "fs.s3a.bucket.other.secret.key=" + TYPED_SECRET, "-write", "-nrFiles", "3",
                "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio", "-json", json.toString());
        assertThat(write.status).as(write.err).isZero();
        assertThat(write.err).containsPattern("(?m)^hbench: store check of s3a://hbench/dfsio passed in [0-9.]+ m?s"
                + " \\(wrote, read back, listed, renamed and removed an object\\); the run retries a failing call up to 7"
                + " times, waiting 1.0 s doubling each time, 127 s in all give or take half \\(fs.s3a.retry.limit=7,"
                + " fs.s3a.retry.interval=500ms\\), each try up to 5 times more in the AWS SDK"
                + " \\(fs.s3a.attempts.maximum=5\\); throttled calls up to 20 times \\(fs.s3a.retry.throttle.limit=20,"
                + " fs.s3a.retry.throttle.interval=100ms\\)$");
        assertThat(objects()).noneMatch(object -> object.contains(StoreCheck.PROBE_PREFIX));
        for (int i = 0; i < 3; i++) {
            Path object = bucket.resolve("dfsio/io_data/test_io_" + i);
            assertThat(Files.size(object)).isEqualTo(6L * MIB);
        }
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(metric(result, "bytes")).isEqualTo(18.0 * MIB);
        // Each file is below S3A's multipart size, so its close sends it in one PUT, no part: each task's stream counts
        // its own. The tasks share one client in the local runner, so the requests to open a file and the retries are
        // not the task's alone and not counted.
        assertThat(metric(result, "store_requests", "object_put_request")).isEqualTo(3);
        assertThat(metric(result, "store_requests", "multipart_upload_part_put")).isZero();
        assertThat(metrics(result)).doesNotContain("store_retries", "store_throttled")
                .doesNotContain("store_requests{statistic=object_metadata_request}");
        assertThat(write.out).contains("Store requests (count): 3 PUT; not counted: GET, HEAD, LIST, LIST continued,"
                + " COPY, DELETE, bulk DELETE, retries, throttled\n");
        JsonNode environment = result.get("environment");
        assertThat(environment.get("commandLine").get(2).asText()).isEqualTo("fs.s3a.bucket.other.secret.key=<redacted>");
        JsonNode settings = environment.get("configuration");
        assertThat(settings.get("store").asText()).isEqualTo("s3a://hbench");
        assertThat(settings.get("fs.s3a.endpoint").asText()).startsWith("http://127.0.0.1:");
        assertThat(settings.get("fs.s3a.multipart.size").asText()).isEqualTo("64M");
        assertThat(settings.get("fs.s3a.committer.name").asText()).isEqualTo("magic");
        String secret = storeKey("fs.s3a.secret.key");
        String accessKey = storeKey("fs.s3a.access.key");
        assertThat(List.of(text, write.out, write.err)).allSatisfy(output -> assertThat(output)
                .doesNotContain(TYPED_SECRET).doesNotContain(secret).doesNotContain(accessKey));

        ToolRun read = run("-read", "-verify", "-nrFiles", "3", "-fileSize", "6MB", "-rootDir", "s3a://hbench/dfsio");
        assertThat(read.status).as(read.err).isZero();
        assertThat(read.out).contains(" Total MBytes processed: 18\n");
        // One GET per file, read from start to end.
        assertThat(read.out).contains("Store requests (count): 3 GET; not counted: PUT, part PUT, HEAD, LIST,");

        // Positional reads through S3A's ranged GETs, checked byte for byte at the offsets TestDFSIO chooses.
        for (String positional : List.of("-random", "-backward", "-skip")) {
            ToolRun reread = run("-read", positional, "-verify", "-nrFiles", "3", "-fileSize", "6MB", "-bufferSize",
                    "1048576", "-rootDir", "s3a://hbench/dfsio");
            assertThat(reread.status).as(positional + ": " + reread.err).isZero();
            assertThat(reread.out).as(positional).contains("Data verified: every byte read matched");
        }

        ToolRun clean = run("-clean", "-rootDir", "s3a://hbench/dfsio");
        assertThat(clean.status).as(clean.err).isZero();
        assertThat(objects()).noneMatch(object -> object.startsWith("dfsio/"));
        assertThat(bucket.resolve("dfsio")).doesNotExist();
    }

    @Test
    void tasksInTheLocalRunnerShareTheCachedClient() throws Exception {
        Configuration counted = new Configuration(conf);
        counted.set("fs.s3a.impl", CountingS3AFileSystem.class.getName());
        // The cached client goes, so that the run's first one is counted.
        FileSystem.get(URI.create("s3a://hbench/"), conf).close();
        int before = CountingS3AFileSystem.initialized();

        // The store check makes a client of its own, on purpose: not the run's.
        ToolRun write = ToolRun.run(counted, TestDfsioTool::new, "-write", "-nrFiles", "4", "-fileSize", "1MB",
                "-rootDir", "s3a://hbench/shared", "-noStoreCheck");

        assertThat(write.status).as(write.err).isZero();
        assertThat(write.out).contains("Store requests (count): 4 PUT; not counted:");
        assertThat(CountingS3AFileSystem.initialized() - before).isEqualTo(1);
    }

    @Test
    void missingOrRefusedCredentialsAreOneLineNamingTheSettingsAndExitTwo() throws Exception {
        Configuration none = new Configuration(conf);
        none.unset("fs.s3a.security.credential.provider.path");
        // Hadoop caches one client per bucket and user, whatever its keys: these runs must make their own.
        none.setBoolean("fs.s3a.impl.disable.cache", true);
        ToolRun missing = ToolRun.run(none, TestDfsioTool::new, "-write", "-nrFiles", "1", "-fileSize", "1MB",
                "-rootDir", "s3a://hbench/keys");

        Configuration wrong = new Configuration(none);
        wrong.set("fs.s3a.access.key", storeKey("fs.s3a.access.key"));
        wrong.set("fs.s3a.secret.key", TYPED_SECRET);
        ToolRun refused = ToolRun.run(wrong, TestDfsioTool::new, "-write", "-nrFiles", "1", "-fileSize", "1MB",
                "-rootDir", "s3a://hbench/keys");

        assertThat(missing.status).as(missing.err).isEqualTo(2);
        assertThat(missing.err).isEqualTo("TestDFSIO: no credentials for s3a://hbench: set"
                + " fs.s3a.bucket.hbench.access.key and fs.s3a.bucket.hbench.secret.key (or fs.s3a.access.key and"
                + " fs.s3a.secret.key), or name a credential provider that has them (fs.s3a.aws.credentials.provider,"
                + " hadoop.security.credential.provider.path)\n");
        assertThat(refused.status).as(refused.err).isEqualTo(2);
        assertThat(refused.err).isEqualTo("TestDFSIO: s3a://hbench refused access (HTTP 403): check"
                + " fs.s3a.bucket.hbench.access.key and fs.s3a.bucket.hbench.secret.key (or fs.s3a.access.key and"
                + " fs.s3a.secret.key) (wrong or expired keys, or keys without permission on the bucket)\n");
        assertThat(refused.err + refused.out).doesNotContain(TYPED_SECRET);
        assertThat(bucket.resolve("keys")).doesNotExist();
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

    /** A key of the embedded store, from the credential store that S3A reads it from. */
    private static String storeKey(String name) throws IOException {
        Configuration keys = new Configuration(false);
        keys.set("hadoop.security.credential.provider.path", conf.get("fs.s3a.security.credential.provider.path"));
        return String.valueOf(keys.getPassword(name));
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

    /** Every metric's key: its id, and its statistic label in braces if it has one. */
    private static List<String> metrics(JsonNode result) {
        List<String> keys = new ArrayList<>();
        for (JsonNode metric : result.get("metrics")) {
            JsonNode label = metric.path("labels").path("statistic");
            keys.add(metric.get("id").asText() + (label.isMissingNode() ? "" : "{statistic=" + label.asText() + "}"));
        }
        return keys;
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
