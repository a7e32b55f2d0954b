package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.FaultyFileSystem;
import io.hbench.testing.FaultyFileSystem.Fault;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store check refuses each way a store has misbehaved in one line naming the step and what to check, leaves
 * nothing of itself behind, passes a healthy file system, and gives up on a dead S3 endpoint after few tries.
 */
class StoreCheckTest {
    @TempDir
    java.nio.file.Path temp;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    private OwnedDirectory claimed(Configuration conf) throws IOException {
        Path base = new Path(FaultyFileSystem.pathOf(temp), "base");
        FileSystem fs = base.getFileSystem(conf);
        return OwnedDirectory.claim(fs, base, "-baseDir");
    }

    private void check(Configuration conf, boolean renames) throws IOException {
        StoreCheck.before(conf, claimed(conf), renames,
                new PrintStream(progress, true, StandardCharsets.UTF_8));
    }

    /** The faults on the check's own paths only: the claim of the base directory goes as on any file system. */
    private static Configuration faulty(Fault... faults) {
        return FaultyFileSystem.configure(new Configuration(false), StoreCheck.PROBE_PREFIX, faults);
    }

    /** What is in the base directory beside its marker. */
    private String[] leftInBase() throws IOException {
        try (Stream<java.nio.file.Path> entries = Files.list(temp.resolve("base"))) {
            return entries.map(entry -> entry.getFileName().toString())
                    .filter(name -> !name.equals(OwnedDirectory.MARKER)).toArray(String[]::new);
        }
    }

