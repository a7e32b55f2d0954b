package io.hbench.metadata;

import io.hbench.load.ClassicFigures;
import io.hbench.load.FakeClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;

/** Runs made of fixed figures and seeded latencies, without a clock or a file system, for the report and result tests. */
final class SeededFsRuns {
    static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final String BASE = "s3a://bench-bucket/benchmarks/FsMetadata";
    private static final String NOTE = "s3a://bench-bucket is an object store: rename copies each object and deletes"
            + " the original, so its rename figures are a copy's (objects carry etags, and the store says a rename"
            + " does not keep them)";

    private static final Map<FsOperation, String> CHECKED = Map.of(
            FsOperation.CREATE, "the 2000 files are listed under their names",
            FsOperation.MKDIRS, "the 2000 directories are listed under their names",
            FsOperation.OPEN, "all 2000 files opened",
            FsOperation.FILE_STATUS, "all 2000 files found, each a file",
            FsOperation.LIST, "2000 files listed in 500 directories, as created",
            FsOperation.RENAME, "the 2000 files are listed under their new names, none under its old one",
            FsOperation.DELETE, "no file is left under " + BASE + "/delete");

    private SeededFsRuns() {
    }

    /**
     * -op all of 2,000 files on 8 threads on an object store: each operation 2,000 calls (list 500) in a time of its
     * own; the delete left one file behind.
     */
    static FsMetadataResult all() {
        Random random = new Random(20260301L);
        FsMetadataOptions options = FsMetadataOptions.builder(FsOperation.ALL).files(2000).threads(8)
                .baseDir(BASE).build();
        List<FsOpResult> ops = new ArrayList<>();
        int[] meanMillis = {28, 35, 12, 9, 21, 64, 18};
        long[] elapsedMillis = {7_250, 9_100, 3_075, 2_310, 1_400, 16_480, 4_650};
        for (int i = 0; i < FsOperation.ALL_IN_ORDER.size(); i++) {
            FsOperation op = FsOperation.ALL_IN_ORDER.get(i);
            long calls = op == FsOperation.LIST ? 500 : 2000;
            ops.add(op(op, calls, Duration.ofMillis(elapsedMillis[i]).toNanos(), meanMillis[i], random,
                    op == FsOperation.DELETE ? List.of("1 of the 2000 files are left under " + BASE
                            + "/delete after deleting every one") : List.of()));
        }
        return new FsMetadataResult(options, "s3a://bench-bucket", BASE, Optional.of(NOTE), START,
                START.plusSeconds(58), ops, Optional.empty());
    }

    /**
     * A create of 1,000 files at {@code -rate 1000} on one worker, each taking {@code serviceMicros} on a clock that
     * moves only when waited on or worked on, so every figure is exact.
     */
    static FsMetadataResult createAtRate(Schedule.Arrivals arrivals, long serviceMicros) throws InterruptedException {
        FsMetadataOptions options = FsMetadataOptions.builder(FsOperation.CREATE).files(1000).threads(1).rate(1000)
                .arrivals(arrivals).seed(42).baseDir("/benchmarks/FsMetadata").build();
        FakeClock clock = new FakeClock();
        OpenLoop.Operation create = new OpenLoop.Operation() {
            @Override
            public long run(int worker, int index) {
                clock.advance(serviceMicros * 1000);
                return serviceMicros * 1000;
            }

            @Override
            public String describe(int index) {
                return "file " + index;
            }
        };
        LoadOutcome load = new OpenLoop("create", 1, 1, clock).run(0, Schedule.of(arrivals, 1000, 1000, 42), create);
        List<String> inputs = List.of("baseDir = hdfs://nn:8020/benchmarks/FsMetadata/create", "nrFiles = 1000",
                "nrThreads = 1", "nrFilesPerDir = 4");
        FsOpResult op = new FsOpResult(FsOperation.CREATE, inputs, new ClassicFigures(load.totalOperations(),
                load.measuredNanos(), load.totalTimedNanos()), Histograms.toDistribution("latency", Unit.SECONDS,
                load.latency(0), 1e9), "the 1000 files are listed under their names", List.of(), load);
        return new FsMetadataResult(options, "hdfs://nn:8020", "hdfs://nn:8020/benchmarks/FsMetadata",
                Optional.empty(), START, START.plusSeconds(3), List.of(op), Optional.empty());
    }

    /** One operation's figures: its calls' seeded latencies around {@code meanMillis}, summed as its call time. */
    static FsOpResult op(FsOperation op, long calls, long elapsedNanos, int meanMillis, Random random,
            List<String> failures) {
        Histogram histogram = Histograms.newHistogram();
        long cumulative = 0;
        for (long i = 0; i < calls; i++) {
            long nanos = 1_000_000L + (long) (Math.abs(random.nextGaussian()) * meanMillis * 1_000_000L);
            histogram.recordValue(nanos);
            cumulative += nanos;
        }
        Distribution latency = Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9);
        String base = BASE + "/" + op.label();
        List<String> inputs = List.of("baseDir = " + base, "nrFiles = 2000", "nrThreads = 8", "nrFilesPerDir = 4");
        return new FsOpResult(op, inputs, new ClassicFigures(calls, elapsedNanos, cumulative), latency,
                CHECKED.get(op), failures);
    }
}
