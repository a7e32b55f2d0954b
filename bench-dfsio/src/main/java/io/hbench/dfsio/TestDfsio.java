package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.embedded.ConfigurationSources;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.CommitterLeftovers;
import io.hbench.fs.Leftover;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.fs.StoreStatistics;
import io.hbench.mapred.JobMonitor;
import io.hbench.mapred.MapReduceFramework;
import io.hbench.mapred.ReducedValues;
import io.hbench.mapred.SummingReducer;
import io.hbench.mapred.TaskResources;
import io.hbench.resources.ClusterSampling;
import io.hbench.resources.HostNames;
import io.hbench.resources.HostSamples;
import io.hbench.resources.ResourceSampling;
import io.hbench.resources.UsageCalculator;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockStoragePolicySpi;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * TestDFSIO: every map task writes, reads, appends to or truncates one file; one summing reducer
 * collects the figures. The layout under the base directory is Hadoop's (io_control, io_data,
 * io_write, ...), and the base directory may be on any Hadoop file system. Nothing outside it is
 * written or deleted, and it must be hbench's own (see {@link OwnedDirectory}). Should a
 * command-line run be stopped from outside (see {@link io.hbench.undo.RunUndo}), its control files
 * and output go, and so does a write's data unless its job succeeded; what a read, append or
 * truncate works on is the user's benchmark data and stays.
 *
 * <p>This class prints nothing but optional progress; the tool prints results. Lifecycle:
 * {@link #run} and {@link #clean} hold nothing once they return, on success or failure: the job's
 * tasks, and their threads, have ended. File systems come from Hadoop's shared cache and stay open
 * for the caller, as those {@code FileSystem.get} returns do.
 */
public final class TestDfsio {
    public static final String CONTROL_DIR = "io_control";
    public static final String DATA_DIR = "io_data";
    static final String BASE_DIR_FLAG = "-rootDir (or -Dtest.build.data)";
    /** How TestDFSIO names its data files ({@link DfsioOptions#fileName}) and their control files. */
    private static final Pattern DATA_FILE = Pattern.compile(Pattern.quote(DfsioOptions.FILE_NAME_PREFIX) + "\\d+");
    private static final String CONTROL_FILE_PREFIX = "in_file_";
    private static final Pattern CONTROL_FILE =
            Pattern.compile(Pattern.quote(CONTROL_FILE_PREFIX + DfsioOptions.FILE_NAME_PREFIX) + "\\d+");
    private static final int CONTROL_FILE_WRITERS = 16;
    private static final String SORT_BUFFER_KEY = "mapreduce.task.io.sort.mb";
    private static final int SORT_BUFFER_MB = 4;
    /**
     * Whether tasks on HDFS time each block and name its DataNodes ({@link DataNodeBlocks}): true unless set false,
     * which bench-perf does to measure what the recording costs.
     */
    public static final String BLOCK_RECORDS_KEY = "hbench.dfsio.blockRecords";
    /** A week: longer than any sane run, short enough to hold in memory. */
    static final long MAX_SERIES_SECONDS = 7 * 24 * 3600;

    private final Configuration conf;
    private final PrintStream progress;

    /** A benchmark that reports no progress. */
    public TestDfsio(Configuration conf) {
        this(conf, new PrintStream(OutputStream.nullOutputStream()));
    }

    /** @param progress where progress lines go while a long job runs */
    public TestDfsio(Configuration conf, PrintStream progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /**
     * Runs one operation. Input problems (missing files, unknown policies, an unsafe base
     * directory) are found before anything is written, and throw a {@link BenchException} of kind
     * USER_ERROR.
     */
    public DfsioResult run(DfsioOptions given) throws IOException, InterruptedException {
        DfsioOptions options = requireNonNull(given, "given is null").resolve(conf);
        if (!options.sequential()) {
            MapReduceFramework.requireShuffleSupport(conf);
        }
        Path base = new Path(options.baseDir());
        FileSystem fs = base.getFileSystem(conf);
        StoreCheck.reach(conf, fs, base);
        checkCapability(fs, base, options.operation());
        checkPolicies(fs, options);
        checkDataNodes(fs, options);
        checkReadFrom(fs, options);
        if (options.compressionCodec().isPresent()) {
            FileIo.newCodec(options.compressionCodec().get(), conf);
        }
        OwnedDirectory dir = options.operation().needsExistingFiles()
                ? OwnedDirectory.existing(fs, base, BASE_DIR_FLAG, "nothing to " + verb(options.operation())
                        + "; run TestDFSIO -write first")
                : OwnedDirectory.claim(fs, base, BASE_DIR_FLAG);
        // A job's output is committed by renaming it, unless the run is sequential.
        StoreCheck.before(conf, dir, !options.sequential(), progress);
        // Should the run be stopped from outside, what it made goes, but data a write completed stays, as after a run.
        UndoLog.Registration dataBeingWritten = UndoLog.Registration.NONE;
        if (options.operation().needsExistingFiles()) {
            checkDataFiles(dir, options);
        } else {
            dir.deleteChild(DATA_DIR);
            dataBeingWritten = dir.removedOnInterrupt(DATA_DIR);
            options.erasureCodePolicy().ifPresent(policy -> setErasureCoding(dir, policy));
        }
        dir.deleteChild(options.operation().outputDirName());
        dir.removedOnInterrupt(options.operation().outputDirName());
        Instant start = Instant.now();
        if (options.sequential()) {
            DfsioResult result = runSequentially(dir, options, start);
            dataBeingWritten.close();
            return result;
        }
        writeControlFiles(dir, options);
        Job job = newJob(dir, options);
        long filesWithoutHost = placeReads(job, dir, options);
        Optional<Path> resourcesDir = TaskResources.requestIn(job.getConfiguration(),
                dir.child(options.operation().outputDirName()));
        long jobStart = System.nanoTime();
        Instant jobStartTime = Instant.now();
        SubmittedJob submitted = new JobMonitor(progress, "TestDFSIO " + options.operation().label())
                .run(job, DfsioCounter.BYTES, (long) options.nrFiles() * FileIo.expectedBytes(options));
        dataBeingWritten.close();
        CommitterLeftovers.removeFrom(fs, dir.child(options.operation().outputDirName()));
        Duration execTime = Duration.ofNanos(System.nanoTime() - jobStart);
        Phase phase = new Phase(options.operation().label(), jobStartTime, jobStartTime.plus(execTime));
        // Before the output is read: the samples' directory lies inside it.
        List<HostSamples> samples = TaskResources.collect(fs, resourcesDir);
        ReducedValues values = ReducedValues.read(fs, dir.child(options.operation().outputDirName()));
        return result(options, start, execTime, values, filesWithoutHost, List.of(submitted),
                tasks -> resourcesDir.map(samplesDir -> UsageCalculator.usage(samples, hosts(tasks),
                        ResourceSampling.interval(conf).orElseThrow(), List.of(phase))));
    }

    /**
     * Removes the base directory, if hbench created it ({@code -clean}), and says what was in it; empty if there was
     * no such directory.
     *
     * @param baseDir the base directory, or empty for the cluster's ({@link DfsioOptions#baseDir(Configuration,
     *        Optional)})
     * @throws BenchException CLEANUP_INCOMPLETE, saying what is left, if the directory is still there after its removal
     */
    public Optional<CleanedDirectory> clean(Optional<String> baseDir) throws IOException {
        Path base = new Path(DfsioOptions.baseDir(conf, baseDir));
        FileSystem fs = base.getFileSystem(conf);
        StoreCheck.reach(conf, fs, base);
        if (!fs.exists(base)) {
            return Optional.empty();
        }
        OwnedDirectory dir = OwnedDirectory.existing(fs, base, BASE_DIR_FLAG, "nothing to clean");
        ContentSummary content = fs.getContentSummary(dir.path());
        List<Path> foreign = notWrittenByTestDfsio(dir);
        Optional<Leftover> left = dir.delete();
        if (left.isPresent()) {
            throw new BenchException(ErrorCode.CLEANUP_INCOMPLETE, left.get().text());
        }
        return Optional.of(new CleanedDirectory(dir.path(), content.getFileCount(), content.getLength(), foreign));
    }

    /**
     * The entries of an hbench base directory that TestDFSIO does not write: anything beside its marker, control, data
     * and output directories, and in the control and data directories anything not named as their files are.
     */
    private static List<Path> notWrittenByTestDfsio(OwnedDirectory dir) throws IOException {
        Set<String> own = new HashSet<>(List.of(OwnedDirectory.MARKER, CONTROL_DIR, DATA_DIR));
        for (DfsioOperation operation : DfsioOperation.values()) {
            own.add(operation.outputDirName());
        }
        FileSystem fs = dir.fileSystem();
        List<Path> foreign = new ArrayList<>();
        for (FileStatus entry : fs.listStatus(dir.path())) {
            String name = entry.getPath().getName();
            if (!own.contains(name)) {
                foreign.add(entry.getPath());
            } else if (entry.isDirectory() && (name.equals(CONTROL_DIR) || name.equals(DATA_DIR))) {
                Pattern files = name.equals(DATA_DIR) ? DATA_FILE : CONTROL_FILE;
                for (FileStatus file : fs.listStatus(entry.getPath())) {
                    if (file.isDirectory() || !files.matcher(file.getPath().getName()).matches()) {
                        foreign.add(file.getPath());
                    }
                }
            }
        }
        foreign.sort(Comparator.comparing(Path::toString));
        return foreign;
    }

    /** What {@code operation} does to a file, as a verb: "nothing to read", "could not write". */
    static String verb(DfsioOperation operation) {
        switch (operation) {
            case WRITE:
                return "write";
            case APPEND:
                return "append to";
            case TRUNCATE:
                return "truncate";
            default:
                return "read";
        }
    }

    /**
     * Append and truncate are refused before anything runs where the file system says it cannot do them, as object
     * stores say: the file system is asked, so a store that learns to append is used as soon as it can.
     */
    private static void checkCapability(FileSystem fs, Path base, DfsioOperation operation) throws IOException {
        String capability;
        switch (operation) {
            case APPEND:
                capability = CommonPathCapabilities.FS_APPEND;
                break;
            case TRUNCATE:
                capability = CommonPathCapabilities.FS_TRUNCATE;
                break;
            default:
                return;
        }
        if (!fs.hasPathCapability(base, capability)) {
            throw new BenchException(ErrorCode.NOT_SUPPORTED_BY_FILE_SYSTEM, "-" + operation.label() + ": "
                    + fs.getUri() + " cannot " + verb(operation) + " a file (its file system, "
                    + fs.getClass().getSimpleName() + ", lacks the capability " + capability + "); nothing was run");
        }
    }

    private static void checkPolicies(FileSystem fs, DfsioOptions options) throws IOException {
        if (options.storagePolicy().isEmpty() && options.erasureCodePolicy().isEmpty()) {
            return;
        }
        String flag = options.storagePolicy().isPresent() ? "-storagePolicy" : "-erasureCodePolicy";
        if (!(fs instanceof DistributedFileSystem)) {
            throw new BenchException(ErrorCode.NOT_SUPPORTED_BY_FILE_SYSTEM, flag + " needs HDFS, but the base directory"
                    + " is on " + fs.getUri());
        }
        DistributedFileSystem dfs = (DistributedFileSystem) fs;
        if (options.storagePolicy().isPresent()) {
            String name = options.storagePolicy().get();
            Collection<? extends BlockStoragePolicySpi> policies = dfs.getAllStoragePolicies();
            if (policies.stream().noneMatch(policy -> policy.getName().equals(name))) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-storagePolicy " + name + " is not a storage"
                        + " policy of this cluster; it has " + policies.stream().map(BlockStoragePolicySpi::getName)
                                .collect(Collectors.joining(", ")));
            }
        }
        if (options.erasureCodePolicy().isPresent()) {
            String name = options.erasureCodePolicy().get();
            Collection<ErasureCodingPolicyInfo> policies = dfs.getAllErasureCodingPolicies();
            ErasureCodingPolicyInfo policy = policies.stream().filter(info -> info.getPolicy().getName().equals(name))
                    .findFirst().orElseThrow(() -> new BenchException(ErrorCode.INVALID_ARGUMENT, "-erasureCodePolicy "
                            + name + " is not an erasure coding policy of this cluster; it has " + policies.stream()
                                    .map(info -> info.getPolicy().getName()).collect(Collectors.joining(", "))));
            if (!policy.isEnabled()) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-erasureCodePolicy " + name + " is disabled on"
                        + " this cluster; an administrator enables it with: hdfs ec -enablePolicy -policy " + name);
            }
        }
    }

    /** Favored nodes are HDFS's: a write elsewhere cannot ask for them, and every host must resolve. */
    private void checkDataNodes(FileSystem fs, DfsioOptions options) {
        if (options.dataNodes().isEmpty()) {
            return;
        }
        if (!(fs instanceof DistributedFileSystem)) {
            throw new BenchException(ErrorCode.NOT_SUPPORTED_BY_FILE_SYSTEM, "-dataNodes names HDFS DataNodes (favored"
                    + " nodes), but the base directory is on " + fs.getUri());
        }
        FavoredNodes.resolve(options.dataNodes(), conf);
    }

    /** Replicas are HDFS's: an object store's or a local file's block locations name no host that holds one. */
    private static void checkReadFrom(FileSystem fs, DfsioOptions options) {
        if (options.readFrom().isPresent() && !(fs instanceof DistributedFileSystem)) {
            throw new BenchException(ErrorCode.NOT_SUPPORTED_BY_FILE_SYSTEM, "-readFrom places tasks by where HDFS"
                    + " keeps the replicas of their files, but the base directory is on " + fs.getUri());
        }
    }

    /**
     * With {@code -readFrom local} or {@code other}, asks for each read task the hosts that can run a task (YARN's
     * NodeManagers; this one for the local runner) and hold, or do not hold, a replica of its file, as the locations
     * of its split ({@link PlacedControlFiles}).
     *
     * @return the files for which no such host exists, whose tasks ask for none
     */
    private long placeReads(Job job, OwnedDirectory dir, DfsioOptions options) throws IOException {
        if (options.readFrom().isEmpty() || options.readFrom().get() == ReadFrom.ANY) {
            return 0;
        }
        List<String> taskHosts = MapReduceFramework.isLocal(conf) ? List.of(HostNames.local())
                : ClusterSampling.nodeManagerHosts(conf);
        int maxHosts = conf.getInt(MRConfig.MAX_BLOCK_LOCATIONS_KEY, MRConfig.MAX_BLOCK_LOCATIONS_DEFAULT);
        long filesWithoutHost = 0;
        for (int i = 0; i < options.nrFiles(); i++) {
            String name = DfsioOptions.fileName(i);
            List<String> hosts = ReadHosts.preferred(options.readFrom().get(),
                    ReadHosts.replicaHosts(dir.fileSystem(), new Path(dir.child(DATA_DIR), name)), taskHosts, i,
                    maxHosts);
            if (hosts.isEmpty()) {
                filesWithoutHost++;
            }
            PlacedControlFiles.setHosts(job.getConfiguration(), name, hosts);
        }
        job.setInputFormatClass(PlacedControlFiles.class);
        return filesWithoutHost;
    }

    /** The data file a control file names: {@code test_io_3} for {@code in_file_test_io_3}. */
    static String dataFileOf(String controlFileName) {
        return controlFileName.substring(CONTROL_FILE_PREFIX.length());
    }

    private static void setErasureCoding(OwnedDirectory dir, String policy) {
        try {
            Path data = dir.child(DATA_DIR);
            dir.fileSystem().mkdirs(data);
            ((DistributedFileSystem) dir.fileSystem()).setErasureCodingPolicy(data, policy);
        } catch (IOException e) {
            throw new BenchException(ErrorCode.FILE_SYSTEM_ERROR, "cannot set erasure coding policy " + policy + " on "
                    + dir.child(DATA_DIR) + ": " + e.getMessage(), e);
        }
    }

    /** Reads, appends and truncates need every file a write made, long enough. */
    private static void checkDataFiles(OwnedDirectory dir, DfsioOptions options) throws IOException {
        Path data = dir.child(DATA_DIR);
        Map<String, Long> lengths = new HashMap<>();
        if (dir.fileSystem().exists(data)) {
            for (FileStatus status : dir.fileSystem().listStatus(data)) {
                lengths.put(status.getPath().getName(), status.getLen());
            }
        }
        for (int i = 0; i < options.nrFiles(); i++) {
            String name = DfsioOptions.fileName(i);
            Long length = lengths.get(name);
            if (length == null) {
                throw new BenchException(ErrorCode.MISSING_INPUT, "nothing to " + verb(options.operation()) + ": " + data
                        + " has no " + name + "; run TestDFSIO -write -nrFiles " + options.nrFiles() + " first");
            }
            if (options.operation() == DfsioOperation.TRUNCATE && length < options.fileSize()) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-size " + options.fileSize() + " bytes is more"
                        + " than " + name + "'s length of " + length + " bytes: truncate only shortens files");
            }
        }
    }

    /**
     * One control file per map task, written by several threads: closing a file can wait hundreds
     * of milliseconds for its block to be reported, and one after another those waits add up.
     */
    private void writeControlFiles(OwnedDirectory dir, DfsioOptions options) throws IOException, InterruptedException {
        Path control = dir.child(CONTROL_DIR);
        dir.deleteChild(CONTROL_DIR);
        dir.removedOnInterrupt(CONTROL_DIR);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.nrFiles(), CONTROL_FILE_WRITERS));
        try {
            List<Future<Void>> writes = new ArrayList<>();
            for (int i = 0; i < options.nrFiles(); i++) {
                String name = DfsioOptions.fileName(i);
                writes.add(pool.submit(() -> {
                    writeControlFile(new Path(control, CONTROL_FILE_PREFIX + name), name, options.fileSize());
                    return null;
                }));
            }
            for (Future<Void> write : writes) {
                try {
                    write.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException ? (IOException) e.getCause()
                            : new IOException("cannot write control file: " + e.getCause(), e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void writeControlFile(Path file, String name, long size) throws IOException {
        try (SequenceFile.Writer writer = SequenceFile.createWriter(conf, SequenceFile.Writer.file(file),
                SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(LongWritable.class),
                SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE))) {
            writer.append(new Text(name), new LongWritable(size));
        }
    }

    private Job newJob(OwnedDirectory dir, DfsioOptions options) throws IOException {
        Job job = Job.getInstance(conf, "TestDFSIO " + options.operation().label() + " (" + options.nrFiles()
                + " files)");
        job.setJarByClass(DfsioMapper.class);
        job.setInputFormatClass(SequenceFileInputFormat.class);
        FileInputFormat.setInputPaths(job, dir.child(CONTROL_DIR));
        job.setMapperClass(DfsioMapper.class);
        job.setReducerClass(SummingReducer.class);
        job.setNumReduceTasks(1);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        FileOutputFormat.setOutputPath(job, dir.child(options.operation().outputDirName()));
        // A speculative copy of a task would do the same I/O twice and skew every figure.
        job.setSpeculativeExecution(false);
        // Each map sends a few kilobytes: a sort buffer of the default 100 MB per task only costs
        // memory and the time to allocate it.
        if (!ConfigurationSources.isSetExplicitly(conf, SORT_BUFFER_KEY)) {
            job.getConfiguration().setInt(SORT_BUFFER_KEY, SORT_BUFFER_MB);
        }
        options.writeTo(job.getConfiguration());
        return job;
    }

    /** {@code -seq}: the same per-file work in this process, one file after another, combined as the reducer would. */
    private DfsioResult runSequentially(OwnedDirectory dir, DfsioOptions options, Instant start)
            throws IOException, InterruptedException {
        FileIo io = new FileIo(dir.fileSystem(), false, conf, options, dir.child(DATA_DIR), FileIo.describeHost());
        Map<String, List<Text>> emitted = new LinkedHashMap<>();
        Optional<ResourceSampling.InProcess> sampling = ResourceSampling.inProcess(conf, "TestDFSIO-sequential");
        Instant loopStartTime = Instant.now();
        long loopStart = System.nanoTime();
        for (int i = 0; i < options.nrFiles(); i++) {
            TaskStats stats = io.run(DfsioOptions.fileName(i), options.fileSize(), bytes -> { });
            stats.emit((key, value) -> emitted.computeIfAbsent(key, k -> new ArrayList<>()).add(new Text(value)));
        }
        Duration execTime = Duration.ofNanos(System.nanoTime() - loopStart);
        Optional<ResourceUsage> resources = sampling.map(host -> host.stop(
                List.of(new Phase(options.operation().label(), loopStartTime, loopStartTime.plus(execTime)))));
        Map<String, String> combined = new TreeMap<>();
        emitted.forEach((key, values) -> combined.put(key, SummingReducer.combine(key, values)));
        return result(options, start, execTime, new ReducedValues(combined), 0, List.of(), tasks -> resources);
    }

    private static List<String> hosts(List<DfsioTask> tasks) {
        return tasks.stream().map(DfsioTask::host).filter(Objects::nonNull).distinct().collect(Collectors.toList());
    }

    /**
     * @param filesWithoutHost of a {@code -readFrom} read, the files for which no host was as it asked
     * @param resources what the hosts did, given the tasks that ran on them; empty if not sampled
     */
    private DfsioResult result(DfsioOptions options, Instant start, Duration execTime, ReducedValues values,
            long filesWithoutHost, List<SubmittedJob> jobs,
            Function<List<DfsioTask>, Optional<ResourceUsage>> resources) {
        List<DfsioTask> tasks = new ArrayList<>();
        for (String sample : values.strings(TaskStats.TASK_SAMPLE)) {
            tasks.add(DfsioTask.from(TaskSampleText.parse(sample)));
        }
        List<String> failures = new ArrayList<>(values.strings(TaskStats.FAILURES));
        if (tasks.size() != options.nrFiles()) {
            failures.add("expected " + options.nrFiles() + " task results, got " + tasks.size());
        }
        Instant phaseStart = tasks.stream().map(DfsioTask::start).min(Comparator.naturalOrder()).orElse(start);
        Instant phaseEnd = tasks.stream().map(DfsioTask::end).max(Comparator.naturalOrder()).orElse(start);
        return new DfsioResult(options, start, Instant.now(), execTime, tasks,
                Histograms.toDistribution("io_call_latency", Unit.SECONDS, values.histogram(TaskStats.LATENCY), 1e6),
                Histograms.toDistribution("open_latency", Unit.SECONDS, values.histogram(TaskStats.OPEN_LATENCY), 1e6),
                throughputBySecond(values.longSums(TaskStats.SLOT), phaseStart, phaseEnd), failures, jobs,
                resources.apply(tasks), StoreStatistics.of(values.longSums(TaskStats.STORE)),
                favoredPlacement(options, values), dropBehind(options, values))
                .withDataNodeBlocks(DataNodeBlocks.from(values))
                .withReadLocality(options.readFrom().map(readFrom -> new ReadLocality(readFrom, filesWithoutHost,
                        values.longSum(TaskStats.READS_ON_REPLICA_HOST), values.longSum(TaskStats.READS_ELSEWHERE))));
    }

    /** What the tasks' streams said to {@code -dropBehind}; empty for a run that did not ask. */
    private static Optional<DropBehind> dropBehind(DfsioOptions options, ReducedValues values) {
        return options.dropBehind() ? Optional.of(new DropBehind(values.longSum(TaskStats.DROP_BEHIND_ACCEPTED),
                values.longSum(TaskStats.DROP_BEHIND_REFUSED))) : Optional.empty();
    }

    /** What the tasks counted of a write to {@code -dataNodes}; empty for any other run. */
    private static Optional<FavoredPlacement> favoredPlacement(DfsioOptions options, ReducedValues values) {
        return options.dataNodes().isEmpty() ? Optional.empty() : Optional.of(new FavoredPlacement(
                values.longSum(TaskStats.FAVORED_PLACED), values.longSum(TaskStats.FAVORED_BLOCKS)));
    }

    /**
     * All tasks' bytes per second of the I/O phase, as MiB/s. Seconds count from the I/O phase's
     * start (the first task's, at {@link TaskStats#SLOT_MILLIS}-ms resolution), not from the
     * calendar's, so no bucket is cut short by where a calendar second falls; each value is its
     * bytes over the part of its second that lies inside the phase, so the last, usually shorter
     * bucket is divided by its true length. Gaps are zero. Empty if the slots span more than
     * {@link #MAX_SERIES_SECONDS}: only hosts whose clocks disagree that much produce such a span,
     * and the series would say nothing true.
     *
     * @param bytesBySlot bytes finished in each slot, keyed by epoch millis / {@link TaskStats#SLOT_MILLIS}
     */
    static TimeSeries throughputBySecond(Map<String, Long> bytesBySlot, Instant phaseStart, Instant phaseEnd) {
        TreeMap<Long, Long> slots = new TreeMap<>();
        bytesBySlot.forEach((slot, bytes) -> slots.put(Long.parseLong(slot), bytes));
        List<Double> values = new ArrayList<>();
        Instant start = Instant.EPOCH;
        long slotsPerSecond = 1000 / TaskStats.SLOT_MILLIS;
        if (!slots.isEmpty() && (slots.lastKey() - slots.firstKey()) / slotsPerSecond < MAX_SERIES_SECONDS) {
            long firstSlot = Math.min(slots.firstKey(), Math.floorDiv(phaseStart.toEpochMilli(), TaskStats.SLOT_MILLIS));
            start = Instant.ofEpochMilli(firstSlot * TaskStats.SLOT_MILLIS);
            long buckets = (slots.lastKey() - firstSlot) / slotsPerSecond + 1;
            for (long bucket = 0; bucket < buckets; bucket++) {
                long fromSlot = firstSlot + bucket * slotsPerSecond;
                long bytes = slots.subMap(fromSlot, fromSlot + slotsPerSecond).values().stream()
                        .mapToLong(Long::longValue).sum();
                Instant bucketStart = start.plusSeconds(bucket);
                Instant activeFrom = max(bucketStart, phaseStart);
                Instant activeTo = min(bucketStart.plusSeconds(1), max(phaseEnd, activeFrom));
                long activeNanos = Duration.between(activeFrom, activeTo).toNanos();
                // A bucket outside the phase by the clocks (skewed hosts) is taken at its full width.
                double seconds = activeNanos > 0 ? activeNanos / 1e9 : 1;
                values.add(bytes / seconds);
            }
        }
        return new TimeSeries("throughput", Unit.BYTES_PER_SECOND, start, Duration.ofSeconds(1), values);
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
