package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.MetricKey;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * When the counted operations of one run completed: per second from the counted run's start, how many completed and
 * the mean and largest latency of those (as the run counts latency: the timed call in a closed loop, from the intended
 * start in an open loop; 0 in a second with none), and the longest stretch with no completion ({@link CompletionGap}).
 * A run from one process records it ({@link Workers.Outcome#timeline}, {@link LoadOutcome#timeline}); a run from many
 * clients has none, since their clocks differ.
 */
public final class CompletionTimeline {
    private static final Duration SECOND = Duration.ofSeconds(1);

    private final Instant start;
    private final long[] completed;
    private final long[] latencySumNanos;
    private final long[] latencyMaxNanos;
    private final CompletionGap longestGap;

    /**
     * @param start the counted run's start
     * @param completed per second from {@code start}, the operations that completed in it
     * @param latencySumNanos per second, their latencies summed
     * @param latencyMaxNanos per second, the largest of their latencies
     */
    public CompletionTimeline(Instant start, long[] completed, long[] latencySumNanos, long[] latencyMaxNanos,
            CompletionGap longestGap) {
        this.start = requireNonNull(start, "start is null");
        int seconds = requireNonNull(completed, "completed is null").length;
        if (requireNonNull(latencySumNanos, "latencySumNanos is null").length != seconds
                || requireNonNull(latencyMaxNanos, "latencyMaxNanos is null").length != seconds) {
            throw new IllegalArgumentException("one count, latency sum and maximum per second");
        }
        this.completed = completed.clone();
        this.latencySumNanos = latencySumNanos.clone();
        this.latencyMaxNanos = latencyMaxNanos.clone();
        this.longestGap = requireNonNull(longestGap, "longestGap is null");
    }

    /** The counted run's start: the first second's. */
    public Instant start() {
        return start;
    }

    public CompletionGap longestGap() {
        return longestGap;
    }

    /**
     * Per second: {@code completed_ops} (count), {@code latency_mean} and {@code latency_max} (seconds), each with
     * {@code labels}.
     */
    public List<TimeSeries> timeSeries(Map<String, String> labels) {
        List<Double> counts = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        List<Double> maxima = new ArrayList<>();
        for (int s = 0; s < completed.length; s++) {
            counts.add((double) completed[s]);
            means.add(completed[s] == 0 ? 0 : latencySumNanos[s] / 1e9 / completed[s]);
            maxima.add(latencyMaxNanos[s] / 1e9);
        }
        return List.of(new TimeSeries(new MetricKey("completed_ops", labels), Unit.COUNT, start, SECOND, counts),
                new TimeSeries(new MetricKey("latency_mean", labels), Unit.SECONDS, start, SECOND, means),
                new TimeSeries(new MetricKey("latency_max", labels), Unit.SECONDS, start, SECOND, maxima));
    }

    /** Adds the time series and the longest stretch's figures ({@link CompletionGap#addTo}), each with {@code labels}. */
    public void addTo(BenchResult.Builder builder, Map<String, String> labels) {
        timeSeries(labels).forEach(builder::timeSeries);
        longestGap.addTo(builder, labels);
    }
}
