package io.hbench.nnthroughput;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import java.time.Instant;
import java.util.List;

import static java.util.Objects.requireNonNull;

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

    /**
     * The common result model. The primary metric is ops/s, one per operation (labelled operation=create, ...); a
     * mix's calls are labelled call=... as well.
     */
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder(BENCHMARK, options.operation().label())
                .primaryMetric("ops_per_second")
                .environment(environment)
                .start(start)
                .end(end)
                .location("nameNode", nameNode)
                .location("baseDirName", options.baseDirName());
        NnOptions o = options;
        result.parameter("threads", o.threads()).parameter("files", o.files()).parameter("filesPerDir", o.filesPerDir())
                .parameter("dirs", o.dirs()).parameter("dirsPerDir", o.dirsPerDir()).parameter("close", o.close())
                .parameter("useExisting", o.useExisting()).parameter("keepResults", o.keepResults())
                .parameter("blockSize", o.blockSize())
                .parameter("datanodes", o.datanodes()).parameter("reports", o.reports())
                .parameter("blocksPerReport", o.blocksPerReport()).parameter("blocksPerFile", o.blocksPerFile())
                .parameter("replication", o.replication()).parameter("warmup", o.warmup())
                .parameter("duration", o.duration().map(d -> d.toMillis() + "ms").orElse("none"))
                .parameter("mix", o.mix().entrySet().stream().map(e -> e.getKey().label() + "=" + e.getValue())
                        .collect(java.util.stream.Collectors.joining(",")))
                .parameter("histograms", o.histograms());
        for (OpResult op : operations) {
            String operation = op.operation().label();
            result.metric(labelled("ops", op.operations(), Unit.COUNT, Better.NEITHER, operation))
                    .metric(labelled("elapsed_time", op.elapsedNanos() / 1e9, Unit.SECONDS, Better.LOWER, operation))
                    .metric(labelled("ops_per_second", op.opsPerSecond(), Unit.OPERATIONS_PER_SECOND, Better.HIGHER,
                            operation))
                    .metric(labelled("average_time", op.operations() == 0 ? 0 : op.cumulativeNanos() / 1e9
                            / op.operations(), Unit.SECONDS, Better.LOWER, operation))
                    .metric(labelled("warmup_ops", op.warmupOperations(), Unit.COUNT, Better.NEITHER, operation));
            for (OpResult.Kind kind : op.kinds().values()) {
                Distribution latency = kind.latency().withLabel("operation", operation);
                if (op.kinds().size() > 1) {
                    result.metric(labelled("ops", kind.operations(), Unit.COUNT, Better.NEITHER, operation)
                                    .withLabel("call", kind.name()))
                            .metric(labelled("ops_per_second", op.elapsedNanos() == 0 ? 0
                                    : kind.operations() * 1e9 / op.elapsedNanos(), Unit.OPERATIONS_PER_SECOND,
                                    Better.HIGHER, operation).withLabel("call", kind.name()));
                    latency = latency.withLabel("call", kind.name());
                }
                result.distribution(latency);
            }
            op.completeLatency().ifPresent(d -> result.distribution(d.withLabel("operation", operation)));
        }
        return result.build();
    }

    private static Metric labelled(String id, double value, Unit unit, Better better, String operation) {
        return Metric.of(id, value, unit, better).withLabel("operation", operation);
    }
}
