package io.hbench.result;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/** The figures of one task of a run: a map task, a client thread or a peer. */
public final class TaskSample {
    private final String id;
    private final String host;
    private final Instant start;
    private final Instant end;
    private final List<Metric> metrics;

    /**
     * @param host where the task ran, or null if unknown
     * @param metrics the task's own figures; keys must be unique
     */
    public TaskSample(String id, String host, Instant start, Instant end, List<Metric> metrics) {
        this.id = checkNotBlank(id, "id");
        this.host = host == null ? null : checkNotBlank(host, "host");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        checkArgument(!end.isBefore(start), "end is before start: start=%s, end=%s", start, end);
        this.metrics = List.copyOf(requireNonNull(metrics, "metrics is null"));
        Set<MetricKey> keys = new HashSet<>();
        for (Metric metric : this.metrics) {
            checkArgument(keys.add(metric.key()), "duplicate metric: %s", metric.key());
        }
    }

    public String id() {
        return id;
    }

    /** Where the task ran; empty if unknown. */
    public Optional<String> host() {
        return Optional.ofNullable(host);
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

    public List<Metric> metrics() {
        return metrics;
    }

    /** The metric with this identifier and no labels. */
    public Optional<Metric> metric(String id) {
        MetricKey key = MetricKey.of(id);
        return metrics.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof TaskSample)) {
            return false;
        }
        TaskSample that = (TaskSample) obj;
        return id.equals(that.id)
                && Objects.equals(host, that.host)
                && start.equals(that.start)
                && end.equals(that.end)
                && metrics.equals(that.metrics);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, host, start, end, metrics);
    }

    @Override
    public String toString() {
        return "TaskSample{id=" + id + ", host=" + host + ", start=" + start + ", end=" + end
                + ", metrics=" + metrics + "}";
    }
}
