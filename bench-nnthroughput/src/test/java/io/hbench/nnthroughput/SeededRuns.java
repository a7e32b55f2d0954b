package io.hbench.nnthroughput;

import io.hbench.load.CompletionGap;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.LoadClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import io.hbench.load.Workers;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;

/** Runs made of fixed figures and seeded latencies, without a clock or a NameNode, for the report and result tests. */
final class SeededRuns {
    static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    /** A cluster of 16-byte blocks (Hadoop's NNThroughputBenchmark's own) and three replicas. */
    private static final Configuration CLUSTER = new Configuration(false);

    static {
        CLUSTER.setLong("dfs.blocksize", 16);
        CLUSTER.setInt("dfs.replication", 3);
    }

    private SeededRuns() {
    }

    /** A create of 50,000 files with -close on 16 threads, 2.5 s, seeded latencies. */
    static NnResult create() {
        Random random = new Random(20260301L);
        NnOptions options = NnOptions.builder(NnOperation.CREATE).files(50_000).threads(16).close(true).build()
                .resolve(CLUSTER);
        OpResult op = new OpResult(NnOperation.CREATE, List.of("baseDir = /nnThroughputBenchmark/create",
                "nrFiles = 50000", "nrThreads = 16", "nrFilesPerDir = 4"), List.of(), 50_000,
                Duration.ofMillis(2500).toNanos(), 50_000L * 700_000, List.of(kind("create", 50_000, 700, random)),
                Histograms.toDistribution("complete_latency", Unit.SECONDS,
                        histogram(random, 50_000, 300), 1e9), 0, false,
                List.of("each create is followed by complete (-close); complete is outside the timed create call"
                        + " but inside the elapsed time"));
        return new NnResult(options, "standalone", START, START.plusSeconds(3), List.of(op));
    }

    /**
     * {@link #create} on an HA nameservice: its timeline shows 1.843412 s from 1.212 s into the counted run without a
     * completed create, through which 16 creates waited (a failover).
     */
    static NnResult createOnNameservice() {
        NnResult create = create();
        Instant counted = START.plusMillis(400);
        CompletionTimeline timeline = new CompletionTimeline(counted, new long[] {20_000, 8_000, 22_000},
                new long[] {14_000_000_000L, 35_088_000_000L, 15_400_000_000L},
                new long[] {2_100_000, 1_843_412_000, 1_900_000},
                new CompletionGap(counted.plusMillis(1212), Duration.ofNanos(1_843_412_000), 16));
        return new NnResult(create.options(), "hdfs://ns1", create.start(), create.end(),
                List.of(create.operations().get(0).withTimeline(timeline)));
    }

    /** A 20-second mix with warm-up. */
    static NnResult mix() {
        Random random = new Random(7L);
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        weights.put(NnOperation.CREATE, 1);
        weights.put(NnOperation.OPEN, 8);
        weights.put(NnOperation.FILE_STATUS, 4);
        NnOptions options = NnOptions.builder(NnOperation.MIX).mix(weights).files(130_000).warmup(1000)
                .duration(Duration.ofSeconds(20)).build().resolve(CLUSTER);
        OpResult op = new OpResult(NnOperation.MIX, List.of("baseDir = /nnThroughputBenchmark/mix"), List.of(),
                130_000, Duration.ofMillis(19_875).toNanos(), 130_000L * 90_000,
                List.of(kind("create", 10_000, 600, random), kind("open", 80_000, 40, random),
                        kind("fileStatus", 40_000, 25, random)), null, 1000, false, List.of("seeded"));
        return new NnResult(options, "hdfs://nn:8020", START, START.plusSeconds(21), List.of(op));
    }

    /**
     * A create of 1,000 files at {@code -rate 1000} on one worker, each taking {@code serviceMicros} on a clock that
     * moves only when waited on or worked on, so every figure is exact.
     */
    static NnResult createAtRate(Schedule.Arrivals arrivals, long serviceMicros) throws InterruptedException {
        NnOptions options = NnOptions.builder(NnOperation.CREATE).files(1000).threads(1).rate(1000)
                .arrivals(arrivals).seed(42).build().resolve(CLUSTER);
        StepClock clock = new StepClock();
        OpenLoop.Operation create = new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) {
                clock.sleepUntil(clock.nanoTime() + serviceMicros * 1000);
                return serviceMicros * 1000;
            }

