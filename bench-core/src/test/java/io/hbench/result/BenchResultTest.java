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
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17").os("Linux").clientHost("gw1").build();

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
                .location("baseDir", "/b")
                .location("output", "/o")
                .metric("throughput", 12.5, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .build();

        assertThat(result.parameters()).containsExactly(
                Map.entry("nrFiles", "4"), Map.entry("fileSize", "128MB"), Map.entry("compress", "false"), Map.entry("fraction", "0.25"));
        assertThat(result.locations().keySet()).containsExactly("baseDir", "output");
        assertThat(result.metrics()).extracting(Metric::id).containsExactly("files", "throughput");
        assertThat(result.metric("files")).contains(Metric.of("files", 4, Unit.COUNT, Better.NEITHER));
        assertThat(result.metric("bytes")).isEmpty();
    }

    @Test
    void findsPrimaryMetricsByIdentifierWhateverTheirLabels() {
        Metric create = Metric.of("ops_per_second", 10, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .withLabel("operation", "create");
        Metric open = Metric.of("ops_per_second", 20, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .withLabel("operation", "open");
        BenchResult result = BenchResult.builder("NNThroughputBenchmark", "all").primaryMetric("ops_per_second")
                .environment(ENVIRONMENT).start(START).end(END).metric(create).metric(open).build();

        assertThat(result.primaryMetrics()).containsExactly(create, open);
        assertThat(result.metric(create.key())).contains(create);
        assertThat(result.metric("ops_per_second")).isEmpty();
    }

    @Test
    void rejectsAPassedRunWithoutItsPrimaryMetric() {
        BenchResult.Builder builder = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(ENVIRONMENT).start(START).end(END).metric("files", 1, Unit.COUNT, Better.NEITHER);

        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a passed run has no primary metric aggregate_throughput");
        assertThat(builder.failure("the job failed").build().primaryMetrics()).isEmpty();
    }

    @Test
    void rejectsMissingEnvironment() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").primaryMetric("files").start(START).end(END)
                .metric("files", 1, Unit.COUNT, Better.NEITHER).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("environment is not set");
    }

    @Test
    void countsTasksPerHostLeavingOutUnknownHosts() {
        BenchResult result = minimal()
                .taskSample(new TaskSample("t1", "dn2", START, END, List.of()))
                .taskSample(new TaskSample("t2", "dn1", START, END, List.of()))
                .taskSample(new TaskSample("t3", "dn2", START, END, List.of()))
                .taskSample(new TaskSample("t4", null, START, END, List.of()))
                .build();

        assertThat(result.taskHosts()).containsExactly(Map.entry("dn1", 1), Map.entry("dn2", 2));
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
        assertThat(minimal().metric("bytes", 4, Unit.BYTES, Better.NEITHER).build())
                .isEqualTo(minimal().metric("bytes", 4, Unit.BYTES, Better.NEITHER).build())
                .hasSameHashCodeAs(minimal().metric("bytes", 4, Unit.BYTES, Better.NEITHER).build())
                .isNotEqualTo(minimal().metric("bytes", 5, Unit.BYTES, Better.NEITHER).build())
                .isNotEqualTo(minimal().location("baseDir", "/b").build())
                .isNotEqualTo(minimal().output("checksum", "1").build());
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
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").primaryMetric("files").environment(ENVIRONMENT).end(END).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("start is null");
    }

    @Test
    void rejectsMissingEnd() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").primaryMetric("files").environment(ENVIRONMENT).start(START).build())
                .isInstanceOf(NullPointerException.class)
                .hasMessage("end is null");
    }

    @Test
    void rejectsEndBeforeStart() {
        assertThatThrownBy(() -> BenchResult.builder("TestDFSIO", "write").primaryMetric("files").environment(ENVIRONMENT).start(END).end(START).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("end is before start: start=2026-11-22T20:10:05.456Z, end=2026-11-22T20:10:00.123Z");
    }

    @Test
    void rejectsDuplicateMetricKeys() {
        BenchResult.Builder builder = minimal().metric(Metric.of("bytes", 4, Unit.BYTES, Better.NEITHER).withLabel("run", "1"));

        assertThatThrownBy(() -> builder.metric(Metric.of("bytes", 5, Unit.BYTES, Better.NEITHER).withLabel("run", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate metric: bytes{run=1}");
    }

    @Test
    void rejectsDuplicateDistributionNames() {
        Distribution latency = new Distribution("latency", Unit.SECONDS, 0, 0, 0, 0, 0, new TreeMap<>());
        BenchResult.Builder builder = minimal().distribution(latency);

        assertThatThrownBy(() -> builder.distribution(latency))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate distribution: latency");
    }

    @Test
    void rejectsDuplicateTimeSeriesNames() {
        TimeSeries series = new TimeSeries("throughput", Unit.BYTES_PER_SECOND, START, Duration.ofSeconds(1), List.of());
        BenchResult.Builder builder = minimal().timeSeries(series);

        assertThatThrownBy(() -> builder.timeSeries(series))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate time series: throughput");
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
    void rejectsALocationNamedLikeAParameter() {
        BenchResult.Builder builder = minimal().parameter("output", "x");

        assertThatThrownBy(() -> builder.location("output", "/o"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate location: output");
    }

    @Test
    void rejectsBlankFailure() {
        assertThatThrownBy(() -> minimal().failure(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("failure is blank");
    }

    private static BenchResult.Builder minimal() {
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("files").environment(ENVIRONMENT).start(START)
                .end(END).metric("files", 4, Unit.COUNT, Better.NEITHER);
    }
}
