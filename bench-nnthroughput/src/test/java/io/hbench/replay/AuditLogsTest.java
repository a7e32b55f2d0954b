package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogsTest {
    @TempDir
    Path dir;

    private final AuditLogs logs = new AuditLogs(new Configuration());

    private static String line(String time, String allowed, String cmd, String src) {
        return "2026-01-05 " + time + " INFO FSNamesystem.audit: allowed=" + allowed
                + "\tugi=alice (auth:SIMPLE)\tip=/10.0.0.5\tcmd=" + cmd + "\tsrc=" + src
                + "\tdst=null\tperm=null\tproto=rpc";
    }

    private static String open(String time, String src) {
        return line(time, "true", "open", src);
    }

    private Path write(String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
        return file;
    }

    private Path writeGzip(String name, List<String> lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return Files.write(dir.resolve(name), bytes.toByteArray());
    }

    private ReplayLog read(Path... files) throws IOException {
        return read(ReplayWindow.WHOLE_LOG, files);
    }

    private ReplayLog read(ReplayWindow window, Path... files) throws IOException {
        return logs.read(Arrays.stream(files).map(Path::toString).collect(Collectors.toList()), window);
    }

    private static List<String> sources(ReplayLog log) {
        return log.entries().stream().map(AuditEntry::src).collect(Collectors.toList());
    }

    @Test
    void readsAPlainLog() throws IOException {
        Path file = write("audit.log", open("10:00:00,000", "/a"), open("10:00:00,500", "/b"));

        ReplayLog log = read(file);

        assertThat(log.files()).containsExactly("file:" + file);
        assertThat(log.lines()).isEqualTo(2);
        assertThat(sources(log)).containsExactly("/a", "/b");
        assertThat(log.skipped().total()).isZero();
        assertThat(log.skipped().problems()).isEmpty();
    }

    @Test
    void readsAGzippedLogByItsExtension() throws IOException {
        Path file = writeGzip("audit.log.gz", List.of(open("10:00:00,000", "/données/日本"), open("10:00:01,000", "/b")));

        ReplayLog log = read(file);

        assertThat(sources(log)).containsExactly("/données/日本", "/b");
    }

    @Test
    void readsEveryVisibleFileOfADirectoryInTheOrderOfTheirNames() throws IOException {
        write("logs/b.log", open("10:00:00,000", "/b"));
        write("logs/a.log", open("10:00:00,000", "/a"));
        write("logs/_SUCCESS", open("10:00:00,000", "/hidden"));
        write("logs/.a.log.crc", open("10:00:00,000", "/hidden"));
        write("logs/old/c.log", open("10:00:00,000", "/nested"));

        ReplayLog log = read(dir.resolve("logs"));

        assertThat(log.files()).containsExactly("file:" + dir.resolve("logs/a.log"), "file:" + dir.resolve("logs/b.log"));
        assertThat(sources(log)).containsExactly("/a", "/b");
    }

    @Test
    void mergesSeveralLogsIntoOneTimeOrderKeepingTheOrderOfFilesAndLinesAtOneTime() throws IOException {
        Path first = write("audit.log.1", open("10:00:01,000", "/1a"), open("10:00:03,000", "/1b"),
                open("10:00:03,000", "/1c"));
        Path second = writeGzip("audit.log.2.gz", List.of(open("10:00:00,000", "/2a"), open("10:00:03,000", "/2b"),
                open("10:00:04,000", "/2c")));

        ReplayLog log = read(first, second);

        assertThat(sources(log)).containsExactly("/2a", "/1a", "/1b", "/1c", "/2b", "/2c");
        assertThat(log.lines()).isEqualTo(6);
    }

    @Test
    void readsATruncatedGzipUpToWhereItIsCutAndNamesTheCut() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            lines.add(open(String.format(Locale.ROOT, "10:%02d:%02d,%03d", i / 60000 % 60, i / 1000 % 60, i % 1000),
                    "/data/" + Integer.toHexString(i * 7919)));
        }
        Path whole = writeGzip("whole.log.gz", lines);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("audit.log.gz"), Arrays.copyOf(bytes, bytes.length / 2));

        ReplayLog log = read(cut);

        assertThat(log.lines()).isBetween(1L, 4999L);
        assertThat(log.entries()).hasSize((int) log.lines());
        assertThat(log.entries().get((int) log.lines() - 1).src()).isEqualTo(lines.get((int) log.lines() - 1)
                .split("src=")[1].split("\t")[0]);
        assertThat(log.skipped().problems()).containsExactly("audit.log.gz: truncated after line "
                + String.format(Locale.ROOT, "%,d", log.lines()) + " (Unexpected end of input stream)");
        assertThat(log.skipped().total()).isZero();
    }

    @Test
    void readsAnEmptyFileAsNoLines() throws IOException {
        ReplayLog log = read(write("empty.log"), write("audit.log", open("10:00:00,000", "/a")));

        assertThat(log.lines()).isEqualTo(1);
        assertThat(sources(log)).containsExactly("/a");
    }

    @Test
    void keepsTheLinesFromTheWindowsStartAndBeforeItsEnd() throws IOException {
        Path file = write("audit.log", open("09:59:59,999", "/before"), open("10:00:00,000", "/first"),
                line("10:00:10,000", "false", "delete", "/refused"), open("10:00:59,999", "/last"),
                open("10:01:00,000", "/after"), "garbage");

        ReplayLog log = read(ReplayWindow.parse(Optional.of("2026-01-05 10:00"), Optional.of("2026-01-05 10:01:00")),
                file);

        assertThat(sources(log)).containsExactly("/first", "/last");
        assertThat(log.lines()).isEqualTo(6);
        assertThat(log.skipped().counts()).containsExactly(
                Map.entry(SkippedLines.NOT_ALLOWED, 1L),
                Map.entry(SkippedLines.UNPARSABLE, 1L),
                Map.entry(SkippedLines.OUTSIDE_WINDOW, 2L));
    }

    @Test
    void countsEverySkippedLineAndNamesTheFirstProblems() throws IOException {
        List<String> lines = new ArrayList<>(List.of(open("10:00:00,000", "/a"),
                line("10:00:00,001", "false", "open", "/secret"), line("10:00:00,002", "true", "listCachePools", "null"),
                line("10:00:00,003", "true", "getEZForPath", "/a"), line("10:00:00,004", "true", "listCachePools", "null")));
        for (int i = 0; i < 7; i++) {
            lines.add("not an audit line " + i);
        }
        Path file = write("audit.log", lines.toArray(new String[0]));

        ReplayLog log = read(file);

        assertThat(log.lines()).isEqualTo(12);
        assertThat(sources(log)).containsExactly("/a");
        assertThat(log.skipped().counts()).containsExactly(
                Map.entry(SkippedLines.NOT_ALLOWED, 1L),
                Map.entry(SkippedLines.UNPARSABLE, 7L),
                Map.entry("getEZForPath", 1L),
                Map.entry("listCachePools", 2L));
        assertThat(log.skipped().problems()).containsExactly("audit.log:6: bad timestamp", "audit.log:7: bad timestamp",
                "audit.log:8: bad timestamp", "audit.log:9: bad timestamp", "audit.log:10: bad timestamp");
        assertThat(log.skipped().problemCount()).isEqualTo(7);
    }

    @Test
    void refusesALogThatDoesNotExistNamingIt() {
        Path missing = dir.resolve("missing.log");

        assertThatThrownBy(() -> read(missing)).isInstanceOfSatisfying(BenchException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_INPUT))
                .hasMessage("audit log " + missing + " does not exist");
    }

    @Test
    void refusesADirectoryWithoutAFile() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("logs"));
        write("logs/_SUCCESS");

        assertThatThrownBy(() -> read(empty)).isInstanceOf(BenchException.class)
                .hasMessage("audit log directory " + empty + " holds no file");
    }

    @Test
    void refusesALogItCannotRead() throws IOException {
        Path file = write("audit.log", open("10:00:00,000", "/a"));
        assumeFalse(System.getProperty("user.name").equals("root"), "root reads every file");
        assertThat(file.toFile().setReadable(false)).isTrue();

        assertThatThrownBy(() -> read(file)).isInstanceOfSatisfying(BenchException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_INPUT))
                .hasMessageStartingWith("audit log file:" + file + " cannot be read: ");
    }

    @Test
    void refusesALogWithNothingReplayableInOneLineSayingWhatItHeld() throws IOException {
        Path file = write("audit.log", line("10:00:00,000", "false", "open", "/a"),
                line("10:00:00,001", "true", "listCachePools", "null"), line("10:00:00,002", "false", "open", "/b"));
        ReplayLog log = read(file);

        assertThatThrownBy(() -> AuditLogs.requireReplayable(log)).isInstanceOfSatisfying(BenchException.class,
                e -> assertThat(e.exitStatus().code()).isEqualTo(2))
                .hasMessage("no replayable command in audit.log: 3 lines, 2 allowed=false, 1 listCachePools");
    }

    @Test
    void refusalOfNothingReplayableNamesTheFirstProblemAndTheFiles() throws IOException {
        ReplayLog log = read(write("a.log", "garbage"), write("b.log"), write("c.log"), write("d.log"));

        assertThatThrownBy(() -> AuditLogs.requireReplayable(log)).isInstanceOf(BenchException.class)
                .hasMessage("no replayable command in a.log, b.log, c.log and 1 more: 1 line, 1 unparsable;"
                        + " first problem: a.log:1: bad timestamp");
    }

    @Test
    void passesALogWithSomethingReplayable() throws IOException {
        ReplayLog log = read(write("audit.log", open("10:00:00,000", "/a")));

        assertThat(AuditLogs.requireReplayable(log)).isSameAs(log);
    }
}
