package io.hbench.result.format;

import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

import static io.hbench.result.Unit.BYTES;
import static io.hbench.result.Unit.COUNT;
import static io.hbench.result.Unit.MEBIBYTES_PER_SECOND;
import static io.hbench.result.Unit.MILLISECONDS;
import static io.hbench.result.Unit.SECONDS;

/** Results for format tests, built from a fixed seed so that golden files stay valid. */
final class SampleResults {
    static final Instant START = Instant.parse("2026-11-22T20:10:00.123Z");
    static final Instant END = Instant.parse("2026-11-22T20:10:05.456Z");

    private static final long SEED = 20261122;
    private static final int TASKS = 5;
    private static final int FILE_MIB = 128;

    private SampleResults() {}

    /** A TestDFSIO-like write run where one task lost its datanode. */
    static BenchResult seeded() {
        Random random = new Random(SEED);
        BenchResult.Builder builder = BenchResult.builder("TestDFSIO", "write")
                .parameter("nrFiles", TASKS)
                .parameter("fileSize", FILE_MIB + "MB")
                .parameter("bufferSize", 1_000_000L)
                .parameter("compress", false)
                .parameter("sampleFraction", 0.25)
                .parameter("label", "naïve “ünïcode” \"quoted\"")
                .cluster("fs", "hdfs://nn:8020")
                .cluster("embedded", "true")
                .cluster("hadoop.version", "3.4.2")
                .cluster("datanodes", "3")
                .job(new SubmittedJob("job_1764000000000_0001", "TestDFSIO write",
                        "http://rm.example.com:8088/proxy/application_1764000000000_0001/"))
                .start(START)
                .end(END);

        double[] throughputs = new double[TASKS];
        for (int i = 0; i < TASKS; i++) {
            Instant taskStart = START.plusMillis(random.nextInt(200));
            Instant taskEnd = taskStart.plusMillis(3000 + random.nextInt(2000));
            throughputs[i] = FILE_MIB / (Duration.between(taskStart, taskEnd).toMillis() / 1000.0);
            String host = i == 3 ? null : "dn" + (i % 3 + 1) + ".example.com";
            builder.taskSample(new TaskSample(String.format(Locale.ROOT, "attempt_1764000000000_0001_m_%06d_0", i), host, taskStart, taskEnd,
                    List.of(new Metric("bytes", FILE_MIB * 1024.0 * 1024.0, BYTES),
                            new Metric("throughput", throughputs[i], MEBIBYTES_PER_SECOND))));
        }

        double[] latencies = new double[1000];
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = 0.5 - 2 * Math.log(1 - random.nextDouble());
        }

        List<Double> clusterThroughput = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            clusterThroughput.add(100 + 50 * random.nextDouble());
        }

        return builder
                .metric("aggregate throughput", TASKS * FILE_MIB / 5.333, MEBIBYTES_PER_SECOND)
                .metric("average IO rate", Arrays.stream(throughputs).average().orElseThrow(), MEBIBYTES_PER_SECOND)
                .metric("files", TASKS, COUNT)
                .metric("bytes written", TASKS * FILE_MIB * 1024.0 * 1024.0, BYTES)
                .metric("exec time", 5.333, SECONDS)
                .distribution(distribution("task throughput", MEBIBYTES_PER_SECOND, throughputs, 50, 90, 99))
                .distribution(distribution("call latency", MILLISECONDS, latencies, 50, 90, 99, 99.9))
                .timeSeries(new TimeSeries("cluster throughput", MEBIBYTES_PER_SECOND, START.minusMillis(123),
                        Duration.ofSeconds(1), clusterThroughput))
                .failure("attempt_1764000000000_0001_m_000003_0: lost datanode dn1.example.com")
                .failure("file /benchmarks/TestDFSIO/io_data/test_io_3 is shorter than 128 MB")
                .build();
    }

    /** Summarises {@code values} with nearest-rank percentiles. */
    static Distribution distribution(String name, Unit unit, double[] values, double... percentiles) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElseThrow();
        double variance = Arrays.stream(sorted).map(value -> (value - mean) * (value - mean)).sum() / sorted.length;
        SortedMap<Double, Double> byPercentile = new TreeMap<>();
        for (double percentile : percentiles) {
            int rank = (int) Math.ceil(percentile / 100 * sorted.length);
            byPercentile.put(percentile, sorted[rank - 1]);
        }
        return new Distribution(name, unit, sorted.length, sorted[0], sorted[sorted.length - 1], mean, Math.sqrt(variance),
                byPercentile);
    }
}
