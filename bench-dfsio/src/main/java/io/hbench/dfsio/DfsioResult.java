package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.result.BenchResult;
import io.hbench.fs.StoreStatistics;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.stats.Summary;
import io.hbench.units.DataSize;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The outcome of a TestDFSIO run: TestDFSIO's own figures, computed as it defines them, and the
 * ones it never gave. "Throughput mb/sec" divides all bytes by the <em>sum</em> of the tasks'
 * times: it is the throughput of an average task, not of the cluster. The cluster's is
 * {@link #aggregateThroughputMbSec()}: all bytes over the wall time from the first task's start to
 * the last task's end.
 */
public final class DfsioResult implements ProgramResult {
    private final DfsioOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration execTime;
    private final List<DfsioTask> tasks;
    private final Distribution ioCallLatency;
    private final Distribution openLatency;
    private final TimeSeries throughputOverTime;
    private final List<String> failures;
    private final List<SubmittedJob> jobs;
    private final Optional<ResourceUsage> resources;
    private final StoreStatistics storeStatistics;
    private final Summary taskRates;
    private final Distribution taskThroughput;
    private final Optional<FavoredPlacement> favoredPlacement;
    private final Optional<DropBehind> dropBehind;
    private final DataNodeBlocks dataNodeBlocks;
    private final Optional<ReadLocality> readLocality;

    public DfsioResult(DfsioOptions options, Instant start, Instant end, Duration execTime, List<DfsioTask> tasks,
            Distribution ioCallLatency, Distribution openLatency, TimeSeries throughputOverTime, List<String> failures,
            List<SubmittedJob> jobs) {
        this(options, start, end, execTime, tasks, ioCallLatency, openLatency, throughputOverTime, failures, jobs,
                Optional.empty(), StoreStatistics.none());
    }

    /**
     * @param resources what the hosts' resources did while the tasks ran; empty if sampling was off
     * @param storeStatistics what the store's client counted in all tasks; none on a file system that counts nothing
     */
    public DfsioResult(DfsioOptions options, Instant start, Instant end, Duration execTime, List<DfsioTask> tasks,
            Distribution ioCallLatency, Distribution openLatency, TimeSeries throughputOverTime, List<String> failures,
            List<SubmittedJob> jobs, Optional<ResourceUsage> resources, StoreStatistics storeStatistics) {
        this(options, start, end, execTime, tasks, ioCallLatency, openLatency, throughputOverTime, failures, jobs,
                resources, storeStatistics, Optional.empty(), Optional.empty());
    }

    /**
     * @param favoredPlacement how a write to {@code -dataNodes} placed its blocks; empty for any other run
     * @param dropBehind what the files' streams said to {@code -dropBehind}; empty for a run that did not ask
     */
    public DfsioResult(DfsioOptions options, Instant start, Instant end, Duration execTime, List<DfsioTask> tasks,
            Distribution ioCallLatency, Distribution openLatency, TimeSeries throughputOverTime, List<String> failures,
            List<SubmittedJob> jobs, Optional<ResourceUsage> resources, StoreStatistics storeStatistics,
            Optional<FavoredPlacement> favoredPlacement, Optional<DropBehind> dropBehind) {
        this(options, start, end, execTime, tasks, ioCallLatency, openLatency, throughputOverTime, failures, jobs,
                resources, storeStatistics, favoredPlacement, dropBehind, DataNodeBlocks.none(), Optional.empty());
    }

    private DfsioResult(DfsioOptions options, Instant start, Instant end, Duration execTime, List<DfsioTask> tasks,
            Distribution ioCallLatency, Distribution openLatency, TimeSeries throughputOverTime, List<String> failures,
            List<SubmittedJob> jobs, Optional<ResourceUsage> resources, StoreStatistics storeStatistics,
            Optional<FavoredPlacement> favoredPlacement, Optional<DropBehind> dropBehind,
            DataNodeBlocks dataNodeBlocks, Optional<ReadLocality> readLocality) {
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.execTime = requireNonNull(execTime, "execTime is null");
        this.tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
        this.ioCallLatency = requireNonNull(ioCallLatency, "ioCallLatency is null");
        this.openLatency = requireNonNull(openLatency, "openLatency is null");
        this.throughputOverTime = requireNonNull(throughputOverTime, "throughputOverTime is null");
        this.failures = List.copyOf(requireNonNull(failures, "failures is null"));
        this.jobs = List.copyOf(requireNonNull(jobs, "jobs is null"));
        this.resources = requireNonNull(resources, "resources is null");
        this.storeStatistics = requireNonNull(storeStatistics, "storeStatistics is null");
        this.dataNodeBlocks = requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        this.readLocality = requireNonNull(readLocality, "readLocality is null");
        List<Double> rates = new ArrayList<>();
        for (DfsioTask task : this.tasks) {
            rates.add(task.rateMbSec());
        }
        this.taskRates = Summary.of(rates);
        this.taskThroughput = taskThroughput(this.tasks, taskRates);
        this.favoredPlacement = requireNonNull(favoredPlacement, "favoredPlacement is null");
        this.dropBehind = requireNonNull(dropBehind, "dropBehind is null");
    }

    /** What the hosts' CPU, memory, network and disks did while the tasks ran; empty if sampling was off. */
    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** The requests the object store's client sent for all tasks' I/O, summed; none on HDFS. */
    public StoreStatistics storeStatistics() {
        return storeStatistics;
    }

    /** How many blocks of a write to {@code -dataNodes} the NameNode placed as asked; empty for any other run. */
    public Optional<FavoredPlacement> favoredPlacement() {
        return favoredPlacement;
    }

    /** What the files' streams said to {@code -dropBehind}; empty for a run that did not ask. */
    public Optional<DropBehind> dropBehind() {
        return dropBehind;
    }

    /** This result with what its blocks said of the DataNodes. */
    public DfsioResult withDataNodeBlocks(DataNodeBlocks blocks) {
        return new DfsioResult(options, start, end, execTime, tasks, ioCallLatency, openLatency, throughputOverTime,
                failures, jobs, resources, storeStatistics, favoredPlacement, dropBehind, blocks, readLocality);
    }

    /** This result with where a {@code -readFrom} read's tasks ran; empty for any other run. */
    public DfsioResult withReadLocality(Optional<ReadLocality> locality) {
        return new DfsioResult(options, start, end, execTime, tasks, ioCallLatency, openLatency, throughputOverTime,
                failures, jobs, resources, storeStatistics, favoredPlacement, dropBehind, dataNodeBlocks, locality);
    }

    /** Where a {@code -readFrom} read's tasks ran, as they found it; empty for any other run. */
    public Optional<ReadLocality> readLocality() {
        return readLocality;
    }

    /** Each DataNode's blocks, as the tasks timed them on HDFS; none on other file systems. */
    public DataNodeBlocks dataNodeBlocks() {
        return dataNodeBlocks;
    }

    public DfsioOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    /** TestDFSIO's "Test exec time": the job from submission to completion (or the {@code -seq} loop). */
    public Duration execTime() {
        return execTime;
    }

    public List<DfsioTask> tasks() {
        return tasks;
    }

    public long totalBytes() {
        return tasks.stream().mapToLong(DfsioTask::bytes).sum();
    }

    /** The sum of the tasks' I/O times. */
    public Duration totalTaskTime() {
        return tasks.stream().map(DfsioTask::time).reduce(Duration.ZERO, Duration::plus);
    }

    /** TestDFSIO's "Throughput mb/sec": MiB over the sum of task times in seconds. */
    public double throughputMbSec() {
        long nanos = totalTaskTime().toNanos();
        return nanos == 0 ? 0 : DataSize.toMebibytes(totalBytes()) / (nanos / 1e9);
    }

    /** TestDFSIO's "Average IO rate mb/sec": the mean of the per-task rates. */
    public double averageIoRateMbSec() {
        return taskRates.mean();
    }

    /** TestDFSIO's "IO rate std deviation": the population standard deviation of the per-task rates. */
    public double ioRateStdDevMbSec() {
        return taskRates.stdDev();
    }

    /** From the first task's start to the last task's end: the time the cluster was doing I/O. */
    public Duration ioPhase() {
        if (tasks.isEmpty()) {
            return Duration.ZERO;
        }
        Instant first = tasks.stream().map(DfsioTask::start).min(Comparator.naturalOrder()).orElseThrow();
        Instant last = tasks.stream().map(DfsioTask::end).max(Comparator.naturalOrder()).orElseThrow();
        return Duration.between(first, last);
    }

    /** All bytes over the I/O phase's wall time: what the cluster as a whole delivered. */
    public double aggregateThroughputMbSec() {
        long nanos = ioPhase().toNanos();
        return nanos == 0 ? 0 : DataSize.toMebibytes(totalBytes()) / (nanos / 1e9);
    }

    /**
     * The distribution of per-task throughput in bytes/s: exact min, max, mean and deviation; percentiles from
     * HdrHistogram.
     */
    public Distribution taskThroughput() {
        return taskThroughput;
    }

    private static Distribution taskThroughput(List<DfsioTask> tasks, Summary rates) {
        if (tasks.isEmpty()) {
            return new Distribution("task_throughput", Unit.BYTES_PER_SECOND, 0, 0, 0, 0, 0, new TreeMap<>());
        }
        Histogram histogram = Histograms.newHistogram();
        for (DfsioTask task : tasks) {
            histogram.recordValue(Math.round(task.rateMbSec() * 1000));
        }
        SortedMap<Double, Double> percentiles = new TreeMap<>();
        for (double percentile : Histograms.PERCENTILES) {
            double value = histogram.getValueAtPercentile(percentile) / 1000.0;
            percentiles.put(percentile, Math.min(rates.max(), Math.max(rates.min(), value)) * DataSize.MB);
        }
        // Rates are MiB/s; times 2^20 is exact, so the classic figures and these agree to the last bit.
        return new Distribution("task_throughput", Unit.BYTES_PER_SECOND, rates.count(), rates.min() * DataSize.MB,
                rates.max() * DataSize.MB, Math.min(rates.max(), Math.max(rates.min(), rates.mean())) * DataSize.MB,
                rates.stdDev() * DataSize.MB, percentiles);
    }

    /** Latency of single read or write calls of one buffer, in seconds. */
    public Distribution ioCallLatency() {
        return ioCallLatency;
    }

    /**
     * How long each task took to open its file (create, append, open; the length lookup of
     * positional reads and truncate), in seconds: the part of a task's work that Hadoop's
     * TestDFSIO, and so the classic lines, leave out of its time.
     */
    public Distribution openLatency() {
        return openLatency;
    }

    /** Bytes all tasks finished in each second of the I/O phase, in bytes/s (see {@code TestDfsio.throughputBySecond}). */
    public TimeSeries throughputOverTime() {
        return throughputOverTime;
    }

    /** Verification failures, one line per file; empty when all data checked out (or was not checked). */
    public List<String> failures() {
        return failures;
    }

    /** The job that ran the tasks; none for {@code -seq}. */
    public List<SubmittedJob> jobs() {
        return jobs;
    }

    /** The DataNodes asked for, and the blocks placed on them; nothing for a run that asked for none. */
    private void addFavoredPlacement(BenchResult.Builder result) {
        favoredPlacement.ifPresent(placement -> result
                .parameter("dataNodes", String.join(",", options.dataNodes()))
                .metric("favored_blocks", placement.blocks(), Unit.COUNT, Better.NEITHER)
                .metric("favored_blocks_placed", placement.placed(), Unit.COUNT, Better.HIGHER));
    }

    /** Whether drop-behind was asked for, and what the files' streams said; nothing for a run that did not ask. */
    private void addDropBehind(BenchResult.Builder result) {
        dropBehind.ifPresent(answer -> result.parameter("dropBehind", true)
                .metric("drop_behind_accepted", answer.accepted(), Unit.COUNT, Better.NEITHER)
                .metric("drop_behind_refused", answer.refused(), Unit.COUNT, Better.NEITHER));
    }

    /** Where the tasks were asked to run and where they did; nothing for a run without {@code -readFrom}. */
    private void addReadLocality(BenchResult.Builder result) {
        readLocality.ifPresent(locality -> result.parameter("readFrom", locality.readFrom().label())
                .metric("reads_local", locality.tasksOnReplicaHost(), Unit.COUNT, Better.NEITHER)
                .metric("reads_remote", locality.tasksElsewhere(), Unit.COUNT, Better.NEITHER)
                .metric("read_files_without_host", locality.filesWithoutHost(), Unit.COUNT, Better.NEITHER));
    }

    /** The common result model, for JSON and for tools that embed hbench; the primary metric is aggregate throughput. */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder("TestDFSIO", options.operation().label())
                .primaryMetric("aggregate_throughput")
                .environment(environment)
                .parameter("nrFiles", options.nrFiles())
                .parameter("fileSize", options.fileSize())
                .parameter("bufferSize", options.bufferSize())
                .parameter("skipSize", options.skipSize())
                .parameter("compression", options.compressionCodec().orElse("none"))
                .parameter("storagePolicy", options.storagePolicy().orElse("default"))
                .parameter("erasureCodePolicy", options.erasureCodePolicy().orElse("none"))
                .parameter("verify", options.verify())
                .parameter("sequential", options.sequential())
                .location("baseDir", options.baseDir())
                .start(start)
                .end(end)
                .metric("files", tasks.size(), Unit.COUNT, Better.NEITHER)
                .metric("bytes", totalBytes(), Unit.BYTES, Better.NEITHER)
                .metric("classic_throughput", throughputMbSec() * DataSize.MB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .metric("io_rate_mean", averageIoRateMbSec() * DataSize.MB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                // A spread has no better direction: a narrower one may be the fast tasks slowed to the slow ones' rate.
                .metric("io_rate_stddev", ioRateStdDevMbSec() * DataSize.MB, Unit.BYTES_PER_SECOND, Better.NEITHER)
                .metric("exec_time", execTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("io_phase_time", ioPhase().toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("aggregate_throughput", aggregateThroughputMbSec() * DataSize.MB, Unit.BYTES_PER_SECOND,
                        Better.HIGHER)
                .distribution(taskThroughput())
                .distribution(ioCallLatency)
                .distribution(openLatency)
                .timeSeries(throughputOverTime)
                .jobs(jobs);
        for (DfsioTask task : tasks) {
            result.taskSample(new TaskSample(task.fileName(), task.host(), task.start(), task.end(), List.of(
                    Metric.of("bytes", task.bytes(), Unit.BYTES, Better.NEITHER),
                    Metric.of("task_time", task.time().toNanos() / 1e9, Unit.SECONDS, Better.LOWER),
                    Metric.of("throughput", task.rateMbSec() * DataSize.MB, Unit.BYTES_PER_SECOND, Better.HIGHER))));
        }
        storeStatistics.metrics().forEach(result::metric);
        addFavoredPlacement(result);
        addDropBehind(result);
        dataNodeBlocks.addTo(result);
        addReadLocality(result);
        failures.forEach(result::failure);
        resources.ifPresent(result::resources);
        return result.build();
    }
}
