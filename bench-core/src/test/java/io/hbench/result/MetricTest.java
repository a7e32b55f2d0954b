package io.hbench.result;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MetricTest {
    @Test
    void keepsItsFields() {
        Metric metric = Metric.of("ops_per_second", 12.5, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .withLabel("operation", "create");

        assertThat(metric.id()).isEqualTo("ops_per_second");
        assertThat(metric.labels()).containsExactly(Map.entry("operation", "create"));
        assertThat(metric.value()).isEqualTo(12.5);
        assertThat(metric.unit()).isEqualTo(Unit.OPERATIONS_PER_SECOND);
        assertThat(metric.better()).isEqualTo(Better.HIGHER);
        assertThat(metric.key()).hasToString("ops_per_second{operation=create}");
    }

    @Test
    void equalsOnlyAMetricOfTheSameKeyValueUnitAndDirection() {
        Metric metric = Metric.of("throughput", 12.5, Unit.BYTES_PER_SECOND, Better.HIGHER);

        assertThat(metric).isEqualTo(Metric.of("throughput", 12.5, Unit.BYTES_PER_SECOND, Better.HIGHER))
                .hasSameHashCodeAs(Metric.of("throughput", 12.5, Unit.BYTES_PER_SECOND, Better.HIGHER))
                .isNotEqualTo(Metric.of("throughput", 12.5, Unit.OPERATIONS_PER_SECOND, Better.HIGHER))
                .isNotEqualTo(Metric.of("throughput", 12.5, Unit.BYTES_PER_SECOND, Better.LOWER))
                .isNotEqualTo(metric.withLabel("run", "1"));
    }

    @Test
    void ordersLabelsByNameWhateverTheOrderTheyWereAddedIn() {
        MetricKey key = MetricKey.of("phase_time").withLabel("run", "1").withLabel("phase", "HSSort");

        assertThat(key).isEqualTo(MetricKey.of("phase_time").withLabel("phase", "HSSort").withLabel("run", "1"))
                .hasToString("phase_time{phase=HSSort,run=1}");
    }

    @Test
    void rejectsAnIdentifierWithADimensionPackedIntoIt() {
        assertThatThrownBy(() -> Metric.of("run 1 HSSort time", 1, Unit.SECONDS, Better.LOWER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("id 'run 1 HSSort time' is not an identifier (lower case letters, digits and '_', starting"
                        + " with a letter)");
    }

    @Test
    void rejectsABadLabel() {
        Metric metric = Metric.of("bandwidth", 1, Unit.BYTES_PER_SECOND, Better.HIGHER);

        assertThatThrownBy(() -> metric.withLabel("Message Size", "1000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("label name 'Message Size' is not an identifier");
        assertThatThrownBy(() -> metric.withLabel("message_size", " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of label message_size is blank");
        assertThatThrownBy(() -> metric.withLabel("run", "1").withLabel("run", "2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate label run on bandwidth{run=1}");
    }

    @Test
    void rejectsNullId() {
        assertThatThrownBy(() -> Metric.of(null, 1, Unit.COUNT, Better.NEITHER))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("id is null");
    }

    @Test
    void rejectsNaNValue() {
        assertThatThrownBy(() -> Metric.of("files", Double.NaN, Unit.COUNT, Better.NEITHER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of files is not finite: NaN");
    }

    @Test
    void rejectsInfiniteValue() {
        assertThatThrownBy(() -> Metric.of("files", Double.NEGATIVE_INFINITY, Unit.COUNT, Better.NEITHER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of files is not finite: -Infinity");
    }

    @Test
    void rejectsNullUnitAndDirection() {
        assertThatThrownBy(() -> Metric.of("files", 1, null, Better.NEITHER))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("unit is null");
        assertThatThrownBy(() -> Metric.of("files", 1, Unit.COUNT, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("better is null");
    }
}
