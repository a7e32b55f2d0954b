package io.hbench.result;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TimeSeriesTest {
    private static final Instant START = Instant.parse("2026-11-22T20:10:00Z");

    @Test
    void copiesValues() {
        List<Double> values = new ArrayList<>(List.of(1.0, 2.0));
        TimeSeries series = new TimeSeries("throughput", Unit.BYTES_PER_SECOND, START, Duration.ofSeconds(1), values);
        values.clear();

        assertThat(series.values()).containsExactly(1.0, 2.0);
    }

    @Test
    void acceptsNoValues() {
        assertThat(new TimeSeries("throughput", Unit.BYTES_PER_SECOND, START, Duration.ofSeconds(1), List.of())
                .values()).isEmpty();
    }

    @Test
    void rejectsAnIdThatIsNoIdentifier() {
        assertThatThrownBy(() -> new TimeSeries("", Unit.COUNT, START, Duration.ofSeconds(1), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("id '' is not an identifier");
    }

    @Test
    void rejectsNullBucketWidth() {
        assertThatThrownBy(() -> new TimeSeries("ops", Unit.COUNT, START, null, List.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("bucketWidth is null");
    }

    @Test
    void rejectsZeroBucketWidth() {
        assertThatThrownBy(() -> new TimeSeries("ops", Unit.COUNT, START, Duration.ZERO, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bucketWidth is not positive: PT0S");
    }

    @Test
    void rejectsNegativeBucketWidth() {
        assertThatThrownBy(() -> new TimeSeries("ops", Unit.COUNT, START, Duration.ofMillis(-1), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bucketWidth is not positive: PT-0.001S");
    }

    @Test
    void rejectsNonFiniteValue() {
        assertThatThrownBy(() -> new TimeSeries("ops", Unit.COUNT, START, Duration.ofSeconds(1), List.of(1.0, Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("values[1] is not finite: NaN");
    }
}
