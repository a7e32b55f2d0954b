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
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** What HSSort did: rows, times (sampling and job), and how evenly the reducers were loaded. */
public final class HsSortResult implements ProgramResult {
    private final HsSortOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration totalTime;
    private final Duration jobTime;
    private final Duration samplingTime;
    private final int sampledKeys;
    private final long rows;
    private final int maps;
    private final List<Long> reducerBytes;
    private final SubmittedJob job;
    private final String committer;
    private final List<TaskSample> tasks;
    private final Optional<SampledResources> sampledResources;
    private final Optional<ResourceUsage> resources;
    private final DataNodeBlocks dataNodeBlocks;

    public HsSortResult(HsSortOptions options, Instant start, Instant end, Duration totalTime, Duration jobTime,
            Duration samplingTime, int sampledKeys, long rows, int maps, List<Long> reducerBytes,
            SubmittedJob job, String committer,
            List<TaskSample> tasks) {
        this(options, start, end, totalTime, jobTime, samplingTime, sampledKeys, rows, maps, reducerBytes, job,
                committer, tasks, Optional.empty(), DataNodeBlocks.none());
    }

    /**
     * @param resources what the job's hosts' samplers handed over; empty if they did not sample
     * @param dataNodeBlocks the blocks the tasks read and wrote on HDFS, by DataNode; none on other file systems
     */
    public HsSortResult(HsSortOptions options, Instant start, Instant end, Duration totalTime, Duration jobTime,
            Duration samplingTime, int sampledKeys, long rows, int maps, List<Long> reducerBytes,
            SubmittedJob job, String committer,
            List<TaskSample> tasks, Optional<SampledResources> resources, DataNodeBlocks dataNodeBlocks) {
        this.dataNodeBlocks = requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        this.sampledResources = requireNonNull(resources, "resources is null");
        this.resources = resources.map(SampledResources::usage);
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.totalTime = requireNonNull(totalTime, "totalTime is null");
        this.jobTime = requireNonNull(jobTime, "jobTime is null");
        this.samplingTime = requireNonNull(samplingTime, "samplingTime is null");
        this.sampledKeys = sampledKeys;
        this.rows = rows;
        this.maps = maps;
        this.reducerBytes = List.copyOf(requireNonNull(reducerBytes, "reducerBytes is null"));
        this.job = requireNonNull(job, "job is null");
        this.committer = requireNonNull(committer, "committer is null");
        this.tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
    }

    public HsSortOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    /** Sampling, job and bookkeeping. */
    public Duration totalTime() {
        return totalTime;
    }

    public Duration jobTime() {
        return jobTime;
    }

    public Duration samplingTime() {
        return samplingTime;
    }

    public int sampledKeys() {
        return sampledKeys;
    }

    public long rows() {
        return rows;
    }

    public long bytes() {
        return rows * Records.RECORD_LENGTH;
    }

    public int maps() {
        return maps;
    }

    /** Bytes each reducer received (and wrote), in reducer order. */
    public List<Long> reducerBytes() {
        return reducerBytes;
    }

    public long largestReducerBytes() {
        return reducerBytes.isEmpty() ? 0 : Collections.max(reducerBytes);
    }

    public long smallestReducerBytes() {
        return reducerBytes.isEmpty() ? 0 : Collections.min(reducerBytes);
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
        BenchResult.Builder result = BenchResult.builder("HSSort", "sort")
                .primaryMetric("total_time")
                .environment(environment)
                .parameter("reduces", reducerBytes.size())
                .parameter("replication", options.replication())
                .parameter("sampler", options.sampler().name())
                .parameter("committer", committer)
                .location("input", options.inputDir())
                .location("output", options.outputDir())
                .start(start)
                .end(end)
                .metric("rows", rows, Unit.COUNT, Better.NEITHER)
                .metric("bytes", bytes(), Unit.BYTES, Better.NEITHER)
                .metric("maps", maps, Unit.COUNT, Better.NEITHER)
                .metric("sampled_keys", sampledKeys, Unit.COUNT, Better.NEITHER)
                .metric("sampling_time", samplingTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("job_time", jobTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("total_time", totalTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("largest_reducer_input", largestReducerBytes(), Unit.BYTES, Better.NEITHER)
                .metric("smallest_reducer_input", smallestReducerBytes(), Unit.BYTES, Better.NEITHER);
        result.job(job);
        resources.ifPresent(result::resources);
        result.taskSamples(tasks);
        dataNodeBlocks.addTo(result);
        return result.build();
    }
}
