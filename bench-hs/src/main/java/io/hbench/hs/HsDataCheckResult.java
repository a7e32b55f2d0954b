package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What HSDataCheck found; {@link #failures} is empty when the data passed. */
public final class HsDataCheckResult implements ProgramResult {
    private final HsDataCheckOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration time;
    private final int files;
    private final long bytes;
    private final Optional<Integer> lowestReplication;
    private final List<String> failures;

    /** @param lowestReplication the lowest replication of the files; empty where the file system reports none */
    public HsDataCheckResult(HsDataCheckOptions options, Instant start, Instant end, Duration time, int files,
            long bytes, Optional<Integer> lowestReplication, List<String> failures) {
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.time = requireNonNull(time, "time is null");
        this.files = files;
        this.bytes = bytes;
        this.lowestReplication = requireNonNull(lowestReplication, "lowestReplication is null");
        this.failures = List.copyOf(requireNonNull(failures, "failures is null"));
    }

    public HsDataCheckOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public Duration time() {
        return time;
    }

    public int files() {
        return files;
    }

    public long bytes() {
        return bytes;
    }

    public long rows() {
        return bytes / Records.RECORD_LENGTH;
    }

    /** Empty, and unchecked, when the file system keeps no replicas to report (an object store, local files). */
    public Optional<Integer> lowestReplication() {
        return lowestReplication;
    }

    /** What the check found wrong, one message each; empty when the data passed. */
    public List<String> failures() {
        return failures;
    }

    /** Always empty: HSDataCheck reads metadata from this process, and runs no tasks on the cluster to sample. */
    @Override
    public Optional<ResourceUsage> resources() {
        return Optional.empty();
    }

    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder("HSDataCheck", "check")
                .primaryMetric("check_time")
                .environment(environment)
                .parameter("expected_rows", options.expectedRows().map(String::valueOf).orElse("unknown"))
                .parameter("replication", options.replication())
                .parameter("compliant", options.compliant())
                .location("dir", options.dir())
                .start(start)
                .end(end)
                .metric("files", files, Unit.COUNT, Better.NEITHER)
                .metric("bytes", bytes, Unit.BYTES, Better.NEITHER)
                .metric("rows", rows(), Unit.COUNT, Better.NEITHER);
        lowestReplication.ifPresent(lowest -> result.metric("lowest_replication", lowest, Unit.COUNT, Better.NEITHER));
        result.metric("check_time", time.toNanos() / 1e9, Unit.SECONDS, Better.LOWER);
        failures.forEach(result::failure);
        return result.build();
    }
}
