package io.hbench.result;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkFinite;
import static java.util.Objects.requireNonNull;

/**
 * Summary of a distribution, such as per-task throughput or per-call latency: count, extremes, moments and
 * selected percentiles. An empty distribution ({@code count == 0}) has all values 0 and no percentiles, so
 * that writers need no special case for it.
 */
public final class Distribution {
    private final MetricKey key;
    private final Unit unit;
    private final long count;
    private final double min;
    private final double max;
    private final double mean;
    private final double stdDev;
    private final SortedMap<Double, Double> percentiles;

    /**
     * @param percentiles percentile in (0, 100] (e.g. 99.9) to the value at that percentile
     */
    public Distribution(MetricKey key, Unit unit, long count, double min, double max, double mean, double stdDev,
            SortedMap<Double, Double> percentiles) {
        this.key = requireNonNull(key, "key is null");
        this.unit = requireNonNull(unit, "unit is null");
        checkArgument(count >= 0, "count is negative: %s", count);
        this.count = count;
        this.min = checkFinite(min, "min");
        this.max = checkFinite(max, "max");
        this.mean = checkFinite(mean, "mean");
        this.stdDev = checkFinite(stdDev, "stdDev");
        requireNonNull(percentiles, "percentiles is null");
        if (count == 0) {
            checkArgument(min == 0 && max == 0 && mean == 0 && stdDev == 0,
                    "min, max, mean and stdDev must be 0 when count is 0");
            checkArgument(percentiles.isEmpty(), "percentiles must be empty when count is 0");
        } else {
            checkArgument(min <= mean && mean <= max,
                    "mean is not between min and max: min=%s, mean=%s, max=%s", min, mean, max);
            checkArgument(stdDev >= 0, "stdDev is negative: %s", stdDev);
        }
        // Natural order whatever the caller's comparator, so percentiles always print from lowest to highest.
        SortedMap<Double, Double> copy = new TreeMap<>();
        percentiles.forEach((percentile, value) -> {
            requireNonNull(percentile, "percentile is null");
            checkArgument(percentile > 0 && percentile <= 100, "percentile is not in (0, 100]: %s", percentile);
            requireNonNull(value, "value of percentile " + percentile + " is null");
            checkFinite(value, "value of percentile " + percentile);
            copy.put(percentile, value);
        });
        this.percentiles = Collections.unmodifiableSortedMap(copy);
    }

    /** A distribution without labels; add them with {@link #withLabel}. */
    public Distribution(String id, Unit unit, long count, double min, double max, double mean, double stdDev,
            SortedMap<Double, Double> percentiles) {
        this(MetricKey.of(id), unit, count, min, max, mean, stdDev, percentiles);
    }

    public Distribution withLabel(String name, String value) {
        return new Distribution(key.withLabel(name, value), unit, count, min, max, mean, stdDev, percentiles);
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

    public long count() {
        return count;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    public double mean() {
        return mean;
    }

    public double stdDev() {
        return stdDev;
    }

    /** Percentile in (0, 100] to its value, lowest percentile first. */
    public SortedMap<Double, Double> percentiles() {
        return percentiles;
    }

    /** The value at {@code percentile}, which must be one of {@link #percentiles()}. */
    public double percentile(double percentile) {
        Double value = percentiles.get(percentile);
        checkArgument(value != null, "distribution %s has no percentile %s", key, percentile);
        return value;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Distribution)) {
            return false;
        }
        Distribution that = (Distribution) obj;
        return key.equals(that.key)
                && unit == that.unit
                && count == that.count
                && Double.compare(min, that.min) == 0
                && Double.compare(max, that.max) == 0
                && Double.compare(mean, that.mean) == 0
                && Double.compare(stdDev, that.stdDev) == 0
                && percentiles.equals(that.percentiles);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, unit, count, min, max, mean, stdDev, percentiles);
    }

    @Override
    public String toString() {
        return "Distribution{key=" + key + ", unit=" + unit + ", count=" + count + ", min=" + min + ", max=" + max
                + ", mean=" + mean + ", stdDev=" + stdDev + ", percentiles=" + percentiles + "}";
    }
}
