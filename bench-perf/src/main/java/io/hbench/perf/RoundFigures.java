package io.hbench.perf;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;

/** Median, minimum and maximum of one figure over a comparison's counted rounds; NaN for no rounds. */
final class RoundFigures {
    private RoundFigures() {
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * A distribution-free 95% confidence interval of the median: the k-th smallest and k-th largest
     * values, k the largest order for which fewer than k of n values fall below the median with
     * probability at most 2.5% (binomial, p = 1/2). NaNs when there are too few values (under 6).
     */
    static double[] medianInterval95(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        int k = 0;
        if (n > 0) {
            BinomialDistribution below = new BinomialDistribution(null, n, 0.5);
            while (k + 1 <= n / 2 && below.cumulativeProbability(k) <= 0.025) {
                k++;
            }
        }
        return k == 0 ? new double[] {Double.NaN, Double.NaN} : new double[] {sorted[k - 1], sorted[n - k]};
    }

    static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
