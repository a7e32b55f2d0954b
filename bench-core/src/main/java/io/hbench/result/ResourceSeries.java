package io.hbench.result;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One resource figure of one host over its sampling intervals, such as {@code net_sent{interface=eth0}} in bytes/s.
 * Value {@code i} covers the interval between the host's sample times {@code i} and {@code i + 1}; it is null where
 * the interval has no value: a gap in sampling, a device not yet there, a latency with no request to time.
 */
public final class ResourceSeries {
    private final MetricKey key;
    private final Unit unit;
    private final List<Double> values;

    public ResourceSeries(MetricKey key, Unit unit, List<Double> values) {
        this.key = requireNonNull(key, "key is null");
        this.unit = requireNonNull(unit, "unit is null");
        List<Double> copy = new ArrayList<>(requireNonNull(values, "values is null"));
        for (int i = 0; i < copy.size(); i++) {
            if (copy.get(i) != null) {
                Checks.checkFinite(copy.get(i), key + " values[" + i + "]");
            }
        }
        this.values = Collections.unmodifiableList(copy);
    }

    public MetricKey key() {
        return key;
    }

    public Unit unit() {
        return unit;
    }

    /** One per interval; null where there is no value. */
    public List<Double> values() {
        return values;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof ResourceSeries)) {
            return false;
        }
        ResourceSeries that = (ResourceSeries) obj;
        return key.equals(that.key) && unit == that.unit && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, unit, values);
    }

    @Override
    public String toString() {
        return "ResourceSeries{key=" + key + ", unit=" + unit + ", values=" + values.size() + "}";
    }
}
