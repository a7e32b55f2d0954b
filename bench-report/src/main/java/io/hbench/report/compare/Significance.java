package io.hbench.report.compare;

import org.apache.commons.statistics.inference.MannWhitneyUTest;

import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * Whether two samples differ, by the two-sided Mann-Whitney U test as benchstat uses it: it assumes no distribution,
 * only that runs are independent. With few runs the test cannot reach the chosen alpha however different the samples
 * are (3 against 3 can never go below p = 0.1); that is said as {@link Verdict#TOO_FEW_SAMPLES}, not hidden as "~".
 */
public final class Significance {
    /** What the test says. */
    public enum Verdict {
        /** p is below alpha: the difference is real at that level. */
        SIGNIFICANT,
        /** p is at or above alpha: no difference shown ("~"). */
        NOT_SIGNIFICANT,
        /** Even completely separated samples of these sizes could not reach alpha. */
        TOO_FEW_SAMPLES
    }

    private final double pValue;
    private final double smallestPossiblePValue;
    private final Verdict verdict;

    private Significance(double pValue, double smallestPossiblePValue, Verdict verdict) {
        this.pValue = pValue;
        this.smallestPossiblePValue = smallestPossiblePValue;
        this.verdict = verdict;
    }

    public static Significance test(Sample base, Sample next, double alpha) {
        requireNonNull(base, "base is null");
        requireNonNull(next, "next is null");
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "alpha must be in (0, 1), not %s", alpha));
        }
        double smallest = smallestPossiblePValue(base.size(), next.size());
        double p = base.size() < 2 && next.size() < 2 ? 1 : pValue(base.values(), next.values());
        Verdict verdict = smallest >= alpha ? Verdict.TOO_FEW_SAMPLES
                : p < alpha ? Verdict.SIGNIFICANT : Verdict.NOT_SIGNIFICANT;
        return new Significance(p, smallest, verdict);
    }

    private static double pValue(double[] base, double[] next) {
        if (identical(base, next)) {
            // Every value tied: the test's variance is 0 and the samples are, plainly, not different.
            return 1;
        }
        return MannWhitneyUTest.withDefaults().test(base, next).getPValue();
    }

    private static boolean identical(double[] base, double[] next) {
        double first = base[0];
        for (double value : base) {
            if (value != first) {
                return false;
            }
        }
        for (double value : next) {
            if (value != first) {
                return false;
            }
        }
        return true;
    }

    /** The two-sided exact p of samples that do not overlap at all: 2 / C(n + m, n), at most 1. */
    static double smallestPossiblePValue(int n, int m) {
        double combinations = 1;
        for (int i = 1; i <= Math.min(n, m); i++) {
            combinations = combinations * (n + m - Math.min(n, m) + i) / i;
        }
        return Math.min(1, 2 / combinations);
    }

    public double pValue() {
        return pValue;
    }

    /** The smallest p samples of these sizes can have; at or above alpha means too few samples. */
    public double smallestPossiblePValue() {
        return smallestPossiblePValue;
    }

    public Verdict verdict() {
        return verdict;
    }
}
