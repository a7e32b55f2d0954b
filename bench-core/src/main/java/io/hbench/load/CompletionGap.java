package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;

/**
 * The longest stretch of a run with no completed operation, as its clients saw it (a failover's duration, say), and how
 * many operations waited through it: issued before it began, completed at or after its end. The stretch runs between
 * two completions, or from the counted run's start to its first completion, or from its last to the run's end. A run
 * from many clients may know only a lower bound of it ({@link #exact}).
 */
public final class CompletionGap {
    /** The stretch, in the results' metrics and the reports. */
    public static final DisplayUnit STRETCH = DisplayUnit.of("longest_completion_gap", Unit.SECONDS);

    private final Instant start;
    private final Duration length;
    private final long waited;
    private final boolean exact;

    /** The longest stretch, exactly. */
    public CompletionGap(Instant start, Duration length, long waited) {
        this(start, length, waited, true);
    }

    /**
     * @param exact whether {@code length} is the longest stretch's, or only a lower bound of it: the stretch from
     *     {@code start} is one without a completed operation, with {@code waited} operations that waited through it,
     *     and the longest is at least as long
     */
    public CompletionGap(Instant start, Duration length, long waited, boolean exact) {
        this.start = requireNonNull(start, "start is null");
        this.length = requireNonNull(length, "length is null");
        if (length.isNegative() || waited < 0) {
            throw new IllegalArgumentException("length " + length + " and waited " + waited + " must not be negative");
        }
        this.waited = waited;
        this.exact = exact;
    }

    /** When the stretch began: the completion before it, or the counted run's start. */
    public Instant start() {
        return start;
    }

    public Duration length() {
        return length;
    }

    /** The operations issued before the stretch began that completed at or after its end. */
    public long waited() {
        return waited;
    }

    /** Whether {@link #length} is the longest stretch's, rather than a lower bound of it. */
    public boolean exact() {
        return exact;
    }

    /**
     * Adds the metrics {@code longest_completion_gap} (seconds) and {@code operations_waited_through_gap} (count), with
     * {@code labels}, and the output {@code longest_completion_gap_start} (an ISO-8601 instant), its name followed by
     * the labels as a metric's key writes them, e.g. {@code longest_completion_gap_start{operation=create}}; for a
     * lower bound, the output {@code longest_completion_gap_bound} (so labelled) "lower".
     */
    public void addTo(BenchResult.Builder builder, Map<String, String> labels) {
        builder.metric(new Metric(new MetricKey("longest_completion_gap", labels), seconds(), Unit.SECONDS,
                        Better.LOWER))
                .metric(new Metric(new MetricKey("operations_waited_through_gap", labels), waited, Unit.COUNT,
                        Better.LOWER))
                .output(new MetricKey("longest_completion_gap_start", labels).toString(), start.toString());
        if (!exact) {
            builder.output(new MetricKey("longest_completion_gap_bound", labels).toString(), "lower");
        }
    }

    /**
     * The reports' line, its start to the millisecond, e.g. "Longest stretch without a completed operation s: 1.843 from 2026-11-26T12:00:03.212Z,
     * 4 operations waited through it"; "s: at least 1.843 from ..." for a lower bound.
     */
    public String line() {
        return "Longest stretch without a completed operation " + STRETCH.symbol() + ": " + (exact ? "" : "at least ")
                + STRETCH.format(seconds())
                + " from " + start.truncatedTo(ChronoUnit.MILLIS) + ", " + waited + (waited == 1 ? " operation" : " operations")
                + " waited through it";
    }

    private double seconds() {
        return length.toNanos() / 1e9;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof CompletionGap)) {
            return false;
        }
        CompletionGap that = (CompletionGap) obj;
        return start.equals(that.start) && length.equals(that.length) && waited == that.waited && exact == that.exact;
    }

    @Override
    public int hashCode() {
        return Objects.hash(start, length, waited, exact);
    }

    @Override
    public String toString() {
        return "CompletionGap{start=" + start + ", length=" + length + ", waited=" + waited + ", exact=" + exact + "}";
    }
}
