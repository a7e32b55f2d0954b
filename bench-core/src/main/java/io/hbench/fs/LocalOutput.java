package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A file on the local disk that a program writes: a {@code -json} result, TestDFSIO's {@code -resFile}, a report, a
 * suite's record. It is {@linkplain #check checked} before anything runs, so that an output that cannot be written
 * costs a second, not a benchmark's hour; an existing file that hbench did not write is never replaced unless the user
 * says {@code -overwrite}. Every write goes to a temporary file beside the target, is forced to disk and renamed into
 * place, so a crash or a full disk leaves the earlier file whole, never half a file.
 */
public final class LocalOutput {
    /** The flag that lets a program replace a file hbench did not write. */
    public static final String OVERWRITE_FLAG = "overwrite";

    /** The mark Report puts in every page's head, by which a later run knows the page for its own. */
    public static final String REPORT_GENERATOR = "<meta name=\"generator\" content=\"hbench Report\">";

    /** What a program writes, and how to tell its own earlier output from a file someone else owns. */
    public static final class Kind {
        /** A result {@code -json} writes: a JSON object whose schema is an hbench result's. */
        public static final Kind RESULT_JSON = new Kind("an hbench result",
                head -> head.matches("(?s)\\s*\\{\\s*\"schema\"\\s*:\\s*\"hbench-result/.*"));
        /** A page Report writes: it carries {@link #REPORT_GENERATOR} in its head. */
        public static final Kind REPORT_HTML = new Kind("an hbench report", head -> head.contains(REPORT_GENERATOR));

        private final String description;
        private final Predicate<String> ownHead;

        private Kind(String description, Predicate<String> ownHead) {
            this.description = description;
            this.ownHead = ownHead;
        }

        /**
         * Result lines a program appends to a file, as Hadoop's TestDFSIO appends to its {@code -resFile}: a file is
         * the program's own when it is empty or its first line that is not blank is one the program writes first.
         */
        public static Kind appendedLines(String description, Pattern firstLine) {
            requireNonNull(firstLine, "firstLine is null");
            return new Kind(description, head -> head.lines().filter(line -> !line.isBlank()).findFirst()
                    .map(line -> firstLine.matcher(line).matches()).orElse(true));
        }
    }

    /** How much of an existing file is read to tell whose it is. */
    private static final int HEAD_CHARS = 4096;
    private static final String TEMPORARY_SUFFIX = ".hbench-partial";

    private final Path file;

    private LocalOutput(Path file) {
        this.file = file;
    }

