package io.hbench.report;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Engine;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Hand-made results for Compare and Report tests: fixed values, no clock. */
public final class Results {
    public static final double MIB = 1024 * 1024;
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

    private Results() {}

    public static Environment environment() {
        return Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17").os("Linux")
                .clientHost("gw1").commandLine(List.of("TestDFSIO", "-write")).build();
    }

    /** A TestDFSIO write with these figures: throughput in MiB/s, exec time in seconds; and {@code more}. */
    public static BenchResult dfsioWrite(int nrFiles, double throughputMib, double execSeconds, double createOps,
            Metric... more) {
        return dfsioWriteBuilder(nrFiles, throughputMib, execSeconds, createOps, more).build();
    }

    /** {@link #dfsioWrite}'s result, still to be built: a test adds what it needs (a failure, a parameter). */
    public static BenchResult.Builder dfsioWriteBuilder(int nrFiles, double throughputMib, double execSeconds,
            double createOps, Metric... more) {
        BenchResult.Builder result = BenchResult.builder("TestDFSIO", "write")
                .primaryMetric("aggregate_throughput")
                .environment(environment())
                .start(START)
                .end(START.plusSeconds(60))
                .parameter("nrFiles", nrFiles)
                .parameter("fileSize", "1073741824")
                .location("baseDir", "/benchmarks/TestDFSIO")
                .metric("aggregate_throughput", throughputMib * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .metric("exec_time", execSeconds, Unit.SECONDS, Better.LOWER)
                .metric("files", nrFiles, Unit.COUNT, Better.NEITHER)
                .metric(Metric.of("ops_per_second", createOps, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("operation", "create"));
        for (Metric metric : more) {
            result.metric(metric);
        }
        return result;
    }

    /** A passed TPCx-HS run at {@code scaleFactor}: its data, HSph@SF and the times of its two runs. */
    public static BenchResult tpcxhs(String scaleFactor, double bytes, double hsph, double run1, double run2,
            Instant start) {
        return tpcxhsBuilder(scaleFactor, bytes, hsph, run1, run2, start).build();
    }

    /** A passed TPCx-HS run as {@link #tpcxhs} makes it, on {@code engine}. */
    public static BenchResult tpcxhs(String scaleFactor, double bytes, double hsph, double run1, double run2,
            Instant start, Engine engine) {
        return tpcxhsBuilder(scaleFactor, bytes, hsph, run1, run2, start).engine(engine).build();
    }

    private static BenchResult.Builder tpcxhsBuilder(String scaleFactor, double bytes, double hsph, double run1,
            double run2, Instant start) {
        return BenchResult.builder("TPCx-HS", "run").primaryMetric("hsph_at_sf").environment(environment())
                .start(start).end(start.plusSeconds(1000))
                .parameter("scale_factor", scaleFactor)
                .metric("data_bytes", bytes, Unit.BYTES, Better.NEITHER)
                .metric("hsph_at_sf", hsph, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER)
                .metric(Metric.of("run_time", run1, Unit.SECONDS, Better.LOWER).withLabel("run", "1"))
                .metric(Metric.of("run_time", run2, Unit.SECONDS, Better.LOWER).withLabel("run", "2"));
    }

    /** A TestDFSIO write as a step of a suite of {@code definition} records it. */
    public static BenchResult suiteDfsioWrite(String definition, double throughputMib) {
        BenchResult plain = dfsioWrite(4, throughputMib, 30, 1000);
        return BenchResult.builder("TestDFSIO", "write")
                .primaryMetric("aggregate_throughput")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17").os("Linux")
                        .clientHost("gw1").commandLine(List.of("TestDFSIO", "-write"))
                        .configuration("hbench.suite.definition", definition).build())
                .start(START)
                .end(START.plusSeconds(60))
                .parameter("nrFiles", 4)
                .metric(plain.metric("aggregate_throughput").orElseThrow())
                .build();
    }

    /**
     * A capacity curve of NNThroughputBenchmark fileStatus at objective p99=10ms, as the tool writes one: per step
     * its offered and achieved rate, no lateness and its latency p50, p99 and p99.9 in seconds; then the sustained
     * rate and the knee's offered rate (none when {@code knee} is NaN).
     */
    public static BenchResult capacityCurve(double[] offered, double[] achieved, double[][] latencies,
            double sustained, double knee) {
        String operation = "fileStatus";
        BenchResult.Builder result = BenchResult.builder("NNThroughputBenchmark", operation)
                .primaryMetric("sustained_ops_per_second").environment(environment()).start(START)
                .end(START.plusSeconds(30L * offered.length))
                .parameter("threads", "16")
                .parameter("rates", Arrays.stream(offered).mapToObj(rate -> BigDecimal.valueOf(rate)
                        .stripTrailingZeros().toPlainString()).collect(Collectors.joining(",")))
                .parameter("stepDuration", "30")
                .parameter("slo", "p99=10ms");
        for (int i = 0; i < offered.length; i++) {
            String step = Integer.toString(i + 1);
            result.metric(Metric.of("target_ops_per_second", offered[i], Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                            .withLabel("operation", operation).withLabel("step", step))
                    .metric(Metric.of("ops_per_second", achieved[i], Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                            .withLabel("operation", operation).withLabel("step", step))
                    .metric(Metric.of("behind_schedule", 0, Unit.SECONDS, Better.LOWER)
                            .withLabel("operation", operation).withLabel("step", step))
                    .distribution(new Distribution("latency", Unit.SECONDS, 1000, latencies[i][0] / 2,
                            latencies[i][2], latencies[i][0], 0, new TreeMap<>(Map.of(50.0, latencies[i][0],
                                    99.0, latencies[i][1], 99.9, latencies[i][2])))
                            .withLabel("operation", operation).withLabel("step", step));
        }
        result.metric(Metric.of("sustained_ops_per_second", sustained, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .withLabel("operation", operation));
        if (!Double.isNaN(knee)) {
            result.metric(Metric.of("knee_ops_per_second", knee, Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                    .withLabel("operation", operation));
        }
        return result.metric(Metric.of("slo_seconds", 0.010, Unit.SECONDS, Better.NEITHER)
                .withLabel("operation", operation)).build();
    }

    public static Path write(Path file, BenchResult result) throws IOException {
        Files.createDirectories(file.getParent());
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new JsonResultFormat().write(result, writer);
        }
        return file;
    }
}
