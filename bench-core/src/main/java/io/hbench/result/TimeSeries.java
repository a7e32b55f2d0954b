package io.hbench.result;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkFinite;
import static java.util.Objects.requireNonNull;

/**
 * Values in consecutive buckets of equal width, such as cluster throughput per second. Bucket {@code i} covers
 * {@code [start + i * bucketWidth, start + (i + 1) * bucketWidth)}.
 */
public final class TimeSeries {
    private final MetricKey key;
    private final Unit unit;
    private final Instant start;
    private final Duration bucketWidth;
    private final List<Double> values;

    public TimeSeries(MetricKey key, Unit unit, Instant start, Duration bucketWidth, List<Double> values) {
        this.key = requireNonNull(key, "key is null");
        this.unit = requireNonNull(unit, "unit is null");
        this.start = requireNonNull(start, "start is null");
        this.bucketWidth = requireNonNull(bucketWidth, "bucketWidth is null");
        checkArgument(!bucketWidth.isNegative() && !bucketWidth.isZero(), "bucketWidth is not positive: %s", bucketWidth);
        this.values = List.copyOf(requireNonNull(values, "values is null"));
        for (int i = 0; i < this.values.size(); i++) {
            checkFinite(this.values.get(i), "values[" + i + "]");
        }
    }

    /** A series without labels; add them with {@link #withLabel}. */
    public TimeSeries(String id, Unit unit, Instant start, Duration bucketWidth, List<Double> values) {
        this(MetricKey.of(id), unit, start, bucketWidth, values);
    }

    public TimeSeries withLabel(String name, String value) {
        return new TimeSeries(key.withLabel(name, value), unit, start, bucketWidth, values);
    }

    public MetricKey key() {
        return key;
    }

    public String id() {
        return key.id();
    }

    public Unit unit() {
        return unit;
    }

    /** Start of the first bucket. */
    public Instant start() {
        return start;
    }

    public Duration bucketWidth() {
        return bucketWidth;
    }

    /** One value per bucket, earliest first. */
    public List<Double> values() {
        return values;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof TimeSeries)) {
            return false;
        }
        TimeSeries that = (TimeSeries) obj;
        return key.equals(that.key)
                && unit == that.unit
                && start.equals(that.start)
                && bucketWidth.equals(that.bucketWidth)
                && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, unit, start, bucketWidth, values);
    }

    @Override
    public String toString() {
        return "TimeSeries{key=" + key + ", unit=" + unit + ", start=" + start + ", bucketWidth=" + bucketWidth
                + ", values=" + values + "}";
    }
}
