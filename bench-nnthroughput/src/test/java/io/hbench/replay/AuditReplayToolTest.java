package io.hbench.replay;

import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.runners.LocalBspRunner;
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
        }, LocalBspRunner::new), args);
    }

    private void assertUsageError(ToolRun run, String line) {
        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).isEqualTo("AuditReplay: " + line + "\nRun 'AuditReplay -help' for usage.\n");
        assertThat(run.out).isEmpty();
        assertThat(read.get()).as("no log read").isNull();
    }

    @Test
    void badUsageIsOneLineNamingTheFlag() throws Exception {
        assertUsageError(run("-threads", "4"), "no -log: give the audit log to replay, or -synthesize one");
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
                "-keep", "-impersonate").replay.orElseThrow();

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

    private static ToolRun tool(String... args) throws Exception {
        return ToolRun.run(new Configuration(), AuditReplayTool::new, args);
    }

    @Test
    void aSynthesizedLogIsReplayedWithinItsWindowThroughTheRealReader() throws Exception {
        Path log = dir.resolve("synth.log");
        ToolRun synthesize = tool("-synthesize", "-mix", "mkdirs=1,getfileinfo=3,listStatus=1", "-rate", "200",
                "-duration", "1s", "-seed", "36", "-out", log.toString());
        assertThat(synthesize.status).as(synthesize.err).isZero();
        assertThat(synthesize.out).isEqualTo("AuditReplay: wrote 200 commands of mkdirs=1,getfileinfo=3,listStatus=1"
                + " at 200 commands/s for 1.0 s from 4 sources (seed 36)\n");
        assertThat(Files.readAllLines(log)).hasSize(200);

        // The window keeps the lines logged in the log's second half: 100 of its 200, one each 5 ms.
        Path json = dir.resolve("window.json");
        ToolRun replay = tool("-noResources", "-log", log.toString(), "-from", "2026-01-01 00:00:00,500", "-to",
                "2026-01-01 00:00:01", "-rateFactor", "4", "-prefix", dir.toUri() + "replay", "-json",
                json.toString());

        assertThat(replay.status).as(replay.err).isZero();
        assertThat(replay.out).startsWith("replayed 100 commands of ")
                .contains("Log: 1 file, 200 lines; skipped 100 lines: 100 outside -from/-to");
        assertThat(dir.resolve("replay")).doesNotExist();
        ResultSchema.assertValid(Files.readString(json, StandardCharsets.UTF_8));
    }

    @Test
    void synthesizingRefusesAReplaysFlagsAndAFileItDidNotWrite() throws Exception {
        Path theirs = dir.resolve("theirs.log");
        Files.writeString(theirs, "someone else's notes\n");

        ToolRun mixed = tool("-synthesize", "-log", "a.log", "-mix", "open=1", "-rate", "1", "-duration", "1s",
                "-out", dir.resolve("x.log").toString());
        ToolRun overwrite = tool("-synthesize", "-mix", "open=1", "-rate", "1", "-duration", "1s", "-out",
                theirs.toString());
        ToolRun noOut = tool("-synthesize", "-mix", "open=1", "-rate", "1", "-duration", "1s");
        ToolRun mixWithoutSynthesize = tool("-log", "a.log", "-mix", "open=1");
        ToolRun splitWithoutClients = tool("-log", "a.log", "-split", "path");

        assertThat(mixed.err).startsWith("AuditReplay: -log has no place in -synthesize\n");
        assertThat(overwrite.err).startsWith("AuditReplay: -out " + theirs + ": the file exists and is not an audit"
                + " log AuditReplay -synthesize wrote, so it is left alone");
        assertThat(Files.readString(theirs)).isEqualTo("someone else's notes\n");
        assertThat(noOut.err).startsWith("AuditReplay: no -out: give the log to write\n");
        assertThat(mixWithoutSynthesize.err).startsWith("AuditReplay: -mix has no place in a replay (without"
                + " -synthesize)\n");
        assertThat(splitWithoutClients.err).startsWith("AuditReplay: -split shares the log among -clients: give"
                + " -clients N\n");
        for (ToolRun run : List.of(mixed, overwrite, noOut, mixWithoutSynthesize, splitWithoutClients)) {
            assertThat(run.status).as(run.err).isEqualTo(2);
        }
    }

    @Test
    void aSecondSynthesisReplacesTheLogTheFirstWrote() throws Exception {
        Path log = dir.resolve("again.log");
        for (int seed = 1; seed <= 2; seed++) {
            ToolRun run = tool("-synthesize", "-mix", "create=1,open=8", "-rate", "10", "-duration", "1s", "-seed",
                    Integer.toString(seed), "-out", log.toString());
            assertThat(run.status).as(run.err).isZero();
        }
        assertThat(Files.readAllLines(log)).hasSize(10);
    }

    @Test
    void aLogWithNothingReplayableIsRefusedInOneLineAndOneWithSomeBadLinesIsReplayed() throws Exception {
        String good = "2026-01-05 10:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi=alice (auth:SIMPLE)"
                + "\tip=/10.0.0.5\tcmd=mkdirs\tsrc=/data/\u00e9t\u00e9\tdst=null\tperm=null\tproto=rpc\n";
        String refused = good.replace("allowed=true", "allowed=false");
        String unknown = good.replace("cmd=mkdirs", "cmd=listCachePools");
        Path nothing = dir.resolve("nothing.log");
        Files.writeString(nothing, refused + unknown + "not an audit line\n", StandardCharsets.UTF_8);
        Path some = dir.resolve("some.log");
        Files.writeString(some, refused + unknown + good + "not an audit line\n", StandardCharsets.UTF_8);

        ToolRun none = tool("-noResources", "-log", nothing.toUri().toString(), "-prefix", dir.toUri() + "none");
        ToolRun replayed = tool("-noResources", "-log", some.toUri().toString(), "-prefix", dir.toUri() + "some");

        assertThat(none.status).isEqualTo(2);
        assertThat(none.err).isEqualTo("AuditReplay: no replayable command in nothing.log: 3 lines, 1 allowed=false, 1 unparsable, 1 listCachePools; first"
                + " problem: nothing.log:3: bad timestamp\n");
        assertThat(dir.resolve("none")).doesNotExist();
        assertThat(replayed.status).as(replayed.err).isZero();
        assertThat(replayed.out).startsWith("replayed 1 command of 1 kind at 1.0x the logged rate: ")
                .contains("Log: 1 file, 4 lines; skipped 3 lines: 1 allowed=false, 1 unparsable, 1 listCachePools",
                        "Log problem: some.log:4: bad timestamp");
    }
}
