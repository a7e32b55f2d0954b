package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Engine;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Metric;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A TPCx-HS benchmark: both runs with every phase's time, HSph@SF per run and overall. HSph@SF =
 * SF / (T / 3600), T the run's elapsed seconds, computed in decimal from T in milliseconds:
 * SF x 3,600,000 / T_ms. The performance run is the one with the lower HSph@SF.
 */
public final class TpcxhsResult implements ProgramResult {
    /** Digits kept after the point in HSph@SF and $/HSph@SF: far more than any report prints. */
    static final int SCALE = 12;

    /** One phase of one run. */
    public static final class Phase {
        private final String name;
        private final Duration time;
        private final long bytes;
        private final String failure;

        public Phase(String name, Duration time, long bytes, String failure) {
            this.name = requireNonNull(name, "name is null");
            this.time = requireNonNull(time, "time is null");
            this.bytes = bytes;
            this.failure = failure;
        }

        public String name() {
            return name;
        }

        public Duration time() {
            return time;
        }

        /** Bytes the phase processed, for its throughput; 0 for a phase that reads no data. */
        public long bytes() {
            return bytes;
        }

        public Optional<String> failure() {
            return Optional.ofNullable(failure);
        }

        public boolean passed() {
            return failure == null;
        }
    }

    /** One run: its phases in order and its elapsed time. */
    public static final class Run {
        private final int number;
        private final List<Phase> phases;
        private final Duration totalTime;

        public Run(int number, List<Phase> phases, Duration totalTime) {
            this.number = number;
            this.phases = List.copyOf(requireNonNull(phases, "phases is null"));
            this.totalTime = requireNonNull(totalTime, "totalTime is null");
        }

        public int number() {
            return number;
        }

        public List<Phase> phases() {
            return phases;
        }

        public Duration totalTime() {
            return totalTime;
        }

        public boolean passed() {
            return phases.size() == Tpcxhs.PHASES.size() && phases.stream().allMatch(Phase::passed);
        }

        /** The first failed phase, if any. */
        public Optional<Phase> failedPhase() {
            return phases.stream().filter(phase -> !phase.passed()).findFirst();
        }
    }

    private final TpcxhsOptions options;
    private final Engine engine;
    private final Instant start;
    private final Instant end;
    private final List<Run> runs;
    private final List<SubmittedJob> jobs;
    private final List<String> committers;
    private final List<TaskSample> tasks;
    private final Optional<ResourceUsage> resources;
    private final DataNodeBlocks dataNodeBlocks;

    public TpcxhsResult(TpcxhsOptions options, Engine engine, Instant start, Instant end, List<Run> runs,
            List<SubmittedJob> jobs, List<String> committers, List<TaskSample> tasks) {
        this(options, engine, start, end, runs, jobs, committers, tasks, Optional.empty(), DataNodeBlocks.none());
    }

    /**
     * @param engine the engine that ran the jobs
     * @param committers the output committer of each job, as the job's result names it (repeats are kept once)
     * @param resources what the hosts did while the jobs' tasks ran, every job's phase marked; empty if not sampled
     * @param dataNodeBlocks the blocks every job's tasks read and wrote on HDFS, by DataNode; none elsewhere
     */
    public TpcxhsResult(TpcxhsOptions options, Engine engine, Instant start, Instant end, List<Run> runs,
            List<SubmittedJob> jobs, List<String> committers, List<TaskSample> tasks, Optional<ResourceUsage> resources,
            DataNodeBlocks dataNodeBlocks) {
        this.dataNodeBlocks = requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        this.resources = requireNonNull(resources, "resources is null");
        this.options = requireNonNull(options, "options is null");
        this.engine = requireNonNull(engine, "engine is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.runs = List.copyOf(requireNonNull(runs, "runs is null"));
        this.jobs = List.copyOf(requireNonNull(jobs, "jobs is null"));
        this.committers = requireNonNull(committers, "committers is null").stream().distinct()
                .collect(Collectors.toUnmodifiableList());
        this.tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
    }

    /** Each DataNode's blocks over every phase of both runs, as the tasks timed them on HDFS; none elsewhere. */
    public DataNodeBlocks dataNodeBlocks() {
        return dataNodeBlocks;
    }

    /** What the hosts' CPU, memory, network and disks did while the jobs' tasks ran; empty if not sampled. */
    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** Every task of every phase's job, each with its own start and run time. */
    public List<TaskSample> tasks() {
        return tasks;
    }

    /** Every phase's job (HSGen, HSSort, HSValidate of each run), in submission order. */
    public List<SubmittedJob> jobs() {
        return jobs;
    }

    /**
     * The output committers the jobs' outputs went through, each once, in the order first used: one name on any cluster
     * (every job takes the cluster's), as {@link HsGenResult#committer()} names it.
     */
    public List<String> committers() {
        return committers;
    }

    public TpcxhsOptions options() {
        return options;
    }

    /** The engine that ran the jobs. */
    public Engine engine() {
        return engine;
    }

    public List<Run> runs() {
        return runs;
    }

    /**
     * Why there is no metric, "Run 1, HSDataCheck: ..." for each failed phase, or which run did not complete; empty
     * when both runs ran every phase and every phase passed.
     */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (Run run : runs) {
            for (Phase phase : run.phases()) {
                phase.failure().ifPresent(failure -> failures.add("Run " + run.number() + ", " + phase.name() + ": "
                        + failure));
            }
        }
        if (failures.isEmpty() && (runs.size() != TpcxhsOptions.RUNS || !runs.stream().allMatch(Run::passed))) {
            failures.add(TpcxhsReport.failure(this));
        }
        return failures;
    }

