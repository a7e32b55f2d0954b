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

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkFinite;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/**
 * Everything one benchmark run reports: what ran (benchmark, operation, parameters, cluster facts), when, its
 * figures and whether it passed. Formats live in {@code io.hbench.result.format}; this class knows none of them.
 */
public final class BenchResult {
    private final String benchmark;
    private final String operation;
    private final Map<String, String> parameters;
    private final List<Metric> metrics;
    private final List<Distribution> distributions;
    private final List<TimeSeries> timeSeries;
    private final List<TaskSample> taskSamples;
    private final Map<String, String> cluster;
    private final List<SubmittedJob> jobs;
    private final Instant start;
    private final Instant end;
    private final List<String> failures;

    private BenchResult(Builder builder) {
        this.benchmark = builder.benchmark;
        this.operation = builder.operation;
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(builder.parameters));
        this.metrics = List.copyOf(builder.metrics.values());
        this.distributions = List.copyOf(builder.distributions.values());
        this.timeSeries = List.copyOf(builder.timeSeries.values());
        this.taskSamples = List.copyOf(builder.taskSamples);
        this.cluster = Collections.unmodifiableMap(new LinkedHashMap<>(builder.cluster));
        this.jobs = List.copyOf(builder.jobs);
        this.start = requireNonNull(builder.start, "start is null");
        this.end = requireNonNull(builder.end, "end is null");
        checkArgument(!end.isBefore(start), "end is before start: start=%s, end=%s", start, end);
        this.failures = List.copyOf(builder.failures);
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

    /** The run's parameters, in the order they were added. */
    public Map<String, String> parameters() {
        return parameters;
    }

    /** In the order they were added; names are unique. */
    public List<Metric> metrics() {
        return metrics;
    }

    public Optional<Metric> metric(String name) {
        requireNonNull(name, "name is null");
        return metrics.stream().filter(metric -> metric.name().equals(name)).findFirst();
    }

    /** In the order they were added; names are unique. */
    public List<Distribution> distributions() {
        return distributions;
    }

    /** In the order they were added; names are unique. */
    public List<TimeSeries> timeSeries() {
        return timeSeries;
    }

    public List<TaskSample> taskSamples() {
        return taskSamples;
    }

    /** Facts about the cluster the run used, e.g. "fs" to "hdfs://nn:8020", in the order they were added. */
    public Map<String, String> cluster() {
        return cluster;
    }

    /** The jobs the run submitted to the cluster, in submission order; empty for a run without jobs. */
    public List<SubmittedJob> jobs() {
        return jobs;
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
                && parameters.equals(that.parameters)
                && metrics.equals(that.metrics)
                && distributions.equals(that.distributions)
                && timeSeries.equals(that.timeSeries)
                && taskSamples.equals(that.taskSamples)
                && cluster.equals(that.cluster)
                && jobs.equals(that.jobs)
                && start.equals(that.start)
                && end.equals(that.end)
                && failures.equals(that.failures);
    }

    @Override
    public int hashCode() {
        return Objects.hash(benchmark, operation, parameters, metrics, distributions, timeSeries, taskSamples, cluster,
                jobs, start, end, failures);
    }

    /** Prints only the number of task samples: a run may have thousands. */
    @Override
    public String toString() {
        return "BenchResult{benchmark=" + benchmark + ", operation=" + operation + ", outcome=" + outcome()
                + ", start=" + start + ", end=" + end + ", parameters=" + parameters + ", cluster=" + cluster + ", jobs=" + jobs
                + ", metrics=" + metrics + ", distributions=" + distributions + ", timeSeries=" + timeSeries
                + ", taskSamples=" + taskSamples.size() + ", failures=" + failures + "}";
    }

    /**
     * Collects a result. Each method checks its arguments at once, so a mistake fails where it is made rather
     * than in {@link #build()}.
     */
    public static final class Builder {
        private final String benchmark;
        private final String operation;
        private final Map<String, String> parameters = new LinkedHashMap<>();
        // Keyed by name to reject duplicates; LinkedHashMap keeps the order they were added in.
        private final Map<String, Metric> metrics = new LinkedHashMap<>();
        private final Map<String, Distribution> distributions = new LinkedHashMap<>();
        private final Map<String, TimeSeries> timeSeries = new LinkedHashMap<>();
        private final List<TaskSample> taskSamples = new ArrayList<>();
        private final Map<String, String> cluster = new LinkedHashMap<>();
        private final List<SubmittedJob> jobs = new ArrayList<>();
        private final List<String> failures = new ArrayList<>();
        private Instant start;
        private Instant end;

        private Builder(String benchmark, String operation) {
            this.benchmark = checkNotBlank(benchmark, "benchmark");
            this.operation = checkNotBlank(operation, "operation");
        }

        /** Adds a parameter; names are unique and values may be empty. */
        public Builder parameter(String name, String value) {
            checkNotBlank(name, "parameter name");
            requireNonNull(value, "value of parameter " + name + " is null");
            checkArgument(!parameters.containsKey(name), "duplicate parameter: %s", name);
            parameters.put(name, value);
            return this;
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

        public Builder metric(Metric metric) {
            requireNonNull(metric, "metric is null");
            checkArgument(!metrics.containsKey(metric.name()), "duplicate metric name: %s", metric.name());
            metrics.put(metric.name(), metric);
            return this;
        }

        public Builder metric(String name, double value, Unit unit) {
            return metric(new Metric(name, value, unit));
        }

        public Builder distribution(Distribution distribution) {
            requireNonNull(distribution, "distribution is null");
            checkArgument(!distributions.containsKey(distribution.name()),
                    "duplicate distribution name: %s", distribution.name());
            distributions.put(distribution.name(), distribution);
            return this;
        }

        public Builder timeSeries(TimeSeries series) {
            requireNonNull(series, "timeSeries is null");
            checkArgument(!timeSeries.containsKey(series.name()), "duplicate time series name: %s", series.name());
            timeSeries.put(series.name(), series);
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

        /** Adds a fact about the cluster, e.g. "hadoop.version" to "3.4.2"; names are unique. */
        public Builder cluster(String name, String value) {
            checkNotBlank(name, "cluster fact name");
            requireNonNull(value, "value of cluster fact " + name + " is null");
            checkArgument(!cluster.containsKey(name), "duplicate cluster fact: %s", name);
            cluster.put(name, value);
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

        /** @throws NullPointerException if start or end was not set */
        public BenchResult build() {
            return new BenchResult(this);
        }
    }
}
