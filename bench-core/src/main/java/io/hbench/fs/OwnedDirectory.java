package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.undo.RunUndo;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A benchmark's base directory on any Hadoop file system, and the only place it writes or deletes.
 * hbench marks each base directory it creates with a {@value #MARKER} file; a directory without it
 * is someone else's data and is never written into or deleted. The root directory is refused
 * outright.
 *
 * <p>Should a command-line run be stopped from outside (see {@link RunUndo}), a base directory it created, or marked,
 * is removed, or unmarked, if nothing but the marker is left in it once the run's undo actions have run; the entries
 * a program registers with {@link #removedOnInterrupt} or {@link #emptiedOnInterrupt} are removed. Nothing else is.
 */
public final class OwnedDirectory {
    public static final String MARKER = ".hbench";

    private final FileSystem fs;
    private final Path path;
    /** Whether the user named the directory with a scheme ({@code s3a://bucket/x}), and so messages do too. */
    private final boolean namedWithScheme;
    /** The topmost of the directory and its parents that its claim made; empty if the directory was there. */
    private final Optional<Path> made;

    private OwnedDirectory(FileSystem fs, Path path, boolean namedWithScheme, Optional<Path> made) {
        this.fs = fs;
        this.path = path;
        this.namedWithScheme = namedWithScheme;
        this.made = made;
    }

    /**
     * Returns {@code dir} for writing, creating it (with its marker) if needed. An existing
     * directory must carry the marker or be empty.
     *
     * @param flag how the user named the directory, for messages (e.g. "-Dtest.build.data")
     */
    public static OwnedDirectory claim(FileSystem fs, Path dir, String flag) throws IOException {
        Path qualified = checkNotRoot(fs, dir, flag);
        Optional<Path> madeByClaim = Optional.empty();
        if (fs.exists(qualified)) {
            if (!fs.getFileStatus(qualified).isDirectory()) {
                throw unsafe(flag + " " + qualified + " is a file, not a directory");
            }
            if (!fs.exists(new Path(qualified, MARKER))) {
                FileStatus[] entries = fs.listStatus(qualified);
                if (entries.length > 0) {
                    throw holdsForeignData(flag, qualified.toString(), entries[0].getPath().getName());
                }
                RunUndo.register(qualified + "'s " + MARKER, () -> withOwnInstance(fs,
                        own -> unclaim(own, dir, qualified, qualified, false)));
                writeMarker(fs, qualified);
            }
        } else {
            Path made = topmostMissing(fs, qualified);
            RunUndo.register(made.toString(), () -> withOwnInstance(fs,
                    own -> unclaim(own, dir, qualified, made, true)));
            fs.mkdirs(qualified);
            writeMarker(fs, qualified);
            madeByClaim = Optional.of(made);
        }
        return new OwnedDirectory(fs, qualified, dir.toUri().getScheme() != null, madeByClaim);
    }

    /** The directory {@code fs.mkdirs(dir)} makes first: the topmost of dir and its parents that does not exist. */
    private static Path topmostMissing(FileSystem fs, Path dir) throws IOException {
        Path missing = dir;
        while (missing.getParent() != null && !missing.getParent().isRoot() && !fs.exists(missing.getParent())) {
            missing = missing.getParent();
        }
        return missing;
    }

    /**
     * Undoes a claim, if the run left nothing but the marker in the directory: removes the directory if the claim made
     * it, with the parents it made for it ({@code made} the topmost) that are empty, or the marker if the directory was
     * there, empty, before.
     */
    private static Optional<String> unclaim(FileSystem fs, Path given, Path dir, Path made, boolean createdDir)
            throws IOException {
        boolean withScheme = given.toUri().getScheme() != null;
        if (!fs.exists(dir)) {
            return Optional.empty();
        }
        for (FileStatus entry : fs.listStatus(dir)) {
            if (!entry.getPath().getName().equals(MARKER)) {
                return Optional.empty();
            }
        }
        if (createdDir) {
            if (!fs.delete(dir, true)) {
                return Optional.empty();
            }
            if (fs.exists(dir)) {
                return Optional.of(afterDelete(fs, dir, shown(dir, withScheme)));
            }
            return Optional.of("removed " + shown(removeEmptyParents(fs, dir, made), withScheme));
        }
        Path marker = new Path(dir, MARKER);
        return fs.delete(marker, false) ? Optional.of(afterDelete(fs, marker, shown(marker, withScheme)))
                : Optional.empty();
    }

    /**
     * Returns {@code dir}, which must already be an hbench directory: for reading what an earlier
     * run wrote, or for cleaning up.
     *
     * @param hint what to do when there is nothing, e.g. "run TestDFSIO -write first"
     */
    public static OwnedDirectory existing(FileSystem fs, Path dir, String flag, String hint) throws IOException {
        Path qualified = checkNotRoot(fs, dir, flag);
        if (!fs.exists(qualified)) {
            throw new BenchException(ErrorCode.MISSING_INPUT, qualified + " does not exist: " + hint);
        }
        if (!fs.exists(new Path(qualified, MARKER))) {
            throw notCreatedByHbench(flag, qualified.toString());
        }
        return new OwnedDirectory(fs, qualified, dir.toUri().getScheme() != null, Optional.empty());
    }

    private static Path checkNotRoot(FileSystem fs, Path dir, String flag) {
        requireNonNull(fs, "fs is null");
        requireNonNull(dir, "dir is null");
        Path qualified = fs.makeQualified(dir);
        if (qualified.isRoot() || qualified.getParent() == null) {
            throw unsafe(flag + " " + qualified + " is the root directory; benchmarks delete and rewrite what is under"
                    + " their base directory, so give them one of their own");
        }
        return qualified;
    }

    /**
     * The refusal of a directory that is not empty and has no marker. Public for benchmarks that
     * reach the file system by other means (NNThroughputBenchmark talks to the NameNode's RPC).
     *
     * @param example one entry of the directory, to show what is there
     */
    public static BenchException holdsForeignData(String flag, String dir, String example) {
        return unsafe(flag + " " + dir + " holds data hbench did not create (for example " + example
                + "); nothing was changed. " + howToProceed(dir, flag));
    }

    /** The refusal to read or delete a directory without the marker. */
    public static BenchException notCreatedByHbench(String flag, String dir) {
        return unsafe(flag + " " + dir + " was not created by hbench (it has no " + MARKER
                + " marker); nothing was changed. " + howToProceed(dir, flag));
    }

    /**
     * What a user does next with a directory hbench will not touch, such as the one Hadoop's own
     * TestDFSIO leaves behind: hbench never deletes it, so it names the command that would.
     */
    private static String howToProceed(String dir, String flag) {
        return "If its contents are disposable, remove it with 'hadoop fs -rm -r -skipTrash " + dir
                + "'; otherwise choose another directory with " + flag;
    }

    private static void writeMarker(FileSystem fs, Path dir) throws IOException {
        try (FSDataOutputStream out = fs.create(new Path(dir, MARKER), false)) {
            out.write("Created by hbench. Benchmarks may delete this directory and everything in it.\n"
                    .getBytes(StandardCharsets.UTF_8));
        }
    }

    private static BenchException unsafe(String message) {
        return new BenchException(ErrorCode.UNSAFE_DIRECTORY, message);
    }

    public Path path() {
        return path;
    }

    public FileSystem fileSystem() {
        return fs;
    }

    /** A path inside this directory. */
    public Path child(String name) {
        return new Path(path, name);
    }

    /**
     * Removes one entry of this directory, recursively, and checks that it is gone; what is left is recorded for the
     * run's result ({@link RunLeftovers}).
     *
     * @return what is left, empty if nothing is
     */
    public Optional<Leftover> deleteChild(String name) throws IOException {
        checkChildName(name);
        return RunLeftovers.remove(fs, child(name), shown(child(name), namedWithScheme));
    }

    /**
     * Registers {@code name}, an entry of this directory that the run is making (a job's output, its control files,
     * data still being written), to be removed should the run be stopped from outside before {@code close} is called on
     * the registration (see {@link RunUndo}).
     */
    public UndoLog.Registration removedOnInterrupt(String name) {
        checkChildName(name);
        Path child = child(name);
        return RunUndo.register(child.toString(), () -> withOwnInstance(fs, own -> own.delete(child, true)
                ? Optional.of(afterDelete(own, child, shown(child, namedWithScheme))) : Optional.empty()));
    }

    /**
     * What the undo log says of {@code path} after a delete that said it succeeded: "removed" if it is gone, else how
     * much is left, never that it was removed.
     */
    private static String afterDelete(FileSystem fs, Path path, String shown) throws IOException {
        return Leftover.after(fs, path, shown).map(Leftover::text).orElse("removed " + shown);
    }

    /**
     * Undoes with an instance of {@code fs} of its own: a stopped run's cached file systems are closed by then, so
     * that none of its threads writes any more (io.hbench.cli.InterruptHook).
     */
    private static Optional<String> withOwnInstance(FileSystem fs, Undo undo) throws IOException {
        try (FileSystem own = FileSystem.newInstance(fs.getUri(), fs.getConf())) {
            return undo.on(own);
        }
    }

    private interface Undo {
        Optional<String> on(FileSystem fs) throws IOException;
    }

    /**
     * Removes the parents of {@code dir}, just removed, up to {@code made}, each if it is empty; returns the topmost
     * removed, or {@code dir} if none was.
     */
    private static Path removeEmptyParents(FileSystem fs, Path dir, Path made) throws IOException {
        Path removed = dir;
        while (!removed.equals(made) && fs.listStatus(removed.getParent()).length == 0
                && fs.delete(removed.getParent(), false)) {
            removed = removed.getParent();
        }
        return removed;
    }

    /** {@code path} as the user named its directory: with its scheme and authority or without. */
    private static String shown(Path path, boolean withScheme) {
        return withScheme ? path.toString() : Path.getPathWithoutSchemeAndAuthority(path).toString();
    }

    /**
     * Registers everything in this directory but its marker (what a job writes straight into it) to be removed should
     * the run be stopped from outside before {@code close} is called on the registration (see {@link RunUndo}).
     */
    public UndoLog.Registration emptiedOnInterrupt() {
        return RunUndo.register("what is in " + path, () -> withOwnInstance(fs, own -> {
            boolean removed = false;
            for (FileStatus entry : own.listStatus(path)) {
                if (!entry.getPath().getName().equals(MARKER)) {
                    removed |= own.delete(entry.getPath(), true);
                }
            }
            if (!removed) {
                return Optional.empty();
            }
            long left = Leftover.entriesUnder(own, path) - (own.exists(new Path(path, MARKER)) ? 1 : 0);
            String shown = shown(path, namedWithScheme);
            return Optional.of(left == 0 ? "emptied " + shown : new Leftover(shown, left).text());
        }));
    }

    private static void checkChildName(String name) {
        // "." and ".." would resolve to this directory or its parent: never delete outside the directory.
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/") || name.equals(MARKER)) {
            throw new IllegalArgumentException("not a child entry: '" + name + "'");
        }
    }

    /**
     * Removes the whole directory, marker included, and checks that it is gone; then the parents its claim made for it
     * that are empty: the file system is left as the claim found it. What is left is recorded for the run's result
     * ({@link RunLeftovers}).
     *
     * @return what is left, empty if nothing is
     */
    public Optional<Leftover> delete() throws IOException {
        boolean existed = fs.exists(path);
        Optional<Leftover> left = RunLeftovers.remove(fs, path, shown(path, namedWithScheme));
        if (existed && left.isEmpty() && made.isPresent()) {
            removeEmptyParents(fs, path, made.get());
        }
        return left;
    }
}