            @Override
            public String describe(int index) {
                return "file " + index;
            }
        };
        LoadOutcome load = new OpenLoop("create", 1, 1, clock).run(0, Schedule.of(arrivals, 1000, 1000, 42), create);
        OpResult op = NnThroughput.result(NnOperation.CREATE, List.of("baseDir = /nnThroughputBenchmark/create",
                "nrFiles = 1000", "nrThreads = 1", "nrFilesPerDir = 4"), new Workers.Outcome(load), options, null,
                List.of());
        return new NnResult(options, "standalone", START, START.plusSeconds(3), List.of(op));
    }

    /**
     * A curve of 1-s steps at 100, 200, 400, 800 and 1,600 ops/s held to p99 <= 1 ms, on one worker, whose creates take
     * 0.2, 0.5, 2 and 1.5 ms: two steps keep their schedule and the objective, the third misses the objective, the
     * fourth saturates and ends the ramp.
     */
    static NnResult kneeCurve() throws IOException, InterruptedException {
        return curve(NnOptions.builder(NnOperation.CREATE).threads(1).rates(100, 200, 400, 800, 1600)
                .stepDuration(Duration.ofSeconds(1)).slo(LatencyObjective.of(99, Duration.ofMillis(1))).build(),
                200, 500, 2000, 1500, 100);
    }

    /**
     * A capacity curve of creates on one worker: step i's creates each take {@code serviceMicros[i]} on a clock that
     * moves only when waited on or worked on, so every figure is exact. The steps run as a real curve runs them,
     * until one saturates.
     */
    static NnResult curve(NnOptions given, long... serviceMicros) throws IOException, InterruptedException {
        NnOptions options = given.resolve(CLUSTER);
        List<OpResult> steps = CapacityCurve.run(options.curve().orElseThrow(), (number, rate, operations) -> {
            long serviceNanos = serviceMicros[number - 1] * 1000;
            StepClock clock = new StepClock();
            OpenLoop.Operation create = new OpenLoop.Operation() {
                @Override
                public long run(int worker, int index) {
                    clock.sleepUntil(clock.nanoTime() + serviceNanos);
                    return serviceNanos;
                }

                @Override
                public String describe(int index) {
                    return "file " + index;
                }
            };
            NnOptions step = options.curveStep(rate, operations);
            LoadOutcome load = new OpenLoop("create", 1, 1, clock).run(0, Schedule.of(step.arrivals(), rate,
                    operations, step.seed()), create);
            return NnThroughput.result(NnOperation.CREATE, List.of("baseDir = /nnThroughputBenchmark/create",
                    "nrFiles = " + operations, "nrThreads = 1", "nrFilesPerDir = 4"), new Workers.Outcome(load), step,
                    null, List.of("files are created and left open (no -close): the timed create call is all"));
        });
        return new NnResult(options, "standalone", START, START.plusSeconds(5), steps);
    }

    /**
     * A curve of one 1-s step of a mix at 100 ops/s on one worker: even operations create (0.3 ms), odd ones
     * fileStatus (0.1 ms).
     */
    static NnResult mixCurve() throws IOException, InterruptedException {
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        weights.put(NnOperation.CREATE, 1);
        weights.put(NnOperation.FILE_STATUS, 1);
        NnOptions options = NnOptions.builder(NnOperation.MIX).mix(weights).threads(1).rates(100)
                .stepDuration(Duration.ofSeconds(1)).build().resolve(CLUSTER);
        List<OpResult> steps = CapacityCurve.run(options.curve().orElseThrow(), (number, rate, operations) -> {
            StepClock clock = new StepClock();
            OpenLoop.Operation mix = new OpenLoop.Operation() {
                @Override
                public long run(int worker, int index) {
                    long nanos = index % 2 == 0 ? 300_000 : 100_000;
                    clock.sleepUntil(clock.nanoTime() + nanos);
                    return nanos;
                }

                @Override
                public int kind(int index) {
                    return index % 2;
                }

                @Override
                public String describe(int index) {
                    return "operation " + index;
                }
            };
            NnOptions step = options.curveStep(rate, operations);
            LoadOutcome load = new OpenLoop("mix", 1, 2, clock).run(0, Schedule.of(step.arrivals(), rate, operations,
                    step.seed()), mix);
            Workers.Outcome outcome = new Workers.Outcome(load);
            List<OpResult.Kind> kinds = List.of(
                    NnThroughput.kind("create", outcome.operations(0), outcome.cumulativeNanos(0), outcome.latency(0),
                            step),
                    NnThroughput.kind("fileStatus", outcome.operations(1), outcome.cumulativeNanos(1),
                            outcome.latency(1), step));
            return new OpResult(NnOperation.MIX, List.of("baseDir = /nnThroughputBenchmark/mix"), List.of(),
                    outcome.totalOperations(), outcome.elapsedNanos(), outcome.totalCumulativeNanos(), kinds, null, 0,
                    false, List.of(), load);
        });
        return new NnResult(options, "standalone", START, START.plusSeconds(2), steps);
    }

    /** A clock that moves only when waited on. */
    private static final class StepClock implements LoadClock {
        private long now;

        @Override
        public synchronized long nanoTime() {
            return now;
        }

        @Override
        public synchronized void sleepUntil(long deadline) {
            now = Math.max(now, deadline);
        }
    }

    private static OpResult.Kind kind(String name, long count, int meanMicros, Random random) {
        Histogram histogram = histogram(random, count, meanMicros);
        return new OpResult.Kind(name, count, count * meanMicros * 1000L,
                Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9));
    }

    private static Histogram histogram(Random random, long count, int meanMicros) {
        Histogram histogram = Histograms.newHistogram();
        for (long i = 0; i < count; i++) {
            histogram.recordValue(1000L + (long) (Math.abs(random.nextGaussian()) * meanMicros * 1000));
        }
        return histogram;
    }
}
