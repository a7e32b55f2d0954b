package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The outcome of an NNThroughputBenchmark run: one {@link OpResult} per operation run (several for -op all). */
public final class NnResult {
    public static final String BENCHMARK = "NNThroughputBenchmark";

    private final NnOptions options;
    private final String nameNode;
    private final Instant start;
    private final Instant end;
    private final List<OpResult> operations;

    /** @param nameNode "standalone", or the remote NameNode's URI */
    public NnResult(NnOptions options, String nameNode, Instant start, Instant end, List<OpResult> operations) {
        this.options = requireNonNull(options, "options is null");
        this.nameNode = requireNonNull(nameNode, "nameNode is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start: " + start + ", " + end);
        }
        this.operations = List.copyOf(requireNonNull(operations, "operations is null"));
    }

    public NnOptions options() {
        return options;
    }

    public String nameNode() {
        return nameNode;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public List<OpResult> operations() {
        return operations;
    }

    /** The common result model; {@code cluster} facts are added as given. */
    public BenchResult toBenchResult(Map<String, String> cluster) {
        BenchResult.Builder result = BenchResult.builder(BENCHMARK, options.operation().label())
                .start(start)
                .end(end)
                .parameter("nameNode", nameNode);
        NnOptions o = options;
        result.parameter("threads", o.threads()).parameter("files", o.files()).parameter("filesPerDir", o.filesPerDir())
                .parameter("dirs", o.dirs()).parameter("dirsPerDir", o.dirsPerDir()).parameter("close", o.close())
                .parameter("useExisting", o.useExisting()).parameter("keepResults", o.keepResults())
                .parameter("baseDirName", o.baseDirName()).parameter("blockSize", o.blockSize())
                .parameter("datanodes", o.datanodes()).parameter("reports", o.reports())
                .parameter("blocksPerReport", o.blocksPerReport()).parameter("blocksPerFile", o.blocksPerFile())
                .parameter("replication", o.replication()).parameter("warmup", o.warmup())
                .parameter("duration", o.duration().map(d -> d.toMillis() + "ms").orElse("none"))
                .parameter("mix", o.mix().entrySet().stream().map(e -> e.getKey().label() + "=" + e.getValue())
                        .collect(java.util.stream.Collectors.joining(",")))
                .parameter("histograms", o.histograms());
        for (OpResult op : operations) {
            String p = op.operation().label() + " ";
            result.metric(p + "operations", op.operations(), Unit.COUNT)
                    .metric(p + "elapsed time", op.elapsedMicros(), Unit.MICROSECONDS)
                    .metric(p + "ops per sec", op.opsPerSecond(), Unit.OPERATIONS_PER_SECOND)
                    .metric(p + "average time", op.averageMicros(), Unit.MICROSECONDS)
                    .metric(p + "warmup operations", op.warmupOperations(), Unit.COUNT);
            for (OpResult.Kind kind : op.kinds().values()) {
                if (op.kinds().size() > 1) {
                    String k = p + kind.name() + " ";
                    result.metric(k + "operations", kind.operations(), Unit.COUNT)
                            .metric(k + "ops per sec", op.elapsedNanos() == 0 ? 0
                                    : kind.operations() * 1e9 / op.elapsedNanos(), Unit.OPERATIONS_PER_SECOND);
                }
                Distribution latency = kind.latency();
                result.distribution(renamed(latency, p + (op.kinds().size() > 1 ? kind.name() + " " : "") + "latency"));
            }
            op.completeLatency().ifPresent(d -> result.distribution(renamed(d, p + "complete latency")));
        }
        cluster.forEach(result::cluster);
        return result.build();
    }

    private static Distribution renamed(Distribution d, String name) {
        return new Distribution(name, d.unit(), d.count(), d.min(), d.max(), d.mean(), d.stdDev(), d.percentiles());
    }
}
