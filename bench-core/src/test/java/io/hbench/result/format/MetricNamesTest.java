package io.hbench.result.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.BenchResult;
import io.hbench.result.MetricKey;
import org.junit.jupiter.api.Test;

class MetricNamesTest {
    @Test
    void namesAFigureForPeopleWithItsLabelsInWords() {
        assertThat(MetricNames.of(MetricKey.of("ops_per_second").withLabel("operation", "create")))
                .isEqualTo("operations per second, create");
        assertThat(MetricNames.of(MetricKey.of("hsph_at_sf"))).isEqualTo("HSph@SF");
        assertThat(MetricNames.of(MetricKey.of("bandwidth").withLabel("message_size", "1048576")))
                .isEqualTo("bandwidth per connection, 1 MiB messages");
        assertThat(MetricNames.of(MetricKey.of("bandwidth").withLabel("message_size", "65536")))
                .isEqualTo("bandwidth per connection, 64 KiB messages");
    }

    @Test
    void namesAMessageSizeExactlyAsItWasGivenNeverRounded() {
        assertThat(MetricNames.of(MetricKey.of("bandwidth").withLabel("message_size", "1500")))
                .isEqualTo("bandwidth per connection, 1500 B messages");
        assertThat(MetricNames.size(1536 * 1024)).isEqualTo("1536 KiB");
        assertThat(MetricNames.size(0)).isEqualTo("0 B");
    }

    @Test
    void aFailedRunsHeadlineNamesTheFigureItLacks() {
        BenchResult failed = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(SampleResults.environment()).start(SampleResults.START).end(SampleResults.END)
                .failure("job failed").build();

        assertThat(MetricNames.headline(failed)).isEqualTo("(no aggregate throughput)");
    }

    @Test
    void readsAnIdentifierWithoutANameWithSpaces() {
        assertThat(MetricNames.of(MetricKey.of("superstep_time").withLabel("phase", "send")))
                .isEqualTo("superstep time, phase send");
    }
}
