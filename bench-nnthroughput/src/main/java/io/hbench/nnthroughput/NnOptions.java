package io.hbench.nnthroughput;

import static io.hbench.nnthroughput.NnOperation.BLOCK_REPORT;
import static io.hbench.nnthroughput.NnOperation.CLEAN;
import static io.hbench.nnthroughput.NnOperation.MKDIRS;
import static io.hbench.nnthroughput.NnOperation.REPLICATION;
import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import io.hbench.federation.SubclusterTargets;
import io.hbench.load.FileNames;
import io.hbench.load.RateOptions;
import io.hbench.load.Schedule;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * An immutable NNThroughputBenchmark workload: the operation and its options ({@link NnOption}), with Hadoop's
 * defaults. Built by {@link Builder}, which refuses a value out of range, an option the operation does not use
 * ({@link NnOption#appliesTo}) and a directory fan-out too small for the number of names. The operation
 * {@link NnOperation#ALL} hands each option to the operations that use it. The values are held in small groups by what
 * they configure: the namespace, the load, its schedule, a capacity curve, the files it makes, the simulated
 * DataNodes' block reports, replication and the NameNode's settings.
 */
public final class NnOptions {
    public static final String DEFAULT_BASE_DIR_NAME = "/nnThroughputBenchmark";
    private static final List<String> LOG_LEVELS = List.of("ERROR", "WARN", "INFO", "DEBUG", "TRACE");
    /** How long each step of a capacity curve lasts unless told otherwise. */
    public static final Duration DEFAULT_STEP_DURATION = Duration.ofSeconds(30);
    /** The options of a capacity curve; a step of it runs without them, at one rate. */
    private static final Set<NnOption> CURVE = EnumSet.of(NnOption.RATES, NnOption.RAMP, NnOption.STEPS,
            NnOption.STEP_DURATION, NnOption.SLO);

    private final NnOperation operation;
    private final Set<NnOption> given;
    private final NamespaceOptions namespace;
    private final LoadShape load;
    private final ScheduleOptions schedule;
    private final CurvePlan curve;
    private final NewFiles newFiles;
    private final BlockReportOptions blockReports;
    private final ReplicationOptions replicationOptions;
    private final NameNodeSettings nameNode;
    private final SubclusterTargets subclusters;

    private NnOptions(Builder b) {
        this.operation = b.operation;
        this.given = Collections.unmodifiableSet(EnumSet.copyOf(b.given));
        this.namespace = new NamespaceOptions(b.baseDirName, b.files, b.filesPerDir, b.dirs, b.dirsPerDir,
                b.useExisting, b.keepResults);
        this.load = new LoadShape(b.threads, b.duration, b.warmup, b.histograms, b.mix, b.readAfterWrite);
        this.schedule = new ScheduleOptions(b.rate, b.arrivals, b.seed);
        this.curve = b.curve;
        this.newFiles = new NewFiles(b.blockSize, b.replication, b.close, b.appendNewBlk);
        this.blockReports = new BlockReportOptions(b.datanodes, b.reports, b.blocksPerReport, b.blocksPerFile);
        this.replicationOptions = new ReplicationOptions(b.nodesToDecommission, b.nodeReplicationLimit,
                b.totalBlocks);
        this.nameNode = new NameNodeSettings(b.logLevel, b.ugCacheRefreshCount, b.nonSuperUser);
        this.subclusters = b.subclusters;
    }

    /** These options with the cluster's block size and replication filled in. */
    private NnOptions(NnOptions o, NewFiles resolved) {
        this.operation = o.operation;
        this.given = o.given;
        this.namespace = o.namespace;
        this.load = o.load;
        this.schedule = o.schedule;
        this.curve = o.curve;
        this.newFiles = resolved;
        this.blockReports = o.blockReports;
        this.replicationOptions = o.replicationOptions;
        this.nameNode = o.nameNode;
        this.subclusters = o.subclusters;
    }

    public static Builder builder(NnOperation operation) {
        return new Builder(operation);
    }

    /**
     * The options {@code op} runs with when it is one step of {@link NnOperation#ALL}: this run's options that
     * {@code op} uses, the others at their defaults.
     */
    NnOptions forStep(NnOperation op) {
        Set<NnOption> own = EnumSet.noneOf(NnOption.class);
        for (NnOption option : given) {
            if (option.appliesTo(op)) {
                own.add(option);
            }
        }
        Builder b = builder(op);
        b.copyFrom(this, own);
        return b.build();
    }

    /** A builder that starts from these options, the given ones still given: one client's share of a run's. */
    Builder toBuilder() {
        Builder b = builder(operation);
        b.copyFrom(this, given);
        return b;
    }

    public NnOperation operation() {
        return operation;
    }

    /**
     * These options as a run against the cluster {@code conf} configures uses them: a block size and replication not
     * given are its dfs.blocksize and dfs.replication. Every run resolves its options so; a library caller and the
     * command line get the same values.
     */
    public NnOptions resolve(Configuration conf) {
        return new NnOptions(this, newFiles.resolve(conf));
    }

    private static void requireResolved(long value, NnOption option) {
        if (value == NewFiles.FROM_CLUSTER) {
            throw new IllegalStateException(option.optionName() + " is the cluster's until the options are resolved"
                    + " against its configuration (NnOptions.resolve)");
        }
    }

    /** The options that were set rather than left at their defaults, in declaration order. */
    public Set<NnOption> given() {
        return given;
    }

    public int threads() {
        return load.threads();
    }

    public int files() {
        return namespace.files();
    }

    public int filesPerDir() {
        return namespace.filesPerDir();
    }

    public int dirs() {
        return namespace.dirs();
    }

    public int dirsPerDir() {
        return namespace.dirsPerDir();
    }

    /** Create completes each file after creating it (outside the timed create call, as in Hadoop). */
    public boolean close() {
        return newFiles.close();
    }

    public boolean useExisting() {
        return namespace.useExisting();
    }

    public boolean keepResults() {
        return namespace.keepResults();
    }

    /** Log level of the NameNode's loggers during the run, e.g. ERROR. */
    public String logLevel() {
        return nameNode.logLevel();
    }

    /** Refresh the user-to-groups mappings every this many operations per thread (Integer.MAX_VALUE: never). */
    public int ugCacheRefreshCount() {
        return nameNode.ugCacheRefreshCount();
    }

    public String baseDirName() {
        return namespace.baseDirName();
    }

    /** The directory operation {@code op} works in: {@code <baseDirName>/<op>}, as in Hadoop. */
    public String baseDir(NnOperation op) {
        String baseDirName = baseDirName();
        return (baseDirName.endsWith("/") ? baseDirName : baseDirName + "/") + op.label();
    }

    /** The block size of created files; the cluster's dfs.blocksize unless given, once {@linkplain #resolve resolved}. */
    public long blockSize() {
        requireResolved(newFiles.blockSize(), NnOption.BLOCK_SIZE);
        return newFiles.blockSize();
    }

    public boolean appendNewBlk() {
        return newFiles.appendNewBlk();
    }

    public int datanodes() {
        return blockReports.datanodes();
    }

    public int reports() {
        return blockReports.reports();
    }

    public int blocksPerReport() {
        return blockReports.blocksPerReport();
    }

    public int blocksPerFile() {
        return blockReports.blocksPerFile();
    }

    public int nodesToDecommission() {
        return replicationOptions.nodesToDecommission();
    }

    public int nodeReplicationLimit() {
        return replicationOptions.nodeReplicationLimit();
    }

    public int totalBlocks() {
        return replicationOptions.totalBlocks();
    }

    /** The replication of created files; the cluster's dfs.replication unless given, once {@linkplain #resolve resolved}. */
    public short replication() {
        requireResolved(newFiles.replication(), NnOption.REPLICATION_FACTOR);
        return newFiles.replication();
    }

    /** Skip the calls only a superuser may make (safe mode, saving the namespace, refreshing user mappings). */
    public boolean nonSuperUser() {
        return nameNode.nonSuperUser();
    }

    /** Run for this long instead of a count; empty: run the count. */
    public Optional<Duration> duration() {
        return load.duration();
    }

    /** Operations done first and not counted. */
    public int warmup() {
        return load.warmup();
    }

    /** The weights of the operations {@link NnOperation#MIX} mixes, in the order given. */
    public Map<NnOperation, Integer> mix() {
        return load.mix();
    }

    /**
     * Whether a mix reads each path its create or mkdirs made at once, from the same thread (getFileInfo), timing that
     * read apart from the mix's figures: with Observer reads, how long a client waits to read its own write.
     */
    public boolean readAfterWrite() {
        return load.readAfterWrite();
    }

    /** Per-operation latency histograms; off to measure what they cost. */
    public boolean histograms() {
        return load.histograms();
    }

    /** Operations per second for the whole run, on a schedule (open loop); empty: each thread as fast as it can. */
    public Optional<Double> rate() {
        return schedule.rate();
    }

    /** How the operations of a {@link #rate} arrive: evenly spaced (the default) or as a Poisson process. */
    public Schedule.Arrivals arrivals() {
        return schedule.arrivals();
    }

    /** The seed of a Poisson schedule's gaps. */
    public long seed() {
        return schedule.seed();
    }

    /**
     * The capacity curve to measure ({@code -rates} or {@code -ramp}): one open-loop step per rate, each lasting
     * {@link CurvePlan#stepDuration}; empty for a run of one rate or none.
     */
    public Optional<CurvePlan> curve() {
        return Optional.ofNullable(curve);
    }

    /** The options of one step of the curve: these at {@code stepRate}, for {@code operations} operations. */
    NnOptions curveStep(double stepRate, int operations) {
        Set<NnOption> own = EnumSet.noneOf(NnOption.class);
        own.addAll(given);
        own.removeAll(CURVE);
        Builder b = builder(operation);
        b.copyFrom(this, own);
        b.rate(stepRate);
        return (operation == MKDIRS ? b.dirs(operations) : b.files(operations)).build();
    }

    /**
     * Where a run through Routers puts its load, one subcluster after the other ({@code -perSubcluster},
     * {@code -subClusterPath}); empty for a run under {@link #baseDirName} alone.
     */
    public Optional<SubclusterTargets> subclusters() {
        return Optional.ofNullable(subclusters);
    }

    /** These options for one subcluster's run: under {@code baseDirName}, without the subclusters. */
    NnOptions inSubcluster(String baseDirName) {
        Set<NnOption> own = EnumSet.copyOf(given);
        own.removeAll(EnumSet.of(NnOption.PER_SUBCLUSTER, NnOption.SUB_CLUSTER_PATHS));
        Builder b = builder(operation);
        b.copyFrom(this, own);
        return b.baseDirName(baseDirName).build();
    }

    /** The number of counted operations: files, directories or block reports. */
    public int operations() {
        switch (operation) {
            case MKDIRS:
                return dirs();
            case BLOCK_REPORT:
                return reports();
            case CLEAN:
            case REPLICATION:
                return 1;
            default:
                return files();
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof NnOptions)) {
            return false;
        }
        return toString().equals(o.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        return "NnOptions{operation=" + operation.label() + ", given=" + given + ", threads=" + threads() + ", files="
                + files() + ", filesPerDir=" + filesPerDir() + ", dirs=" + dirs() + ", dirsPerDir=" + dirsPerDir()
                + ", close=" + close() + ", useExisting=" + useExisting() + ", keepResults=" + keepResults()
                + ", logLevel=" + logLevel() + ", ugCacheRefreshCount=" + ugCacheRefreshCount() + ", baseDirName="
                + baseDirName() + ", blockSize=" + fromCluster(newFiles.blockSize()) + ", appendNewBlk="
                + appendNewBlk() + ", datanodes=" + datanodes() + ", reports=" + reports() + ", blocksPerReport="
                + blocksPerReport() + ", blocksPerFile=" + blocksPerFile() + ", nodesToDecommission="
                + nodesToDecommission() + ", nodeReplicationLimit=" + nodeReplicationLimit() + ", totalBlocks="
                + totalBlocks() + ", replication=" + fromCluster(newFiles.replication()) + ", nonSuperUser="
                + nonSuperUser() + ", duration=" + duration().orElse(null) + ", warmup=" + warmup() + ", mix="
                + mix() + ", histograms=" + histograms() + ", rate=" + rate().orElse(null) + ", arrivals="
                + arrivals().label() + ", seed=" + seed() + ", curve=" + curve
                + (subclusters == null ? "" : ", subclusters=" + subclusters) + "}";
    }

    private static Object fromCluster(long value) {
        return value == NewFiles.FROM_CLUSTER ? "cluster's" : value;
    }

    /** Collects values; {@link #build} checks them. Defaults are Hadoop's. */
    public static final class Builder {
        private final NnOperation operation;
        private final Set<NnOption> given = EnumSet.noneOf(NnOption.class);
        private String baseDirName;
        private int files;
        private int filesPerDir;
        private int dirs;
        private int dirsPerDir;
        private boolean useExisting;
        private boolean keepResults;
        private int threads;
        private Duration duration;
        private int warmup;
        private boolean histograms;
        private final Map<NnOperation, Integer> mix = new LinkedHashMap<>();
        private boolean readAfterWrite;
        private Double rate;
        private Schedule.Arrivals arrivals;
        private long seed;
        private long blockSize;
        private short replication;
        private boolean close;
        private boolean appendNewBlk;
        private int datanodes;
        private int reports;
        private int blocksPerReport;
        private int blocksPerFile;
        private int nodesToDecommission;
        private int nodeReplicationLimit;
        private int totalBlocks;
        private String logLevel;
        private int ugCacheRefreshCount;
        private boolean nonSuperUser;
        private double[] rates;
        private long[] ramp;
        private int steps;
        private Duration stepDuration = DEFAULT_STEP_DURATION;
        private LatencyObjective slo = LatencyObjective.DEFAULT;
        private CurvePlan curve;
        private SubclusterTargets subclusters;

        private Builder(NnOperation operation) {
            this.operation = requireNonNull(operation, "operation is null");
            take(NamespaceOptions.DEFAULT, LoadShape.DEFAULT, ScheduleOptions.DEFAULT, NewFiles.DEFAULT,
                    BlockReportOptions.DEFAULT, ReplicationOptions.DEFAULT, NameNodeSettings.DEFAULT);
        }

        /** Starts from these values, none of them given. */
        private void take(NamespaceOptions namespace, LoadShape load, ScheduleOptions schedule, NewFiles newFiles,
                BlockReportOptions blockReports, ReplicationOptions replicationOptions, NameNodeSettings nameNode) {
            baseDirName = namespace.baseDirName();
            files = namespace.files();
            filesPerDir = namespace.filesPerDir();
            dirs = namespace.dirs();
            dirsPerDir = namespace.dirsPerDir();
            useExisting = namespace.useExisting();
            keepResults = namespace.keepResults();
            threads = load.threads();
            duration = load.duration().orElse(null);
            warmup = load.warmup();
            histograms = load.histograms();
            mix.clear();
            mix.putAll(load.mix());
            readAfterWrite = load.readAfterWrite();
            rate = schedule.rate().orElse(null);
            arrivals = schedule.arrivals();
            seed = schedule.seed();
            blockSize = newFiles.blockSize();
            replication = newFiles.replication();
            close = newFiles.close();
            appendNewBlk = newFiles.appendNewBlk();
            datanodes = blockReports.datanodes();
            reports = blockReports.reports();
            blocksPerReport = blockReports.blocksPerReport();
            blocksPerFile = blockReports.blocksPerFile();
            nodesToDecommission = replicationOptions.nodesToDecommission();
            nodeReplicationLimit = replicationOptions.nodeReplicationLimit();
            totalBlocks = replicationOptions.totalBlocks();
            logLevel = nameNode.logLevel();
            ugCacheRefreshCount = nameNode.ugCacheRefreshCount();
            nonSuperUser = nameNode.nonSuperUser();
        }

        private Builder set(NnOption option) {
            given.add(option);
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return set(NnOption.THREADS);
        }

        public Builder files(int files) {
            this.files = files;
            return set(NnOption.FILES);
        }

        public Builder filesPerDir(int filesPerDir) {
            this.filesPerDir = filesPerDir;
            return set(NnOption.FILES_PER_DIR);
        }

        public Builder dirs(int dirs) {
            this.dirs = dirs;
            return set(NnOption.DIRS);
        }

        public Builder dirsPerDir(int dirsPerDir) {
            this.dirsPerDir = dirsPerDir;
            return set(NnOption.DIRS_PER_DIR);
        }

        public Builder close(boolean close) {
            this.close = close;
            return set(NnOption.CLOSE);
        }

        public Builder useExisting(boolean useExisting) {
            this.useExisting = useExisting;
            return set(NnOption.USE_EXISTING);
        }

        public Builder keepResults(boolean keepResults) {
            this.keepResults = keepResults;
            return set(NnOption.KEEP_RESULTS);
        }

        public Builder logLevel(String logLevel) {
            this.logLevel = requireNonNull(logLevel, "logLevel is null");
            return set(NnOption.LOG_LEVEL);
        }

        /** As in Hadoop, a count of 0 or less leaves refreshing off. */
        public Builder ugCacheRefreshCount(int count) {
            this.ugCacheRefreshCount = count > 0 ? count : Integer.MAX_VALUE;
            return set(NnOption.UG_CACHE_REFRESH_COUNT);
        }

        public Builder baseDirName(String baseDirName) {
            this.baseDirName = requireNonNull(baseDirName, "baseDirName is null");
            return set(NnOption.BASE_DIR_NAME);
        }

        public Builder blockSize(long blockSize) {
            this.blockSize = blockSize;
            return set(NnOption.BLOCK_SIZE);
        }

        /** The block size when {@link #blockSize} is not set (the configured dfs.blocksize): not given. */
        public Builder defaultBlockSize(long blockSize) {
            this.blockSize = blockSize;
            return this;
        }

        public Builder appendNewBlk(boolean appendNewBlk) {
            this.appendNewBlk = appendNewBlk;
            return set(NnOption.APPEND_NEW_BLOCK);
        }

        public Builder datanodes(int datanodes) {
            this.datanodes = datanodes;
            return set(NnOption.DATANODES);
        }

        public Builder reports(int reports) {
            this.reports = reports;
            return set(NnOption.REPORTS);
        }

        public Builder blocksPerReport(int blocksPerReport) {
            this.blocksPerReport = blocksPerReport;
            return set(NnOption.BLOCKS_PER_REPORT);
        }

        public Builder blocksPerFile(int blocksPerFile) {
            this.blocksPerFile = blocksPerFile;
            return set(NnOption.BLOCKS_PER_FILE);
        }

        public Builder nodesToDecommission(int nodesToDecommission) {
            this.nodesToDecommission = nodesToDecommission;
            return set(NnOption.NODES_TO_DECOMMISSION);
        }

        public Builder nodeReplicationLimit(int nodeReplicationLimit) {
            this.nodeReplicationLimit = nodeReplicationLimit;
            return set(NnOption.NODE_REPLICATION_LIMIT);
        }

        public Builder totalBlocks(int totalBlocks) {
            this.totalBlocks = totalBlocks;
            return set(NnOption.TOTAL_BLOCKS);
        }

        public Builder replication(short replication) {
            this.replication = replication;
            return set(NnOption.REPLICATION_FACTOR);
        }

        /** The replication when {@link #replication} is not set (the configured dfs.replication): not given. */
        public Builder defaultReplication(short replication) {
            this.replication = replication;
            return this;
        }

        public Builder nonSuperUser(boolean nonSuperUser) {
            this.nonSuperUser = nonSuperUser;
            return set(NnOption.NON_SUPER_USER);
        }

        public Builder duration(Duration duration) {
            this.duration = requireNonNull(duration, "duration is null");
            return set(NnOption.DURATION);
        }

        public Builder warmup(int warmup) {
            this.warmup = warmup;
            return set(NnOption.WARMUP);
        }

        public Builder mix(Map<NnOperation, Integer> weights) {
            requireNonNull(weights, "weights is null");
            mix.clear();
            mix.putAll(weights);
            return set(NnOption.MIX_WEIGHTS);
        }

        /** With {@link NnOperation#MIX}: read each path a create or mkdirs made at once, timed apart (default off). */
        public Builder readAfterWrite(boolean readAfterWrite) {
            this.readAfterWrite = readAfterWrite;
            return set(NnOption.READ_AFTER_WRITE);
        }

        public Builder histograms(boolean histograms) {
            this.histograms = histograms;
            return set(NnOption.HISTOGRAMS);
        }

        /** Operations per second for the whole run: each operation is due at its time on a schedule (open loop). */
        public Builder rate(double rate) {
            this.rate = rate;
            return set(NnOption.RATE);
        }

        public Builder arrivals(Schedule.Arrivals arrivals) {
            this.arrivals = requireNonNull(arrivals, "arrivals is null");
            return set(NnOption.ARRIVALS);
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return set(NnOption.SEED);
        }

        /** A capacity curve at these rates, operations per second, increasing: one open-loop step per rate. */
        public Builder rates(double... rates) {
            this.rates = rates.clone();
            return set(NnOption.RATES);
        }

        /** A capacity curve of {@link #steps} rates from {@code from} to {@code to}, geometric, whole ops/s. */
        public Builder ramp(long from, long to) {
            this.ramp = new long[] {from, to};
            return set(NnOption.RAMP);
        }

        /** How many rates a {@link #ramp} has, its ends included. */
        public Builder steps(int steps) {
            this.steps = steps;
            return set(NnOption.STEPS);
        }

        /** How long each step of a curve lasts (default 30 s): it does its rate times this many operations. */
        public Builder stepDuration(Duration stepDuration) {
            this.stepDuration = requireNonNull(stepDuration, "stepDuration is null");
            return set(NnOption.STEP_DURATION);
        }

        /** The latency objective a curve's steps are held to (default p99=10ms). */
        /** Runs the load in each subcluster of the Router's mount table, one after the other. */
        public Builder perSubcluster(boolean perSubcluster) {
            this.subclusters = perSubcluster ? SubclusterTargets.fromMountTable() : null;
            return set(NnOption.PER_SUBCLUSTER);
        }

        /** Runs the load under each of these paths, one subcluster each, one after the other (HDFS-17221). */
        public Builder subClusterPaths(List<String> paths) {
            try {
                this.subclusters = SubclusterTargets.paths(paths);
            } catch (IllegalArgumentException e) {
                throw invalid("{} " + e.getMessage(), NnOption.SUB_CLUSTER_PATHS);
            }
            return set(NnOption.SUB_CLUSTER_PATHS);
        }

        public Builder slo(LatencyObjective slo) {
            this.slo = requireNonNull(slo, "slo is null");
            return set(NnOption.SLO);
        }

        /**
         * Starts from {@code o}'s options: those in {@code own} given, with their values; the others at their
         * defaults, so that a step sees only its own. The block size and replication stay {@code o}'s, given or not:
         * they may be the cluster's.
         */
        private void copyFrom(NnOptions o, Set<NnOption> own) {
            given.addAll(own);
            subclusters = own.contains(NnOption.PER_SUBCLUSTER) || own.contains(NnOption.SUB_CLUSTER_PATHS)
                    ? o.subclusters : null;
            take(o.namespace.keeping(own), o.load.keeping(own), o.schedule.keeping(own), o.newFiles.keeping(own),
                    o.blockReports.keeping(own), o.replicationOptions.keeping(own), o.nameNode.keeping(own));
        }

        /**
         * Checks the options.
         *
         * @throws InvalidOptionException naming the options by {@link NnOption#optionName()}, if a value is out of
         *         range or the options do not fit together
         */
        public NnOptions build() {
            for (NnOption option : given) {
                if (!option.appliesTo(operation)) {
                    throw invalid("option {} does not apply to " + operation.label(), option);
                }
            }
            atLeast(NnOption.THREADS, threads, 1);
            atLeast(NnOption.FILES, files, 1);
            atLeast(NnOption.FILES_PER_DIR, filesPerDir, 1);
            atLeast(NnOption.DIRS, dirs, 1);
            atLeast(NnOption.DIRS_PER_DIR, dirsPerDir, 1);
            atLeast(NnOption.DATANODES, datanodes, 1);
            atLeast(NnOption.REPORTS, reports, 1);
            atLeast(NnOption.BLOCKS_PER_REPORT, blocksPerReport, 1);
            atLeast(NnOption.BLOCKS_PER_FILE, blocksPerFile, 1);
            atLeast(NnOption.NODES_TO_DECOMMISSION, nodesToDecommission, 0);
            atLeast(NnOption.NODE_REPLICATION_LIMIT, nodeReplicationLimit, 1);
            atLeast(NnOption.TOTAL_BLOCKS, totalBlocks, 1);
            if (replication != NewFiles.FROM_CLUSTER || given.contains(NnOption.REPLICATION_FACTOR)) {
                atLeast(NnOption.REPLICATION_FACTOR, replication, 1);
            }
            atLeast(NnOption.WARMUP, warmup, 0);
            if (blockSize != NewFiles.FROM_CLUSTER || given.contains(NnOption.BLOCK_SIZE)) {
                atLeast(NnOption.BLOCK_SIZE, blockSize, 1);
            }
            if (nodesToDecommission >= datanodes && (operation == REPLICATION || operation == NnOperation.ALL)) {
                throw invalid("{} must be less than {} (" + datanodes + "), got " + nodesToDecommission,
                        NnOption.NODES_TO_DECOMMISSION, NnOption.DATANODES);
            }
            if (duration != null && (duration.isNegative() || duration.isZero())) {
                throw invalid("{} must be more than 0, got " + duration, NnOption.DURATION);
            }
            checkRate();
            curve = checkCurve();
            if (!LOG_LEVELS.contains(logLevel)) {
                throw invalid("{} must be one of " + String.join(", ", LOG_LEVELS) + ", got '" + logLevel + "'",
                        NnOption.LOG_LEVEL);
            }
            checkBaseDirName();
            checkSubclusters();
            long mostFiles = curve == null ? files : curve.operations(curve.rates().get(curve.rates().size() - 1));
            long mostDirs = curve == null ? dirs : mostFiles;
            checkFanOut(NnOption.FILES_PER_DIR, filesPerDir, "files", mostFiles + warmup,
                    operation == MKDIRS || operation == BLOCK_REPORT || operation == REPLICATION || operation == CLEAN);
            checkFanOut(NnOption.DIRS_PER_DIR, dirsPerDir, "directories", mostDirs + warmup,
                    operation != MKDIRS && operation != NnOperation.ALL);
            if (operation == NnOperation.MIX) {
                checkMix();
            }
            return new NnOptions(this);
        }

        private void checkBaseDirName() {
            if (baseDirName.isBlank() || !baseDirName.startsWith("/")) {
                throw invalid("{} must be an absolute path such as " + DEFAULT_BASE_DIR_NAME + ", got '" + baseDirName
                        + "'", NnOption.BASE_DIR_NAME);
            }
            Path path;
            try {
                path = new Path(baseDirName);
            } catch (IllegalArgumentException e) {
                throw invalid("{} '" + baseDirName + "' is not a valid path: " + e.getMessage(), NnOption.BASE_DIR_NAME);
            }
            if (path.isRoot()) {
                throw invalid("{} must not be the root directory: clean and {}-less runs delete what is under it",
                        NnOption.BASE_DIR_NAME, NnOption.KEEP_RESULTS);
            }
        }

        private static void checkFanOut(NnOption option, int perDir, String what, long count, boolean unused) {
            if (!unused) {
                FileNames.tooFewPerDirectory(perDir, count, what).ifPresent(message -> {
                    throw invalid(message, option, option);
                });
            }
        }

        private void checkRate() {
            // A curve's steps are scheduled as a rate is: -arrivals and -seed shape them too.
            boolean curved = given.contains(NnOption.RATES) || given.contains(NnOption.RAMP);
            RateOptions.check(rate, given.contains(NnOption.ARRIVALS) && !curved,
                    given.contains(NnOption.SEED) && !curved);
            if (rate == null) {
                return;
            }
            if (duration != null) {
                throw invalid("{} runs the count of operations on its schedule: give the count, not {}",
                        NnOption.RATE, NnOption.DURATION);
            }
            if (!histograms) {
                throw invalid("{} records every operation's latency and service time in histograms: drop {}",
                        NnOption.RATE, NnOption.HISTOGRAMS);
            }
        }

        /** The curve the options ask for, checked; null for none. */
        private CurvePlan checkCurve() {
            boolean listed = given.contains(NnOption.RATES);
            boolean ramped = given.contains(NnOption.RAMP);
            if (listed && ramped) {
                throw invalid("give {} or {}, not both", NnOption.RATES, NnOption.RAMP);
            }
            NnOption curveOption = listed ? NnOption.RATES : NnOption.RAMP;
            if ((listed || ramped) && rate != null) {
                throw invalid("{} runs one rate and {} a curve of them: give one", NnOption.RATE, curveOption);
            }
            if (given.contains(NnOption.STEPS) && !ramped) {
                throw invalid("{} divides a {} into rates: give {} A..B, or drop {}", NnOption.STEPS, NnOption.RAMP,
                        NnOption.RAMP, NnOption.STEPS);
            }
            if (!listed && !ramped) {
                for (NnOption option : List.of(NnOption.STEP_DURATION, NnOption.SLO)) {
                    if (given.contains(option)) {
                        throw invalid("{} shapes a capacity curve: give {} or {} too", option, NnOption.RATES,
                                NnOption.RAMP);
                    }
                }
                return null;
            }
            if (operation == NnOperation.ALL) {
                throw invalid("{} finds the capacity of one operation: give one, not all", curveOption);
            }
            if (duration != null) {
                throw invalid("{} runs each step for {}: drop {}", curveOption, NnOption.STEP_DURATION,
                        NnOption.DURATION);
            }
            if (!histograms) {
                throw invalid("{} records every operation's latency and service time in histograms: drop {}",
                        curveOption, NnOption.HISTOGRAMS);
            }
            for (NnOption option : List.of(NnOption.FILES, NnOption.DIRS)) {
                if (given.contains(option)) {
                    throw invalid("{} does each step's rate times {} operations: drop {}", curveOption,
                            NnOption.STEP_DURATION, option);
                }
            }
            for (NnOption option : List.of(NnOption.KEEP_RESULTS, NnOption.USE_EXISTING)) {
                if (given.contains(option)) {
                    throw invalid("{} makes each step's own files before it and removes them after it: drop {}",
                            curveOption, option);
                }
            }
            double[] planned = listed ? checkedRates() : checkedRamp();
            if (stepDuration.isNegative() || stepDuration.isZero()) {
                throw invalid("{} must be more than 0, got " + stepDuration, NnOption.STEP_DURATION);
            }
            List<Double> curveRates = Arrays.stream(planned).boxed().collect(Collectors.toList());
            CurvePlan plan = new CurvePlan(curveRates, stepDuration, slo);
            double lowest = planned[0];
            double highest = planned[planned.length - 1];
            if (plan.operations(lowest) < 1) {
                throw invalid("{} is too short for a step at " + CurvePlan.plain(lowest) + " operations per second:"
                        + " it would do no operation", NnOption.STEP_DURATION);
            }
            if (plan.operations(highest) > Integer.MAX_VALUE - (long) warmup) {
                throw invalid("{} is too long for a step at " + CurvePlan.plain(highest) + " operations per second:"
                        + " at most " + (Integer.MAX_VALUE - (long) warmup) + " operations a step", NnOption.STEP_DURATION);
            }
            return plan;
        }

        private double[] checkedRates() {
            if (rates.length == 0) {
                throw invalid("{} names no rate: give them increasing, e.g. 2000,4000,8000", NnOption.RATES);
            }
            for (int i = 0; i < rates.length; i++) {
                if (!(rates[i] > 0) || Double.isInfinite(rates[i])) {
                    throw invalid("{} must each be more than 0 operations per second, got " + CurvePlan.plain(
                            rates[i]), NnOption.RATES);
                }
                if (i > 0 && rates[i] <= rates[i - 1]) {
                    throw invalid("{} must increase from each rate to the next, got " + CurvePlan.plain(rates[i])
                            + " after " + CurvePlan.plain(rates[i - 1]), NnOption.RATES);
                }
            }
            return rates.clone();
        }

        private double[] checkedRamp() {
            if (!given.contains(NnOption.STEPS)) {
                throw invalid("{} needs {}: how many rates from A to B, 2 or more", NnOption.RAMP, NnOption.STEPS);
            }
            atLeast(NnOption.STEPS, steps, 2);
            long from = ramp[0];
            long to = ramp[1];
            if (from < 1 || to <= from) {
                throw invalid("{} A..B must go up from at least 1 operation per second, got " + from + ".." + to,
                        NnOption.RAMP);
            }
            double[] planned = CurvePlan.ramp(from, to, steps);
            for (int i = 1; i < planned.length; i++) {
                if (planned[i] <= planned[i - 1]) {
                    throw invalid("{} " + from + ".." + to + " in " + steps + " {} rounds two of them to the same"
                            + " whole rate, " + CurvePlan.plain(planned[i]) + ": give fewer {} or a wider {}",
                            NnOption.RAMP, NnOption.STEPS, NnOption.STEPS, NnOption.RAMP);
                }
            }
            return planned;
        }

        private void checkSubclusters() {
            if (given.contains(NnOption.PER_SUBCLUSTER) && given.contains(NnOption.SUB_CLUSTER_PATHS)) {
                throw invalid("{} finds the subclusters in the Router's mount table and {} names them: give one",
                        NnOption.PER_SUBCLUSTER, NnOption.SUB_CLUSTER_PATHS);
            }
            if (subclusters == null) {
                return;
            }
            NnOption option = given.contains(NnOption.PER_SUBCLUSTER) ? NnOption.PER_SUBCLUSTER
                    : NnOption.SUB_CLUSTER_PATHS;
            if (operation == NnOperation.ALL) {
                throw invalid("{} runs one operation in each subcluster: give one, not all", option);
            }
            if (curve != null) {
                throw invalid("{} runs the load once per subcluster; a capacity curve runs on one base directory: drop"
                        + " {} or {}", option, given.contains(NnOption.RATES) ? NnOption.RATES : NnOption.RAMP,
                        option);
            }
        }

        private void checkMix() {
            if (mix.isEmpty()) {
                throw invalid("{} names no operation: give the operations to mix and their weights",
                        NnOption.MIX_WEIGHTS);
            }
            for (Map.Entry<NnOperation, Integer> entry : mix.entrySet()) {
                if (!NnOperation.MIXABLE.contains(entry.getKey())) {
                    throw invalid("{} cannot include " + entry.getKey().label() + "; it mixes "
                            + NnOperation.MIXABLE.stream().map(NnOperation::label).collect(Collectors.joining(" ")),
                            NnOption.MIX_WEIGHTS);
                }
                if (entry.getValue() < 1) {
                    throw invalid("{} weight of " + entry.getKey().label() + " must be at least 1, got "
                            + entry.getValue(), NnOption.MIX_WEIGHTS);
                }
            }
            if (readAfterWrite && !mix.containsKey(NnOperation.CREATE) && !mix.containsKey(MKDIRS)) {
                throw invalid("{} reads what create and mkdirs make, and {} has neither", NnOption.READ_AFTER_WRITE,
                        NnOption.MIX_WEIGHTS);
            }
        }

        private static void atLeast(NnOption option, long value, long min) {
            if (value < min) {
                throw invalid("{} must be at least " + min + ", got " + value, option);
            }
        }

        private static InvalidOptionException invalid(String template, NnOption... options) {
            return new InvalidOptionException(template, Arrays.stream(options).map(NnOption::optionName)
                    .toArray(String[]::new));
        }
    }
}
