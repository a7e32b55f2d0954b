package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.load.CompletionTimeline;
import io.hbench.load.LoadClients;
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
import io.hbench.result.SubmittedJob;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The outcome of an AuditReplay run: where and what it replayed, and the {@link ReplayOutcome}. Immutable.
 */
public final class AuditReplayResult implements ProgramResult {
    public static final String BENCHMARK = "AuditReplay";
    /** A command that started more than this long after its intended time is late. */
    public static final long LATE_NANOS = 5_000_000L;
    /** The result's output that lists the lines not replayed, by reason. */
    public static final String SKIPPED_OUTPUT = "skippedLines";
    /** The result's operation: the replay of the log. */
    private static final String OPERATION = "replay";

    private final AuditReplayOptions options;
    private final String fileSystem;
    private final String prefix;
    private final List<String> logFiles;
    private final long logLines;
    private final Instant start;
    private final Instant end;
    private final ReplayOutcome outcome;
    private final Optional<ResourceUsage> resources;
    private final Optional<LoadClients> clients;
    private final Optional<SubmittedJob> job;
    private final Optional<CompletionTimeline> timeline;
    private final Optional<NameNodeCalls> nameNodeCalls;
    private final Optional<NameserviceRecord> nameservice;

    /**
     * @param fileSystem the URI of the file system replayed on
     * @param prefix the prefix, qualified
     * @param logFiles the log files read
     * @param logLines every line read, replayable or not
     * @param resources what this host did during the run; empty if not sampled
     */
    public AuditReplayResult(AuditReplayOptions options, String fileSystem, String prefix, List<String> logFiles,
            long logLines, Instant start, Instant end, ReplayOutcome outcome, Optional<ResourceUsage> resources) {
        this(options, fileSystem, prefix, logFiles, logLines, start, end, outcome, resources, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private AuditReplayResult(AuditReplayOptions options, String fileSystem, String prefix, List<String> logFiles,
            long logLines, Instant start, Instant end, ReplayOutcome outcome, Optional<ResourceUsage> resources,
            Optional<LoadClients> clients, Optional<SubmittedJob> job, Optional<CompletionTimeline> timeline,
            Optional<NameNodeCalls> nameNodeCalls, Optional<NameserviceRecord> nameservice) {
        this.nameservice = requireNonNull(nameservice, "nameservice is null");
        this.options = requireNonNull(options, "options is null");
        this.fileSystem = requireNonNull(fileSystem, "fileSystem is null");
        this.prefix = requireNonNull(prefix, "prefix is null");
        this.logFiles = List.copyOf(requireNonNull(logFiles, "logFiles is null"));
        this.logLines = logLines;
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start: " + start + ", " + end);
        }
        this.outcome = requireNonNull(outcome, "outcome is null");
        this.resources = requireNonNull(resources, "resources is null");
        this.clients = requireNonNull(clients, "clients is null");
        this.job = requireNonNull(job, "job is null");
        this.timeline = requireNonNull(timeline, "timeline is null");
        this.nameNodeCalls = requireNonNull(nameNodeCalls, "nameNodeCalls is null");
    }

    /** This result with which NameNode of its nameservice served how many calls. */
    AuditReplayResult withNameNodeCalls(NameNodeCalls nameNodeCalls) {
        return new AuditReplayResult(options, fileSystem, prefix, logFiles, logLines, start, end, outcome, resources,
                clients, job, timeline, Optional.of(requireNonNull(nameNodeCalls, "nameNodeCalls is null")),
                nameservice);
    }

    /** On a logical HDFS nameservice, which NameNode served how many calls during the replay; empty otherwise. */
    public Optional<NameNodeCalls> nameNodeCalls() {
        return nameNodeCalls;
    }

    /**
     * On a logical nameservice, the replay's latency per NameNode role ({@link RoleLatency}), each command's on the role
     * that served its calls, as operation {@code replay}; none otherwise.
     */
    public List<RoleLatency> roleLatencies() {
        if (nameNodeCalls.isEmpty()) {
            return List.of();
        }
        Map<String, Histogram> commands = new LinkedHashMap<>();
        kinds().forEach(command -> commands.put(command.label(), outcome.load().latency(command.ordinal())));
        return RoleLatency.of(nameNodeCalls.get(), Map.of(OPERATION, commands), AuditCommand.RPC_METHODS);
    }

    /**
     * This result as the replay of {@code clients}, map tasks that each replayed a share of the log (the outcome is
     * theirs merged), as the cluster job {@code job} (empty: threads of this process).
     */
    public AuditReplayResult fromClients(LoadClients clients, Optional<SubmittedJob> job) {
        return new AuditReplayResult(options, fileSystem, prefix, logFiles, logLines, start, end, outcome, resources,
                Optional.of(requireNonNull(clients, "clients is null")), job, timeline, nameNodeCalls, nameservice);
    }

    /**
     * This result with the timeline of its replay (when the commands completed, with the longest stretch without a
     * completion; its clients' merged, from the start they agreed), as a replay on an HA nameservice shows it
     * ({@link io.hbench.namenode.Nameservice#isLogical}).
     */
    public AuditReplayResult withTimeline(CompletionTimeline timeline) {
        return new AuditReplayResult(options, fileSystem, prefix, logFiles, logLines, start, end, outcome, resources,
                clients, job, Optional.of(requireNonNull(timeline, "timeline is null")), nameNodeCalls,
                nameservice);
    }

    /** When the commands completed; only for a replay on an HA nameservice. */
    public Optional<CompletionTimeline> timeline() {
        return timeline;
    }

    /** This result, run on the logical nameservice {@code record} tells of. */
    public AuditReplayResult withNameservice(NameserviceRecord record) {
        return new AuditReplayResult(options, fileSystem, prefix, logFiles, logLines, start, end, outcome, resources,
                clients, job, timeline, nameNodeCalls, Optional.of(requireNonNull(record, "record is null")));
    }

    /** The nameservice the replay was on, its NameNodes and their states; empty unless on a logical one. */
    public Optional<NameserviceRecord> nameservice() {
        return nameservice;
    }

    /** The clients that replayed the log's shares; empty when this process replayed it alone. */
    public Optional<LoadClients> clients() {
        return clients;
    }

    public AuditReplayOptions options() {
        return options;
    }

    public String fileSystem() {
        return fileSystem;
    }

    public String prefix() {
        return prefix;
    }

    public List<String> logFiles() {
        return logFiles;
    }

    public long logLines() {
        return logLines;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public ReplayOutcome outcome() {
        return outcome;
    }

    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** The commands replayed, failed ones included. */
    public long commands() {
        return outcome.load().totalOperations();
    }

    /** The commands of {@code command} replayed. */
    public long commands(AuditCommand command) {
        return outcome.load().operations(command.ordinal());
    }

    /** The commands replayed at least once, in the order of {@link AuditCommand}. */
    public List<AuditCommand> kinds() {
        return Arrays.stream(AuditCommand.values()).filter(command -> commands(command) > 0)
                .collect(Collectors.toList());
    }

    /** Commands of {@code command} per second: its count over the replay's measured time. */
    public double opsPerSecond(AuditCommand command) {
        long measured = outcome.load().measuredNanos();
        return measured == 0 ? 0 : commands(command) * 1e9 / measured;
    }

    /** The share of all commands that started more than {@link #LATE_NANOS} after their intended time. */
    public double lateFraction() {
        return lateFraction(outcome.load().lateness());
    }

    /** The share of {@code command}'s commands that started more than {@link #LATE_NANOS} late. */
    public double lateFraction(AuditCommand command) {
        return lateFraction(outcome.load().lateness(command.ordinal()));
    }

    /** Exact to the histogram's precision: those above the bucket that holds {@link #LATE_NANOS}. */
    private static double lateFraction(Histogram lateness) {
        long count = lateness.getTotalCount();
        return count == 0 ? 0 : (double) (count - lateness.getCountBetweenValues(0, LATE_NANOS)) / count;
    }

    /** Completion minus intended start, in seconds: of all commands, or of {@code command}'s. */
    public Distribution latency(Optional<AuditCommand> command) {
        LoadOutcome load = outcome.load();
        return Histograms.toDistribution("latency", Unit.SECONDS, command.map(c -> load.latency(c.ordinal()))
                .orElseGet(load::latency), 1e9);
    }

    /** Completion minus actual start, in seconds. */
    public Distribution serviceTime(Optional<AuditCommand> command) {
        LoadOutcome load = outcome.load();
        return Histograms.toDistribution("service_time", Unit.SECONDS, command.map(c -> load.serviceTime(
                c.ordinal())).orElseGet(load::serviceTime), 1e9);
    }

    /** Actual start minus intended start, in seconds. */
    public Distribution lateness(Optional<AuditCommand> command) {
        LoadOutcome load = outcome.load();
        return Histograms.toDistribution("lateness", Unit.SECONDS, command.map(c -> load.lateness(c.ordinal()))
                .orElseGet(load::lateness), 1e9);
    }

    /**
     * A replay's failure, for the outcome: every command failed, so the figures are of refusals, not of the workload.
     * Commands that failed beside others that did not are the log's differences from the prefix's namespace (a path
     * another client had removed, a user without permission), counted by cause, and no failure of the run.
     */
    public Optional<String> failure() {
        long failed = outcome.failures().total();
        return failed > 0 && failed == commands() ? Optional.of("every one of the " + commands() + " commands"
                + " replayed failed: " + AuditReplayReport.causes(outcome.failures().byCause())) : Optional.empty();
    }

    /**
     * The common result model. The primary metric is the p99 latency from the intended time of all commands
     * ({@code latency_p99}, seconds); per command (labelled command=open, ...) its count, ops/s, late fraction,
     * latency, service time and lateness distributions and failures by cause (labelled cause=not found, ...). The
     * parameters shape the replay; the log's files, the file system and the prefix are locations; the lines not
     * replayed, by reason, are an output and metrics (labelled reason).
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        LoadOutcome load = outcome.load();
        BenchResult.Builder result = BenchResult.builder(BENCHMARK, OPERATION)
                .primaryMetric("latency_p99")
                .environment(environment)
                .start(start)
                .end(end)
                .parameter("rateFactor", options.rateFactor())
                .parameter("threads", options.threads())
                .parameter("prepareFileSize", options.prepareFileSize())
                .parameter("impersonate", options.impersonate())
                .parameter("commands", commands())
                .location("fileSystem", fileSystem)
                .location("prefix", prefix)
                .location("log", String.join(",", logFiles))
                .output(SKIPPED_OUTPUT, AuditReplayReport.skipped(outcome.skipped()));
        nameservice.ifPresent(record -> record.addTo(result));
        Distribution latency = latency(Optional.empty());
        result.metric("latency_p99", latency.percentile(99.0), Unit.SECONDS, Better.LOWER)
                .metric("commands", commands(), Unit.COUNT, Better.NEITHER)
                .metric("ops_per_second", load.achievedRate(), Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .metric("target_ops_per_second", load.targetRate(), Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                .metric("late_fraction", lateFraction(), Unit.RATIO, Better.LOWER)
                .metric("behind_schedule", load.behindNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("replay_time", load.measuredNanos() / 1e9, Unit.SECONDS, Better.NEITHER)
                .metric("prepare_time", outcome.prepareNanos() / 1e9, Unit.SECONDS, Better.NEITHER)
                .metric("prepared_files", outcome.preparedFiles(), Unit.COUNT, Better.NEITHER)
                .metric("prepared_directories", outcome.preparedDirectories(), Unit.COUNT, Better.NEITHER)
                .metric("log_lines", logLines, Unit.COUNT, Better.NEITHER)
                .metric("failures", outcome.failures().total(), Unit.COUNT, Better.LOWER)
                .distribution(latency)
                .distribution(serviceTime(Optional.empty()))
                .distribution(lateness(Optional.empty()));
        outcome.skipped().counts().forEach((reason, lines) -> result.metric(Metric.of("skipped_lines", lines,
                Unit.COUNT, Better.NEITHER).withLabel("reason", reason)));
        for (AuditCommand command : kinds()) {
            String label = command.label();
            Optional<AuditCommand> one = Optional.of(command);
            result.metric(Metric.of("commands", commands(command), Unit.COUNT, Better.NEITHER)
                            .withLabel("command", label))
                    .metric(Metric.of("ops_per_second", opsPerSecond(command), Unit.OPERATIONS_PER_SECOND,
                            Better.HIGHER).withLabel("command", label))
                    .metric(Metric.of("late_fraction", lateFraction(command), Unit.RATIO, Better.LOWER)
                            .withLabel("command", label))
                    .distribution(latency(one).withLabel("command", label))
                    .distribution(serviceTime(one).withLabel("command", label))
                    .distribution(lateness(one).withLabel("command", label));
            for (Map.Entry<String, Long> cause : outcome.failures().of(command).entrySet()) {
                result.metric(Metric.of("failures", cause.getValue(), Unit.COUNT, Better.LOWER)
                        .withLabel("command", label).withLabel("cause", cause.getKey()));
            }
        }
        clients.ifPresent(all -> {
            result.parameter("clients", all.clients().size()).parameter("split", options.split().label());
            all.addMetrics(result, metric -> metric);
        });
        timeline.ifPresent(completions -> completions.addTo(result, Map.of()));
        job.ifPresent(result::job);
        nameNodeCalls.ifPresent(calls -> calls.metrics().forEach(result::metric));
        roleLatencies().forEach(role -> result.distribution(role.latency()));
        failure().ifPresent(result::failure);
        resources.ifPresent(result::resources);
        return result.build();
    }
}
