package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What HSDataCheck found; {@link #problems} is empty when the data passed. */
public final class HsDataCheckResult {
    private final HsDataCheckOptions options;
    private final Instant start;
    private final Instant end;
    private final Duration time;
    private final int files;
    private final long bytes;
    private final int lowestReplication;
    private final List<String> problems;
    private final Map<String, String> cluster;

    public HsDataCheckResult(HsDataCheckOptions options, Instant start, Instant end, Duration time, int files,
            long bytes, int lowestReplication, List<String> problems, Map<String, String> cluster) {
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.time = requireNonNull(time, "time is null");
        this.files = files;
        this.bytes = bytes;
        this.lowestReplication = lowestReplication;
        this.problems = List.copyOf(requireNonNull(problems, "problems is null"));
        this.cluster = Map.copyOf(requireNonNull(cluster, "cluster is null"));
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

    public int lowestReplication() {
        return lowestReplication;
    }

    public List<String> problems() {
        return problems;
    }

    public boolean passed() {
        return problems.isEmpty();
    }

    public BenchResult toBenchResult() {
        BenchResult.Builder result = BenchResult.builder("HSDataCheck", "check")
                .parameter("dir", options.dir())
                .parameter("expected rows", options.expectedRows().map(String::valueOf).orElse("unknown"))
                .parameter("replication", options.replication())
                .parameter("compliant", options.compliant())
                .start(start)
                .end(end)
                .metric("files", files, Unit.COUNT)
                .metric("bytes", bytes, Unit.BYTES)
                .metric("rows", rows(), Unit.COUNT)
                .metric("lowest replication", lowestReplication, Unit.COUNT)
                .metric("time", time.toNanos() / 1e6, Unit.MILLISECONDS);
        HsReport.addCluster(result, cluster);
        problems.forEach(result::failure);
        return result.build();
    }
}
