package io.hbench.report.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SignificanceTest {
    @Test
    void callsIdenticalSamplesNotDifferent() {
        Significance significance = Significance.test(sample(5, 5, 5, 5, 5), sample(5, 5, 5, 5, 5), 0.05);

        assertThat(significance.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(significance.pValue()).isEqualTo(1.0);
    }

    @Test
    void findsClearlyShiftedSamplesDifferentWithTheExactPValue() {
        Significance significance = Significance.test(sample(1, 2, 3, 4, 5), sample(6, 7, 8, 9, 10), 0.05);

        // Fully separated: 2 of the C(10, 5) = 252 equally likely orders are as extreme.
        assertThat(significance.pValue()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(significance.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
    }

    @Test
    void agreesWithAnEnumerationOfEveryOrderForInterleavedSamples() {
        double[] base = {1, 3, 5, 7, 9};
        double[] next = {2, 4, 6, 8, 10.5};

        Significance significance = Significance.test(new Sample(base), new Sample(next), 0.05);

        assertThat(significance.pValue()).isCloseTo(exactTwoSidedPValue(base, next), within(1e-12));
        assertThat(significance.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
    }

    @Test
    void saysTooFewSamplesWhenEvenSeparatedSamplesCannotReachAlpha() {
        Significance threeAgainstThree = Significance.test(sample(1, 2, 3), sample(10, 11, 12), 0.05);
        Significance oneAgainstOne = Significance.test(sample(1), sample(100), 0.05);

        assertThat(threeAgainstThree.smallestPossiblePValue()).isCloseTo(0.1, within(1e-12));
        assertThat(threeAgainstThree.verdict()).isEqualTo(Significance.Verdict.TOO_FEW_SAMPLES);
        assertThat(oneAgainstOne.verdict()).isEqualTo(Significance.Verdict.TOO_FEW_SAMPLES);
        assertThat(Significance.test(sample(1, 2, 3), sample(10, 11, 12), 0.2).verdict())
                .isEqualTo(Significance.Verdict.SIGNIFICANT);
    }

    @Test
    void computesTheSmallestPossiblePValue() {
        assertThat(Significance.smallestPossiblePValue(4, 4)).isCloseTo(2.0 / 70, within(1e-15));
        assertThat(Significance.smallestPossiblePValue(2, 7)).isCloseTo(2.0 / 36, within(1e-15));
        assertThat(Significance.smallestPossiblePValue(1, 1)).isEqualTo(1.0);
    }

    @Test
    void takesMedianAndLargestDeviationFromIt() {
        Sample sample = sample(9, 10, 12, 10.5);

        assertThat(sample.median()).isEqualTo(10.25);
        assertThat(sample.spread()).isCloseTo(1.75 / 10.25, within(1e-15));
        assertThat(sample(7).spread()).isZero();
    }

    private static Sample sample(double... values) {
        return new Sample(values);
    }

    /** P(|U - mean| >= |u - mean|) over all splits of the pooled, tie-free values: the exact two-sided p. */
    private static double exactTwoSidedPValue(double[] base, double[] next) {
        double[] pooled = new double[base.length + next.length];
        System.arraycopy(base, 0, pooled, 0, base.length);
        System.arraycopy(next, 0, pooled, base.length, next.length);
        double mean = base.length * next.length / 2.0;
        double observed = Math.abs(u(base, next) - mean);
        int extreme = 0;
        int total = 0;
        for (int mask = 0; mask < 1 << pooled.length; mask++) {
            if (Integer.bitCount(mask) != base.length) {
                continue;
            }
            double[] left = new double[base.length];
            double[] right = new double[next.length];
            int l = 0;
            int r = 0;
            for (int i = 0; i < pooled.length; i++) {
                if ((mask & 1 << i) != 0) {
                    left[l++] = pooled[i];
                } else {
                    right[r++] = pooled[i];
                }
            }
            total++;
            if (Math.abs(u(left, right) - mean) >= observed - 1e-9) {
                extreme++;
            }
        }
        return (double) extreme / total;
    }

    private static double u(double[] base, double[] next) {
        double u = 0;
        for (double x : base) {
            for (double y : next) {
                u += x < y ? 1 : 0;
            }
        }
        return u;
    }
}
