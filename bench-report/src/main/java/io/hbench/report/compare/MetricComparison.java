package io.hbench.report.compare;

import io.hbench.result.Better;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;

import static java.util.Objects.requireNonNull;

/** One metric present on both sides: each side's sample, the change of the medians and whether it is real. */
public final class MetricComparison {
    private final MetricKey key;
    private final Unit unit;
    private final Better better;
    private final boolean primary;
    private final Sample base;
    private final Sample next;
    private final Significance significance;

    public MetricComparison(MetricKey key, Unit unit, Better better, boolean primary, Sample base, Sample next,
            double alpha) {
        this.key = requireNonNull(key, "key is null");
        this.unit = requireNonNull(unit, "unit is null");
        this.better = requireNonNull(better, "better is null");
        this.primary = primary;
        this.base = requireNonNull(base, "base is null");
        this.next = requireNonNull(next, "next is null");
        this.significance = Significance.test(base, next, alpha);
    }

    public MetricKey key() {
        return key;
    }

    public Unit unit() {
        return unit;
    }

    public Better better() {
        return better;
    }

    /** Whether this is one of the programs' primary metrics. */
    public boolean primary() {
        return primary;
    }

    public Sample base() {
        return base;
    }

    /** The new side's sample. */
    public Sample next() {
        return next;
    }

    public Significance significance() {
        return significance;
    }

    /** The new median against the base median, in percent; NaN when the base median is 0. */
    public double changePercent() {
        return base.median() == 0 ? Double.NaN : (next.median() / base.median() - 1) * 100;
    }

    /** Whether the change is significant and in the direction the metric calls worse. */
    public boolean significantlyWorse() {
        if (significance.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(changePercent())) {
            return false;
        }
        return better == Better.HIGHER ? changePercent() < 0 : better == Better.LOWER && changePercent() > 0;
    }

    /** Whether the change is significant and in the direction the metric calls better. */
    public boolean significantlyBetter() {
        if (significance.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(changePercent())) {
            return false;
        }
        return better == Better.HIGHER ? changePercent() > 0 : better == Better.LOWER && changePercent() < 0;
    }
}
