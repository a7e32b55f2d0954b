package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.ConfigurationSources;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.InvalidOptionException;
import io.hbench.fs.OwnedDirectory;
import io.hbench.load.FileNames;
import io.hbench.load.LoadReport;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import io.hbench.load.Workers;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.ipc.RemoteException;
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
 * <p>This class prints nothing but notes on {@code progress}; the tool prints results.
 */
public final class NnThroughput {
    /** Marks {@code baseDirName} as hbench's. */
    public static final String MARKER = ".hbench";
    static final String MIN_BLOCK_SIZE_KEY = "dfs.namenode.fs-limits.min-block-size";
    private static final EnumSetWritable<CreateFlag> CREATE_FLAGS =
            new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE));
    /** How long the NameNode may keep refusing to close a file without blocks: it closes one at once. */
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

    /** True when the configuration names no NameNode, so a run starts one in this process. */
    public static boolean isStandalone(Configuration conf) {
        String scheme = FileSystem.getDefaultUri(conf).getScheme();
        return scheme == null || scheme.equals("file");
    }

    /** Runs the workload against the configured NameNode, or one started in this process. */
    public NnResult run(NnOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        try (Session session = open()) {
            return session.run(options);
        }
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
            NnOptions options = given.resolve(conf);
            if (!target.standalone()) {
                requireMinimumBlockSize(options);
            }
            if (!target.standalone() && options.operation() == NnOperation.REPLICATION) {
                throw replicationNeedsStandalone();
            }
            if (!target.standalone() && options.operation() == NnOperation.BLOCK_REPORT) {
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

    static BenchException replicationNeedsStandalone() {
        return new BenchException(ErrorCode.INVALID_ARGUMENT, "-op replication runs only with the NameNode in this"
                + " process (standalone mode: no -fs); it drives the NameNode's block manager directly, which a remote"
                + " NameNode does not expose");
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
        List<Phase> phases = new ArrayList<>();
        Optional<ResourceUsage> resources;
        try {
            for (NnOperation op : steps) {
                NnOptions step = options.operation() == NnOperation.ALL ? options.forStep(op) : options;
                if (op == NnOperation.REPLICATION && !target.standalone()) {
                    progress.println("NNThroughputBenchmark: -op all skips replication: it runs only with the"
                            + " NameNode in this process (no -fs)");
                    continue;
                }
                Optional<String> refusal = op == NnOperation.BLOCK_REPORT && !target.standalone()
                        ? BlockReports.refusal(conf) : Optional.empty();
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
        return new NnResult(options, target.description(), start, Instant.now(), results, resources);
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
                    createFiles(target, step, step.baseDir(op), true, "create", false, made[0], needed - made[0]);
                    made[0] = needed;
                }
                result = onExistingFiles(target, op, step, true);
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
                result = create(target, o);
                break;
            case MKDIRS:
                result = mkdirs(target, o);
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
                result = onExistingFiles(target, op, o, false);
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
        client.create(marker, FsPermission.getFileDefault(), clientName, CREATE_FLAGS, true, (short) 1,
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

    // ---- create ----

    private OpResult create(NameNodeTarget target, NnOptions o) throws InterruptedException {
        Created created = createFiles(target, o, o.baseDir(NnOperation.CREATE), o.close(), "create", true);
        List<String> notes = new ArrayList<>();
        notes.add(o.close() ? "each create is followed by complete (-close); complete is outside the timed create"
                + " call but inside the elapsed time"
                : "files are created and left open (no -close): the timed create call is all");
        return result(NnOperation.CREATE, fileInputs(o, NnOperation.CREATE), created.outcome, o,
                created.completeLatency, notes);
    }

    /** What a run of creates did, and how long complete took after each (with close). */
    static final class Created {
        final Workers.Outcome outcome;
        final Distribution completeLatency;

        Created(Workers.Outcome outcome, Distribution completeLatency) {
            this.outcome = outcome;
            this.completeLatency = completeLatency;
        }
    }

    /** Creates warmup + files files under {@code base} on the workers; measured when {@code timed}. */
    Created createFiles(NameNodeTarget target, NnOptions o, String base, boolean close, String opName,
            boolean timed) throws InterruptedException {
        return createFiles(target, o, base, close, opName, timed, 0, o.warmup() + o.files());
    }

    /** Creates files {@code firstName} to {@code firstName + total - 1} under {@code base} on the workers. */
    private Created createFiles(NameNodeTarget target, NnOptions o, String base, boolean close, String opName,
            boolean timed, long firstName, int total) throws InterruptedException {
        FileNames names = FileNames.generate(base, o.filesPerDir(), firstName, total);
        Shares shares = timed ? Shares.of(o, o.warmup(), o.files()) : Shares.closedLoop(o.threads(), 0, total);
        int[] warmup = shares.warmup;
        int[] first = shares.first;
        ClientProtocol client = target.client();
        short replication = o.replication();
        long blockSize = o.blockSize();
        Histogram[] complete = new Histogram[o.threads()];
        for (int t = 0; t < complete.length; t++) {
            complete[t] = Histograms.newHistogram();
        }
        boolean recordComplete = timed && close && o.histograms();
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                String clientName = opName + "-client-" + thread;
                long start = System.nanoTime();
                try {
                    client.create(path, FsPermission.getFileDefault(), clientName, CREATE_FLAGS, true, replication,
                            blockSize, CryptoProtocolVersion.supported(), null, null);
                } catch (RemoteException e) {
                    throw minBlockSize(e, blockSize, target);
                }
                long end = System.nanoTime();
                if (close) {
                    completeFile(client, path, clientName);
                    if (recordComplete && index >= warmup[thread]) {
                        complete[thread].recordValue(System.nanoTime() - end);
                    }
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        Workers workers = new Workers(opName, o.threads(), 1, timed && o.histograms(),
                timed ? o.duration().orElse(null) : null, false, o.ugCacheRefreshCount(), refresher(o, target));
        Workers.Outcome outcome = shares.run(workers, op, scheduleStart);
        Distribution completeLatency = null;
        if (recordComplete) {
            Histogram merged = Histograms.newHistogram();
            for (Histogram h : complete) {
                merged.add(h);
            }
            completeLatency = Histograms.toDistribution("complete_latency", Unit.SECONDS, merged, 1e9);
        }
        return new Created(outcome, completeLatency);
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

    private static Exception minBlockSize(RemoteException e, long blockSize, NameNodeTarget target) {
        String message = String.valueOf(e.getMessage());
        if (message.contains(MIN_BLOCK_SIZE_KEY)) {
            return new BenchException(ErrorCode.INVALID_ARGUMENT, "the NameNode " + target.description()
                    + " refuses -blockSize " + blockSize + ": it is below its " + MIN_BLOCK_SIZE_KEY + ". Set "
                    + MIN_BLOCK_SIZE_KEY + " to " + blockSize + " or less in the NameNode's hdfs-site.xml and restart"
                    + " it, or give -blockSize at least that minimum", e);
        }
        return e;
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

    private static List<String> fileInputs(NnOptions o, NnOperation op) {
        return List.of("baseDir = " + o.baseDir(op), "nrFiles = " + o.files(), "nrThreads = " + o.threads(),
                "nrFilesPerDir = " + o.filesPerDir());
    }

    // ---- mkdirs ----

    private OpResult mkdirs(NameNodeTarget target, NnOptions o) throws InterruptedException {
        FileNames names = FileNames.generate(o.baseDir(NnOperation.MKDIRS), o.dirsPerDir(), 0, o.warmup() + o.dirs());
        Shares shares = Shares.of(o, o.warmup(), o.dirs());
        int[] first = shares.first;
        ClientProtocol client = target.client();
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                long start = System.nanoTime();
                boolean made = client.mkdirs(path, FsPermission.getDirDefault(), true);
                long end = System.nanoTime();
                if (!made) {
                    throw new IOException("the NameNode did not create the directory");
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        Workers.Outcome outcome = shares.run(new Workers("mkdirs", o.threads(), 1, o.histograms(),
                o.duration().orElse(null), false, o.ugCacheRefreshCount(), refresher(o, target)), op, scheduleStart);
        List<String> inputs = List.of("baseDir = " + o.baseDir(NnOperation.MKDIRS), "nrDirs = " + o.dirs(),
                "nrThreads = " + o.threads(), "nrDirsPerDir = " + o.dirsPerDir());
        return result(NnOperation.MKDIRS, inputs, outcome, o, null, List.of());
    }

    // ---- open, delete, fileStatus, rename, append ----

    /** @param curveFiles the files are a capacity curve's, which made them in the operation's directory */
    private OpResult onExistingFiles(NameNodeTarget target, NnOperation opKind, NnOptions o, boolean curveFiles)
            throws IOException, InterruptedException {
        ClientProtocol client = target.client();
        String createBase = o.baseDir(NnOperation.CREATE);
        String base = o.baseDir(opKind);
        if (!o.useExisting() && !curveFiles) {
            createFiles(target, o, createBase, true, "create", false);
        }
        if (client.getFileInfo(createBase) != null && client.getFileInfo(base) == null) {
            client.rename(createBase, base);
        }
        if (client.getFileInfo(base) == null) {
            throw new BenchException(ErrorCode.MISSING_INPUT, base + " does not exist: with -useExisting, first run"
                    + " -op " + opKind.label() + " -keepResults with the same -files and -filesPerDir");
        }
        FileNames names = FileNames.generate(base, o.filesPerDir(), 0, o.warmup() + o.files());
        Shares shares = Shares.of(o, o.warmup(), o.files());
        int[] first = shares.first;
        long blockSize = o.blockSize();
        EnumSetWritable<CreateFlag> appendFlags = new EnumSetWritable<>(o.appendNewBlk()
                ? EnumSet.of(CreateFlag.NEW_BLOCK) : EnumSet.of(CreateFlag.APPEND));
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                long start;
                long end;
                switch (opKind) {
                    case OPEN:
                        start = System.nanoTime();
                        client.getBlockLocations(path, 0L, blockSize);
                        end = System.nanoTime();
                        break;
                    case DELETE:
                        start = System.nanoTime();
                        boolean deleted = client.delete(path, false);
                        end = System.nanoTime();
                        if (!deleted) {
                            throw new IOException("the NameNode deleted nothing: no such file");
                        }
                        break;
                    case FILE_STATUS:
                        start = System.nanoTime();
                        HdfsFileStatus status = client.getFileInfo(path);
                        end = System.nanoTime();
                        if (status == null) {
                            throw new IOException("no such file");
                        }
                        break;
                    case RENAME:
                        String destination = path + ".r";
                        start = System.nanoTime();
                        boolean renamed = client.rename(path, destination);
                        end = System.nanoTime();
                        if (!renamed) {
                            throw new IOException("the NameNode did not rename it to " + destination);
                        }
                        break;
                    case APPEND:
                        start = System.nanoTime();
                        client.append(path, "TestClient", appendFlags);
                        end = System.nanoTime();
                        break;
                    default:
                        throw new IllegalStateException("not an operation on files: " + opKind);
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        boolean repeatable = opKind == NnOperation.OPEN || opKind == NnOperation.FILE_STATUS;
        Workers.Outcome outcome = shares.run(new Workers(opKind.label(), o.threads(), 1, o.histograms(),
                o.duration().orElse(null), repeatable, o.ugCacheRefreshCount(), refresher(o, target)), op,
                scheduleStart);
        List<String> notes = new ArrayList<>();
        notes.add(curveFiles ? "one set of files serves every step: created (and completed) before the first step"
                + " that needed them, outside the steps" : o.useExisting() ? "files made by an earlier run (-useExisting)"
                : "files were created (and completed) before timing started");
        return result(opKind, fileInputs(o, opKind), outcome, o, null, notes);
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
                allNotes, outcome.openLoop().orElse(null));
    }

    static OpResult.Kind kind(String name, long operations, long nanos, Histogram histogram, NnOptions o) {
        Histogram h = o.histograms() ? histogram : Histograms.newHistogram();
        return new OpResult.Kind(name, operations, nanos,
                Histograms.toDistribution("latency", Unit.SECONDS, h, 1e9));
    }
}
