package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadOutcome;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.namenode.RoleLatency;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/** The outcome of an NNThroughputBenchmark run: one {@link OpResult} per operation run (several for -op all). */
public final class NnResult implements ProgramResult {
    public static final String BENCHMARK = "NNThroughputBenchmark";
    // The base directory is where the run worked, a location; keeping the results acts only after the timed work.
    // So are the subclusters it worked in, which label the figures of a run per subcluster.
    private static final Set<NnOption> NOT_PARAMETERS = EnumSet.of(NnOption.BASE_DIR_NAME, NnOption.KEEP_RESULTS,
            NnOption.PER_SUBCLUSTER, NnOption.SUB_CLUSTER_PATHS);
    /** Parameters of a run at a rate only: a closed-loop run's parameters stay as they were. */
    private static final Set<NnOption> SCHEDULE = EnumSet.of(NnOption.RATE, NnOption.ARRIVALS, NnOption.SEED);
    /** Options of a capacity curve only; of them, its rates, step duration and objective are its parameters. */
    private static final Set<NnOption> CURVE = EnumSet.of(NnOption.RATES, NnOption.RAMP, NnOption.STEPS,
            NnOption.STEP_DURATION, NnOption.SLO);
    /** A curve gives a ramp as its rates, and a step's count is its rate times its duration. */
    private static final Set<NnOption> NOT_CURVE_PARAMETERS = EnumSet.of(NnOption.RATE, NnOption.RAMP,
            NnOption.STEPS, NnOption.FILES, NnOption.DIRS);

    private final NnOptions options;
    private final String nameNode;
    private final Instant start;
    private final Instant end;
    private final List<OpResult> operations;
    private final Optional<ResourceUsage> resources;
    private final Optional<NameNodeCalls> nameNodeCalls;
    private final Optional<NameserviceRecord> nameservice;

    /** @param nameNode "standalone", or the remote NameNode's URI */
    public NnResult(NnOptions options, String nameNode, Instant start, Instant end, List<OpResult> operations) {
        this(options, nameNode, start, end, operations, Optional.empty());
    }

    /**
     * @param resources what the client's host did during the run (in standalone mode also the NameNode's); empty if
     *     not sampled
     */
    public NnResult(NnOptions options, String nameNode, Instant start, Instant end, List<OpResult> operations,
            Optional<ResourceUsage> resources) {
        this(options, nameNode, start, end, operations, resources, Optional.empty(), Optional.empty());
    }

