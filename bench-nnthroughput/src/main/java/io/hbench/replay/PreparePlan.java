package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * What the prepare pass creates before a replay: what the log's commands expect to exist and no earlier logged command
 * creates. It walks the log in order, keeping the namespace the log implies (create and mkdirs make, delete removes,
 * rename moves, concat consumes its sources): a path a command expects and the log has not made or removed is
 * prepared, with the directories above it. A path the log removed earlier is not: the command met nothing on the
 * logged cluster too. Immutable.
 *
 * <p>A prepared path is a file, except where the command lists it or the log names paths under it: then a directory.
 * Files hold {@code -prepareFileSize} bytes, and at least 1 where the log truncates or concatenates them (HDFS refuses
 * to concatenate an empty file).
 */
public final class PreparePlan {
    /** What a prepared path is. */
    public enum Kind {
        FILE, DIRECTORY
    }

    /** One path to create, normalized as logged, and its size if a file. Immutable. */
    public static final class Item {
        private final String path;
        private final Kind kind;
        private final long bytes;

        Item(String path, Kind kind, long bytes) {
            this.path = requireNonNull(path, "path is null");
            this.kind = requireNonNull(kind, "kind is null");
            this.bytes = bytes;
        }

        public String path() {
            return path;
        }

        public Kind kind() {
            return kind;
        }

        /** A file's bytes; 0 for a directory. */
        public long bytes() {
            return bytes;
        }

        @Override
        public String toString() {
            return (kind == Kind.FILE ? "file " + path + " " + bytes + " bytes" : "directory " + path);
        }
    }

    private enum Known {
        FILE, DIRECTORY, ABSENT
    }

    private final List<Item> items;

    private PreparePlan(List<Item> items) {
        this.items = List.copyOf(items);
    }

    /** The plan for {@code calls}, in logged order, with files of {@code fileBytes} bytes (at least 1 where needed). */
    public static PreparePlan of(List<ReplayCall> calls, long fileBytes) {
        requireNonNull(calls, "calls is null");
        if (fileBytes < 0) {
            throw new IllegalArgumentException("fileBytes must not be negative, got " + fileBytes);
        }
        return new Planner(calls, fileBytes).plan();
    }

    /** The paths to create, each after the directories above it. */
    public List<Item> items() {
        return items;
    }

    public long files() {
        return items.stream().filter(item -> item.kind == Kind.FILE).count();
    }

    public long directories() {
        return items.size() - files();
    }

    /** Every prepared file's bytes, summed. */
    public long bytes() {
        return items.stream().mapToLong(Item::bytes).sum();
    }

    /**
     * Creates the plan's paths under the prefix on {@code fs}. With {@code openToAll}, for a replay as the logged
     * users, each is opened to every user (directories rwxrwxrwx, files rw-rw-rw-), since they are the running user's.
     */
    public void create(FileSystem fs, ReplayPaths paths, boolean openToAll) throws IOException {
        byte[] block = new byte[64 * 1024];
        for (Item item : items) {
            Path path = paths.onTarget(item.path);
            if (item.kind == Kind.DIRECTORY) {
                fs.mkdirs(path);
            } else {
                try (FSDataOutputStream out = fs.create(path, true)) {
                    for (long left = item.bytes; left > 0; left -= block.length) {
                        out.write(block, 0, (int) Math.min(left, block.length));
                    }
                }
            }
            if (openToAll) {
                fs.setPermission(path, new FsPermission(item.kind == Kind.DIRECTORY ? (short) 0777 : (short) 0666));
            }
        }
    }

    @Override
    public String toString() {
        return "PreparePlan" + items;
    }

    /** Walks the log once; not thread-safe. */
    private static final class Planner {
        private final List<ReplayCall> calls;
        private final long fileBytes;
        /** The paths the log names paths under: prepared as directories. */
        private final Set<String> parents = new HashSet<>();
        /** What the log implies so far, by path; a path absent here and under no known entry is unknown. */
        private final NavigableMap<String, Known> known = new TreeMap<>();
        /** The plan's items so far, by path, in creation order. */
        private final Map<String, Item> prepared = new LinkedHashMap<>();

        Planner(List<ReplayCall> calls, long fileBytes) {
            this.calls = calls;
            this.fileBytes = fileBytes;
        }

        PreparePlan plan() {
            for (ReplayCall call : calls) {
                for (String path : allPaths(call)) {
                    for (String parent = parent(path); parent != null && !parent.equals("/"); parent = parent(parent)) {
                        parents.add(parent);
                    }
                }
            }
            for (ReplayCall call : calls) {
                walk(call);
            }
            return new PreparePlan(new ArrayList<>(prepared.values()));
        }

