package io.hbench.report.html;

import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TpcxhsScalingTest {
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void computesTheStudysTableAgainstTheSmallestScaleFactor() {
        // SF 1: runs of 100 s and 110 s; SF 3: 280 s and 320 s.
        List<TpcxhsScaling.Row> rows = TpcxhsScaling.rows(List.of(
                tpcxhs("3", 3e12, 33.75, 280, 320, START),
                tpcxhs("1", 1e12, 32.73, 100, 110, START)));

        assertThat(rows).hasSize(2);
        TpcxhsScaling.Row one = rows.get(0);
        TpcxhsScaling.Row three = rows.get(1);
        assertThat(one.scaleFactor).isEqualByComparingTo("1");
        assertThat(one.timeSeconds).isEqualTo(105.0);
        // Sample standard deviation of 100 and 110 is 5 * sqrt(2) = 7.0711, 6.734 % of 105.
        assertThat(one.timeStdDevPercent).isCloseTo(5 * Math.sqrt(2) / 105 * 100, within(1e-12));
        assertThat(one.dataChangePercent).isZero();
        assertThat(one.timeChangePercent).isZero();
        assertThat(three.timeSeconds).isEqualTo(300.0);
        assertThat(three.dataChangePercent).isCloseTo(200.0, within(1e-12));
        assertThat(three.timeChangePercent).isCloseTo((300.0 / 105 - 1) * 100, within(1e-12));
        assertThat(three.hsph).isEqualTo(33.75);
    }

    @Test
    void takesTheLatestRunOfAScaleFactorAndNeedsTwoScaleFactors() {
        BenchResult early = tpcxhs("1", 1e12, 30, 100, 100, START);
        BenchResult late = tpcxhs("1", 1e12, 40, 90, 90, START.plusSeconds(3600));

        assertThat(TpcxhsScaling.rows(List.of(early, late))).isEmpty();
        assertThat(TpcxhsScaling.rows(List.of(late, early, tpcxhs("3", 3e12, 35, 300, 300, START))).get(0).hsph)
                .isEqualTo(40.0);
    }

    private static BenchResult tpcxhs(String scaleFactor, double bytes, double hsph, double run1, double run2,
            Instant start) {
        return BenchResult.builder("TPCx-HS", "run").primaryMetric("hsph_at_sf").environment(Results.environment())
                .start(start).end(start.plusSeconds(1000))
                .parameter("scale_factor", scaleFactor)
                .metric("data_bytes", bytes, Unit.BYTES, Better.NEITHER)
                .metric("hsph_at_sf", hsph, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER)
                .metric(Metric.of("run_time", run1, Unit.SECONDS, Better.LOWER).withLabel("run", "1"))
                .metric(Metric.of("run_time", run2, Unit.SECONDS, Better.LOWER).withLabel("run", "2"))
                .build();
    }
}
