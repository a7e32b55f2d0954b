package io.hbench.result;

import java.util.Objects;

import static io.hbench.result.Checks.checkFinite;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

/** One named figure with its unit, such as an aggregate throughput. */
public final class Metric {
    private final String name;
    private final double value;
    private final Unit unit;

    public Metric(String name, double value, Unit unit) {
        this.name = checkNotBlank(name, "name");
        this.value = checkFinite(value, "value");
        this.unit = requireNonNull(unit, "unit is null");
    }

    public String name() {
        return name;
    }

    public double value() {
        return value;
    }

    public Unit unit() {
        return unit;
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
        return name.equals(that.name) && Double.compare(value, that.value) == 0 && unit == that.unit;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, value, unit);
    }

    @Override
    public String toString() {
        return "Metric{name=" + name + ", value=" + value + ", unit=" + unit + "}";
    }
}
