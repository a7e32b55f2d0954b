package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import io.hbench.security.KerberosFailures;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The check a run makes of the file system it is about to write to, before its first job: a store that returns
 * different bytes, cannot list, cannot rename or keeps what it deleted is refused in one line naming the step and the
 * setting most likely at fault, rather than measured. In a new child of the run's base directory, and nowhere else, it
 * writes a 10 KiB object of random bytes, reads it back and compares, lists it, renames it (where the run renames),
 * makes {@code a/b} beside it with a file in it, removes the whole child and confirms it is gone. It runs on a file
 * system instance of its own whose S3A retries are few ({@link S3aRetries}), so a store that fails every call is
 * refused in seconds; with that instance, {@link #reach} looks the run's path up before the run's first call there.
 *
 * <p>On by default; {@value #ENABLED_KEY}{@code =false} (the tools' {@code -noStoreCheck}) turns it off. A store that
 * passed is recorded in the run's configuration ({@value #PASSED_KEY}), so that a run of several programs on one
 * configuration (TPCx-HS) checks it once.
 */
public final class StoreCheck {
    public static final String ENABLED_KEY = "hbench.store.check";
    /** The stores (file system URIs) that passed the check with this configuration. */
    static final String PASSED_KEY = "hbench.store.check.passed";
    /** The result output that records a check turned off: {@value #SKIPPED}. */
    public static final String OUTPUT = "store_check";
    public static final String SKIPPED = "skipped";
    /** How the check's directory in the base directory is named, before a random part. */
    public static final String PROBE_PREFIX = "_hbench_store_check_";
    /** More than two 4 KiB blocks, so that a body mangled at each block or chunk boundary differs in several places. */
    static final int OBJECT_BYTES = 10 * 1024;

    /** What the check does, in order, with what is most likely at fault when it fails. */
    enum Step {
        WRITE("writing", "fs.s3a.endpoint and fs.s3a.path.style.access (is the store at that address?)",
                "whether the file system is up and writable by this user"),
        READ_BACK("reading back", "fs.s3a.signing-algorithm and fs.s3a.checksum.validation (the store may keep"
                + " chunk-signed bodies as they came)", "whatever lies between this client and the store (a gateway"
                + " or proxy that rewrites bodies)"),
        LIST("listing", "fs.s3a.list.version (1 for stores without ListObjectsV2)", "the file system's listing"),
        RENAME("renaming", "whether the store copies objects (S3A renames with CopyObject, then deletes)",
                "whether the file system renames files"),
        DELETE("removing", "fs.s3a.multiobjectdelete.enable (false for stores without bulk delete) and"
                + " fs.s3a.directory.marker.retention", "the file system's recursive delete");

        private final String doing;
        private final String s3aSuspect;
        private final String otherSuspect;

        Step(String doing, String s3aSuspect, String otherSuspect) {
            this.doing = doing;
            this.s3aSuspect = s3aSuspect;
            this.otherSuspect = otherSuspect;
        }

        /** What to check on S3A when this step fails. */
        String s3aSuspect() {
            return s3aSuspect;
        }
    }

    private StoreCheck() {
    }

    /** Turns the check off for runs on {@code conf}, as {@code -noStoreCheck} does. */
    public static void disable(Configuration conf) {
        conf.setBoolean(ENABLED_KEY, false);
    }

    public static boolean enabled(Configuration conf) {
        return conf.getBoolean(ENABLED_KEY, true);
    }

    /** {@link #before(Configuration, OwnedDirectory, boolean, PrintStream)} for a benchmark that reports no progress. */
    public static void before(Configuration conf, OwnedDirectory dir, boolean renames) throws IOException {
        before(conf, dir, renames, new PrintStream(OutputStream.nullOutputStream()));
    }

    /**
     * Checks the store of {@code dir}, a run's base directory just claimed, unless the check is off or the store passed
     * it before with {@code conf}. On an object store, a line on {@code progress} says it passed, how long it took and
     * how long the run's own retries last.
     *
     * @param renames whether the run renames files there (a job's output committed by FileOutputCommitter, a benchmark
     *     of rename): then the check renames too
     * @throws BenchException STORE_CHECK_FAILED, in one line, when the store fails a step
     */
    public static void before(Configuration conf, OwnedDirectory dir, boolean renames, PrintStream progress)
            throws IOException {
        requireNonNull(conf, "conf is null");
        requireNonNull(dir, "dir is null");
        requireNonNull(progress, "progress is null");
        String store = dir.fileSystem().getUri().toString();
        Collection<String> passed = conf.getTrimmedStringCollection(PASSED_KEY);
        if (!enabled(conf) || passed.contains(store)) {
            return;
        }
        long nanos = probe(conf, dir.fileSystem(), dir.path(), renames);
        List<String> stores = new ArrayList<>(passed);
        stores.add(store);
        conf.setStrings(PASSED_KEY, stores.toArray(new String[0]));
        if (dir.fileSystem().hasPathCapability(dir.path(), CommonPathCapabilities.ETAGS_AVAILABLE)) {
            progress.println("hbench: store check of " + dir.path() + " passed in " + S3aRetries.duration(nanos / 1e6)
                    + " (wrote, read back, listed" + (renames ? ", renamed" : "") + " and removed an object)"
                    + runBound(dir.fileSystem()).map(bound -> "; " + bound).orElse(""));
        }
    }

    /**
     * Looks {@code path} up on a file system instance with the check's few retries ({@link S3aRetries}), before a run
     * makes its first call there (a claim, a look at its input): those calls go at the run's own retries, which on a
     * store that fails every call last minutes. A store that does not answer is refused in one line, in seconds, with
     * the bound the run's retries would have had. Nothing is written; a path that does not exist is an answer.
     *
     * @throws BenchException STORE_CHECK_FAILED, in one line, when the look-up fails
     */
    public static void reach(Configuration conf, FileSystem runFs, Path path) throws IOException {
        requireNonNull(conf, "conf is null");
        requireNonNull(runFs, "runFs is null");
        requireNonNull(path, "path is null");
        if (!enabled(conf) || conf.getTrimmedStringCollection(PASSED_KEY).contains(runFs.getUri().toString())) {
            return;
        }
        Path qualified = runFs.makeQualified(path);
        try (FileSystem fs = FileSystem.newInstance(qualified.toUri(), S3aRetries.forProbe(conf, qualified.toUri()))) {
            fs.getFileStatus(qualified);
        } catch (FileNotFoundException e) {
            // An answer: the store is there.
        } catch (IOException e) {
            Optional<BenchException> credentials = credentialFailure(e);
            if (credentials.isPresent()) {
                throw credentials.get();
            }
            throw new BenchException(ErrorCode.STORE_CHECK_FAILED, "store check of " + qualified + " failed before the"
                    + " run: looking it up failed: " + ErrorText.cause(e) + "; check "
                    + suspect(qualified, Step.WRITE) + runBound(runFs).map(bound -> "; " + bound).orElse("")
                    + "; the check wrote nothing; -noStoreCheck skips this check");
        }
    }

    /**
     * Probes {@code base}'s store in a new child of {@code base} on a file system instance of its own; returns how long
     * it took, in nanoseconds.
     *
     * @param runFs the run's file system, whose settings say how long the run's own retries last
     */
    static long probe(Configuration conf, FileSystem runFs, Path base, boolean renames) throws IOException {
        long start = System.nanoTime();
        Path dir = new Path(base, PROBE_PREFIX + UUID.randomUUID());
        try (FileSystem fs = FileSystem.newInstance(base.toUri(), S3aRetries.forProbe(conf, base.toUri()))) {
            Probe probe = new Probe(fs, base, dir, renames);
            Optional<String> failure;
            try {
                failure = probe.run();
            } catch (IOException e) {
                Optional<BenchException> credentials = credentialFailure(e);
                if (credentials.isPresent()) {
                    probe.removeWhatIsLeft();
                    throw credentials.get();
                }
                failure = Optional.of(probe.step.doing + " " + probe.at + " failed: " + ErrorText.cause(e));
            }
            if (failure.isEmpty()) {
                return System.nanoTime() - start;
            }
            throw new BenchException(ErrorCode.STORE_CHECK_FAILED, "store check of " + base + " failed before the"
                    + " run: " + failure.get() + "; check " + suspect(base, probe.step)
                    + runBound(runFs).map(bound -> "; " + bound).orElse("") + "; " + probe.removeWhatIsLeft()
                    + "; -noStoreCheck skips this check");
        }
    }

    /**
     * A failure of the run's credentials (a Kerberos ticket, a store's keys) rather than of the store: said as any run
     * says it, not as the store's.
     */
    private static Optional<BenchException> credentialFailure(IOException e) {
        return KerberosFailures.whileRunning(e).or(() -> StoreFailures.whileRunning(e));
    }

    private static String suspect(Path base, Step step) {
        return isS3a(base) ? step.s3aSuspect : step.otherSuspect;
    }

    private static boolean isS3a(Path path) {
        return "s3a".equals(path.toUri().getScheme());
    }

    /** On S3A, how long the run's own calls are retried; S3A's settings mean nothing to another file system. */
    private static Optional<String> runBound(FileSystem runFs) {
        return "s3a".equals(runFs.getUri().getScheme()) ? Optional.of(S3aRetries.runBound(runFs.getConf()))
                : Optional.empty();
    }

    /** One probe: its steps, and where it is, for the line that says what failed. */
    private static final class Probe {
        private final FileSystem fs;
        private final Path base;
        private final Path dir;
        private final boolean renames;
        private Step step = Step.WRITE;
        private Path at;
        /** Whether the store accepted a create: until then there is nothing of the probe to remove. */
        private boolean created;

        Probe(FileSystem fs, Path base, Path dir, boolean renames) {
            this.fs = fs;
            this.base = base;
            this.dir = dir;
            this.renames = renames;
            this.at = dir;
        }

        /** Runs the steps; returns what went wrong, or empty if the store did as asked. */
        Optional<String> run() throws IOException {
            byte[] body = new byte[OBJECT_BYTES];
            new Random().nextBytes(body);
            Path object = new Path(dir, "object");
            at = object;
            try (FSDataOutputStream out = fs.create(object, false)) {
                created = true;
                out.write(body);
            }
            step = Step.READ_BACK;
            byte[] read = new byte[OBJECT_BYTES + 1];
            int length;
            try (FSDataInputStream in = fs.open(object)) {
                length = in.readNBytes(read, 0, read.length);
            }
            if (length != OBJECT_BYTES || !Arrays.equals(body, 0, OBJECT_BYTES, read, 0, OBJECT_BYTES)) {
                return Optional.of(length != OBJECT_BYTES ? "reading back " + object + " gave " + length + " bytes of "
                        + OBJECT_BYTES + " written" : "reading back " + object + " gave different bytes than were"
                        + " written (the first at byte " + Arrays.mismatch(body, 0, OBJECT_BYTES, read, 0,
                                OBJECT_BYTES) + " of " + OBJECT_BYTES + ")");
            }
            step = Step.LIST;
            at = dir;
            if (!listed(dir, object.getName(), OBJECT_BYTES)) {
                return Optional.of("listing " + dir + " did not show " + object.getName() + " with its " + OBJECT_BYTES
                        + " bytes");
            }
            if (renames) {
                step = Step.RENAME;
                Path renamed = new Path(dir, "renamed");
                at = object;
                if (!fs.rename(object, renamed) || !fs.exists(renamed) || fs.exists(object)) {
                    return Optional.of("renaming " + object + " to " + renamed.getName() + " did not move it");
                }
            }
            step = Step.WRITE;
            Path nested = new Path(dir, "a/b/object");
            at = nested;
            try (FSDataOutputStream out = fs.create(nested, false)) {
                out.write(body, 0, 1);
            }
            step = Step.DELETE;
            at = dir;
            fs.delete(dir, true);
            if (fs.exists(dir) || listed(base, dir.getName(), -1)) {
                return Optional.of("removing " + dir + " recursively left it in place"
                        + (fs.exists(nested.getParent()) ? " (with its nested directory a/b)" : ""));
            }
            return Optional.empty();
        }

        /** Whether listing {@code parent} shows {@code name}, with {@code length} bytes unless that is negative. */
        private boolean listed(Path parent, String name, long length) throws IOException {
            for (FileStatus entry : fs.listStatus(parent)) {
                if (entry.getPath().getName().equals(name) && (length < 0 || entry.getLen() == length)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Removes what is left of the probe's directory, and says what became of it: recursively, then what the probe
         * made one entry at a time, deepest first, since a store that keeps nested directories from a recursive delete,
         * or cannot list, may still remove entries named singly.
         */
        String removeWhatIsLeft() {
            try {
                if (!created) {
                    return "the check wrote nothing";
                }
                if (!fs.exists(dir)) {
                    return "nothing of the check is left";
                }
                fs.delete(dir, true);
                for (String made : List.of("a/b/object", "a/b", "a", "renamed", "object")) {
                    fs.delete(new Path(dir, made), false);
                }
                fs.delete(dir, false);
                return fs.exists(dir) ? "the check's directory " + dir + " is still there: remove it by hand"
                        : "the check's directory was removed";
            } catch (IOException e) {
                return "the check's directory " + dir + " may still be there (" + ErrorText.cause(e) + ")";
            }
        }
    }
}
