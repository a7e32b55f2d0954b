package io.hbench.perf;

import io.hbench.dfsio.DfsioOperation;
import io.hbench.dfsio.DfsioOptions;
import io.hbench.dfsio.DfsioResult;
import io.hbench.dfsio.TestDfsio;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.result.format.MetricNames;
import io.hbench.units.DataSize;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.util.ToolRunner;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * Runs hbench's TestDFSIO and Apache Hadoop's own TestDFSIO side by side on one embedded cluster,
 * alternating their order between rounds, plus a plain loop of HDFS client writes, and prints the
 * ratios. A benchmark, not a test: see docs/performance.md for how to run it and what it found.
 *
 * <p>Aggregate throughput is computed the same way for both tools: total MiB over the tool's own
 * exec time (the job from submission to completion). "Total time" is the whole call measured from
 * outside (setup, job, reading the result). Its fixed cost, the time before the first map task and after the last,
 * is watched from outside as well ({@link MapTaskWatch}), alike for both tools.
 */
public final class DfsioComparison {
    private static final String MAP_TASKS_MAXIMUM_KEY = "mapreduce.local.map.tasks.maximum";
    private static final String HADOOP_BASE = "/perf/hadoop";
    private static final String HBENCH_BASE = "/perf/hbench";
    private static final String PLAIN_BASE = "/perf/plain";

    private final PrintStream out;
    private final int rounds;
    private final int nrFiles;
    private final long fileSize;
    private final int bufferSize;
    private final long settleMillis;
    private final int warmup;
    private final EmbeddedCluster.Storage storage;
    /** Whether hbench's tasks time each block on HDFS ({@link TestDfsio#BLOCK_RECORDS_KEY}). */
    private final boolean blockRecords;

    private DfsioComparison(PrintStream out, EmbeddedCluster.Storage storage, int warmup, int rounds, int nrFiles,
            long fileSize, int bufferSize, long settleMillis, boolean blockRecords) {
        this.out = out;
        this.blockRecords = blockRecords;
        this.storage = storage;
        this.warmup = warmup;
        this.rounds = rounds;
        this.nrFiles = nrFiles;
        this.fileSize = fileSize;
        this.bufferSize = bufferSize;
        this.settleMillis = settleMillis;
    }

    /** One measured call of one tool. */
    static final class Run {
        final String tool;
        final String operation;
        final double wallSec;
        final double execSec;
        final double totalMib;
        /** The tool's own extra figure: Hadoop's "Throughput mb/sec", hbench's I/O-phase aggregate. */
        final double ownFigure;
        /** The classic "Throughput mb/sec", timed alike by both tools: MiB over the sum of task times. */
        final double classicThroughput;
        /** When the map tasks ran within the call. */
        final MapTaskWatch.Span tasks;

        Run(String tool, String operation, double wallSec, double execSec, double totalMib, double ownFigure,
                double classicThroughput, MapTaskWatch.Span tasks) {
            this.tool = tool;
            this.operation = operation;
            this.wallSec = wallSec;
            this.execSec = execSec;
            this.totalMib = totalMib;
            this.ownFigure = ownFigure;
            this.classicThroughput = classicThroughput;
            this.tasks = tasks;
        }

        /** The call's time outside its map tasks: before the first and after the last. */
        double fixedSec() {
            return tasks.beforeTasksSec + tasks.afterTasksSec;
        }

        /** Total MiB over exec time: the same formula for both tools. */
        double aggregate() {
            return execSec == 0 ? 0 : totalMib / execSec;
        }
    }

    /** What one round measured. */
    static final class Round {
        Run hadoopWrite;
        Run hbenchWrite;
        Run hadoopRead;
        Run hbenchRead;
        double plainMibSec;
        double hbenchWriteIoPhase;
        double hbenchReadIoPhase;
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("DfsioComparison", "DfsioComparison [-store hdfs|s3] [-warmup 1]"
                + " [-rounds 3] [-nrFiles 4] [-fileSize 256MB] [-bufferSize 1000000] [-settle 2 (seconds between runs)]"
                + " [-blockRecords on|off (hbench times each block on HDFS)]",
                args, "store", "warmup", "rounds", "nrFiles", "fileSize", "bufferSize", "settle", "blockRecords");
        new DfsioComparison(System.out, storage(flags.text("store", "hdfs")), flags.whole("warmup", 1, 0), flags.whole("rounds", 3, 1),
                flags.whole("nrFiles", 4, 1), flags.size("fileSize", 256 * DataSize.MB),
                flags.whole("bufferSize", 1_000_000, 1), Math.round(flags.decimal("settle", 2, 0) * 1000),
                onOff(flags.text("blockRecords", "on"))).run();
        // Hadoop's TestDFSIO starts a fixed thread pool (non-daemon) in its constructor and never shuts it
        // down, so the JVM would not end by itself once main returns.
        System.out.flush();
        System.exit(0);
    }

