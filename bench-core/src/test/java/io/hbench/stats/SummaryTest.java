package io.hbench.stats;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SummaryTest {
    @Test
    void computesCountSumExtremesMeanAndPopulationStdDev() {
        // sum = 2+4+4+4+5+5+7+9 = 40, n = 8, mean = 40/8 = 5
        // squared deviations: 9+1+1+1+0+0+4+16 = 32; population variance = 32/8 = 4; std dev = 2
        Summary summary = Summary.of(2, 4, 4, 4, 5, 5, 7, 9);

        assertThat(summary.count()).isEqualTo(8);
        assertThat(summary.sum()).isEqualTo(40.0);
        assertThat(summary.min()).isEqualTo(2.0);
        assertThat(summary.max()).isEqualTo(9.0);
        assertThat(summary.mean()).isEqualTo(5.0);
        assertThat(summary.stdDev()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void dividesByNNotNMinusOne() {
        // {1, 3}: mean 2, squared deviations 1+1 = 2; population variance 2/2 = 1 (sample variance would be 2)
        assertThat(Summary.of(1, 3).stdDev()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void acceptsAnIterableOfBoxedValues() {
        Summary summary = Summary.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));

        assertThat(summary.count()).isEqualTo(8);
        assertThat(summary.mean()).isEqualTo(5.0);
        assertThat(summary.stdDev()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void keepsStdDevExactForLargeValuesCloseTogether() {
        // mean = 1e9 + (4+7+13+16)/4 = 1e9 + 10; deviations -6, -3, 3, 6
        // squared deviations 36+9+9+36 = 90; population variance 90/4 = 22.5; std dev = sqrt(22.5) ~ 4.743
        //
        // A naive E[x^2] - E[x]^2 fails here. In double, E[x^2] and E[x]^2 are ~1e18, where adjacent doubles are
        // 128 apart (2^59 <= 1e18 < 2^60, 52-bit mantissa: ulp = 2^7), so their difference is a multiple of 128
        // (typically 0 or +-128), never 22.5. In 32-bit float it is worse: floats near 1e9 are 64 apart, so the
        // four inputs all round to 1e9 and the variance comes out 0. Welford's update avoids the cancellation.
        double[] values = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};

        Summary summary = Summary.of(values);

        assertThat(summary.mean()).isEqualTo(1e9 + 10);
        assertThat(summary.stdDev()).isCloseTo(Math.sqrt(22.5), within(1e-6));
    }

    @Test
    void summarisesNoValuesAsZeros() {
        Summary summary = Summary.of();

        assertThat(summary.count()).isZero();
        assertThat(summary.sum()).isZero();
        assertThat(summary.min()).isZero();
        assertThat(summary.max()).isZero();
        assertThat(summary.mean()).isZero();
        assertThat(summary.stdDev()).isZero();
        assertThat(Summary.of(List.of()).mean()).isZero();
    }

    @Test
    void givesZeroStdDevForOneValue() {
        Summary summary = Summary.of(42);

        assertThat(summary.mean()).isEqualTo(42.0);
        assertThat(summary.stdDev()).isZero();
    }
}