    /** HSph@SF = SF x 3,600,000 / T_ms, to {@value #SCALE} decimals (rounded half-up at the last). */
    public static BigDecimal hsph(BigDecimal scaleFactor, Duration totalTime) {
        long millis = Math.max(1, totalTime.toMillis());
        return scaleFactor.multiply(BigDecimal.valueOf(3_600_000L)).divide(BigDecimal.valueOf(millis), SCALE,
                RoundingMode.HALF_UP);
    }

    public BigDecimal hsph(Run run) {
        return hsph(options.scaleFactor().value(), run.totalTime());
    }

    /** The run with the lower HSph@SF; empty unless both passed. */
    public Optional<Run> performanceRun() {
        if (!failures().isEmpty()) {
            return Optional.empty();
        }
        return runs.stream().min(Comparator.comparing(this::hsph));
    }

    public Optional<Run> repeatabilityRun() {
        return performanceRun().flatMap(performance -> runs.stream().filter(run -> run != performance).findFirst());
    }

    /** The metric: the performance run's HSph@SF; empty if any phase failed. */
    public Optional<BigDecimal> metric() {
        return performanceRun().map(this::hsph);
    }

    /** $/HSph@SF: the price over the metric. */
    public Optional<BigDecimal> pricePerformance() {
        if (options.price().isEmpty() || metric().isEmpty() || metric().get().signum() == 0) {
            return Optional.empty();
        }
        return Optional.of(options.price().get().divide(metric().get(), SCALE, RoundingMode.HALF_UP));
    }

    /**
     * The common result model; the primary metric is HSph@SF, as a double (the exact decimal is in the classic
     * lines). Phases are labelled by run and phase, the two HSDataChecks as HSDataCheck-generated and -sorted.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder("TPCx-HS", "run")
                .primaryMetric("hsph_at_sf")
                .environment(environment)
                .engine(engine)
                .parameter("scale_factor", options.scaleFactor().value().toPlainString())
                .parameter("valid_scale_factor", options.scaleFactor().isValid())
                .parameter("rows", options.scaleFactor().rows())
                .parameter("replication", options.replication())
                .parameter("maps", options.maps().map(String::valueOf).orElse("default"))
                .parameter("reduces", options.reduces().map(String::valueOf).orElse("default"))
                .parameter("price", options.price().map(BigDecimal::toPlainString).orElse("none"))
                .parameter("committer", committers.isEmpty() ? "none" : String.join(",", committers))
                .location("baseDir", options.baseDir())
                .start(start)
                .end(end)
                .metric("data_bytes", options.scaleFactor().rows() * 100.0, Unit.BYTES, Better.NEITHER);
        metric().ifPresent(value -> result.metric("hsph_at_sf", value.doubleValue(), Unit.SCALE_FACTORS_PER_HOUR,
                Better.HIGHER));
        pricePerformance().ifPresent(value -> result.metric("price_performance", value.doubleValue(),
                Unit.PRICE_PER_SCALE_FACTOR_PER_HOUR, Better.LOWER));
        performanceRun().ifPresent(run -> result.metric("performance_run", run.number(), Unit.COUNT, Better.NEITHER));
        for (Run run : runs) {
            String number = Integer.toString(run.number());
            result.metric(Metric.of("run_time", run.totalTime().toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                    .withLabel("run", number));
            if (run.passed()) {
                result.metric(Metric.of("run_hsph_at_sf", hsph(run).doubleValue(), Unit.SCALE_FACTORS_PER_HOUR,
                        Better.HIGHER).withLabel("run", number));
            }
            for (Phase phase : run.phases()) {
                String name = phase.name();
                if (run.phases().stream().filter(p -> p.name().equals(phase.name())).count() > 1) {
                    name += phase == run.phases().get(1) ? "-generated" : "-sorted";
                }
                result.metric(Metric.of("phase_time", phase.time().toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                        .withLabel("run", number).withLabel("phase", name));
            }
        }
        failures().forEach(result::failure);
        result.jobs(jobs);
        resources.ifPresent(result::resources);
        result.taskSamples(tasks);
        dataNodeBlocks.addTo(result);
        return result.build();
    }
}