    @Test
    void aHealthyFileSystemPassesSilentlyAndKeepsNothing() throws IOException {
        Configuration conf = faulty();

        check(conf, true);

        assertThat(leftInBase()).isEmpty();
        assertThat(progress.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(conf.get(StoreCheck.PASSED_KEY)).isEqualTo("faulty:///");
    }

    @Test
    void bodiesThatComeBackDifferentAreRefusedAtTheReadBack() throws IOException {
        assertThatThrownBy(() -> check(faulty(Fault.CORRUPTS_READS), true))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STORE_CHECK_FAILED))
                .hasMessageMatching("store check of faulty:/\\S+/base failed before the run: reading back faulty:/\\S+"
                        + "/base/_hbench_store_check_[-0-9a-f]+/object gave different bytes than were written \\(the"
                        + " first at byte 0 of 10240\\); check whatever lies between this client and the store \\(a"
                        + " gateway or proxy that rewrites bodies\\); the check's directory was removed; -noStoreCheck"
                        + " skips this check");
        assertThat(leftInBase()).isEmpty();
    }

    @Test
    void aListingThatFailsIsRefusedAtTheListing() throws IOException {
        assertThatThrownBy(() -> check(faulty(Fault.FAILS_LISTINGS), true))
                .hasMessageContaining("failed before the run: listing faulty:/")
                .hasMessageContaining("failed: listing faulty:/")
                .hasMessageContaining("Status Code: 500); check the file system's listing; the check's directory was"
                        + " removed;")
                .hasMessageNotContaining("\n");
        assertThat(leftInBase()).isEmpty();
    }

    @Test
    void aRecursiveDeleteThatKeepsNestedDirectoriesIsRefusedAndTheCheckStillRemovesThem() throws IOException {
        assertThatThrownBy(() -> check(faulty(Fault.KEEPS_NESTED_DIRECTORIES), false))
                .hasMessageContaining("recursively left it in place (with its nested directory a/b); check the file"
                        + " system's recursive delete; the check's directory was removed;");
        assertThat(leftInBase()).isEmpty();
    }

    @Test
    void aWriteThatDiesIsRefusedAtTheWrite() throws IOException {
        assertThatThrownBy(() -> check(faulty(Fault.DIES_MID_WRITE), false))
                .hasMessageMatching("store check of \\S+ failed before the run: writing \\S+/object failed: Connection"
                        + " refused; check whether the file system is up and writable by this user; the check's"
                        + " directory was removed; -noStoreCheck skips this check");
        assertThat(leftInBase()).isEmpty();
    }

    @Test
    void aCheckTurnedOffOrPassedBeforeWithTheConfigurationDoesNothing() throws IOException {
        Configuration off = faulty(Fault.CORRUPTS_READS);
        StoreCheck.disable(off);
        check(off, true);

        Configuration passed = faulty(Fault.CORRUPTS_READS);
        passed.set(StoreCheck.PASSED_KEY, "faulty:///");
        check(passed, true);

        assertThat(leftInBase()).isEmpty();
        assertThat(StoreCheck.enabled(off)).isFalse();
        assertThat(StoreCheck.enabled(new Configuration(false))).isTrue();
    }

    @Test
    void onS3aEachStepNamesTheSettingsThatExistInS3a() {
        assertThat(StoreCheck.Step.READ_BACK.s3aSuspect()).contains("fs.s3a.signing-algorithm",
                "fs.s3a.checksum.validation");
        assertThat(StoreCheck.Step.LIST.s3aSuspect()).contains("fs.s3a.list.version");
        assertThat(StoreCheck.Step.DELETE.s3aSuspect()).contains("fs.s3a.multiobjectdelete.enable",
                "fs.s3a.directory.marker.retention");
        assertThat(StoreCheck.Step.WRITE.s3aSuspect()).contains("fs.s3a.endpoint");
    }

    @Test
    void theProbesS3aClientTriesEachCallTwiceEvenWhereTheBucketSaysOtherwise() {
        Configuration conf = new Configuration(false);
        conf.set("fs.s3a.bucket.bench.retry.limit", "30");

        Configuration probe = S3aRetries.forProbe(conf, URI.create("s3a://bench/base"));

        for (String prefix : new String[] {"fs.s3a.", "fs.s3a.bucket.bench."}) {
            assertThat(probe.get(prefix + "retry.limit")).isEqualTo("1");
            assertThat(probe.get(prefix + "retry.interval")).isEqualTo("100ms");
            assertThat(probe.get(prefix + "retry.throttle.limit")).isEqualTo("1");
            assertThat(probe.get(prefix + "attempts.maximum")).isEqualTo("0");
            assertThat(probe.get(prefix + "connection.establish.timeout")).isEqualTo("15s");
            assertThat(probe.get(prefix + "connection.request.timeout")).isEqualTo("15s");
        }
        assertThat(conf.get("fs.s3a.retry.limit")).isNull();
    }

    @Test
    void theRunsBoundIsSaidFromItsSettings() {
        // 500 ms x (2 + 4 + ... + 256) = 500 ms x 254 = 127 s
        assertThat(S3aRetries.runBound(new Configuration(false))).isEqualTo("the run retries a failing call up to 7"
                + " times, waiting 1.0 s doubling each time, 127 s in all give or take half (fs.s3a.retry.limit=7,"
                + " fs.s3a.retry.interval=500ms), each try up to 5 times more in the AWS SDK"
                + " (fs.s3a.attempts.maximum=5); throttled calls up to 20 times (fs.s3a.retry.throttle.limit=20,"
                + " fs.s3a.retry.throttle.interval=500ms)");
        Configuration conf = new Configuration(false);
        conf.set("fs.s3a.retry.limit", "2");
        conf.set("fs.s3a.retry.interval", "2s");
        // 2 s x (2 + 4) = 12 s
        assertThat(S3aRetries.runBound(conf)).startsWith("the run retries a failing call up to 2 times, waiting 4.0 s"
                + " doubling each time, 12 s in all give or take half (fs.s3a.retry.limit=2, fs.s3a.retry.interval=2s)");
        conf.set("fs.s3a.retry.limit", "0");
        assertThat(S3aRetries.runBound(conf)).startsWith("the run does not retry a failing call"
                + " (fs.s3a.retry.limit=0), each try");
    }

    @Test
    void anS3EndpointThatRefusesConnectionsIsRefusedWithTheRunsBound() throws IOException {
        Configuration conf = closedS3Endpoint();
        Path base = new Path("s3a://bench/base");

        try (FileSystem runFs = FileSystem.newInstance(base.toUri(), conf)) {
            assertThatThrownBy(() -> StoreCheck.probe(conf, runFs, base, true))
                    .isInstanceOfSatisfying(BenchException.class,
                            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STORE_CHECK_FAILED))
                    .hasMessageStartingWith("store check of s3a://bench/base failed before the run: writing"
                            + " s3a://bench/base/_hbench_store_check_")
                    .hasMessageContaining("; check fs.s3a.endpoint and fs.s3a.path.style.access (is the store at that"
                            + " address?); the run retries a failing call up to 3 times, waiting 1.0 s doubling each"
                            + " time, 7.0 s in all give or take half (fs.s3a.retry.limit=3, fs.s3a.retry.interval=500ms)")
                    .hasMessageContaining("; the check wrote nothing; -noStoreCheck skips this check")
                    .hasMessageNotContaining("\n")
                    .hasMessageNotContaining("probe-secret");
        }
    }

    /** Before a run's first call there (its claim goes at the run's retries), the look-up refuses a dead store. */
    @Test
    void aLookUpBeforeTheRunsFirstCallRefusesAnEndpointThatRefusesConnections() throws IOException {
        Configuration conf = closedS3Endpoint();
        Path base = new Path("s3a://bench/base");

        try (FileSystem runFs = FileSystem.newInstance(base.toUri(), conf)) {
            assertThatThrownBy(() -> StoreCheck.reach(conf, runFs, base))
                    .isInstanceOfSatisfying(BenchException.class,
                            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STORE_CHECK_FAILED))
                    .hasMessageStartingWith("store check of s3a://bench/base failed before the run: looking it up"
                            + " failed: getFileStatus on s3a://bench/base: Unable to execute HTTP request: Connect to"
                            + " 127.0.0.1:")
                    .hasMessageEndingWith("; check fs.s3a.endpoint and fs.s3a.path.style.access (is the store at that"
                            + " address?); the run retries a failing call up to 3 times, waiting 1.0 s doubling each"
                            + " time, 7.0 s in all give or take half (fs.s3a.retry.limit=3, fs.s3a.retry.interval=500ms),"
                            + " each try up to 5 times more in the AWS SDK (fs.s3a.attempts.maximum=5); throttled calls"
                            + " up to 20 times (fs.s3a.retry.throttle.limit=20, fs.s3a.retry.throttle.interval=100ms);"
                            + " the check wrote nothing; -noStoreCheck skips this check")
                    .hasMessageNotContaining("\n");
        }
        StoreCheck.disable(conf);
        try (FileSystem runFs = FileSystem.newInstance(base.toUri(), conf)) {
            StoreCheck.reach(conf, runFs, base);
        }
    }

    private static Configuration closedS3Endpoint() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Configuration conf = new Configuration();
        conf.set("fs.s3a.endpoint", "http://127.0.0.1:" + closedPort);
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", "probe");
        conf.set("fs.s3a.secret.key", "probe-secret");
        conf.set("fs.s3a.retry.limit", "3");
        return conf;
    }
}
