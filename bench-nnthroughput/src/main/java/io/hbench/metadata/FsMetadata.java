package io.hbench.metadata;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.load.ClassicFigures;
import io.hbench.load.FileNames;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import io.hbench.load.Workers;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.Nameservice;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.Distribution;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.undo.UndoLog;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * FsMetadata: NNThroughputBenchmark's metadata operations that make sense through the FileSystem API (create, mkdirs,
 * open, fileStatus, rename, delete) and one it lacks (list), against any Hadoop file system: HDFS, an object store
 * through S3A, the local file system. Many threads call one operation as fast as they can, or at a rate, each call
 * when it is due on a schedule (open loop, as NNThroughputBenchmark's {@code -rate}); counts, times and the latency of
 * every call come back as an {@link FsMetadataResult}.
 *
 * <p>Why a program of its own rather than a mode of NNThroughputBenchmark: NNThroughputBenchmark's figures are
 * defined against the NameNode's RPC ({@code ClientProtocol}), past the client's FileSystem layer, and stay computed
 * exactly as Hadoop's tool computes them. This program measures the client and the store together, as applications
 * meet them; run on HDFS (through DistributedFileSystem) and on an object store, the same operations compare the two,
 * which is what an operator moving from one to the other asks. It needs an operation NNThroughputBenchmark lacks
 * (list) and has no use for its NameNode-only ones (blockReport, replication).
 *
 * <p>Each operation works in {@code <baseDir>/<op>} on NNThroughputBenchmark's names ({@link FileNames}); what it
 * needs (the files that open, fileStatus, list, rename and delete work on) is made before timing starts, on the same
 * threads. After timing, the run checks what the file system holds against what was made: a count that does not
 * match is a failure in the result. Nothing outside the base directory is written or deleted, and it must be
 * hbench's ({@link OwnedDirectory}); without {@code keepResults} each operation's directory is removed after it.
 */
public final class FsMetadata {
    private final Configuration conf;

    public FsMetadata(Configuration conf) {
        this.conf = requireNonNull(conf, "conf is null");
    }

    /**
     * Runs the workload on the base directory's file system.
     *
     * @throws io.hbench.error.BenchException UNSAFE_DIRECTORY for a base directory hbench did not create, before
     *         anything is written; FILE_SYSTEM_ERROR naming the operation, thread and path when a call fails
     */
    public FsMetadataResult run(FsMetadataOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        Path given = new Path(options.baseDir());
        FileSystem fs = given.getFileSystem(conf);
        StoreCheck.reach(conf, fs, given);
        OwnedDirectory base = OwnedDirectory.claim(fs, given, "-baseDir");
        List<FsOperation> steps = options.operation() == FsOperation.ALL ? FsOperation.ALL_IN_ORDER
                : List.of(options.operation());
        StoreCheck.before(conf, base, steps.contains(FsOperation.RENAME));
        Optional<String> renameNote = steps.contains(FsOperation.RENAME) && renamesByCopy(fs, base.path())
                ? Optional.of(fs.getUri() + " is an object store: rename copies each object and deletes the original,"
                        + " so its rename figures are a copy's (objects carry etags, and the store says a rename does"
                        + " not keep them)")
                : Optional.empty();
        // The calls are made from this process: its host is the one to sample.
        Optional<ResourceSampling.InProcess> sampling = ResourceSampling.inProcess(conf, FsMetadataResult.BENCHMARK);
        Optional<NameNodeCalls.Counting> counting = NameNodeCalls.start(fs.getUri(), conf);
        List<Phase> phases = new ArrayList<>();
        List<FsOpResult> results = new ArrayList<>();
        Optional<ResourceUsage> resources;
        boolean timelines = Nameservice.isLogical(fs.getUri(), conf);
        try {
            for (FsOperation op : steps) {
                Instant stepStart = Instant.now();
                results.add(new Step(base, op, options, timelines).run());
                phases.add(new Phase(op.label(), stepStart, Instant.now()));
            }
        } finally {
            resources = sampling.map(host -> host.stop(phases));
        }
        FsMetadataResult result = new FsMetadataResult(options, fs.getUri().toString(), base.path().toString(),
                renameNote, start, Instant.now(), results, resources);
        return counting.isPresent() ? result.withNameNodeCalls(counting.get().stop()) : result;
    }

    /**
     * Whether a rename under {@code dir} copies each object and deletes the original. Hadoop has no capability that
     * says so, or that a rename is atomic; what tells is an object's identity. A store that names each object's
     * content by an etag ({@code fs.capability.etags.available}) and says a rename does not keep it (no
     * {@code fs.capability.etags.preserved.in.rename}) makes a new object when it renames, so its rename is a copy:
     * S3A answers so (3.4.2). HDFS and the local file system have no etags, and a store that moves an object in place
     * keeps its etag and says so.
     */
    static boolean renamesByCopy(FileSystem fs, Path dir) throws IOException {
        return fs.hasPathCapability(dir, CommonPathCapabilities.ETAGS_AVAILABLE)
                && !fs.hasPathCapability(dir, CommonPathCapabilities.ETAGS_PRESERVED_IN_RENAME);
    }

    /** A count of calls that did not find or change what they should, with the first one's path as an example. */
    private static final class Misses {
        private final AtomicLong count = new AtomicLong();
        private final AtomicReference<String> example = new AtomicReference<>();

        void add(String path) {
            count.incrementAndGet();
            example.compareAndSet(null, path);
        }

        long count() {
            return count.get();
        }

        String example() {
            return example.get();
        }
    }

    /** Files found by a listing: those under the names the run gave them, and any others with an example. */
    private static final class Tally {
        long named;
        long others;
        String otherExample;
    }

    /** One operation: its inputs, its timed calls on the workers, the check of what they left, the clean-up. */
    private static final class Step {
        private final OwnedDirectory base;
        private final FsOperation op;
        private final FsMetadataOptions o;
        private final FileSystem fs;
        private final Path dir;
        private final FileNames names;
        /** Whether the result keeps when the calls completed: on an HA nameservice. */
        private final boolean timeline;

        Step(OwnedDirectory base, FsOperation op, FsMetadataOptions o, boolean timeline) {
            this.timeline = timeline;
            this.base = base;
            this.op = op;
            this.o = o;
            this.fs = base.fileSystem();
            this.dir = base.child(op.label());
            this.names = FileNames.generate(dir.toString(), o.filesPerDir(), 0, o.files());
        }

        FsOpResult run() throws IOException, InterruptedException {
            // What an earlier -keepResults run left would be found again, or stand in a rename's way.
            base.deleteChild(op.label());
            // Should the run be stopped from outside, the operation's files go, even with -keepResults.
            UndoLog.Registration working = base.removedOnInterrupt(op.label());
            FsOpResult result;
            switch (op) {
                case CREATE:
                    result = create();
                    break;
                case MKDIRS:
                    result = mkdirs();
                    break;
                case OPEN:
                case FILE_STATUS:
                    result = read();
                    break;
                case LIST:
                    result = list();
                    break;
                case RENAME:
                    result = rename();
                    break;
                case DELETE:
                    result = delete();
                    break;
                default:
                    throw new IllegalStateException("not one operation: " + op);
            }
            if (!o.keepResults()) {
                base.deleteChild(op.label());
            }
            working.close();
            return result;
        }

        private FsOpResult create() throws IOException, InterruptedException {
            Workers.Outcome outcome = onNames(op.label(), true, path -> {
                long start = System.nanoTime();
                fs.create(path, true).close();
                return System.nanoTime() - start;
            });
            Tally found = tally("");
            List<String> failures = new ArrayList<>();
            if (found.named != o.files() || found.others > 0) {
                failures.add(String.format(Locale.ROOT, "listed %d of the %d files created under %s%s", found.named,
                        o.files(), dir, others(found, "that were not created")));
            }
            return result(outcome, fileInputs(), String.format(Locale.ROOT, "the %d files are listed under their"
                    + " names", o.files()), failures);
        }

        private FsOpResult mkdirs() throws IOException, InterruptedException {
            Misses refused = new Misses();
            Workers.Outcome outcome = onNames(op.label(), true, path -> {
                long start = System.nanoTime();
                boolean made = fs.mkdirs(path);
                long end = System.nanoTime();
                if (!made) {
                    refused.add(path.toString());
                }
                return end - start;
            });
            AtomicLong listed = new AtomicLong();
            onDirectories("mkdirs check", false, d -> {
                listed.addAndGet(named(listing(d), d, true, ""));
                return 0;
            });
            List<String> failures = new ArrayList<>();
            if (refused.count() > 0) {
                failures.add(refused.count() + " of " + o.files() + " mkdirs calls returned false, e.g. for "
                        + refused.example());
            }
            if (listed.get() != o.files()) {
                failures.add("listed " + listed.get() + " of the " + o.files() + " directories made under " + dir);
            }
            List<String> inputs = List.of("baseDir = " + dir, "nrDirs = " + o.files(), "nrThreads = " + o.threads(),
                    "nrDirsPerDir = " + o.filesPerDir());
            return result(outcome, inputs, String.format(Locale.ROOT, "the %d directories are listed under their"
                    + " names", o.files()), failures);
        }

        /** open (and close, reading nothing) or fileStatus of each file. */
        private FsOpResult read() throws IOException, InterruptedException {
            makeFiles();
            Misses missing = new Misses();
            Workers.Outcome outcome = onNames(op.label(), true, path -> {
                long start = System.nanoTime();
                long end;
                try {
                    if (op == FsOperation.OPEN) {
                        fs.open(path).close();
                        end = System.nanoTime();
                    } else {
                        FileStatus status = fs.getFileStatus(path);
                        end = System.nanoTime();
                        if (!status.isFile()) {
                            missing.add(path.toString());
                        }
                    }
                } catch (FileNotFoundException e) {
                    end = System.nanoTime();
                    missing.add(path.toString());
                }
                return end - start;
            });
            List<String> failures = new ArrayList<>();
            if (missing.count() > 0) {
                failures.add(missing.count() + " of the " + o.files() + " files created were not found"
                        + (op == FsOperation.FILE_STATUS ? " as files" : "") + ", e.g. " + missing.example());
            }
            String checked = op == FsOperation.OPEN ? "all %d files opened" : "all %d files found, each a file";
            return result(outcome, fileInputs(), String.format(Locale.ROOT, checked, o.files()), failures);
        }

        private FsOpResult list() throws IOException, InterruptedException {
            makeFiles();
            AtomicLong listed = new AtomicLong();
            Misses unlike = new Misses();
            Workers.Outcome outcome = onDirectories(op.label(), true, d -> {
                long start = System.nanoTime();
                FileStatus[] entries = listing(d);
                long end = System.nanoTime();
                long named = named(entries, d, false, "");
                listed.addAndGet(named);
                if (named != filesIn(d)) {
                    unlike.add(directory(d) + " (" + named + " of its " + filesIn(d) + ")");
                }
                return end - start;
            });
            List<String> failures = new ArrayList<>();
            if (listed.get() != o.files()) {
                failures.add(String.format(Locale.ROOT, "listed %d files in %d directories, where %d were created;"
                        + " e.g. %s", listed.get(), o.directories(), o.files(), unlike.example()));
            }
            List<String> inputs = new ArrayList<>(fileInputs());
            inputs.add("nrDirs = " + o.directories());
            return result(outcome, inputs, String.format(Locale.ROOT, "%d files listed in %d directories, as created",
                    o.files(), o.directories()), failures);
        }

        private FsOpResult rename() throws IOException, InterruptedException {
            makeFiles();
            Misses refused = new Misses();
            Workers.Outcome outcome = onNames(op.label(), true, path -> {
                Path destination = renamed(path);
                long start = System.nanoTime();
                boolean done = fs.rename(path, destination);
                long end = System.nanoTime();
                if (!done) {
                    refused.add(path.toString());
                }
                return end - start;
            });
            Tally found = tally(".r");
            List<String> failures = new ArrayList<>();
            if (refused.count() > 0) {
                failures.add(refused.count() + " of " + o.files() + " renames returned false, e.g. for "
                        + refused.example());
            }
            if (found.named != o.files() || found.others > 0) {
                failures.add(String.format(Locale.ROOT, "listed %d of the %d files under their new names in %s%s",
                        found.named, o.files(), dir, others(found, "under other names")));
            }
            return result(outcome, fileInputs(), String.format(Locale.ROOT, "the %d files are listed under their new"
                    + " names, none under its old one", o.files()), failures);
        }

        private FsOpResult delete() throws IOException, InterruptedException {
            makeFiles();
            Misses refused = new Misses();
            Workers.Outcome outcome = onNames(op.label(), true, path -> {
                long start = System.nanoTime();
                boolean deleted = fs.delete(path, false);
                long end = System.nanoTime();
                if (!deleted) {
                    refused.add(path.toString());
                }
                return end - start;
            });
            Tally left = tally("");
            List<String> failures = new ArrayList<>();
            if (refused.count() > 0) {
                failures.add(refused.count() + " of " + o.files() + " deletes returned false, e.g. for "
                        + refused.example());
            }
            if (left.named + left.others > 0) {
                failures.add(String.format(Locale.ROOT, "%d of the %d files are left under %s after deleting every"
                        + " one", left.named + left.others, o.files(), dir));
            }
            return result(outcome, fileInputs(), "no file is left under " + dir, failures);
        }

        /** The files the reads, rename and delete work on: created before timing, as NNThroughputBenchmark's are. */
        private void makeFiles() throws InterruptedException {
            onNames("create", false, path -> {
                fs.create(path, true).close();
                return 0;
            });
        }

        private List<String> fileInputs() {
            return List.of("baseDir = " + dir, "nrFiles = " + o.files(), "nrThreads = " + o.threads(),
                    "nrFilesPerDir = " + o.filesPerDir());
        }

        private FsOpResult result(Workers.Outcome outcome, List<String> inputs, String checked, List<String> failures) {
            ClassicFigures figures = new ClassicFigures(outcome.totalOperations(), outcome.elapsedNanos(),
                    outcome.totalCumulativeNanos());
            Distribution latency = Histograms.toDistribution("latency", Unit.SECONDS, outcome.latency(0), 1e9);
            return new FsOpResult(op, inputs, figures, latency, checked, failures, outcome.openLoop().orElse(null),
                    timeline ? outcome.timeline().orElse(null) : null, outcome.latency(0));
        }

        /** A call on one path; returns the nanoseconds of its timed part. */
        @FunctionalInterface
        private interface PathCall {
            long run(Path path) throws IOException;
        }

        /** A call on a name or on a directory of names, by its number; returns the nanoseconds of its timed part. */
        @FunctionalInterface
        private interface NumberedCall {
            long run(int number) throws IOException;
        }

        /** {@code call} on every name ({@link #onEach}). */
        private Workers.Outcome onNames(String what, boolean timed, PathCall call) throws InterruptedException {
            return onEach(what, o.files(), timed, index -> call.run(new Path(names.name(index))), names::name);
        }

        /** {@code call} on every directory that holds names ({@link #onEach}). */
        private Workers.Outcome onDirectories(String what, boolean timed, NumberedCall call)
                throws InterruptedException {
            return onEach(what, o.directories(), timed, call, d -> directory(d).toString());
        }

        /**
         * {@code call} on items 0 to {@code count - 1}: each thread on its own share, in order, as fast as it goes;
         * or, for the {@code timed} calls of a run at a rate, every worker on the next item of one sequence, each when
         * it is due on the schedule.
         */
        private Workers.Outcome onEach(String what, int count, boolean timed, NumberedCall call,
                IntFunction<String> describe) throws InterruptedException {
            Optional<Schedule> schedule = timed ? o.rate().map(rate -> rate.schedule(count)) : Optional.empty();
            boolean onSchedule = schedule.isPresent();
            int[] counted = Workers.divide(count, o.threads());
            // On a schedule, the workers share one sequence of indices: each thread's first is 0.
            int[] first = onSchedule ? new int[o.threads()] : Workers.firstIndices(new int[o.threads()], counted);
            Workers.Op op = new Workers.Op() {
                @Override
                public long run(int thread, int index) throws Exception {
                    return call.run(first[thread] + index);
                }

                @Override
                public String describe(int thread, int index) {
                    return describe.apply(first[thread] + index);
                }
            };
            Workers workers = Workers.counted(what, o.threads()).recordingCompletions(timeline);
            return onSchedule ? workers.runOnSchedule(0, schedule.get(), op, OpenLoop.Start.NOW)
                    : workers.run(new int[o.threads()], counted, op);
        }

        /** Directory {@code d} of the names: the one names {@code d * filesPerDir} onwards live in. */
        private Path directory(int d) {
            return new Path(names.name(d * o.filesPerDir())).getParent();
        }

        private int filesIn(int d) {
            return Math.min(o.filesPerDir(), o.files() - d * o.filesPerDir());
        }

        /** Directory {@code d}'s entries; none if it does not exist. */
        private FileStatus[] listing(int d) throws IOException {
            try {
                return fs.listStatus(directory(d));
            } catch (FileNotFoundException e) {
                return new FileStatus[0];
            }
        }

        /**
         * How many of {@code entries} are names of directory {@code d}, with {@code suffix}, and directories or files
         * as asked. A directory also holds the next level's directories, which are not its names.
         */
        private long named(FileStatus[] entries, int d, boolean directories, String suffix) {
            long first = (long) d * o.filesPerDir();
            long count = 0;
            for (FileStatus entry : entries) {
                long index = index(entry.getPath().getName(), suffix);
                if (entry.isDirectory() == directories && index >= first && index < first + filesIn(d)) {
                    count++;
                }
            }
            return count;
        }

        /**
         * The files under the operation's directory, by one listing of the whole tree (on an object store a flat
         * listing, a request per thousand objects): those under the names given them with {@code suffix}, each
         * counted once, and any others.
         */
        private Tally tally(String suffix) throws IOException {
            Tally tally = new Tally();
            BitSet seen = new BitSet(o.files());
            RemoteIterator<LocatedFileStatus> files;
            try {
                files = fs.listFiles(dir, true);
            } catch (FileNotFoundException e) {
                return tally;
            }
            while (files.hasNext()) {
                Path path = files.next().getPath();
                long index = index(path.getName(), suffix);
                if (index >= 0 && index < o.files() && !seen.get((int) index)
                        && path.equals(new Path(names.name((int) index) + suffix))) {
                    seen.set((int) index);
                    tally.named++;
                } else {
                    tally.others++;
                    if (tally.otherExample == null) {
                        tally.otherExample = path.toString();
                    }
                }
            }
            return tally;
        }

        private static String others(Tally tally, String which) {
            return tally.others == 0 ? "" : String.format(Locale.ROOT, ", and %d files %s, e.g. %s", tally.others,
                    which, tally.otherExample);
        }

        private static Path renamed(Path path) {
            return new Path(path.getParent(), path.getName() + ".r");
        }

        /** The number in name {@code ThroughputBench<i><suffix>}, or -1 for any other name. */
        private static long index(String name, String suffix) {
            if (!name.startsWith(FileNames.PREFIX) || !name.endsWith(suffix)
                    || name.length() == FileNames.PREFIX.length() + suffix.length()) {
                return -1;
            }
            String digits = name.substring(FileNames.PREFIX.length(), name.length() - suffix.length());
            if (digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return -1;
            }
            return Long.parseLong(digits);
        }
    }
}