    private NnResult(NnOptions options, String nameNode, Instant start, Instant end, List<OpResult> operations,
            Optional<ResourceUsage> resources, Optional<NameNodeCalls> nameNodeCalls,
            Optional<NameserviceRecord> nameservice) {
        this.resources = requireNonNull(resources, "resources is null");
        this.nameNodeCalls = requireNonNull(nameNodeCalls, "nameNodeCalls is null");
        this.nameservice = requireNonNull(nameservice, "nameservice is null");
        this.options = requireNonNull(options, "options is null");
        this.nameNode = requireNonNull(nameNode, "nameNode is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start: " + start + ", " + end);
        }
        this.operations = List.copyOf(requireNonNull(operations, "operations is null"));
    }

    /** This result with which NameNode of its nameservice served how many calls. */
    NnResult withNameNodeCalls(NameNodeCalls nameNodeCalls) {
        return new NnResult(options, nameNode, start, end, operations, resources,
                Optional.of(requireNonNull(nameNodeCalls, "nameNodeCalls is null")), nameservice);
    }

    /** On a logical nameservice, which NameNode served how many calls during the run; empty otherwise. */
    public Optional<NameNodeCalls> nameNodeCalls() {
        return nameNodeCalls;
    }

    /**
     * Per operation of the run, its latency per NameNode role ({@link RoleLatency}), in the order the kinds came; none
     * without NameNode calls or for a capacity curve.
     */
    List<RoleLatency> roleLatencies() {
        if (nameNodeCalls.isEmpty() || options.curve().isPresent()) {
            return List.of();
        }
        Map<String, Map<String, Histogram>> latencies = new LinkedHashMap<>();
        for (OpResult op : operations) {
            Map<String, Histogram> kinds = new LinkedHashMap<>();
            op.kinds().values().forEach(kind -> kind.histogram().ifPresent(h -> kinds.put(kind.name(), h)));
            latencies.put(op.operation().label(), kinds);
        }
        return RoleLatency.of(nameNodeCalls.get(), latencies, NnOperation.RPC_METHODS);
    }

    /** What the client host's CPU, memory, network and disks did during the run; empty if not sampled. */
    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** This result, run on the logical nameservice {@code record} tells of. */
    public NnResult withNameservice(NameserviceRecord record) {
        return new NnResult(options, nameNode, start, end, operations, resources, nameNodeCalls,
                Optional.of(requireNonNull(record, "record is null")));
    }

    /** The nameservice the run was on, its NameNodes and their states; empty unless -fs named a logical one. */
    public Optional<NameserviceRecord> nameservice() {
        return nameservice;
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

    /** The operations run; for a capacity curve, its steps in offered order. */
    public List<OpResult> operations() {
        return operations;
    }

    /** What a capacity curve ({@code -rates}, {@code -ramp}) found; empty for any other run. */
    public Optional<CapacityCurve> curve() {
        return options.curve().map(plan -> new CapacityCurve(plan, operations));
    }

    /**
     * The common result model. The primary metric is ops/s, one per operation (labelled operation=create, ...); a
     * mix's calls are labelled call=... as well. The parameters are the options the operation uses.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        return benchResult(environment).build();
    }

    /** {@link #toBenchResult}'s builder, to which a run from many clients adds their figures. */
    BenchResult.Builder benchResult(Environment environment) {
        Optional<CapacityCurve> curve = curve();
        BenchResult.Builder result = BenchResult.builder(BENCHMARK, options.operation().label())
                .primaryMetric(curve.isPresent() ? "sustained_ops_per_second" : "ops_per_second")
                .environment(environment)
                .start(start)
                .end(end)
                .location("nameNode", nameNode)
                .location("baseDirName", options.baseDirName());
        nameservice.ifPresent(record -> record.addTo(result));
        for (NnOption option : NnOption.of(options.operation())) {
            if (isParameter(option)) {
                result.parameter(option.optionName(), parameter(option));
            }
        }
        if (curve.isPresent()) {
            curveFigures(curve.get(), result);
            resources.ifPresent(result::resources);
            return result;
        }
        for (OpResult op : operations) {
            String operation = op.operation().label();
            op.figures().metrics(operation).forEach(result::metric);
            result.metric(labelled("warmup_ops", op.warmupOperations(), Unit.COUNT, Better.NEITHER, operation));
            op.openLoop().ifPresent(load -> load.metrics(operation).forEach(result::metric));
            int index = 0;
            for (OpResult.Kind kind : op.kinds().values()) {
                Distribution latency = kind.latency().withLabel("operation", operation);
                int kindIndex = index;
                Optional<Distribution> serviceTime = op.openLoop().map(load -> load.serviceTimeDistribution(kindIndex)
                        .withLabel("operation", operation));
                if (op.kinds().size() > 1) {
                    result.metric(labelled("ops", kind.operations(), Unit.COUNT, Better.NEITHER, operation)
                                    .withLabel("call", kind.name()))
                            .metric(labelled("ops_per_second", op.elapsedNanos() == 0 ? 0
                                    : kind.operations() * 1e9 / op.elapsedNanos(), Unit.OPERATIONS_PER_SECOND,
                                    Better.HIGHER, operation).withLabel("call", kind.name()));
                    latency = latency.withLabel("call", kind.name());
                    serviceTime = serviceTime.map(d -> d.withLabel("call", kind.name()));
                }
                result.distribution(latency);
                serviceTime.ifPresent(result::distribution);
                index++;
            }
            op.completeLatency().ifPresent(d -> result.distribution(d.withLabel("operation", operation)));
            op.timeline().ifPresent(timeline -> timeline.addTo(result, Map.of("operation", operation)));
            op.readAfterWrite().ifPresent(d -> result.distribution(d.withLabel("operation", operation)));
        }
        nameNodeCalls.ifPresent(calls -> calls.metrics().forEach(result::metric));
        roleLatencies().forEach(role -> result.distribution(role.latency()));
        resources.ifPresent(result::resources);
        return result;
    }

    private boolean isParameter(NnOption option) {
        if (NOT_PARAMETERS.contains(option)) {
            return false;
        }
        if (option == NnOption.READ_AFTER_WRITE) {
            return options.readAfterWrite();
        }
        if (options.curve().isPresent()) {
            return !NOT_CURVE_PARAMETERS.contains(option);
        }
        return !CURVE.contains(option) && (options.rate().isPresent() || !SCHEDULE.contains(option));
    }

    /**
     * A curve's figures: per step (labelled step=1, 2, ...) the offered and achieved rate, how far behind it ended,
     * its latency and service time; then the sustained rate, the knee (absent when every step passed) and the
     * objective's bound.
     */
    private static void curveFigures(CapacityCurve curve, BenchResult.Builder result) {
        String operation = curve.steps().get(0).result().operation().label();
        for (CapacityCurve.Step step : curve.steps()) {
            String number = Integer.toString(step.number());
            LoadOutcome load = step.load();
            result.metric(labelled("target_ops_per_second", step.offeredRate(), Unit.OPERATIONS_PER_SECOND,
                            Better.NEITHER, operation).withLabel("step", number))
                    .metric(labelled("ops_per_second", load.achievedRate(), Unit.OPERATIONS_PER_SECOND,
                            Better.HIGHER, operation).withLabel("step", number))
                    .metric(labelled("behind_schedule", load.behindNanos() / 1e9, Unit.SECONDS, Better.LOWER,
                            operation).withLabel("step", number));
            boolean mix = step.result().kinds().size() > 1;
            int index = 0;
            for (OpResult.Kind kind : step.result().kinds().values()) {
                Distribution latency = kind.latency().withLabel("operation", operation).withLabel("step", number);
                Distribution serviceTime = load.serviceTimeDistribution(index).withLabel("operation", operation)
                        .withLabel("step", number);
                result.distribution(mix ? latency.withLabel("call", kind.name()) : latency)
                        .distribution(mix ? serviceTime.withLabel("call", kind.name()) : serviceTime);
                index++;
            }
            step.result().timeline().ifPresent(timeline -> timeline.addTo(result, Map.of("operation", operation,
                    "step", number)));
        }
        result.metric(labelled("sustained_ops_per_second", curve.sustainedRate(), Unit.OPERATIONS_PER_SECOND,
                Better.HIGHER, operation));
        curve.knee().ifPresent(knee -> result.metric(labelled("knee_ops_per_second", knee.offeredRate(),
                Unit.OPERATIONS_PER_SECOND, Better.NEITHER, operation)));
        result.metric(labelled("slo_seconds", curve.plan().slo().boundNanos() / 1e9, Unit.SECONDS, Better.NEITHER,
                operation));
    }

    /**
     * The option's value as a parameter: numbers and booleans as Java writes them, the duration in seconds ("none"
     * for a run of a count), "never" for a refresh count that is off, the mix as {@code op=weight,...}.
     */
    private String parameter(NnOption option) {
        NnOptions o = options;
        switch (option) {
            case THREADS:
                return Integer.toString(o.threads());
            case FILES:
                return Integer.toString(o.files());
            case FILES_PER_DIR:
                return Integer.toString(o.filesPerDir());
            case DIRS:
                return Integer.toString(o.dirs());
            case DIRS_PER_DIR:
                return Integer.toString(o.dirsPerDir());
            case CLOSE:
                return Boolean.toString(o.close());
            case USE_EXISTING:
                return Boolean.toString(o.useExisting());
            case APPEND_NEW_BLOCK:
                return Boolean.toString(o.appendNewBlk());
            case BLOCK_SIZE:
                return Long.toString(o.blockSize());
            case DATANODES:
                return Integer.toString(o.datanodes());
            case REPORTS:
                return Integer.toString(o.reports());
            case BLOCKS_PER_REPORT:
                return Integer.toString(o.blocksPerReport());
            case BLOCKS_PER_FILE:
                return Integer.toString(o.blocksPerFile());
            case NODES_TO_DECOMMISSION:
                return Integer.toString(o.nodesToDecommission());
            case NODE_REPLICATION_LIMIT:
                return Integer.toString(o.nodeReplicationLimit());
            case TOTAL_BLOCKS:
                return Integer.toString(o.totalBlocks());
            case REPLICATION_FACTOR:
                return Short.toString(o.replication());
            case LOG_LEVEL:
                return o.logLevel();
            case UG_CACHE_REFRESH_COUNT:
                return o.ugCacheRefreshCount() == Integer.MAX_VALUE ? "never"
                        : Integer.toString(o.ugCacheRefreshCount());
            case NON_SUPER_USER:
                return Boolean.toString(o.nonSuperUser());
            case DURATION:
                return o.duration().map(duration -> Double.toString(duration.toNanos() / 1e9)).orElse("none");
            case WARMUP:
                return Integer.toString(o.warmup());
            case HISTOGRAMS:
                return Boolean.toString(o.histograms());
            case READ_AFTER_WRITE:
                return Boolean.toString(o.readAfterWrite());
            case RATE:
                return Double.toString(o.rate().orElseThrow());
            case ARRIVALS:
                return o.arrivals().label();
            case SEED:
                return Long.toString(o.seed());
            case RATES:
                return o.curve().orElseThrow().rates().stream().map(CurvePlan::plain)
                        .collect(Collectors.joining(","));
            case STEP_DURATION:
                return o.curve().orElseThrow().stepSeconds();
            case SLO:
                return o.curve().orElseThrow().slo().toString();
            case MIX_WEIGHTS:
                return o.mix().entrySet().stream().map(weight -> weight.getKey().label() + "=" + weight.getValue())
                        .collect(Collectors.joining(","));
            default:
                throw new IllegalArgumentException("not a parameter: " + option);
        }
    }

    /** Nanoseconds per call, then seconds: a whole number of nanoseconds comes out as exact as a double allows. */
    private static Metric labelled(String id, double value, Unit unit, Better better, String operation) {
        return Metric.of(id, value, unit, better).withLabel("operation", operation);
    }
}
