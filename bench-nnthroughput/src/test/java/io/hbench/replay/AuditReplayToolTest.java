package io.hbench.replay;

import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AuditReplay on the command line: bad usage is one line naming the flag and exit 2, before any log is read; a run on
 * the local file system (a {@code -prefix} URI, so no embedded cluster) reads its log through the reader it is given
 * and prints the answer first.
 */
class AuditReplayToolTest {
    @TempDir
    Path dir;

    private final AtomicReference<AuditReplayOptions> read = new AtomicReference<>();

    private ToolRun run(String... args) throws Exception {
        return ToolRun.run(new Configuration(), (out, err) -> new AuditReplayTool(out, err, (conf, options) -> {
            read.set(options);
            return Entries.log(List.of(entry(0, AuditCommand.MKDIRS, "/a"), entry(2, AuditCommand.GET_FILE_INFO,
                    "/a"), entry(4, AuditCommand.OPEN, "/a/f")));
        }), args);
    }

    private void assertUsageError(ToolRun run, String line) {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).isEqualTo("AuditReplay: " + line + "\nRun 'AuditReplay -help' for usage.\n");
        assertThat(run.out).isEmpty();
        assertThat(read.get()).as("no log read").isNull();
    }

    @Test
    void badUsageIsOneLineNamingTheFlag() throws Exception {
        assertUsageError(run("-threads", "4"), "no -log: give the audit log to replay");
        assertUsageError(run("-log", "a", "-rateFactor", "0"), "-rateFactor must be a number above 0, got 0.0");
        assertUsageError(run("-log", "a", "-rateFactor", "fast"), "-rateFactor 'fast' is not a number");
        assertUsageError(run("-log", "a", "-threads", "0"), "-threads must be at least 1, got 0");
        assertUsageError(run("-log", "a", "-prepareFileSize", "-1"), "-prepareFileSize '-1' is not a size: use a whole"
                + " number and B, KB, MB, GB or TB (binary: 1KB = 1024 bytes; no unit means bytes), e.g. 64KB");
        assertUsageError(run("-log", "a", "-prefix", "/"), "-prefix must be an absolute directory below the root,"
                + " such as /hbench-replay/mine, got '/': the replay creates, changes and deletes what the log does"
                + " under it");
        assertUsageError(run("-log", "a", "-prefix", "relative/dir"), "-prefix must be an absolute directory below the"
                + " root, such as /hbench-replay/mine, got 'relative/dir': the replay creates, changes and deletes what"
                + " the log does under it");
        assertUsageError(run("-log", ","), "-log names no log: give one or more files or directories");
    }

    @Test
    void logsAreGivenCommaSeparatedOrWithTheFlagAgain() throws Exception {
        AuditReplayOptions options = new AuditReplayTool(System.out, System.err).parseOnly(new Configuration(),
                "-log", "a.log,hdfs://nn/logs/", "-log", "b.log.gz", "-rateFactor", "2.5", "-prepareFileSize", "4KB",
                "-keep", "-impersonate");

        assertThat(options.logs()).containsExactly("a.log", "hdfs://nn/logs/", "b.log.gz");
        assertThat(options.rateFactor()).isEqualTo(2.5);
        assertThat(options.prepareFileSize()).isEqualTo(4096);
        assertThat(options.threads()).isEqualTo(AuditReplayOptions.DEFAULT_THREADS);
        assertThat(options.prefix()).isEmpty();
        assertThat(options.keep()).isTrue();
        assertThat(options.impersonate()).isTrue();
    }

    @Test
    void aRunPrintsTheAnswerFirstWritesAValidResultAndExitsZero() throws Exception {
        Path json = dir.resolve("replay.json");

        ToolRun run = run("-noResources", "-log", "audit.log", "-prefix", dir.toUri() + "replay", "-rateFactor", "10",
                "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out.lines().findFirst().orElseThrow()).matches("replayed 3 commands of 3 kinds at 10\\.0x the"
                + " logged rate: p99 .* ms; .* % late; (the file system kept up|the replay ended .* behind"
                + " schedule.*)");
        assertThat(read.get().logs()).containsExactly("audit.log");
        assertThat(dir.resolve("replay")).doesNotExist();
        String result = Files.readString(json, StandardCharsets.UTF_8);
        ResultSchema.assertValid(result);
        assertThat(result).contains("\"benchmark\" : \"AuditReplay\"", "\"primaryMetric\" : \"latency_p99\"");
    }
}
