package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A path hbench removed that is still there, with how many entries (files and directories) are left under it. A store
 * can answer a delete with success and keep what it was asked to remove: an S3 server whose {@code /}-delimited listing
 * hides prefixes that hold only nested directory markers shows S3A nothing to delete. So every removal is checked with
 * {@link #remove}, and what it left is said, never reported as removed.
 */
public final class Leftover {
    /** What a store that kept a deleted directory's nested directories most likely does, for the line that says so. */
    static final String LIKELY_CAUSE = "the store kept them (a store whose listing hides directories that hold only"
            + " directories does: check it with 'hadoop fs -ls -R')";
    private static final String OUTPUT_PREFIX = "leftover{path=";
    private static final String OUTPUT_SUFFIX = "}";

    private final String path;
    private final long entries;

    /**
     * @param path the path as the user named it (with or without its scheme)
     * @param entries the files and directories left under it; 0 for an empty directory or a file left in place
     */
    public Leftover(String path, long entries) {
        this.path = requireNonNull(path, "path is null");
        if (path.isBlank()) {
            throw new IllegalArgumentException("path is blank");
        }
        if (entries < 0) {
            throw new IllegalArgumentException("entries is negative: " + entries);
        }
        this.entries = entries;
    }

    /**
     * Removes {@code path} recursively and checks that it is gone.
     *
     * @param shown the path as messages show it
     * @return what is left, empty if nothing is
     */
    public static Optional<Leftover> remove(FileSystem fs, Path path, String shown) throws IOException {
        fs.delete(path, true);
        return after(fs, path, shown);
    }

    /** What is left of {@code path}, which was just removed: empty if it is gone. */
    public static Optional<Leftover> after(FileSystem fs, Path path, String shown) throws IOException {
        if (!fs.exists(path)) {
            return Optional.empty();
        }
        return Optional.of(new Leftover(shown, entriesUnder(fs, path)));
    }

    /** The files and directories under {@code path}, at every depth; 0 for a file. */
    static long entriesUnder(FileSystem fs, Path path) throws IOException {
        long count = 0;
        Deque<Path> directories = new ArrayDeque<>();
        if (fs.getFileStatus(path).isDirectory()) {
            directories.push(path);
        }
        while (!directories.isEmpty()) {
            for (FileStatus entry : fs.listStatus(directories.pop())) {
                count++;
                if (entry.isDirectory()) {
                    directories.push(entry.getPath());
                }
            }
        }
        return count;
    }

    public String path() {
        return path;
    }

    public long entries() {
        return entries;
    }

    /** A few words, for a table's cell: "102 entries left". */
    public String brief() {
        return entries == 0 ? "path left" : entries + (entries == 1 ? " entry" : " entries") + " left";
    }

    /** One line: "102 entries left under s3a://b/dfsio/io_data after removing it: the store kept them (...)". */
    public String text() {
        if (entries == 0) {
            return path + " is still there after removing it: the store kept it";
        }
        return String.format(Locale.ROOT, "%d %s left under %s after removing it: %s", entries,
                entries == 1 ? "entry" : "entries", path, LIKELY_CAUSE);
    }

    /** A result's outputs that record {@code leftovers}: {@code leftover{path=P}} with the count of entries. */
    public static Map<String, String> outputs(Collection<Leftover> leftovers) {
        Map<String, String> outputs = new LinkedHashMap<>();
        for (Leftover leftover : leftovers) {
            outputs.put(OUTPUT_PREFIX + leftover.path + OUTPUT_SUFFIX, Long.toString(leftover.entries));
        }
        return outputs;
    }

    /** The leftovers a result's outputs record ({@link #outputs}), in their order. */
    public static List<Leftover> inOutputs(Map<String, String> outputs) {
        List<Leftover> leftovers = new ArrayList<>();
        outputs.forEach((name, value) -> {
            if (name.startsWith(OUTPUT_PREFIX) && name.endsWith(OUTPUT_SUFFIX)) {
                leftovers.add(new Leftover(name.substring(OUTPUT_PREFIX.length(),
                        name.length() - OUTPUT_SUFFIX.length()), Long.parseLong(value)));
            }
        });
        return leftovers;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Leftover)) {
            return false;
        }
        Leftover that = (Leftover) obj;
        return path.equals(that.path) && entries == that.entries;
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + Long.hashCode(entries);
    }

    @Override
    public String toString() {
        return text();
    }
}