    /**
     * Checks that {@code file} can be written as output of {@code kind}, before anything runs.
     *
     * @param flag how the user named the file, e.g. {@code -json}
     * @param overwrite whether the user allowed replacing a file hbench did not write
     * @throws BenchException of {@link ErrorCode#OUTPUT_NOT_WRITABLE} or {@link ErrorCode#OUTPUT_NOT_HBENCH}, with one
     *         line naming the flag, the file and the reason
     */
    public static LocalOutput check(String flag, Path file, Kind kind, boolean overwrite) {
        requireNonNull(flag, "flag is null");
        requireNonNull(kind, "kind is null");
        Path absolute = file.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            throw notWritable(flag, file, "is a directory");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(absolute)) {
            throw notWritable(flag, file, "is not a regular file");
        }
        requireWritableDirectory(flag, file, absolute.getParent());
        if (Files.exists(absolute) && !overwrite && !isOwn(absolute, kind)) {
            throw new BenchException(ErrorCode.OUTPUT_NOT_HBENCH, flag + " " + file + ": the file exists and is not "
                    + kind.description + ", so it is left alone: name another file, or add -" + OVERWRITE_FLAG
                    + " to write to it anyway");
        }
        return new LocalOutput(absolute);
    }

    /**
     * Checks that {@code dir} is a directory a program can create files in, or can be created as one, before anything
     * runs.
     *
     * @throws BenchException of {@link ErrorCode#OUTPUT_NOT_WRITABLE} naming the flag, the directory and the reason
     */
    public static void checkDirectory(String flag, Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw notWritable(flag, dir, "is a file, not a directory");
        }
        requireWritableDirectory(flag, dir, Files.exists(absolute) ? absolute : absolute.getParent());
    }

    /** Replaces the file's content with what {@code body} writes, whole or not at all. */
    public void write(Body body) throws IOException {
        writeAtomically(file, body);
    }

    /** Appends {@code lines} to the file (creating it), whole or not at all: the earlier lines are kept in any case. */
    public void append(List<String> lines) throws IOException {
        Path temporary = temporaryBeside(file);
        try {
            if (Files.exists(file)) {
                Files.copy(file, temporary, StandardCopyOption.COPY_ATTRIBUTES);
            }
            writeForced(temporary, linesOf(lines), true);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Writes {@code file} through a temporary file beside it, forced to disk and renamed into place: a reader sees the
     * earlier file or the new one, never part of one. For files a program owns outright (a suite's record); a file the
     * user named goes through {@link #check} first.
     */
    public static void writeAtomically(Path file, Body body) throws IOException {
        Path temporary = temporaryBeside(file);
        try {
            writeForced(temporary, body, false);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Writes {@code lines} to {@code file} as {@link #writeAtomically} does. */
    public static void writeAtomically(Path file, List<String> lines) throws IOException {
        writeAtomically(file, linesOf(lines));
    }

    private static Body linesOf(List<String> lines) {
        return writer -> {
            for (String line : lines) {
                writer.write(line);
                writer.write(System.lineSeparator());
            }
        };
    }

    /** What is written into an output, UTF-8. */
    @FunctionalInterface
    public interface Body {
        void writeTo(Writer writer) throws IOException;
    }

    /** Writes {@code body} to a new file, or after the end of an existing one, and forces it to the disk. */
    private static void writeForced(Path path, Body body, boolean append) throws IOException {
        try (FileChannel channel = append
                ? FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
                : FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
            Writer writer = Channels.newWriter(channel, StandardCharsets.UTF_8);
            body.writeTo(writer);
            writer.flush();
            channel.force(true);
        }
    }

    /** A fresh name in the same directory, so that the rename stays on one file system and is atomic. */
    private static Path temporaryBeside(Path file) {
        Path absolute = file.toAbsolutePath();
        return absolute.resolveSibling("." + absolute.getFileName() + "." + UUID.randomUUID() + TEMPORARY_SUFFIX);
    }

    private static boolean isOwn(Path file, Kind kind) {
        char[] buffer = new char[HEAD_CHARS];
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int read = reader.read(buffer);
            return kind.ownHead.test(read < 0 ? "" : new String(buffer, 0, read));
        } catch (IOException e) {
            // Unreadable or not text: not a file hbench wrote.
            return false;
        }
    }

    /** Creates and removes a file in {@code dir}: the one test of writability that holds for root, ACLs and mounts. */
    private static void requireWritableDirectory(String flag, Path given, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !existing.equals(dir)) {
            if (existing != null && !Files.isDirectory(existing)) {
                throw notWritable(flag, given, existing + " is a file, not a directory");
            }
            throw notWritable(flag, given, "no such directory " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw notWritable(flag, given, dir + " is a file, not a directory");
        }
        Path probe = dir.resolve("." + UUID.randomUUID() + TEMPORARY_SUFFIX);
        try {
            Files.newOutputStream(probe, StandardOpenOption.CREATE_NEW).close();
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw notWritable(flag, given, "permission denied in " + dir);
        } catch (NoSuchFileException e) {
            // A directory that exists yet takes no new files: /proc, say.
            throw notWritable(flag, given, dir + " takes no new files");
        } catch (FileSystemException e) {
            throw notWritable(flag, given, (e.getReason() != null ? e.getReason() : "cannot write") + " in " + dir);
        } catch (IOException e) {
            throw notWritable(flag, given, "cannot write in " + dir + " (" + e.getMessage() + ")");
        }
    }

    private static BenchException notWritable(String flag, Path file, String reason) {
        return new BenchException(ErrorCode.OUTPUT_NOT_WRITABLE, flag + " " + file + ": " + reason);
    }
}