        private static List<String> allPaths(ReplayCall call) {
            List<String> paths = new ArrayList<>(call.others());
            paths.add(0, call.path());
            return paths;
        }

        private void walk(ReplayCall call) {
            String path = call.path();
            switch (call.command()) {
                case CREATE:
                    exists(path, Known.FILE);
                    break;
                case MKDIRS:
                    exists(path, Known.DIRECTORY);
                    break;
                case DELETE:
                    expect(path, byUse(path), false);
                    absent(path);
                    break;
                case RENAME:
                    expect(path, byUse(path), false);
                    move(path, call.others().get(0));
                    break;
                case CONCAT:
                    expect(path, Known.FILE, true);
                    for (String source : call.others()) {
                        expect(source, Known.FILE, true);
                        absent(source);
                    }
                    break;
                case OPEN:
                case APPEND:
                case SET_REPLICATION:
                    expect(path, Known.FILE, false);
                    break;
                case TRUNCATE:
                    expect(path, Known.FILE, true);
                    break;
                case LIST_STATUS:
                    expect(path, Known.DIRECTORY, false);
                    break;
                default:
                    expect(path, byUse(path), false);
            }
        }

        /** A directory if the log names paths under it, else a file. */
        private Known byUse(String path) {
            return parents.contains(path) ? Known.DIRECTORY : Known.FILE;
        }

        /** {@code path} must exist for the command: prepared if the log has neither made nor removed it. */
        private void expect(String path, Known kind, boolean needsData) {
            if (path.equals("/")) {
                return;
            }
            Known state = state(path);
            if (state == null) {
                List<String> missing = new ArrayList<>();
                for (String parent = parent(path); !parent.equals("/") && state(parent) == null;
                        parent = parent(parent)) {
                    missing.add(0, parent);
                }
                missing.forEach(parent -> prepared.put(parent, new Item(parent, Kind.DIRECTORY, 0)));
                prepared.put(path, kind == Known.DIRECTORY ? new Item(path, Kind.DIRECTORY, 0)
                        : new Item(path, Kind.FILE, needsData ? Math.max(1, fileBytes) : fileBytes));
                exists(path, kind);
            } else if (needsData && state == Known.FILE) {
                Item item = prepared.get(path);
                if (item != null && item.kind == Kind.FILE && item.bytes == 0) {
                    prepared.put(path, new Item(path, Kind.FILE, 1));
                }
            }
        }

        /**
         * What the log implies of {@code path}: its own entry, else absent under an absent path or a file, else
         * unknown (null) under a directory or nothing known.
         */
        private Known state(String path) {
            Known own = known.get(path);
            if (own != null) {
                return own;
            }
            for (String parent = parent(path); parent != null; parent = parent(parent)) {
                Known above = known.get(parent);
                if (above == Known.ABSENT || above == Known.FILE) {
                    return Known.ABSENT;
                }
                if (above == Known.DIRECTORY) {
                    return null;
                }
            }
            return null;
        }

        private void exists(String path, Known kind) {
            if (path.equals("/")) {
                return;
            }
            known.put(path, kind);
            for (String parent = parent(path); !parent.equals("/") && known.get(parent) != Known.DIRECTORY;
                    parent = parent(parent)) {
                known.put(parent, Known.DIRECTORY);
            }
        }

        private void absent(String path) {
            under(path).clear();
            known.put(path, Known.ABSENT);
        }

        /** Rename: what the log knows of {@code from} and under it is now at {@code to}, and {@code from} is gone. */
        private void move(String from, String to) {
            Known moved = known.get(from);
            Map<String, Known> below = new LinkedHashMap<>(under(from));
            absent(from);
            if (moved == null || moved == Known.ABSENT) {
                return;
            }
            absent(to);
            exists(to, moved);
            below.forEach((path, state) -> known.put(to + path.substring(from.length()), state));
        }

        /** The entries strictly under {@code path}, as a live view. */
        private NavigableMap<String, Known> under(String path) {
            // '0' follows '/': every path that starts with "path/" sorts between the two bounds.
            return known.subMap(path + "/", true, path + "0", false);
        }

        /** The directory above {@code path}; {@code /} above a top-level path; null above the root. */
        private static String parent(String path) {
            if (path.equals("/")) {
                return null;
            }
            int slash = path.lastIndexOf('/');
            return slash == 0 ? "/" : path.substring(0, slash);
        }
    }
}
