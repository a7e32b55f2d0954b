package io.hbench.report.compare;

import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/** The values one side has of one metric, one per run, with its median and spread. */
public final class Sample {
    private final double[] values;

    public Sample(double[] values) {
        requireNonNull(values, "values is null");
        if (values.length == 0) {
            throw new IllegalArgumentException("a sample needs at least one value");
        }
        this.values = values.clone();
        Arrays.sort(this.values);
    }

    /** The values, smallest first. */
    public double[] values() {
        return values.clone();
    }

    public int size() {
        return values.length;
    }

    public double median() {
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    /**
     * The largest distance of a value from the median, as a fraction of the median: what "± x%" says. 0 for a
     * single value or a median of 0.
     */
    public double spread() {
        double median = median();
        if (median == 0) {
            return 0;
        }
        double largest = Math.max(median - values[0], values[values.length - 1] - median);
        return largest / Math.abs(median);
    }
}
