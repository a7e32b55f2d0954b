package io.hbench.result.format;

import io.hbench.resources.CounterSnapshot;
import io.hbench.resources.HostSamples;
import io.hbench.resources.UsageCalculator;
import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
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
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

import static io.hbench.result.Better.HIGHER;
import static io.hbench.result.Better.LOWER;
import static io.hbench.result.Better.NEITHER;
import static io.hbench.result.Unit.BYTES;
import static io.hbench.result.Unit.BYTES_PER_SECOND;
import static io.hbench.result.Unit.COUNT;
import static io.hbench.result.Unit.OPERATIONS_PER_SECOND;
import static io.hbench.result.Unit.SECONDS;

/** Results for the tests of formats and of the JSON reader, built from a fixed seed so that golden files stay valid. */
public final class SampleResults {
    static final Instant START = Instant.parse("2026-11-22T20:10:00.123Z");
    public static final Instant END = Instant.parse("2026-11-22T20:10:05.456Z");

    private static final long SEED = 20261122;
    private static final int TASKS = 5;
    private static final int FILE_MIB = 128;
    private static final double MIB = 1024 * 1024;

    private SampleResults() {}

    /** A TestDFSIO-like write run where one task lost its datanode. */
    public static BenchResult seeded() {
        Random random = new Random(SEED);
        BenchResult.Builder builder = BenchResult.builder("TestDFSIO", "write")
                .primaryMetric("aggregate_throughput")
                .parameter("nrFiles", TASKS)
                .parameter("fileSize", FILE_MIB + "MB")
                .parameter("bufferSize", 1_000_000L)
                .parameter("compress", false)
                .parameter("sampleFraction", 0.25)
                .parameter("label", "naïve “ünïcode” \"quoted\"")
                .location("baseDir", "/benchmarks/TestDFSIO")
                .output("checksum", "0x2a")
                .environment(environment())
                .job(new SubmittedJob("job_1764000000000_0001", "TestDFSIO write",
                        "http://rm.example.com:8088/proxy/application_1764000000000_0001/"))
                .start(START)
                .end(END);

        double[] throughputs = new double[TASKS];
        for (int i = 0; i < TASKS; i++) {
            Instant taskStart = START.plusMillis(random.nextInt(200));
            Instant taskEnd = taskStart.plusMillis(3000 + random.nextInt(2000));
            throughputs[i] = FILE_MIB * MIB / (Duration.between(taskStart, taskEnd).toMillis() / 1000.0);
            String host = i == 3 ? null : "dn" + (i % 3 + 1) + ".example.com";
            builder.taskSample(new TaskSample(String.format(Locale.ROOT, "attempt_1764000000000_0001_m_%06d_0", i), host, taskStart, taskEnd,
                    List.of(Metric.of("bytes", FILE_MIB * MIB, BYTES, NEITHER),
                            Metric.of("throughput", throughputs[i], BYTES_PER_SECOND, HIGHER))));
        }

        double[] latencies = new double[1000];
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = (0.5 - 2 * Math.log(1 - random.nextDouble())) / 1000;
        }

