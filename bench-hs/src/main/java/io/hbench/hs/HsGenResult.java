package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.resources.SampledResources;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What an HSGen run wrote and how long the job took. */
public final class HsGenResult implements ProgramResult {
    private final HsGenOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration jobTime;
    private final long rows;
    private final BigInteger checksum;
    private final SubmittedJob job;
    private final String committer;
    private final List<TaskSample> tasks;
    private final Optional<SampledResources> sampledResources;
    private final Optional<ResourceUsage> resources;
    private final DataNodeBlocks dataNodeBlocks;

    public HsGenResult(HsGenOptions options, Instant start, Instant end, Duration jobTime, long rows,
            BigInteger checksum, SubmittedJob job, String committer,
            List<TaskSample> tasks) {
        this(options, start, end, jobTime, rows, checksum, job, committer, tasks,
                Optional.empty(), DataNodeBlocks.none());
    }

    /**
     * @param resources what the job's hosts' samplers handed over; empty if they did not sample
     * @param dataNodeBlocks the blocks the tasks read and wrote on HDFS, by DataNode; none on other file systems
     */
    public HsGenResult(HsGenOptions options, Instant start, Instant end, Duration jobTime, long rows,
            BigInteger checksum, SubmittedJob job, String committer,
            List<TaskSample> tasks, Optional<SampledResources> resources, DataNodeBlocks dataNodeBlocks) {
        this.dataNodeBlocks = requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        this.sampledResources = requireNonNull(resources, "resources is null");
        this.resources = resources.map(SampledResources::usage);
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.jobTime = requireNonNull(jobTime, "jobTime is null");
        this.rows = rows;
        this.checksum = requireNonNull(checksum, "checksum is null");
        this.job = requireNonNull(job, "job is null");
        this.committer = requireNonNull(committer, "committer is null");
        this.tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
    }

    public HsGenOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    /** From submission to completion of the job. */
    public Duration jobTime() {
        return jobTime;
    }

    public long rows() {
        return rows;
    }

    public long bytes() {
        return rows * Records.RECORD_LENGTH;
    }

    /** The sum of all records' CRC32, exact. */
    public BigInteger checksum() {
        return checksum;
    }

    /** Bytes per second of job time. */
    public double bytesPerSecond() {
        long nanos = jobTime.toNanos();
        return nanos == 0 ? 0 : bytes() / (nanos / 1e9);
    }

    /** The MapReduce job that did the work. */
    public SubmittedJob job() {
        return job;
    }

    /**
     * The output committer that committed the job's output, as its {@code _SUCCESS} names it: "file" for the classic
     * FileOutputCommitter, an S3A committer's name ("magic", "directory", "partitioned"), "unknown" without one.
     */
    public String committer() {
        return committer;
    }

    /** Each task's own start, end and run time; a reduce task's from after its shuffle. */
    public List<TaskSample> tasks() {
        return tasks;
    }

    /** What the hosts' CPU, memory, network and disks did while the job's tasks ran; empty if not sampled. */
    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** Each DataNode's blocks, as the tasks timed them on HDFS; none on other file systems. */
    public DataNodeBlocks dataNodeBlocks() {
        return dataNodeBlocks;
    }

    /** The samples behind {@link #resources()}, for TPCx-HS to combine with its other jobs'. */
    Optional<SampledResources> sampledResources() {
        return sampledResources;
    }

    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder("HSGen", "generate")
                .primaryMetric("throughput")
                .environment(environment)
                .parameter("rows", options.rows())
                .parameter("maps", options.maps())
                .parameter("replication", options.replication())
                .parameter("skew", options.skew().name())
                .parameter("committer", committer)
                .location("output", options.outputDir())
                .output("checksum", Checksum.format(checksum))
                .start(start)
                .end(end)
                .metric("rows", rows, Unit.COUNT, Better.NEITHER)
                .metric("bytes", bytes(), Unit.BYTES, Better.NEITHER)
                .metric("job_time", jobTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("throughput", bytesPerSecond(), Unit.BYTES_PER_SECOND, Better.HIGHER);
        result.job(job);
        resources.ifPresent(result::resources);
        result.taskSamples(tasks);
        dataNodeBlocks.addTo(result);
        return result.build();
    }
}
