package io.hbench.result;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkFinite;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/**
 * Everything one benchmark run reports: what ran (benchmark, operation, parameters) and where (locations,
 * environment, jobs), when, its figures and whether it passed. One metric identifier is the run's primary metric,
 * the figure a comparison leads with. Formats live in {@code io.hbench.result.format}; this class knows none of them.
 */
public final class BenchResult {
    private final String benchmark;
    private final String operation;
    private final String primaryMetric;
    private final Map<String, String> parameters;
    private final Map<String, String> locations;
    private final Map<String, String> outputs;
    private final Optional<Engine> engine;
    private final Environment environment;
    private final List<Metric> metrics;
    private final List<Distribution> distributions;
    private final List<TimeSeries> timeSeries;
    private final List<TaskSample> taskSamples;
    private final List<SubmittedJob> jobs;
    private final Optional<ResourceUsage> resources;
    private final Instant start;
    private final Instant end;
    private final List<String> failures;

    private BenchResult(Builder builder) {
        this.benchmark = builder.benchmark;
        this.operation = builder.operation;
        this.primaryMetric = requireNonNull(builder.primaryMetric, "primaryMetric is not set");
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(builder.parameters));
        this.locations = Collections.unmodifiableMap(new LinkedHashMap<>(builder.locations));
        this.outputs = Collections.unmodifiableMap(new LinkedHashMap<>(builder.outputs));
        this.engine = Optional.ofNullable(builder.engine);
        this.environment = requireNonNull(builder.environment, "environment is not set");
        this.metrics = List.copyOf(builder.metrics.values());
        this.distributions = List.copyOf(builder.distributions.values());
        this.timeSeries = List.copyOf(builder.timeSeries.values());
        this.taskSamples = List.copyOf(builder.taskSamples);
        this.jobs = List.copyOf(builder.jobs);
        this.resources = Optional.ofNullable(builder.resources);
        this.start = requireNonNull(builder.start, "start is null");
        this.end = requireNonNull(builder.end, "end is null");
        checkArgument(!end.isBefore(start), "end is before start: start=%s, end=%s", start, end);
        this.failures = List.copyOf(builder.failures);
        checkArgument(!failures.isEmpty() || metrics.stream().anyMatch(metric -> metric.id().equals(primaryMetric)),
                "a passed run has no primary metric %s", primaryMetric);
    }

    private BenchResult(BenchResult from, Map<String, String> outputs, Optional<ResourceUsage> resources) {
        this.benchmark = from.benchmark;
        this.operation = from.operation;
        this.primaryMetric = from.primaryMetric;
        this.parameters = from.parameters;
        this.locations = from.locations;
        this.outputs = outputs;
        this.engine = from.engine;
        this.environment = from.environment;
        this.metrics = from.metrics;
        this.distributions = from.distributions;
        this.timeSeries = from.timeSeries;
        this.taskSamples = from.taskSamples;
        this.jobs = from.jobs;
        this.resources = resources;
        this.start = from.start;
        this.end = from.end;
        this.failures = from.failures;
    }

    /** This result with {@code resources} in place of its own: what a sampler of the whole cluster saw instead. */
    public BenchResult withResources(ResourceUsage resources) {
        return new BenchResult(this, outputs, Optional.of(requireNonNull(resources, "resources is null")));
    }

    /**
     * This result with {@code more} outputs after its own, and the resources it has (what a sampler of the whole
     * cluster read at the run's end beside its figures).
     *
     * @throws IllegalArgumentException if one of {@code more} is already an output
     */
    public BenchResult withOutputs(Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(outputs);
        more.forEach((name, value) -> {
            checkNotBlank(name, "output name");
            requireNonNull(value, "value of output " + name + " is null");
            checkArgument(all.putIfAbsent(name, value) == null, "duplicate output: %s", name);
        });
        return new BenchResult(this, Collections.unmodifiableMap(all), resources);
    }

    /**
     * @param benchmark the benchmark's name, e.g. "TestDFSIO"
     * @param operation what it did in this run, e.g. "write"
     */
    public static Builder builder(String benchmark, String operation) {
        return new Builder(benchmark, operation);
    }

    public String benchmark() {
        return benchmark;
    }

    public String operation() {
        return operation;
    }

    /**
     * The identifier of the figure this run is judged by, e.g. {@code aggregate_throughput}; several metrics may carry
     * it with different labels (NNThroughputBenchmark's ops/s per operation). A failed run may lack it.
     */
    public String primaryMetric() {
        return primaryMetric;
    }

    /** The metrics with the primary metric's identifier. */
    public List<Metric> primaryMetrics() {
        return metrics(primaryMetric);
    }

    /**
     * The options that shape the workload, fully resolved (defaults included), in the order they were added. Runs with
     * different parameters measured different things.
     */
    public Map<String, String> parameters() {
        return parameters;
    }

    /**
     * Where the run kept its data or met its peers (directories, addresses), in the order they were added. Together
     * with {@link #parameters()} they are the fully resolved options; unlike those, they do not change what is measured.
     */
    public Map<String, String> locations() {
        return locations;
    }

    /** What the run produced that is not a figure, such as a checksum, in the order they were added. */
    public Map<String, String> outputs() {
        return outputs;
    }

    /** The engine that ran the jobs, for a program that runs on more than one; empty for the others. */
    public Optional<Engine> engine() {
        return engine;
    }

    public Environment environment() {
        return environment;
    }

    /** In the order they were added; keys are unique. */
    public List<Metric> metrics() {
        return metrics;
    }

    /** The metric with this identifier and no labels. */
    public Optional<Metric> metric(String id) {
        return metric(MetricKey.of(id));
    }

    public Optional<Metric> metric(MetricKey key) {
        requireNonNull(key, "key is null");
        return metrics.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    /** Every metric with this identifier, whatever its labels, in the order they were added. */
    public List<Metric> metrics(String id) {
        requireNonNull(id, "id is null");
        return metrics.stream().filter(metric -> metric.id().equals(id)).collect(Collectors.toUnmodifiableList());
    }

    /** In the order they were added; keys are unique. */
    public List<Distribution> distributions() {
        return distributions;
    }

    /** In the order they were added; keys are unique. */
    public List<TimeSeries> timeSeries() {
        return timeSeries;
    }

    public List<TaskSample> taskSamples() {
        return taskSamples;
    }

    /** The hosts that ran the run's tasks, by name, each with its number of tasks; tasks of unknown host are left out. */
    public SortedMap<String, Integer> taskHosts() {
        SortedMap<String, Integer> hosts = new TreeMap<>();
        taskSamples.forEach(task -> task.host().ifPresent(host -> hosts.merge(host, 1, Integer::sum)));
        return Collections.unmodifiableSortedMap(hosts);
    }

    /** The jobs the run submitted to the cluster, in submission order; empty for a run without jobs. */
    public List<SubmittedJob> jobs() {
        return jobs;
    }

    /** What the hosts' CPUs, memory, network and disks did during the run; empty if sampling was off. */
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    public Duration duration() {
        return Duration.between(start, end);
    }

    public Outcome outcome() {
        return failures.isEmpty() ? Outcome.PASSED : Outcome.FAILED;
    }

    /** Why the run failed, one message per failure; empty if it passed. */
    public List<String> failures() {
        return failures;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof BenchResult)) {
            return false;
        }
        BenchResult that = (BenchResult) obj;
        return benchmark.equals(that.benchmark)
                && operation.equals(that.operation)
                && primaryMetric.equals(that.primaryMetric)
                && parameters.equals(that.parameters)
                && locations.equals(that.locations)
                && outputs.equals(that.outputs)
                && engine.equals(that.engine)
                && environment.equals(that.environment)
                && metrics.equals(that.metrics)
                && distributions.equals(that.distributions)
                && timeSeries.equals(that.timeSeries)
                && taskSamples.equals(that.taskSamples)
                && jobs.equals(that.jobs)
                && resources.equals(that.resources)
                && start.equals(that.start)
                && end.equals(that.end)
                && failures.equals(that.failures);
    }

    @Override
    public int hashCode() {
        return Objects.hash(benchmark, operation, primaryMetric, parameters, locations, outputs, engine, environment,
                metrics, distributions, timeSeries, taskSamples, jobs, resources, start, end, failures);
    }

    /** Prints only the number of task samples: a run may have thousands. */
    @Override
    public String toString() {
        return "BenchResult{benchmark=" + benchmark + ", operation=" + operation + ", outcome=" + outcome()
                + ", start=" + start + ", end=" + end + ", primaryMetric=" + primaryMetric + ", parameters=" + parameters
  + ", locations=" + locations + ", outputs=" + outputs + ", engine=" + engine + ", environment=" + environment + ", jobs=" + jobs
                + ", metrics=" + metrics + ", distributions=" + distributions + ", timeSeries=" + timeSeries
                + ", taskSamples=" + taskSamples.size() + ", resources=" + resources.isPresent() + ", failures="
                + failures + "}";
    }

    /**
     * Collects a result. Each method checks its arguments at once, so a mistake fails where it is made rather
     * than in {@link #build()}.
     */
    public static final class Builder {
        private final String benchmark;
        private final String operation;
        private final Map<String, String> parameters = new LinkedHashMap<>();
        private final Map<String, String> locations = new LinkedHashMap<>();
        private final Map<String, String> outputs = new LinkedHashMap<>();
        // Keyed to reject duplicates; LinkedHashMap keeps the order they were added in.
        private final Map<MetricKey, Metric> metrics = new LinkedHashMap<>();
        private final Map<MetricKey, Distribution> distributions = new LinkedHashMap<>();
        private final Map<MetricKey, TimeSeries> timeSeries = new LinkedHashMap<>();
        private final List<TaskSample> taskSamples = new ArrayList<>();
        private final List<SubmittedJob> jobs = new ArrayList<>();
        private final List<String> failures = new ArrayList<>();
        private String primaryMetric;
        private Environment environment;
        private Engine engine;
        private ResourceUsage resources;
        private Instant start;
        private Instant end;

        private Builder(String benchmark, String operation) {
            this.benchmark = checkNotBlank(benchmark, "benchmark");
            this.operation = checkNotBlank(operation, "operation");
        }

        /** The identifier of the metric this run is judged by. */
        public Builder primaryMetric(String id) {
            this.primaryMetric = MetricKey.of(id).id();
            return this;
        }

        public Builder environment(Environment environment) {
            this.environment = requireNonNull(environment, "environment is null");
            return this;
        }

        /** The engine that ran the jobs, for a program that runs on more than one. */
        public Builder engine(Engine engine) {
            this.engine = requireNonNull(engine, "engine is null");
            return this;
        }

        /** Adds a parameter; names are unique and values may be empty. */
        public Builder parameter(String name, String value) {
            return put(parameters, "parameter", name, value, locations);
        }

        /** Adds a location: a directory or address the run used; names are unique among parameters and locations. */
        public Builder location(String name, String value) {
            return put(locations, "location", name, value, parameters);
        }

        public Builder parameter(String name, long value) {
            return parameter(name, Long.toString(value));
        }

        /** Adds a parameter written as {@link Double#toString(double)} does, which never depends on the locale. */
        public Builder parameter(String name, double value) {
            checkFinite(value, "value of parameter " + name);
            return parameter(name, Double.toString(value));
        }

        public Builder parameter(String name, boolean value) {
            return parameter(name, Boolean.toString(value));
        }

        /** Adds an output: a value the run produced that is not a figure, such as a checksum; names are unique. */
        public Builder output(String name, String value) {
            return put(outputs, "output", name, value, Map.of());
        }

        /** Adds {@code name} to {@code values}, refusing a blank name, a null value and a name either map has. */
        private Builder put(Map<String, String> values, String kind, String name, String value,
                Map<String, String> sharingNames) {
            checkNotBlank(name, kind + " name");
            requireNonNull(value, "value of " + kind + " " + name + " is null");
            checkArgument(!values.containsKey(name) && !sharingNames.containsKey(name), "duplicate %s: %s", kind, name);
            values.put(name, value);
            return this;
        }

        public Builder metric(Metric metric) {
            requireNonNull(metric, "metric is null");
            checkArgument(!metrics.containsKey(metric.key()), "duplicate metric: %s", metric.key());
            metrics.put(metric.key(), metric);
            return this;
        }

        public Builder metric(String id, double value, Unit unit, Better better) {
            return metric(Metric.of(id, value, unit, better));
        }

        public Builder distribution(Distribution distribution) {
            requireNonNull(distribution, "distribution is null");
            checkArgument(!distributions.containsKey(distribution.key()), "duplicate distribution: %s", distribution.key());
            distributions.put(distribution.key(), distribution);
            return this;
        }

        public Builder timeSeries(TimeSeries series) {
            requireNonNull(series, "timeSeries is null");
            checkArgument(!timeSeries.containsKey(series.key()), "duplicate time series: %s", series.key());
            timeSeries.put(series.key(), series);
            return this;
        }

        public Builder taskSample(TaskSample taskSample) {
            taskSamples.add(requireNonNull(taskSample, "taskSample is null"));
            return this;
        }

        public Builder taskSamples(Collection<TaskSample> taskSamples) {
            requireNonNull(taskSamples, "taskSamples is null");
            taskSamples.forEach(this::taskSample);
            return this;
        }

        public Builder job(SubmittedJob job) {
            jobs.add(requireNonNull(job, "job is null"));
            return this;
        }

        public Builder jobs(Collection<SubmittedJob> jobs) {
            requireNonNull(jobs, "jobs is null");
            jobs.forEach(this::job);
            return this;
        }

        public Builder resources(ResourceUsage resources) {
            this.resources = requireNonNull(resources, "resources is null");
            return this;
        }

        public Builder start(Instant start) {
            this.start = requireNonNull(start, "start is null");
            return this;
        }

        public Builder end(Instant end) {
            this.end = requireNonNull(end, "end is null");
            return this;
        }

        /** Records why the run failed; any failure makes the outcome {@link Outcome#FAILED}. */
        public Builder failure(String message) {
            failures.add(checkNotBlank(message, "failure"));
            return this;
        }

        /**
         * @throws NullPointerException if start, end, the environment or the primary metric was not set
         * @throws IllegalArgumentException if the run passed without a metric of the primary metric's identifier
         */
        public BenchResult build() {
            return new BenchResult(this);
        }
    }
}
