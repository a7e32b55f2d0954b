package io.hbench.stats;

import java.util.Base64;

import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class HistogramsTest {
    /** HdrHistogram at 3 significant digits: a value is reported within 1/1000 of what was recorded. */
    private static final double PRECISION = 1e-3;

    private static Histogram oneToThousand() {
        Histogram histogram = Histograms.newHistogram();
        for (long value = 1; value <= 1000; value++) {
            histogram.recordValue(value);
        }
        return histogram;
    }

    @Test
    void decodesWhatItEncoded() {
        Histogram histogram = oneToThousand();
        histogram.recordValue(123_456_789L);

        Histogram decoded = Histograms.decode(Histograms.encode(histogram));

        assertThat(decoded).isEqualTo(histogram);
        assertThat(decoded.getTotalCount()).isEqualTo(1001);
        assertThat(decoded.getMaxValue()).isEqualTo(histogram.getMaxValue());
        assertThat(decoded.getValueAtPercentile(50)).isEqualTo(histogram.getValueAtPercentile(50));
    }

    @Test
    void encodesAsOneLineOfBase64SoItTravelsAsATextValue() {
        String text = Histograms.encode(oneToThousand());

        assertThat(text).matches("[A-Za-z0-9+/]+=*");
    }

    @Test
    void decodesAnEmptyHistogram() {
        Histogram decoded = Histograms.decode(Histograms.encode(Histograms.newHistogram()));

        assertThat(decoded.getTotalCount()).isZero();
    }

    @Test
    void rejectsTextThatIsNotBase64() {
        assertThatThrownBy(() -> Histograms.decode("not base64!"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not an encoded histogram: ");
    }

    @Test
    void rejectsBase64ThatIsNotAHistogram() {
        String garbage = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});

        assertThatThrownBy(() -> Histograms.decode(garbage))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not an encoded histogram: ");
    }

    @Test
    void rejectsTruncatedInput() {
        String full = Histograms.encode(oneToThousand());
        for (String text : new String[] {"", full.substring(0, 4), full.substring(0, 12)}) {
            assertThatThrownBy(() -> Histograms.decode(text))
                    .as("'%s'", text)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("not an encoded histogram: ");
        }
    }

    @Test
    void summarisesPercentilesAndExtremesWithinThreeSignificantDigits() {
        // 1..1000 recorded once each: the value at percentile p is the p*10-th value.
        Distribution distribution = Histograms.toDistribution("latency", Unit.SECONDS, oneToThousand(), 1);

        assertThat(distribution.id()).isEqualTo("latency");
        assertThat(distribution.unit()).isEqualTo(Unit.SECONDS);
        assertThat(distribution.count()).isEqualTo(1000);
        assertThat(distribution.min()).isCloseTo(1, within(1 * PRECISION));
        assertThat(distribution.max()).isCloseTo(1000, within(1000 * PRECISION));
        // mean = (1 + 1000) / 2 = 500.5; population std dev = sqrt((1000^2 - 1) / 12) ~ 288.67
        assertThat(distribution.mean()).isCloseTo(500.5, within(500.5 * PRECISION));
        assertThat(distribution.stdDev()).isCloseTo(Math.sqrt((1000.0 * 1000 - 1) / 12), within(288.7 * PRECISION));
        assertThat(distribution.percentiles()).containsOnlyKeys(50.0, 90.0, 99.0, 99.9);
        assertThat(distribution.percentiles().get(50.0)).isCloseTo(500, within(500 * PRECISION));
        assertThat(distribution.percentiles().get(90.0)).isCloseTo(900, within(900 * PRECISION));
        assertThat(distribution.percentiles().get(99.0)).isCloseTo(990, within(990 * PRECISION));
        assertThat(distribution.percentiles().get(99.9)).isCloseTo(999, within(999 * PRECISION));
    }

    @Test
    void summarisesLargeValuesWithinThreeSignificantDigits() {
        // 1000 values 1_000_000, 2_000_000, ..., 1_000_000_000 (beyond HdrHistogram's exact range, so buckets matter)
        Histogram histogram = Histograms.newHistogram();
        for (long i = 1; i <= 1000; i++) {
            histogram.recordValue(i * 1_000_000);
        }

        Distribution distribution = Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1);

        assertThat(distribution.min()).isCloseTo(1e6, within(1e6 * PRECISION));
        assertThat(distribution.max()).isCloseTo(1e9, within(1e9 * PRECISION));
        assertThat(distribution.percentiles().get(50.0)).isCloseTo(500e6, within(500e6 * PRECISION));
        assertThat(distribution.percentiles().get(99.0)).isCloseTo(990e6, within(990e6 * PRECISION));
    }

    @Test
    void dividesEveryValueByTheScale() {
        // microseconds recorded, scale 1000: reported in milliseconds. 1000 us .. 1_000_000 us = 1 ms .. 1000 ms
        Histogram micros = Histograms.newHistogram();
        for (long ms = 1; ms <= 1000; ms++) {
            micros.recordValue(ms * 1000);
        }

        Distribution distribution = Histograms.toDistribution("latency", Unit.SECONDS, micros, 1000);

        assertThat(distribution.count()).isEqualTo(1000);
        assertThat(distribution.min()).isCloseTo(1, within(1 * PRECISION));
        assertThat(distribution.max()).isCloseTo(1000, within(1000 * PRECISION));
        assertThat(distribution.mean()).isCloseTo(500.5, within(500.5 * PRECISION));
        assertThat(distribution.percentiles().get(50.0)).isCloseTo(500, within(500 * PRECISION));
        assertThat(distribution.percentiles().get(99.0)).isCloseTo(990, within(990 * PRECISION));
    }

    @Test
    void summarisesAnEmptyHistogramAsCountZero() {
        Distribution distribution = Histograms.toDistribution("latency", Unit.SECONDS,
                Histograms.newHistogram(), 1000);

        assertThat(distribution.count()).isZero();
        assertThat(distribution.min()).isZero();
        assertThat(distribution.max()).isZero();
        assertThat(distribution.mean()).isZero();
        assertThat(distribution.stdDev()).isZero();
        assertThat(distribution.percentiles()).isEmpty();
    }

    @Test
    void keepsTheMeanWithinMinAndMaxWhenAllValuesShareABucket() {
        // 5000 lies in a bucket 4 wide (5000..5003) at 3 significant digits: HdrHistogram reports min 5000,
        // max 5003 and a mean from the bucket midpoint (5002). Every value recorded was 5000, so the reported
        // mean must still be within [min, max] and within precision of 5000.
        Histogram histogram = Histograms.newHistogram();
        histogram.recordValueWithCount(5000, 10);

        Distribution distribution = Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1);

        assertThat(distribution.mean()).isBetween(distribution.min(), distribution.max());
        assertThat(distribution.min()).isCloseTo(5000, within(5000 * PRECISION));
        assertThat(distribution.max()).isCloseTo(5000, within(5000 * PRECISION));
        assertThat(distribution.mean()).isCloseTo(5000, within(5000 * PRECISION));
        assertThat(distribution.stdDev()).isZero();
    }
}
