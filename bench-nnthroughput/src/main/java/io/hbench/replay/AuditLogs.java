package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.zip.ZipException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.security.AccessControlException;

/**
 * Reads audit logs into one {@link ReplayLog}: files or directories of files on any Hadoop file system, plain or
 * compressed as their extension says ({@code .gz}, {@code .bz2}, ... through {@link CompressionCodecFactory}). Their
 * replayable lines are merged into one time order; every other line is counted in {@link SkippedLines}, with the first
 * problems named. A compressed file cut short is read up to where it ends, and that is named as a problem.
 */
public final class AuditLogs {
    /** A directory's files, but not those a writer hides while it works ({@code _temporary}, {@code .crc}). */
    private static final PathFilter VISIBLE =
            path -> !path.getName().startsWith("_") && !path.getName().startsWith(".");
    /** How many distinct users, addresses and permissions are kept as one copy each; more are kept as read. */
    private static final int SHARED_VALUES = 100_000;
    /** How many files a refusal names before it counts the rest. */
    private static final int FILES_NAMED = 3;

    private final Configuration conf;
    private final CompressionCodecFactory codecs;

    public AuditLogs(Configuration conf) {
        this.conf = requireNonNull(conf, "conf is null");
        this.codecs = new CompressionCodecFactory(conf);
    }

    /**
     * Reads {@code logs}, each a file or a directory whose files are read in the order of their names (not its
     * subdirectories, nor files whose name starts with {@code _} or {@code .}), keeping the lines in {@code window}.
     *
     * @param logs paths or URIs of any Hadoop file system, e.g. {@code audit.log}, {@code hdfs://nn/logs/}
     * @throws BenchException of {@link ErrorCode#MISSING_INPUT}, naming the log, for a log that does not exist or
     *         cannot be read, or a directory without a file
     * @throws IOException when the file system fails while the logs are read
     */
    public ReplayLog read(List<String> logs, ReplayWindow window) throws IOException {
        requireNonNull(logs, "logs is null");
        requireNonNull(window, "window is null");
        List<FileStatus> files = new ArrayList<>();
        for (String log : logs) {
            files.addAll(files(requireNonNull(log, "a log is null")));
        }
        Reading reading = new Reading(window);
        for (FileStatus file : files) {
            reading.read(file.getPath());
        }
        // A stable sort: lines of one time keep the order of their files, then of their lines.
        reading.entries.sort(Comparator.comparingLong(AuditEntry::timeMillis));
        return new ReplayLog(files.stream().map(file -> file.getPath().toString()).collect(Collectors.toList()),
                reading.lines, reading.entries, reading.skipped.build());
    }

    /**
     * {@code log} itself when it holds a replayable line.
     *
     * @throws BenchException of {@link ErrorCode#MISSING_INPUT} saying what the log held instead, in one line: {@code
     *         no replayable command in audit.log: 3 lines, 2 allowed=false, 1 listCachePools}
     */
    public static ReplayLog requireReplayable(ReplayLog log) {
        requireNonNull(log, "log is null");
        if (!log.entries().isEmpty()) {
            return log;
        }
        StringBuilder found = new StringBuilder(count(log.lines(), "line"));
        log.skipped().counts().forEach((reason, lines) -> found.append(", ").append(count(lines, "")).append(reason));
        if (!log.skipped().problems().isEmpty()) {
            found.append("; first problem: ").append(log.skipped().problems().get(0));
        }
        throw new BenchException(ErrorCode.MISSING_INPUT, "no replayable command in " + names(log.files()) + ": "
                + found);
    }

