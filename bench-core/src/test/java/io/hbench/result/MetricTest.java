package io.hbench.result;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MetricTest {
    @Test
    void keepsItsFields() {
        Metric metric = new Metric("throughput", 12.5, Unit.MEBIBYTES_PER_SECOND);

        assertThat(metric.name()).isEqualTo("throughput");
        assertThat(metric.value()).isEqualTo(12.5);
        assertThat(metric.unit()).isEqualTo(Unit.MEBIBYTES_PER_SECOND);
        assertThat(metric).isEqualTo(new Metric("throughput", 12.5, Unit.MEBIBYTES_PER_SECOND))
                .hasSameHashCodeAs(new Metric("throughput", 12.5, Unit.MEBIBYTES_PER_SECOND))
                .isNotEqualTo(new Metric("throughput", 12.5, Unit.BYTES_PER_SECOND));
    }

    @Test
    void rejectsNullName() {
        assertThatThrownBy(() -> new Metric(null, 1, Unit.COUNT))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("name is null");
    }

    @Test
    void rejectsBlankName() {
        assertThatThrownBy(() -> new Metric(" ", 1, Unit.COUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name is blank");
    }

    @Test
    void rejectsNaNValue() {
        assertThatThrownBy(() -> new Metric("files", Double.NaN, Unit.COUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value is not finite: NaN");
    }

    @Test
    void rejectsInfiniteValue() {
        assertThatThrownBy(() -> new Metric("files", Double.NEGATIVE_INFINITY, Unit.COUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value is not finite: -Infinity");
    }

    @Test
    void rejectsNullUnit() {
        assertThatThrownBy(() -> new Metric("files", 1, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("unit is null");
    }
}
