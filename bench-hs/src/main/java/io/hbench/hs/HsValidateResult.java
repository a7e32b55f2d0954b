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
import java.util.stream.Collectors;

/** What HSValidate found: rows, checksum, and every error line (empty when the data is valid). */
public final class HsValidateResult implements ProgramResult {
    private final HsValidateOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration jobTime;
    private final int files;
    private final long rows;
    private final BigInteger checksum;
    private final Long expectedRows;
    private final BigInteger expectedChecksum;
    private final List<String> errors;
    private final SubmittedJob job;
    private final String committer;
    private final List<TaskSample> tasks;
    private final Optional<SampledResources> sampledResources;
    private final Optional<ResourceUsage> resources;
    private final DataNodeBlocks dataNodeBlocks;

    public HsValidateResult(HsValidateOptions options, Instant start, Instant end, Duration jobTime, int files,
            long rows, BigInteger checksum, Long expectedRows, BigInteger expectedChecksum, List<String> errors,
            SubmittedJob job, String committer,
            List<TaskSample> tasks) {
        this(options, start, end, jobTime, files, rows, checksum, expectedRows, expectedChecksum, errors, job,
                committer, tasks, Optional.empty(), DataNodeBlocks.none());
    }

    /**
     * @param resources what the job's hosts' samplers handed over; empty if they did not sample
     * @param dataNodeBlocks the blocks the tasks read and wrote on HDFS, by DataNode; none on other file systems
     */
    public HsValidateResult(HsValidateOptions options, Instant start, Instant end, Duration jobTime, int files,
            long rows, BigInteger checksum, Long expectedRows, BigInteger expectedChecksum, List<String> errors,
            SubmittedJob job, String committer,
            List<TaskSample> tasks, Optional<SampledResources> resources, DataNodeBlocks dataNodeBlocks) {
        this.dataNodeBlocks = requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        this.sampledResources = requireNonNull(resources, "resources is null");
        this.resources = resources.map(SampledResources::usage);
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.jobTime = requireNonNull(jobTime, "jobTime is null");
        this.files = files;
        this.rows = rows;
        this.checksum = requireNonNull(checksum, "checksum is null");
        this.expectedRows = expectedRows;
        this.expectedChecksum = expectedChecksum;
        this.errors = List.copyOf(requireNonNull(errors, "errors is null"));
        this.job = requireNonNull(job, "job is null");
        this.committer = requireNonNull(committer, "committer is null");
        this.tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
    }

    public HsValidateOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public Duration jobTime() {
        return jobTime;
    }

    public int files() {
        return files;
    }

    public long rows() {
        return rows;
    }

    public long bytes() {
        return rows * Records.RECORD_LENGTH;
    }

    public BigInteger checksum() {
        return checksum;
    }

    /** The row count checked against; empty when neither HSGen's summary nor -rows gave one. */
    public Optional<Long> expectedRows() {
        return Optional.ofNullable(expectedRows);
    }

    /** HSGen's checksum; empty when no HSGen summary was found. */
    public Optional<BigInteger> expectedChecksum() {
        return Optional.ofNullable(expectedChecksum);
    }

    /** Error lines, as in the report: "error\t..." */
    public List<String> errors() {
        return errors;
    }

    /** Why the data is not valid, one message per error line; empty when it is. */
    public List<String> failures() {
        return errors.stream().map(error -> error.substring(error.indexOf('\t') + 1)).collect(Collectors.toList());
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
        BenchResult.Builder result = BenchResult.builder("HSValidate", "validate")
                .primaryMetric("job_time")
                .environment(environment)
                .parameter("committer", committer)
                .location("input", options.inputDir())
                .location("report", options.reportDir())
                .output("checksum", Checksum.format(checksum))
                .start(start)
                .end(end)
                .metric("files", files, Unit.COUNT, Better.NEITHER)
                .metric("rows", rows, Unit.COUNT, Better.NEITHER)
                .metric("bytes", bytes(), Unit.BYTES, Better.NEITHER)
                .metric("job_time", jobTime.toNanos() / 1e9, Unit.SECONDS, Better.LOWER);
        if (expectedRows != null) {
            result.output("expected_rows", expectedRows.toString());
        }
        if (expectedChecksum != null) {
            result.output("expected_checksum", Checksum.format(expectedChecksum));
        }
        result.job(job);
        resources.ifPresent(result::resources);
        result.taskSamples(tasks);
        dataNodeBlocks.addTo(result);
        failures().forEach(result::failure);
        return result.build();
    }
}