    private List<FileStatus> files(String log) throws IOException {
        Path path = new Path(log);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "audit log " + log + " does not exist", e);
        } catch (AccessControlException e) {
            throw unreadable(log, e);
        }
        if (status.isFile()) {
            return List.of(status);
        }
        FileStatus[] listed;
        try {
            listed = fs.listStatus(path, VISIBLE);
        } catch (AccessControlException e) {
            throw unreadable(log, e);
        }
        List<FileStatus> files = Arrays.stream(listed).filter(FileStatus::isFile)
                .sorted(Comparator.comparing(file -> file.getPath().getName())).collect(Collectors.toList());
        if (files.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "audit log directory " + log + " holds no file");
        }
        return files;
    }

    private static BenchException unreadable(Object log, IOException e) {
        return new BenchException(ErrorCode.MISSING_INPUT, "audit log " + log + " cannot be read: "
                + ErrorText.firstLine(e), e);
    }

    private static String names(List<String> files) {
        List<String> names = files.stream().map(file -> new Path(file).getName()).collect(Collectors.toList());
        if (names.size() <= FILES_NAMED) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, FILES_NAMED)) + " and " + (names.size() - FILES_NAMED) + " more";
    }

    /** {@code 1,204 lines}, {@code 1 line}; with an empty {@code noun}, the number and a space. */
    private static String count(long n, String noun) {
        String number = String.format(Locale.ROOT, "%,d", n);
        if (noun.isEmpty()) {
            return number + " ";
        }
        return number + " " + noun + (n == 1 ? "" : "s");
    }

    /** The state of one read of several files. */
    private final class Reading {
        private final ReplayWindow window;
        private final List<AuditEntry> entries = new ArrayList<>();
        private final SkippedLines.Builder skipped = new SkippedLines.Builder();
        private final Map<String, String> shared = new HashMap<>();
        private final UnaryOperator<String> repeated = this::shared;
        private long lines;

        Reading(ReplayWindow window) {
            this.window = window;
        }

        void read(Path path) throws IOException {
            FileSystem fs = path.getFileSystem(conf);
            CompressionCodec codec = codecs.getCodec(path);
            Decompressor decompressor = codec == null ? null : CodecPool.getDecompressor(codec);
            try (InputStream raw = open(fs, path);
                    BufferedReader reader = new BufferedReader(new InputStreamReader(
                            codec == null ? raw : codec.createInputStream(raw, decompressor), StandardCharsets.UTF_8))) {
                long number = 0;
                String line;
                while ((line = readLine(reader, path, number)) != null) {
                    number++;
                    add(path.getName() + ":" + number, AuditLine.parse(line, repeated));
                }
            } finally {
                CodecPool.returnDecompressor(decompressor);
            }
        }

        private InputStream open(FileSystem fs, Path path) throws IOException {
            try {
                return fs.open(path);
            } catch (FileNotFoundException | AccessControlException e) {
                // A local file without read permission is "not found" to Hadoop, though it was just listed.
                throw unreadable(path, e);
            }
        }

        /** The next line; null at the end, and where a compressed file is cut short, which is then a problem. */
        private String readLine(BufferedReader reader, Path path, long linesRead) throws IOException {
            try {
                return reader.readLine();
            } catch (EOFException | ZipException e) {
                skipped.problem(path.getName() + ": truncated after line " + String.format(Locale.ROOT, "%,d",
                        linesRead) + " (" + ErrorText.firstLine(e) + ")");
                return null;
            }
        }

        private void add(String where, AuditLine line) {
            lines++;
            if (line.kind() == AuditLine.Kind.UNPARSABLE) {
                skipped.add(SkippedLines.UNPARSABLE, 1);
                skipped.problem(where + ": " + line.reason());
            } else if (!window.contains(line.timeMillis())) {
                skipped.add(SkippedLines.OUTSIDE_WINDOW, 1);
            } else if (line.kind() == AuditLine.Kind.REPLAYABLE) {
                entries.add(line.entry().orElseThrow());
            } else {
                skipped.add(line.skippedAs(), 1);
            }
        }

        private String shared(String value) {
            String kept = shared.get(value);
            if (kept != null) {
                return kept;
            }
            if (shared.size() < SHARED_VALUES) {
                shared.put(value, value);
            }
            return value;
        }
    }
}
