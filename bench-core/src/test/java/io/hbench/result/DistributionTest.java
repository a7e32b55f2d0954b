package io.hbench.result;

import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DistributionTest {
    @Test
    void looksUpPercentiles() {
        Distribution distribution = latency(percentiles(50, 2.0, 99.9, 7.5));

        assertThat(distribution.percentile(50)).isEqualTo(2.0);
        assertThat(distribution.percentile(99.9)).isEqualTo(7.5);
    }

    @Test
    void rejectsMissingPercentile() {
        assertThatThrownBy(() -> latency(percentiles(50, 2.0)).percentile(99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("distribution latency has no percentile 99.0");
    }

    @Test
    void ordersPercentilesAscendingWhateverTheCallersOrder() {
        SortedMap<Double, Double> descending = new TreeMap<>(Comparator.reverseOrder());
        descending.put(50.0, 2.0);
        descending.put(99.0, 7.0);
        descending.put(90.0, 5.0);

        assertThat(latency(descending).percentiles().keySet()).containsExactly(50.0, 90.0, 99.0);
    }

    @Test
    void copiesPercentiles() {
        SortedMap<Double, Double> percentiles = percentiles(50, 2.0);
        Distribution distribution = latency(percentiles);
        percentiles.put(90.0, 5.0);

        assertThat(distribution.percentiles()).containsOnlyKeys(50.0);
        assertThatThrownBy(() -> distribution.percentiles().put(99.0, 7.0))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void acceptsEmptyDistribution() {
        Distribution empty = new Distribution("latency", Unit.SECONDS, 0, 0, 0, 0, 0, new TreeMap<>());

        assertThat(empty.count()).isZero();
        assertThat(empty.percentiles()).isEmpty();
    }

    @Test
    void rejectsAnIdThatIsNoIdentifier() {
        assertThatThrownBy(() -> new Distribution("", Unit.SECONDS, 1, 1, 1, 1, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("id '' is not an identifier");
    }

    @Test
    void rejectsNullUnit() {
        assertThatThrownBy(() -> new Distribution("latency", null, 1, 1, 1, 1, 0, new TreeMap<>()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("unit is null");
    }

    @Test
    void rejectsNegativeCount() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, -1, 0, 0, 0, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count is negative: -1");
    }

    @Test
    void rejectsNonFiniteMin() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 1, Double.NaN, 1, 1, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("min is not finite: NaN");
    }

    @Test
    void rejectsNonFiniteMax() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 1, 1, Double.POSITIVE_INFINITY, 1, 0,
                new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max is not finite: Infinity");
    }

    @Test
    void rejectsNonFiniteMean() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 1, 1, 1, Double.NaN, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mean is not finite: NaN");
    }

    @Test
    void rejectsNonFiniteStdDev() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 1, 1, 1, 1, Double.NaN, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stdDev is not finite: NaN");
    }

    @Test
    void rejectsNullPercentiles() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 1, 1, 1, 1, 0, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("percentiles is null");
    }

    @Test
    void rejectsNonZeroValuesWhenEmpty() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 0, 0, 1, 0, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("min, max, mean and stdDev must be 0 when count is 0");
    }

    @Test
    void rejectsPercentilesWhenEmpty() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 0, 0, 0, 0, 0, percentiles(50, 0.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percentiles must be empty when count is 0");
    }

    @Test
    void rejectsMeanBelowMin() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 2, 1, 3, 0.5, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mean is not between min and max: min=1.0, mean=0.5, max=3.0");
    }

    @Test
    void rejectsMeanAboveMax() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 2, 1, 3, 4, 0, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mean is not between min and max: min=1.0, mean=4.0, max=3.0");
    }

    @Test
    void rejectsNegativeStdDev() {
        assertThatThrownBy(() -> new Distribution("latency", Unit.SECONDS, 2, 1, 3, 2, -0.5, new TreeMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stdDev is negative: -0.5");
    }

    @Test
    void rejectsZeroPercentile() {
        assertThatThrownBy(() -> latency(percentiles(0, 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percentile is not in (0, 100]: 0.0");
    }

    @Test
    void rejectsPercentileAbove100() {
        assertThatThrownBy(() -> latency(percentiles(100.5, 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percentile is not in (0, 100]: 100.5");
    }

    @Test
    void rejectsNonFinitePercentileValue() {
        assertThatThrownBy(() -> latency(percentiles(99, Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of percentile 99.0 is not finite: NaN");
    }

    @Test
    void rejectsNullPercentileValue() {
        assertThatThrownBy(() -> latency(percentiles(99, null)))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("value of percentile 99.0 is null");
    }

    private static Distribution latency(SortedMap<Double, Double> percentiles) {
        return new Distribution("latency", Unit.SECONDS, 10, 1, 8, 3, 1.5, percentiles);
    }

    private static SortedMap<Double, Double> percentiles(double percentile, Double value) {
        SortedMap<Double, Double> percentiles = new TreeMap<>();
        percentiles.put(percentile, value);
        return percentiles;
    }

    private static SortedMap<Double, Double> percentiles(double p1, double v1, double p2, double v2) {
        SortedMap<Double, Double> percentiles = percentiles(p1, v1);
        percentiles.put(p2, v2);
        return percentiles;
    }
}
