package io.hbench.stats;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Count, sum, min, max, mean and population standard deviation of a set of values. The variance
 * comes from commons-math's updating (Welford) formulas, not from a difference of sums of squares,
 * which loses every significant digit when the values are large and close together.
 */
public final class Summary {
    private final long count;
    private final double sum;
    private final double min;
    private final double max;
    private final double mean;
    private final double stdDev;

    private Summary(SummaryStatistics statistics) {
        this.count = statistics.getN();
        this.sum = count == 0 ? 0 : statistics.getSum();
        this.min = count == 0 ? 0 : statistics.getMin();
        this.max = count == 0 ? 0 : statistics.getMax();
        this.mean = count == 0 ? 0 : statistics.getMean();
        this.stdDev = count == 0 ? 0 : Math.sqrt(statistics.getPopulationVariance());
    }

    public static Summary of(Iterable<Double> values) {
        SummaryStatistics statistics = new SummaryStatistics();
        for (double value : values) {
            statistics.addValue(value);
        }
        return new Summary(statistics);
    }

    public static Summary of(double... values) {
        SummaryStatistics statistics = new SummaryStatistics();
        for (double value : values) {
            statistics.addValue(value);
        }
        return new Summary(statistics);
    }

    public long count() {
        return count;
    }

    public double sum() {
        return sum;
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

    /** Population standard deviation (divides by n), the definition TestDFSIO's "IO rate std deviation" uses. */
    public double stdDev() {
        return stdDev;
    }
}
