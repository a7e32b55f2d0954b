package io.hbench.result;

import java.util.Objects;
import java.util.SortedMap;

import static io.hbench.result.Checks.checkFinite;
import static java.util.Objects.requireNonNull;

/** One figure of a run, such as aggregate throughput: what it is ({@link MetricKey}), its value, unit and direction. */
public final class Metric {
    private final MetricKey key;
    private final double value;
    private final Unit unit;
    private final Better better;

    public Metric(MetricKey key, double value, Unit unit, Better better) {
        this.key = requireNonNull(key, "key is null");
        this.value = checkFinite(value, "value of " + key);
        this.unit = requireNonNull(unit, "unit is null");
        this.better = requireNonNull(better, "better is null");
    }

    /** A metric without labels; add them with {@link #withLabel}. */
    public static Metric of(String id, double value, Unit unit, Better better) {
        return new Metric(MetricKey.of(id), value, unit, better);
    }

    public Metric withLabel(String name, String value) {
        return new Metric(key.withLabel(name, value), this.value, unit, better);
    }

    public MetricKey key() {
        return key;
    }

    public String id() {
        return key.id();
    }

    public SortedMap<String, String> labels() {
        return key.labels();
    }

    public double value() {
        return value;
    }

    public Unit unit() {
        return unit;
    }

    public Better better() {
        return better;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Metric)) {
            return false;
        }
        Metric that = (Metric) obj;
        return key.equals(that.key) && Double.compare(value, that.value) == 0 && unit == that.unit && better == that.better;
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, value, unit, better);
    }

    @Override
    public String toString() {
        return key + "=" + value + " " + unit.symbol() + " (" + better.symbol() + " is better)";
    }
}