    /** {@code -blockRecords off}: hbench's tasks do not time each block, to measure what the timing costs. */
    private static boolean onOff(String value) {
        switch (value) {
            case "on":
                return true;
            case "off":
                return false;
            default:
                throw new IllegalArgumentException("-blockRecords " + value + ": on or off");
        }
    }

    /** {@code -store s3}: the embedded object store, S3Proxy through S3A, for both tools. */
    private static EmbeddedCluster.Storage storage(String store) {
        switch (store) {
            case "hdfs":
                return EmbeddedCluster.Storage.HDFS;
            case "s3":
                return EmbeddedCluster.Storage.S3;
            default:
                throw new IllegalArgumentException("-store " + store + ": hdfs or s3");
        }
    }

    private void run() throws Exception {
        java.nio.file.Path temp = Files.createTempDirectory("hbench-perf-");
        try {
            java.nio.file.Path clusterDir = temp.resolve("cluster");
            long startNanos = System.nanoTime();
            try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), clusterDir, storage)) {
                // Hadoop's TestDFSIO logs every result line at INFO; we read them from its -resFile.
                Logger.getLogger(TestDFSIO.class).setLevel(Level.WARN);
                Logger.getLogger("org.apache.hadoop.fs.IOMapperBase").setLevel(Level.WARN);
                Configuration conf = cluster.clientConfiguration();
                conf.setBoolean(TestDfsio.BLOCK_RECORDS_KEY, blockRecords);
                int mapSlots = conf.getInt(MAP_TASKS_MAXIMUM_KEY, 1);
                int threads = Math.min(nrFiles, mapSlots);
                header(cluster, mapSlots, threads, (System.nanoTime() - startNanos) / 1e9);
                List<Round> results = new ArrayList<>();
                // Warm-up rounds let the JIT compile the client, DataNode and task code paths; they run
                // the same sequence but are not counted. The order alternates over all rounds.
                for (int round = 1; round <= warmup + rounds; round++) {
                    Round result = round(conf, round, round <= warmup, threads, temp);
                    if (round > warmup) {
                        results.add(result);
                    }
                }
                summary(results);
            }
        } finally {
            ScratchDirectories.delete(temp);
        }
    }

    private void header(EmbeddedCluster cluster, int mapSlots, int threads, double startSec) {
        out.println("hbench TestDFSIO vs Apache Hadoop TestDFSIO " + org.apache.hadoop.util.VersionInfo.getVersion()
                + " on one embedded cluster");
        String storage = cluster.storage() == EmbeddedCluster.Storage.HDFS ? cluster.dataNodes() + " DataNodes"
                : "S3Proxy object store " + cluster.fileSystemUri() + " through S3A";
        out.println(String.format(Locale.ROOT, "cluster: %s, local MapReduce with %d parallel map tasks"
                + " (%s), started in %.1f s", storage, mapSlots, MAP_TASKS_MAXIMUM_KEY, startSec));
        out.println(String.format(Locale.ROOT, "machine: %d processors, JVM max heap %d MiB, Java %s",
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / DataSize.MB,
                System.getProperty("java.version")));
        out.println(String.format(Locale.ROOT, "workload: %d files x %s, buffer %d bytes, %d warm-up + %d"
                + " counted round(s), order alternates; plain loop: %d threads; between runs: sync + %.1f s pause",
                nrFiles, MetricNames.size(fileSize), bufferSize, warmup, rounds, threads, settleMillis / 1000.0));
        out.println("hbench times each block with its DataNodes: " + (blockRecords ? "on" : "off (-blockRecords off)"));
        out.println("note: on a single machine reads come largely from the OS page cache (it cannot be dropped"
                + " without root); read figures measure the HDFS read path, not the disk.");
        out.println("aggregate = total MiB / the tool's exec time (job submission to completion), same formula for"
                + " both; wall = the whole call timed from outside; before/after = from the call to its first map task"
                + " and from its last map task to the call's return, watched alike for both.");
        out.println();
    }

    private Round round(Configuration conf, int round, boolean warm, int threads, java.nio.file.Path temp)
            throws Exception {
        boolean hadoopFirst = round % 2 == 1;
        Round r = new Round();
        out.println(String.format(Locale.ROOT, "%s %d (%s first)", warm ? "warm-up round, not counted," : "round",
                round, hadoopFirst ? "Hadoop" : "hbench"));
        if (hadoopFirst) {
            r.hadoopWrite = hadoop(conf, "-write", temp);
            r.hbenchWrite = hbench(conf, DfsioOperation.WRITE, r, true);
            r.plainMibSec = plainLoop(conf, threads);
            r.hadoopRead = hadoop(conf, "-read", temp);
            r.hbenchRead = hbench(conf, DfsioOperation.READ, r, false);
        } else {
            r.plainMibSec = plainLoop(conf, threads);
            r.hbenchWrite = hbench(conf, DfsioOperation.WRITE, r, true);
            r.hadoopWrite = hadoop(conf, "-write", temp);
            r.hbenchRead = hbench(conf, DfsioOperation.READ, r, false);
            r.hadoopRead = hadoop(conf, "-read", temp);
        }
        out.println(String.format(Locale.ROOT, "  %-7s %-6s %10s %10s %10s %10s %12s %18s", "tool", "op", "wall s",
                "exec s", "before s", "after s", "agg MiB/s", "own figure MiB/s"));
        for (Run run : List.of(r.hadoopWrite, r.hbenchWrite, r.hadoopRead, r.hbenchRead)) {
            out.println(String.format(Locale.ROOT, "  %-7s %-6s %10.2f %10.2f %10.2f %10.2f %12.1f %18.1f  %s",
                    run.tool, run.operation, run.wallSec, run.execSec, run.tasks.beforeTasksSec,
                    run.tasks.afterTasksSec, run.aggregate(), run.ownFigure,
                    run.tool.equals("hadoop") ? "(Throughput mb/sec, per-task average)"
                            : "(aggregate over I/O phase)"));
        }
        out.println(String.format(Locale.ROOT, "  %-7s %-6s %10s %10s %10s %10s %12s %18.1f  %s", "plain", "write",
                "-", "-", "-", "-", "-", r.plainMibSec, "(aggregate, first start to last end)"));
        out.println(String.format(Locale.ROOT, "  write: agg hbench/hadoop %.3f, wall hadoop/hbench %.3f;"
                + " read: agg hbench/hadoop %.3f, wall hadoop/hbench %.3f; hbench write I/O phase / plain %.3f",
                r.hbenchWrite.aggregate() / r.hadoopWrite.aggregate(), r.hadoopWrite.wallSec / r.hbenchWrite.wallSec,
                r.hbenchRead.aggregate() / r.hadoopRead.aggregate(), r.hadoopRead.wallSec / r.hbenchRead.wallSec,
                r.hbenchWriteIoPhase / r.plainMibSec));
        out.println();
        out.flush();
        return r;
    }

    private Run hadoop(Configuration clusterConf, String operation, java.nio.file.Path temp) throws Exception {
        Settle.pause(settleMillis);
        Configuration conf = new Configuration(clusterConf);
        conf.set("test.build.data", HADOOP_BASE);
        java.nio.file.Path resFile = temp.resolve("hadoop-TestDFSIO-results.log");
        Files.deleteIfExists(resFile);
        String[] args = {operation, "-nrFiles", Integer.toString(nrFiles), "-fileSize", fileSize + "B",
                "-bufferSize", Integer.toString(bufferSize), "-resFile", resFile.toString()};
        MapTaskWatch watch = MapTaskWatch.start();
        long start = System.nanoTime();
        int status;
        try {
            status = ToolRunner.run(conf, new TestDFSIO(), args);
        } finally {
            watch.close();
        }
        long end = System.nanoTime();
        double wall = (end - start) / 1e9;
        if (status != 0) {
            throw new IllegalStateException("Hadoop TestDFSIO " + Arrays.toString(args) + " returned " + status);
        }
        List<String> lines = Files.readAllLines(resFile, StandardCharsets.UTF_8);
        double execSec = resultValue(lines, "Test exec time sec");
        double throughput = resultValue(lines, "Throughput mb/sec");
        double totalMib = resultValue(lines, "Total MBytes processed");
        return new Run("hadoop", operation.substring(1), wall, execSec, totalMib, throughput, throughput,
                watch.span(end));
    }

    /** A value of Hadoop's result lines ("label: value"); its DecimalFormat may use the default locale's comma. */
    static double resultValue(List<String> lines, String label) {
        for (String line : lines) {
            String trimmed = line.trim();
            if (trimmed.startsWith(label + ":")) {
                return Double.parseDouble(trimmed.substring(label.length() + 1).trim().replace(',', '.'));
            }
        }
        throw new IllegalStateException("Hadoop TestDFSIO's result has no '" + label + "' line: " + lines);
    }

    private Run hbench(Configuration clusterConf, DfsioOperation operation, Round r, boolean write) throws Exception {
        Settle.pause(settleMillis);
        DfsioOptions options = DfsioOptions.builder(operation).nrFiles(nrFiles).fileSize(fileSize)
                .bufferSize(bufferSize).baseDir(HBENCH_BASE).build();
        MapTaskWatch watch = MapTaskWatch.start();
        long start = System.nanoTime();
        DfsioResult result;
        try {
            result = new TestDfsio(new Configuration(clusterConf)).run(options);
        } finally {
            watch.close();
        }
        long end = System.nanoTime();
        double wall = (end - start) / 1e9;
        if (!result.failures().isEmpty()) {
            throw new IllegalStateException("hbench TestDFSIO " + operation + " failed: " + result.failures());
        }
        if (write) {
            r.hbenchWriteIoPhase = result.aggregateThroughputMbSec();
        } else {
            r.hbenchReadIoPhase = result.aggregateThroughputMbSec();
        }
        return new Run("hbench", write ? "write" : "read", wall, result.execTime().toNanos() / 1e9,
                DataSize.toMebibytes(result.totalBytes()), result.aggregateThroughputMbSec(), result.throughputMbSec(),
                watch.span(end));
    }

    /**
     * The plain loop: {@code threads} threads write the same files with the HDFS client and nothing
     * else (a constant buffer, no timing per call). Aggregate: total MiB over first start to last end.
     */
    private double plainLoop(Configuration conf, int threads) throws Exception {
        FileSystem fs = FileSystem.get(conf);
        Path dir = new Path(PLAIN_BASE);
        fs.delete(dir, true);
        fs.mkdirs(dir);
        Settle.pause(settleMillis);
        byte[] buffer = new byte[bufferSize];
        for (int i = 0; i < bufferSize; i++) {
            buffer[i] = (byte) ('0' + i % 50);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            for (int i = 0; i < nrFiles; i++) {
                Path file = new Path(dir, DfsioOptions.fileName(i));
                futures.add(pool.submit(() -> {
                    long start = System.nanoTime();
                    try (FSDataOutputStream stream = fs.create(file, true, bufferSize)) {
                        for (long left = fileSize; left > 0; left -= bufferSize) {
                            stream.write(buffer, 0, (int) Math.min(bufferSize, left));
                        }
                    }
                    return new long[] {start, System.nanoTime()};
                }));
            }
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (Future<long[]> future : futures) {
                long[] times = future.get();
                first = Math.min(first, times[0]);
                last = Math.max(last, times[1]);
            }
            return DataSize.toMebibytes(fileSize * nrFiles) / ((last - first) / 1e9);
        } catch (ExecutionException e) {
            throw new IOException("plain loop write failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private void summary(List<Round> rounds) {
        out.println(String.format(Locale.ROOT, "summary: medians over %d round(s) (ratios are medians of the"
                + " per-round ratios; min..max in brackets)", rounds.size()));
        out.println(String.format(Locale.ROOT, "  %-6s %16s %16s %22s %26s", "op", "hadoop MiB/s", "hbench MiB/s",
                "agg hbench/hadoop", "wall hadoop/hbench"));
        boolean pass = true;
        for (String op : List.of("write", "read")) {
            boolean write = op.equals("write");
            ToDoubleFunction<Round> hadoopAgg = r -> (write ? r.hadoopWrite : r.hadoopRead).aggregate();
            ToDoubleFunction<Round> hbenchAgg = r -> (write ? r.hbenchWrite : r.hbenchRead).aggregate();
            ToDoubleFunction<Round> aggRatio = r -> hbenchAgg.applyAsDouble(r) / hadoopAgg.applyAsDouble(r);
            ToDoubleFunction<Round> wallRatio = r -> write ? r.hadoopWrite.wallSec / r.hbenchWrite.wallSec
                    : r.hadoopRead.wallSec / r.hbenchRead.wallSec;
            double agg = median(rounds, aggRatio);
            double wall = median(rounds, wallRatio);
            out.println(String.format(Locale.ROOT, "  %-6s %16.1f %16.1f %8.3f [%.3f..%.3f] %12.3f [%.3f..%.3f]", op,
                    median(rounds, hadoopAgg), median(rounds, hbenchAgg), agg, min(rounds, aggRatio),
                    max(rounds, aggRatio), wall, min(rounds, wallRatio), max(rounds, wallRatio)));
            // The classic per-task figure, timed as Hadoop times it: a check that it means the same, not a goal.
            ToDoubleFunction<Round> classicRatio = r -> write
                    ? r.hbenchWrite.classicThroughput / r.hadoopWrite.classicThroughput
                    : r.hbenchRead.classicThroughput / r.hadoopRead.classicThroughput;
            out.println(String.format(Locale.ROOT, "  %-6s classic Throughput mb/sec hbench/hadoop %.3f [%.3f..%.3f]", op,
                    median(rounds, classicRatio), min(rounds, classicRatio), max(rounds, classicRatio)));
            fixedCost(rounds, op, write);
            pass &= verdict("hbench/hadoop aggregate " + op + " >= 1.0", agg >= 1.0, agg);
            pass &= verdict("hadoop/hbench total time " + op + " >= 1.0", wall >= 1.0, wall);
        }
        double hbenchIo = median(rounds, r -> r.hbenchWriteIoPhase);
        double plain = median(rounds, r -> r.plainMibSec);
        ToDoubleFunction<Round> plainRatio = r -> r.hbenchWriteIoPhase / r.plainMibSec;
        double ratio = median(rounds, plainRatio);
        out.println(String.format(Locale.ROOT, "  hbench write aggregateThroughputMbSec (I/O phase) %.1f MiB/s,"
                + " plain loop %.1f MiB/s, ratio %.3f [%.3f..%.3f]", hbenchIo, plain, ratio, min(rounds, plainRatio),
                max(rounds, plainRatio)));
        out.println(String.format(Locale.ROOT, "  hbench read aggregateThroughputMbSec (I/O phase) %.1f MiB/s",
                median(rounds, r -> r.hbenchReadIoPhase)));
        pass &= verdict("hbench write I/O phase within 10% of the plain loop (ratio >= 0.9)", ratio >= 0.9, ratio);
        out.println(pass ? "ALL GOALS PASS" : "SOME GOALS FAIL");
    }

    /**
     * Each tool's fixed cost, the call's time outside its map tasks (a figure, no goal): seconds before the first map
     * task and after the last, medians, and their sum's difference per round.
     */
    private void fixedCost(List<Round> rounds, String op, boolean write) {
        ToDoubleFunction<Round> hadoopBefore = r -> (write ? r.hadoopWrite : r.hadoopRead).tasks.beforeTasksSec;
        ToDoubleFunction<Round> hadoopAfter = r -> (write ? r.hadoopWrite : r.hadoopRead).tasks.afterTasksSec;
        ToDoubleFunction<Round> hbenchBefore = r -> (write ? r.hbenchWrite : r.hbenchRead).tasks.beforeTasksSec;
        ToDoubleFunction<Round> hbenchAfter = r -> (write ? r.hbenchWrite : r.hbenchRead).tasks.afterTasksSec;
        ToDoubleFunction<Round> extra = r -> write ? r.hbenchWrite.fixedSec() - r.hadoopWrite.fixedSec()
                : r.hbenchRead.fixedSec() - r.hadoopRead.fixedSec();
        out.println(String.format(Locale.ROOT, "  %-6s fixed cost s, before first map task + after last: hadoop %.2f +"
                + " %.2f, hbench %.2f + %.2f; hbench - hadoop %+.2f [%+.2f..%+.2f]", op, median(rounds, hadoopBefore),
                median(rounds, hadoopAfter), median(rounds, hbenchBefore), median(rounds, hbenchAfter),
                median(rounds, extra), min(rounds, extra), max(rounds, extra)));
    }

    private boolean verdict(String goal, boolean passed, double value) {
        out.println(String.format(Locale.ROOT, "  %s %s (%.3f)", passed ? "PASS" : "FAIL", goal, value));
        return passed;
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> f) {
        return RoundFigures.median(values(rounds, f));
    }

    private static double min(List<Round> rounds, ToDoubleFunction<Round> f) {
        return RoundFigures.min(values(rounds, f));
    }

    private static double max(List<Round> rounds, ToDoubleFunction<Round> f) {
        return RoundFigures.max(values(rounds, f));
    }

    private static double[] values(List<Round> rounds, ToDoubleFunction<Round> f) {
        return rounds.stream().mapToDouble(f).toArray();
    }
}
