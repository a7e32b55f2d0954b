package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.ConfigurationSources;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.InvalidOptionException;
import io.hbench.federation.Routers;
import io.hbench.fs.OwnedDirectory;
import io.hbench.load.LoadReport;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import io.hbench.load.Workers;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.Nameservice;
import io.hbench.resources.ResourceSampling;
import io.hbench.security.KerberosLogin;
import io.hbench.result.Distribution;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * NNThroughputBenchmark: many threads call one NameNode operation as fast as they can; counts,
 * times and per-call latency come back as an {@link NnResult}. The NameNode is one started in
 * this process when the configuration names none (fs.defaultFS file:///), else the remote one it
 * names. Inputs (names, and the files that reads need) are made before timing starts; after each
 * operation its directory {@code <baseDirName>/<op>} is removed unless {@code -keepResults}.
 * Nothing outside {@code baseDirName} is written or deleted, and {@code baseDirName} carries a marker
 * file so that an hbench clean-up never removes a directory hbench did not create.
 *
 * <p>Each operation is a class of its own ({@link Creates}, {@link Mkdirs}, {@link ExistingFiles}, {@link Mix},
 * {@link BlockReports}, {@link Replication}); this one runs them: which operations, in what order, each once or as
 * a capacity curve's steps.
 *
 * <p>This class prints nothing but notes on {@code progress}; the tool prints results.
 */
public final class NnThroughput {
    /** Marks {@code baseDirName} as hbench's. */
    public static final String MARKER = ".hbench";
    static final String MIN_BLOCK_SIZE_KEY = "dfs.namenode.fs-limits.min-block-size";
    /** How long the NameNode may keep refusing to close a file without blocks: it closes one at once. */
    private static final String RUNS_ONLY_STANDALONE = "runs only with the NameNode in this process (standalone mode:"
            + " no -fs); it drives the NameNode's block manager directly, which a remote NameNode does not expose";
    private static final Duration COMPLETE_BOUND = Duration.ofMinutes(1);
    private static final String[] NAMENODE_LOGGERS = {"org.apache.hadoop.hdfs.server.namenode",
        "org.apache.hadoop.hdfs.server.blockmanagement", "org.apache.hadoop.hdfs.StateChange", "BlockStateChange",
        "org.apache.hadoop.net.NetworkTopology", "org.apache.hadoop.security.Groups"};


    private final Configuration conf;
    private final Path standaloneDir;
    private final PrintStream progress;
    private final OpenLoop.Start scheduleStart;

    /** A benchmark whose standalone NameNode keeps its name directory in the default place. */
    public NnThroughput(Configuration conf) {
        this(conf, StandaloneNameNode.defaultDirectory(), new PrintStream(OutputStream.nullOutputStream()));
    }

    /**
     * @param standaloneDir where a standalone NameNode keeps its name directory
     * @param progress where notes go (e.g. that replication is skipped in remote mode)
     */
    public NnThroughput(Configuration conf, Path standaloneDir, PrintStream progress) {
        this(conf, standaloneDir, progress, OpenLoop.Start.NOW);
    }

    /** A benchmark whose schedules at -rate start when {@code scheduleStart} says: one client of several. */
    NnThroughput(Configuration conf, Path standaloneDir, PrintStream progress, OpenLoop.Start scheduleStart) {
        this.conf = requireNonNull(conf, "conf is null");
        this.standaloneDir = requireNonNull(standaloneDir, "standaloneDir is null");
        this.progress = requireNonNull(progress, "progress is null");
        this.scheduleStart = requireNonNull(scheduleStart, "scheduleStart is null");
    }

    /** When a schedule at -rate starts, once its warm-up is done. */
    OpenLoop.Start scheduleStart() {
        return scheduleStart;
    }

    /**
     * Whether the results show when their calls completed (on an HA nameservice: {@link Nameservice#isLogical}),
     * and so whether the runs record it.
     */
    boolean showsTimeline() {
        return Nameservice.isLogical(FileSystem.getDefaultUri(conf), conf);
    }

    /** True when the configuration names no NameNode, so a run starts one in this process. */
    public static boolean isStandalone(Configuration conf) {
        String scheme = FileSystem.getDefaultUri(conf).getScheme();
        return scheme == null || scheme.equals("file");
    }

    /** Runs the workload against the configured NameNode, or one started in this process. */
    public NnResult run(NnOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        requireNoSubclusters(options);
        try (Session session = open()) {
            return session.run(options);
        }
    }

    /**
     * Runs the workload in each subcluster its options name ({@link NnOptions#subclusters}), one after the other, on
     * one session.
     */
    public SubclustersResult runPerSubcluster(NnOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        return SubclusterRuns.run(this, conf, options, progress);
    }

    /**
     * Opens the configured NameNode for several runs, starting one in this process when the
     * configuration names none; it stops when the session closes. Consecutive runs then share one
     * NameNode, its namespace and its warmed code (a run can use the files an earlier one kept).
     */
    public Session open() {
        if (isStandalone(conf) && KerberosLogin.isKerberos(conf)) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "the NameNode NNThroughputBenchmark starts in this"
                    + " process runs unsecured, but hadoop.security.authentication is kerberos: give -fs"
                    + " hdfs://<namenode> to measure the cluster's NameNode, or -D hadoop.security.authentication=simple");
        }
        return new Session(isStandalone(conf) ? StandaloneNameNode.start(conf, standaloneDir)
                : RemoteNameNode.connect(conf));
    }

    /** One NameNode for several runs; {@link #close} releases it (and stops it in standalone mode). */
    public final class Session implements AutoCloseable {
        private final NameNodeTarget target;

        private Session(NameNodeTarget target) {
            this.target = target;
        }

        /**
         * Runs {@code options} {@linkplain NnOptions#resolve resolved} against the configuration, as the command line
         * runs them.
         *
         * @throws io.hbench.error.InvalidOptionException naming the option, for a block size below the minimum the
         *         configuration gives the NameNode
         */
        public NnResult run(NnOptions given) throws IOException, InterruptedException {
            requireNonNull(given, "given is null");
            requireNoSubclusters(given);
            NnOptions options = given.resolve(conf);
            if (!target.standalone()) {
                requireMinimumBlockSize(options);
            }
            if (!target.standalone() && options.operation() == NnOperation.REPLICATION) {
                throw replicationRefusal(conf);
            }
            if (!target.standalone() && options.operation() == NnOperation.BLOCK_REPORT) {
                Routers.refuseDataNodeOperation(options.operation().label(), conf);
                Optional<String> refusal = BlockReports.refusal(conf);
                if (refusal.isPresent()) {
                    throw new BenchException(ErrorCode.DATANODE_PRINCIPAL_REQUIRED, refusal.get());
                }
            }
            return NnThroughput.this.run(target, options);
        }

        NameNodeTarget target() {
            return target;
        }

        @Override
        public void close() {
            target.close();
        }
    }

    private static void requireNoSubclusters(NnOptions options) {
        if (options.subclusters().isPresent()) {
            throw new IllegalArgumentException("options with subclusters run through runPerSubcluster: " + options);
        }
    }

    static BenchException replicationNeedsStandalone() {
        return new BenchException(ErrorCode.INVALID_ARGUMENT, "-op replication " + RUNS_ONLY_STANDALONE);
    }

    /**
     * {@code -op replication} refused on the remote file system {@code conf} names: naming the Router when one
     * serves it, as the other operations that need more than the client protocol are.
     */
    static BenchException replicationRefusal(Configuration conf) {
        return Routers.servedByRouter(conf).map(router -> new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION,
                "-op replication cannot pass a Router: " + router + "; it " + RUNS_ONLY_STANDALONE))
                .orElseGet(NnThroughput::replicationNeedsStandalone);
    }

    /** Runs the workload against {@code target}, which stays open. */
    private NnResult run(NameNodeTarget target, NnOptions options) throws IOException, InterruptedException {
        Instant start = Instant.now();
        List<OpResult> results = new ArrayList<>();
        List<NnOperation> steps = options.operation() == NnOperation.ALL ? NnOperation.ALL_IN_ORDER
                : List.of(options.operation());
        Level saved = null;
        if (target.standalone()) {
            saved = setNameNodeLogLevel(Level.toLevel(options.logLevel()));
        }
        // The benchmark runs in this process: its host is the one to sample.
        Optional<ResourceSampling.InProcess> sampling = ResourceSampling.inProcess(conf, "NNThroughputBenchmark");
        Optional<NameNodeCalls.Counting> counting = target.standalone() ? Optional.empty()
                : NameNodeCalls.start(FileSystem.getDefaultUri(conf), conf);
        // -op all on a remote file system asks once whether a Router serves it: its replication and blockReport steps
        // are skipped on that one answer.
        Optional<String> servedByRouter = options.operation() == NnOperation.ALL && !target.standalone()
                ? Routers.servedByRouter(conf) : Optional.empty();
        List<Phase> phases = new ArrayList<>();
        Optional<ResourceUsage> resources;
        try {
            for (NnOperation op : steps) {
                NnOptions step = options.operation() == NnOperation.ALL ? options.forStep(op) : options;
                if (op == NnOperation.REPLICATION && !target.standalone()) {
                    progress.println("NNThroughputBenchmark: -op all skips replication: " + servedByRouter
                            .map(router -> "it cannot pass a Router: " + router).orElse("it runs only with the"
                                    + " NameNode in this process (no -fs)"));
                    continue;
                }
                Optional<String> refusal = op == NnOperation.BLOCK_REPORT && !target.standalone()
                        ? BlockReports.refusal(conf).or(() -> servedByRouter.map(router ->
                                Routers.dataNodeOperationRefusal(op.label(), router)))
                        : Optional.empty();
                if (refusal.isPresent()) {
                    progress.println("NNThroughputBenchmark: -op all skips blockReport: " + refusal.get());
                    continue;
                }
                if (step.curve().isPresent()) {
                    results.addAll(runCurve(target, op, step, phases));
                    continue;
                }
                Instant stepStart = Instant.now();
                results.add(runStep(target, op, step));
                phases.add(new Phase(op.label(), stepStart, Instant.now()));
            }
        } finally {
            resources = sampling.map(host -> host.stop(phases));
            if (saved != null) {
                setNameNodeLogLevel(saved);
            }
        }
        if (showsTimeline()) {
            results.replaceAll(OpResult::showingTimeline);
        }
        NnResult result = new NnResult(options, target.description(), start, Instant.now(), results, resources);
        return counting.isPresent() ? result.withNameNodeCalls(counting.get().stop()) : result;
    }

    /**
     * A capacity curve's steps, each a run at its rate, until one saturates ({@link CapacityCurve#run}). Reads (open,
     * fileStatus) leave their files as they found them: one set serves every step, grown before a step that needs
     * more and removed after the last. Every other operation makes its own files before each step and removes them
     * after it, so no step meets another's.
     */
    private List<OpResult> runCurve(NameNodeTarget target, NnOperation op, NnOptions options, List<Phase> phases)
            throws IOException, InterruptedException {
        CurvePlan plan = options.curve().orElseThrow();
        boolean reads = op == NnOperation.OPEN || op == NnOperation.FILE_STATUS;
        int[] made = {0};
        List<OpResult> steps = CapacityCurve.run(plan, (number, rate, operations) -> {
            progress.println("NNThroughputBenchmark: capacity curve step " + number + " of " + plan.rates().size()
                    + ": " + CurvePlan.plain(rate) + " ops/s for " + plan.stepSeconds() + " s");
            NnOptions step = options.curveStep(rate, operations);
            Instant start = Instant.now();
            OpResult result;
            if (reads) {
                claimBaseDir(target.client(), step);
                int needed = step.warmup() + operations;
                if (needed > made[0]) {
                    new Creates(this, target, step).files(step.baseDir(op), true, "create", false, made[0],
                            needed - made[0]);
                    made[0] = needed;
                }
                result = new ExistingFiles(this, target, op, step).runOnCurveFiles();
            } else {
                result = runStep(target, op, step);
            }
            phases.add(new Phase(op.label() + " step " + number, start, Instant.now()));
            return result;
        });
        if (reads) {
            cleanUp(target, options, op);
        }
        return steps;
    }

    private static Level setNameNodeLogLevel(Level level) {
        Level before = Logger.getLogger(NAMENODE_LOGGERS[0]).getEffectiveLevel();
        for (String name : NAMENODE_LOGGERS) {
            Logger.getLogger(name).setLevel(level);
        }
        return before;
    }

    private OpResult runStep(NameNodeTarget target, NnOperation op, NnOptions o)
            throws IOException, InterruptedException {
        if (op == NnOperation.CLEAN) {
            return clean(target, o);
        }
        claimBaseDir(target.client(), o);
        OpResult result;
        switch (op) {
            case CREATE:
                result = new Creates(this, target, o).run();
                break;
            case MKDIRS:
                result = new Mkdirs(this, target, o).run();
                break;
            case MIX:
                result = new Mix(this, target, o).run();
                break;
            case BLOCK_REPORT:
                result = new BlockReports(target, o).run();
                break;
            case REPLICATION:
                result = new Replication(target, o).run();
                break;
            default:
                result = new ExistingFiles(this, target, op, o).run();
                break;
        }
        cleanUp(target, o, op);
        return result;
    }

    // ---- the base directory ----

    /** Makes {@code baseDirName} hbench's (creating it with its marker), or refuses a directory that is not. */
    static void claimBaseDir(ClientProtocol client, NnOptions o) throws IOException {
        String base = o.baseDirName();
        HdfsFileStatus status = client.getFileInfo(base);
        if (status != null) {
            if (!status.isDirectory()) {
                throw new BenchException(ErrorCode.UNSAFE_DIRECTORY, "-baseDirName " + base + " is a file, not a"
                        + " directory; nothing was changed");
            }
            if (client.getFileInfo(base + "/" + MARKER) != null) {
                return;
            }
            DirectoryListing listing = client.getListing(base, HdfsFileStatus.EMPTY_NAME, false);
            if (listing != null && listing.getPartialListing().length > 0) {
                throw OwnedDirectory.holdsForeignData("-baseDirName", base,
                        listing.getPartialListing()[0].getLocalName());
            }
        }
        String marker = base + "/" + MARKER;
        String clientName = "hbench-marker";
        client.create(marker, FsPermission.getFileDefault(), clientName, Creates.CREATE_FLAGS, true, (short) 1,
                Math.max(o.blockSize(), 1024 * 1024), CryptoProtocolVersion.supported(), null, null);
        completeFile(client, marker, clientName);
    }

    /** Closes {@code path}, a file without blocks, as soon as the NameNode lets it. */
    static void completeFile(ClientProtocol client, String path, String clientName) throws IOException {
        long deadline = System.nanoTime() + COMPLETE_BOUND.toNanos();
        while (!client.complete(path, clientName, null, HdfsConstants.GRANDFATHER_INODE_ID)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("the NameNode did not close " + path + " within " + COMPLETE_BOUND.toSeconds()
                        + " s");
            }
            Thread.onSpinWait();
        }
    }

    private OpResult clean(NameNodeTarget target, NnOptions o) throws IOException {
        ClientProtocol client = target.client();
        String base = o.baseDirName();
        List<String> notes = new ArrayList<>();
        long nanos = 0;
        long operations = 0;
        if (client.getFileInfo(base) == null) {
            notes.add("nothing to clean: " + base + " does not exist");
        } else if (client.getFileInfo(base + "/" + MARKER) == null) {
            throw OwnedDirectory.notCreatedByHbench("-baseDirName", base);
        } else {
            long start = System.nanoTime();
            client.delete(base, true);
            nanos = System.nanoTime() - start;
            operations = 1;
        }
        Histogram histogram = Histograms.newHistogram();
        if (operations > 0 && o.histograms()) {
            histogram.recordValue(nanos);
        }
        return new OpResult(NnOperation.CLEAN, List.of("Remove directory " + base), List.of(), operations, nanos,
                nanos, List.of(kind("clean", operations, nanos, histogram, o)), null, 0, false, notes);
    }

    private void cleanUp(NameNodeTarget target, NnOptions o, NnOperation op) throws IOException {
        ClientProtocol client = target.client();
        if (!o.keepResults()) {
            client.delete(o.baseDir(op), true);
        } else if (target.standalone() && !o.nonSuperUser()) {
            // As Hadoop: save the namespace, so a later run finds the files at once (-useExisting).
            client.setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_ENTER, false);
            try {
                client.saveNamespace(0, 0);
            } finally {
                client.setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_LEAVE, false);
            }
        }
    }

    /**
     * Refuses a block size below the NameNode's minimum where this configuration states that minimum (a gateway's
     * hdfs-site.xml), before any name is made; where it does not, the NameNode's own refusal is translated instead.
     */
    private void requireMinimumBlockSize(NnOptions options) {
        if (!NnOption.BLOCK_SIZE.appliesTo(options.operation())
                || !ConfigurationSources.isSetExplicitly(conf, MIN_BLOCK_SIZE_KEY)) {
            return;
        }
        long minimum = conf.getLongBytes(MIN_BLOCK_SIZE_KEY, DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_DEFAULT);
        if (options.blockSize() < minimum) {
            String option = NnOption.BLOCK_SIZE.optionName();
            throw new InvalidOptionException("{} " + options.blockSize() + " is below the NameNode's minimum block size,"
                    + " " + MIN_BLOCK_SIZE_KEY + " " + minimum + ": give {} at least " + minimum
                    + (options.given().contains(NnOption.BLOCK_SIZE) ? "" : " (it defaults to dfs.blocksize)"),
                    option, option);
        }
    }

    static Runnable refresher(NnOptions o, NameNodeTarget target) {
        if (o.ugCacheRefreshCount() == Integer.MAX_VALUE || o.nonSuperUser()) {
            return null;
        }
        return () -> {
            try {
                target.userMappings().refreshUserToGroupsMappings();
            } catch (IOException e) {
                throw new BenchException(ErrorCode.FILE_SYSTEM_ERROR, "refreshing the user-to-groups mappings"
                        + " (-UGCacheRefreshCount) failed: " + e.getMessage(), e);
            }
        };
    }

    static List<String> fileInputs(NnOptions o, NnOperation op) {
        return List.of("baseDir = " + o.baseDir(op), "nrFiles = " + o.files(), "nrThreads = " + o.threads(),
                "nrFilesPerDir = " + o.filesPerDir());
    }

    /**
     * Which operation indices each thread does. Closed loop: thread t its own slice, {@code warmup[t]} warm-up ones
     * first, from {@code first[t]}. Open loop ({@code -rate}): one sequence that every worker takes the next index of,
     * the first {@code warmup} warming up: each thread's first index is 0 and its warm-up share all of them.
     */
    static final class Shares {
        final int[] warmup;
        final int[] counted;
        final int[] first;
        private final Schedule schedule;

        private Shares(int[] warmup, int[] counted, int[] first, Schedule schedule) {
            this.warmup = warmup;
            this.counted = counted;
            this.first = first;
            this.schedule = schedule;
        }

        /** The timed operations' shares: on a schedule with a -rate, else closed loop. */
        static Shares of(NnOptions o, int warmup, int counted) {
            if (o.rate().isEmpty()) {
                return closedLoop(o.threads(), warmup, counted);
            }
            int[] all = new int[o.threads()];
            Arrays.fill(all, warmup);
            return new Shares(all, new int[o.threads()], new int[o.threads()],
                    Schedule.of(o.arrivals(), o.rate().get(), counted, o.seed()));
        }

        static Shares closedLoop(int threads, int warmup, int counted) {
            int[] warmupShares = Workers.divide(warmup, threads);
            int[] countedShares = Workers.divide(counted, threads);
            return new Shares(warmupShares, countedShares, Workers.firstIndices(warmupShares, countedShares), null);
        }

        Workers.Outcome run(Workers workers, Workers.Op op, OpenLoop.Start start) throws InterruptedException {
            return schedule == null ? workers.run(warmup, counted, op)
                    : workers.runOnSchedule(warmup[0], schedule, op, start);
        }
    }

    // ---- results ----

    static OpResult result(NnOperation op, List<String> inputs, Workers.Outcome outcome, NnOptions o,
            Distribution completeLatency, List<String> notes) {
        OpResult.Kind kind = kind(op.label(), outcome.operations(0), outcome.cumulativeNanos(0), outcome.latency(0), o);
        List<String> allNotes = new ArrayList<>(notes);
        if (outcome.openLoop().isPresent()) {
            allNotes.add(LoadReport.OPEN_LOOP_NOTE);
        }
        return new OpResult(op, inputs, List.of(), outcome.totalOperations(), outcome.elapsedNanos(),
                outcome.totalCumulativeNanos(), List.of(kind), completeLatency, o.warmup(), outcome.stoppedByDuration(),
                allNotes, outcome.openLoop().orElse(null)).recording(outcome.timeline().orElse(null));
    }

    static OpResult.Kind kind(String name, long operations, long nanos, Histogram histogram, NnOptions o) {
        Histogram h = o.histograms() ? histogram : Histograms.newHistogram();
        return new OpResult.Kind(name, operations, nanos,
                Histograms.toDistribution("latency", Unit.SECONDS, h, 1e9), h);
    }
}
