package io.hbench.result;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchResultTest {
    private static final Instant START = Instant.parse("2026-11-22T20:10:00.123Z");
    private static final Instant END = Instant.parse("2026-11-22T20:10:05.456Z");

    @Test
    void passesWithoutFailures() {
        BenchResult result = minimal().build();

        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(result.failures()).isEmpty();
        assertThat(result.duration()).isEqualTo(Duration.ofMillis(5333));
    }

    @Test
    void failsWithFailures() {
        BenchResult result = minimal().failure("task 3 failed").failure("file missing").build();

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.failures()).containsExactly("task 3 failed", "file missing");
    }

    @Test
    void keepsInsertionOrder() {
        BenchResult result = minimal()
                .parameter("nrFiles", 4)
                .parameter("fileSize", "128MB")
                .parameter("compress", false)
                .parameter("fraction", 0.25)
                .cluster("fs", "hdfs://nn:8020")
                .cluster("embedded", "true")
                .metric("throughput", 12.5, Unit.MEBIBYTES_PER_SECOND)
                .metric("files", 4, Unit.COUNT)
                .build();

        assertThat(result.parameters()).containsExactly(
                Map.entry("nrFiles", "4"), Map.entry("fileSize", "128MB"), Map.entry("compress", "false"), Map.entry("fraction", "0.25"));
        assertThat(result.cluster().keySet()).containsExactly("fs", "embedded");
        assertThat(result.metrics()).extracting(Metric::name).containsExactly("throughput", "files");
        assertThat(result.metric("files")).contains(new Metric("files", 4, Unit.COUNT));
        assertThat(result.metric("bytes")).isEmpty();
    }

    @Test
    void formatsDoubleParametersIndependentlyOfLocale() {
        assertThat(minimal().parameter("fraction", 1234567.5).build().parameters())
                .containsEntry("fraction", "1234567.5");
    }

    @Test
    void returnsUnmodifiableCollections() {
        BenchResult result = minimal().parameter("nrFiles", 4).build();

        assertThatThrownBy(() -> result.parameters().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> result.metrics().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> result.failures().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void equalsResultBuiltTheSameWay() {
        assertThat(minimal().metric("files", 4, Unit.COUNT).build())
                .isEqualTo(minimal().metric("files", 4, Unit.COUNT).build())
                .hasSameHashCodeAs(minimal().metric("files", 4, Unit.COUNT).build())
                .isNotEqualTo(minimal().metric("files", 5, Unit.COUNT).build());
    }

    @Test
    void printsTaskSampleCountOnly() {
        BenchResult result = minimal().taskSample(new TaskSample("task-1", null, START, END, List.of())).build();

        assertThat(result.toString()).contains("taskSamples=1").doesNotContain("task-1");
    }

    @Test
    void rejectsBlankBenchmark() {
        assertThatThrownBy(() -> BenchResult.builder(" ", "write"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("benchmark is blank");
    }

    @Test
    void rejectsNullOperation() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("operation is null");
    }

    @Test
    void rejectsMissingStart() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").end(END).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("start is null");
    }

    @Test
    void rejectsMissingEnd() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").start(START).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("end is null");
    }

    @Test
    void rejectsEndBeforeStart() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").start(END).end(START).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("end is before start: start=2026-11-22T20:10:05.456Z, end=2026-11-22T20:10:00.123Z");
    }

    @Test
    void rejectsDuplicateMetricNames() {
        BenchResult.Builder builder = minimal().metric("files", 4, Unit.COUNT);

        assertThatThrownBy(() -> builder.metric("files", 5, Unit.COUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate metric name: files");
    }

    @Test
    void rejectsDuplicateDistributionNames() {
        Distribution latency = new Distribution("latency", Unit.MILLISECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
        BenchResult.Builder builder = minimal().distribution(latency);

        assertThatThrownBy(() -> builder.distribution(latency))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate distribution name: latency");
    }

    @Test
    void rejectsDuplicateTimeSeriesNames() {
        TimeSeries series = new TimeSeries("throughput", Unit.MEBIBYTES_PER_SECOND, START, Duration.ofSeconds(1), List.of());
        BenchResult.Builder builder = minimal().timeSeries(series);

        assertThatThrownBy(() -> builder.timeSeries(series))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate time series name: throughput");
    }

    @Test
    void rejectsDuplicateParameters() {
        BenchResult.Builder builder = minimal().parameter("nrFiles", 4);

        assertThatThrownBy(() -> builder.parameter("nrFiles", 5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate parameter: nrFiles");
    }

    @Test
    void rejectsBlankParameterName() {
        assertThatThrownBy(() -> minimal().parameter("", "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter name is blank");
    }

    @Test
    void rejectsNullParameterValue() {
        assertThatThrownBy(() -> minimal().parameter("fileSize", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("value of parameter fileSize is null");
    }

    @Test
    void rejectsNonFiniteDoubleParameter() {
        assertThatThrownBy(() -> minimal().parameter("fraction", Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of parameter fraction is not finite: NaN");
    }

    @Test
    void rejectsDuplicateClusterFacts() {
        BenchResult.Builder builder = minimal().cluster("fs", "hdfs://nn:8020");

        assertThatThrownBy(() -> builder.cluster("fs", "file:///"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate cluster fact: fs");
    }

    @Test
    void rejectsBlankFailure() {
        assertThatThrownBy(() -> minimal().failure(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("failure is blank");
    }

    private static BenchResult.Builder minimal() {
        return BenchResult.builder("TestDFSIO", "write").start(START).end(END);
    }
}