        List<Double> clusterThroughput = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            clusterThroughput.add((100 + 50 * random.nextDouble()) * MIB);
        }

        return builder
                .metric("aggregate_throughput", TASKS * FILE_MIB * MIB / 5.333, BYTES_PER_SECOND, HIGHER)
                .metric("io_rate_mean", Arrays.stream(throughputs).average().orElseThrow(), BYTES_PER_SECOND, HIGHER)
                .metric("files", TASKS, COUNT, NEITHER)
                .metric("bytes", TASKS * FILE_MIB * MIB, BYTES, NEITHER)
                .metric("exec_time", 5.333, SECONDS, LOWER)
                .metric(Metric.of("ops_per_second", 1234.5, OPERATIONS_PER_SECOND, HIGHER).withLabel("operation", "create"))
                .metric(Metric.of("ops_per_second", 5678.25, OPERATIONS_PER_SECOND, HIGHER).withLabel("operation", "open"))
                .distribution(distribution("task_throughput", BYTES_PER_SECOND, throughputs, 50, 90, 99))
                .distribution(distribution("io_call_latency", SECONDS, latencies, 50, 90, 99, 99.9)
                        .withLabel("operation", "write"))
                .timeSeries(new TimeSeries("throughput", BYTES_PER_SECOND, START.minusMillis(123),
                        Duration.ofMillis(1500), clusterThroughput))
                .resources(resources(random))
                .failure("attempt_1764000000000_0001_m_000003_0: lost datanode dn1.example.com")
                .failure("file /benchmarks/TestDFSIO/io_data/test_io_3 is shorter than 128 MB")
                .build();
    }

    /**
     * Two hosts sampled every second for five seconds, with counters that grow by random amounts, and a third that
     * could not be sampled.
     */
    static ResourceUsage resources(Random random) {
        List<HostSamples> samples = new ArrayList<>();
        for (String host : List.of("dn1.example.com", "dn2.example.com")) {
            samples.add(HostSamples.of(host, snapshots(random), 1_000_000L + random.nextInt(1_000_000)));
        }
        samples.add(HostSamples.unavailable("mac1.example.com", "no CPU counters in /proc/stat (NoSuchFileException)"));
        return UsageCalculator.usage(samples, List.of(), Duration.ofSeconds(1),
                List.of(new Phase("write", START, END)));
    }

    /** Two network namespaces of one machine, which report the same kernel, and a machine of its own. */
    static ResourceUsage resourcesOfOneKernel(Random random) {
        List<HostSamples> samples = new ArrayList<>();
        for (String host : List.of("w1.example.com", "w2.example.com")) {
            samples.add(HostSamples.of(host, Optional.of("boot-of-the-shared-machine"), snapshots(random), 1_000_000L,
                    0));
        }
        samples.add(HostSamples.of("w3.example.com", Optional.of("boot-of-w3"), snapshots(random), 1_000_000L, 0));
        return UsageCalculator.usage(samples, List.of(), Duration.ofSeconds(1),
                List.of(new Phase("write", START, END)));
    }

    /** A snapshot every second for five seconds, of counters that grow by random amounts. */
    private static List<CounterSnapshot> snapshots(Random random) {
        List<CounterSnapshot> snapshots = new ArrayList<>();
        long busy = 0;
        long idle = 0;
        long sent = 0;
        long written = 0;
        for (int second = 0; second <= 5; second++) {
            busy += random.nextInt(100);
            idle += 100 - random.nextInt(100);
            sent += random.nextInt(100_000_000);
            written += random.nextInt(100_000);
            snapshots.add(new CounterSnapshot(START.plusSeconds(second),
                    new CounterSnapshot.Cpu(busy, 0, busy / 4, idle, busy / 8, 0, 0, 0, busy * 100),
                    16_000_000, 8_000_000 - random.nextInt(1_000_000), 0, 0,
                    Map.of("eth0", new CounterSnapshot.Interface(sent / 2, sent / 3000, sent, sent / 1500),
                            "lo", new CounterSnapshot.Interface(second * 1000L, second, second * 1000L, second)),
                    Map.of("sda", new CounterSnapshot.Disk(false, written / 64, written, written / 100,
                            written / 32, written * 2, written / 50, second * 400L))));
        }
        return snapshots;
    }

    /** A fixed environment, as a YARN cluster's client would record it. */
    static Environment environment() {
        return Environment.builder()
                .hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567")
                .hadoopVersion("3.4.2")
                .clusterHadoopVersion("3.4.1")
                .java("17.0.15 (Debian)")
                .os("Linux 6.1.0 amd64")
                .clientHost("gw1.example.com")
                .commandLine(List.of("TestDFSIO", "-D", "dfs.replication=2", "-write", "-nrFiles", "5", "-fileSize", "128MB"))
                .configuration("embedded", "false")
                .configuration("fs.defaultFS", "hdfs://nn:8020")
                .configuration("dfs.replication", "2")
                .configuration("mapreduce.framework.name", "yarn")
                .configuration("datanodes", "3")
                .build();
    }

    /** Summarises {@code values} with nearest-rank percentiles. */
    static Distribution distribution(String id, Unit unit, double[] values, double... percentiles) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElseThrow();
        double variance = Arrays.stream(sorted).map(value -> (value - mean) * (value - mean)).sum() / sorted.length;
        SortedMap<Double, Double> byPercentile = new TreeMap<>();
        for (double percentile : percentiles) {
            int rank = (int) Math.ceil(percentile / 100 * sorted.length);
            byPercentile.put(percentile, sorted[rank - 1]);
        }
        return new Distribution(id, unit, sorted.length, sorted[0], sorted[sorted.length - 1], mean, Math.sqrt(variance),
                byPercentile);
    }
}
