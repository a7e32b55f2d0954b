package io.hbench.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs Apache Hadoop's NNThroughputBenchmark (the hadoop-hdfs test-jar) and hbench's side by side,
 * both standalone (the NameNode in the benchmark's own JVM), each run in a fresh JVM on a freshly
 * formatted name directory; then measures what hbench's latency histograms cost by running hbench
 * against itself with them on and off, in one JVM per operation ({@link NnHistogramCost}). A
 * benchmark, not a test: see docs/performance.md.
 *
 * <p>Every run: the same java as this JVM, {@code -Xmx4g}, the {@code --add-opens} of the system
 * property {@code hadoop.jvm.opens}, this JVM's classpath behind a private conf directory holding a
 * core-site.xml (a private {@code hadoop.tmp.dir}) and a quiet log4j.properties. The figure taken
 * is the tool's last {@code " Ops per sec: "} line: operations over elapsed time, same in both.
 */
public final class NnComparison {
    private static final String HADOOP_MAIN = "org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark";
    private static final String HADOOP_FORMAT = "org.apache.hadoop.hdfs.server.namenode.NameNode";
    private static final String HBENCH_MAIN = "io.hbench.nnthroughput.NnThroughputTool";
    private static final String OPS_PER_SEC = " Ops per sec: ";
    private static final String ELAPSED = "Elapsed Time: ";
    private static final double HISTOGRAM_BUDGET = 0.03;
    private static final long RUN_TIMEOUT_MINUTES = 30;

    private final PrintStream out = System.out;
    private final int threads;
    private final int files;
    private final int rounds;
    private final List<String> ops;
    private final int histRounds;
    private final int histJvms;
    private final List<String> histOps;
    private final int warmup;
    private final int duration;
    private final Path work;
    private final Map<String, String> nameNodeSettings;
    private final FreshJvms jvms;
    private int runs;

    /** The result of one run: ops/sec and the tool's elapsed milliseconds. */
    static final class Run {
        final double opsPerSec;
        final double elapsedMs;

        Run(double opsPerSec, double elapsedMs) {
            this.opsPerSec = opsPerSec;
            this.elapsedMs = elapsedMs;
        }
    }

    private NnComparison(int threads, int files, int rounds, List<String> ops, int histRounds, int histJvms,
            List<String> histOps, int warmup, int duration, String heap, Path work,
            Map<String, String> nameNodeSettings) {
        this.threads = threads;
        this.files = files;
        this.rounds = rounds;
        this.ops = ops;
        this.histRounds = histRounds;
        this.histJvms = histJvms;
        this.histOps = histOps;
        this.warmup = warmup;
        this.duration = duration;
        this.work = work;
        this.nameNodeSettings = nameNodeSettings;
        this.jvms = new FreshJvms(heap);
    }

    private static final String USAGE = "NnComparison [-threads 16] [-files 50000] [-rounds 5]"
            + " [-ops create,mkdirs,open,fileStatus,delete,rename] [-tmp DIR (default java.io.tmpdir)]"
            + " [-histRounds 10 (pairs per JVM)] [-histJvms 4] [-histOps (default -ops)] [-warmup 5000]"
            + " [-duration 2 (seconds)] [-heap 4g] [-nnConf key=value,... (hdfs-site.xml of both tools' NameNodes)]";

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("NnComparison", USAGE, args, "threads", "files", "rounds", "ops",
                "histRounds", "histJvms", "histOps", "warmup", "duration", "heap", "tmp", "nnConf");
        List<String> ops = flags.has("ops") ? Arrays.asList(flags.text("ops", "").split(","))
                : List.of("create", "mkdirs", "open", "fileStatus", "delete", "rename");
        List<String> histOps = flags.has("histOps") ? Arrays.asList(flags.text("histOps", "").split(",")) : ops;
        Map<String, String> nameNodeSettings = new LinkedHashMap<>();
        if (flags.has("nnConf")) {
            for (String setting : flags.text("nnConf", "").split(",")) {
                String[] keyValue = setting.split("=", 2);
                if (keyValue.length != 2) {
                    flags.refuse("-nnConf wants key=value[,key=value...], got " + setting);
                }
                nameNodeSettings.put(keyValue[0].trim(), keyValue[1].trim());
            }
        }
        Path work = Files.createTempDirectory(Files.createDirectories(Paths.get(flags.text("tmp",
                System.getProperty("java.io.tmpdir")))), "hbench-nnperf-");
        try {
            // Rounds and histRounds may be 0 to skip that part.
            new NnComparison(flags.whole("threads", 16, 1), flags.whole("files", 50_000, 1), flags.whole("rounds", 5, 0),
                    ops, flags.whole("histRounds", 10, 0), flags.whole("histJvms", 4, 1), histOps,
                    flags.whole("warmup", 5_000, 0), flags.whole("duration", 2, 1), flags.text("heap", "4g"), work,
                    nameNodeSettings).run();
        } finally {
            ScratchDirectories.delete(work);
        }
    }

    private void run() throws Exception {
        header();
        if (rounds > 0) {
            comparison();
        }
        if (histRounds > 0) {
            histograms();
        }
    }

    private void header() throws IOException {
        out.println("hbench NNThroughputBenchmark vs Apache Hadoop NNThroughputBenchmark "
                + org.apache.hadoop.util.VersionInfo.getVersion() + " (hadoop-hdfs test-jar), standalone");
        out.println("machine: " + MachineFacts.summary());
        out.println(String.format(Locale.ROOT, "name directories under %s (file system type %s)", work,
                Files.getFileStore(work).type()));
        out.println("every run: " + jvms.describe() + ", a freshly formatted name directory");
        out.println("both tools' NameNodes: hdfs-site.xml " + (nameNodeSettings.isEmpty() ? "empty (Hadoop's defaults)"
                : nameNodeSettings));
        out.println();
        out.flush();
    }

    // ---- hbench vs Hadoop ----

    private void comparison() throws Exception {
        out.println(String.format(Locale.ROOT, "== hbench vs Hadoop: %d threads, %d files (directories for mkdirs),"
                + " %d round(s), the tool going first alternates; ops/sec ==", threads, files, rounds));
        Map<String, List<double[]>> results = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            boolean hadoopFirst = round % 2 == 1;
            out.println(String.format(Locale.ROOT, "round %d (%s first)", round, hadoopFirst ? "Hadoop" : "hbench"));
            for (String op : ops) {
                double hadoop;
                double hbench;
                if (hadoopFirst) {
                    hadoop = hadoop(op).opsPerSec;
                    hbench = hbench(op).opsPerSec;
                } else {
                    hbench = hbench(op).opsPerSec;
                    hadoop = hadoop(op).opsPerSec;
                }
                results.computeIfAbsent(op, k -> new ArrayList<>()).add(new double[] {hadoop, hbench});
                out.println(String.format(Locale.ROOT, "  %-11s hadoop %10.0f  hbench %10.0f  ratio %.2f", op, hadoop,
                        hbench, hbench / hadoop));
                out.flush();
            }
        }
        out.println();
        out.println(String.format(Locale.ROOT, "summary: medians over %d round(s); ratio = median hbench / median"
                + " hadoop; per-round ratios min..max in brackets", rounds));
        out.println(String.format(Locale.ROOT, "  %-11s %10s %10s %7s %16s", "op", "hadoop", "hbench", "ratio",
                "per-round"));
        boolean pass = true;
        for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
            List<double[]> r = e.getValue();
            double hadoop = RoundFigures.median(r.stream().mapToDouble(x -> x[0]).toArray());
            double hbench = RoundFigures.median(r.stream().mapToDouble(x -> x[1]).toArray());
            double[] ratios = r.stream().mapToDouble(x -> x[1] / x[0]).toArray();
            double ratio = hbench / hadoop;
            boolean ok = ratio >= 1.0;
            pass &= ok;
            out.println(String.format(Locale.ROOT, "  %-11s %10.0f %10.0f %6.2fx   [%.2f..%.2f]  %s", e.getKey(), hadoop,
                    hbench, ratio, RoundFigures.min(ratios), RoundFigures.max(ratios), ok ? "PASS" : "FAIL"));
        }
        out.println(pass ? "PASS hbench >= 1.0x Hadoop for every op (histograms on)"
                : "FAIL hbench < 1.0x Hadoop for some op (histograms on)");
        out.println();
        out.flush();
    }

    // ---- histogram cost ----

    private void histograms() throws Exception {
        out.println(String.format(Locale.ROOT, "== histogram cost: hbench with histograms on (default) and off"
                + " (-noHistograms), %d fresh JVM(s) per op, each with one NameNode: a warm-up run, then %d pairs, the"
                + " one going first alternating; cost = 1 - on/off per pair ==", histJvms, histRounds));
        out.println(String.format(Locale.ROOT, "  open, fileStatus: -warmup %d -duration %d over %d kept files;"
                + " others cannot loop: -warmup %d then %d counted, a run lasts as long as they take",
                warmup, duration, files, warmup, files));
        Map<String, List<Run[]>> results = new LinkedHashMap<>();
        for (String op : histOps) {
            List<Run[]> all = new ArrayList<>();
            for (int jvm = 1; jvm <= histJvms; jvm++) {
                List<Run[]> pairs = histogramPairs(op);
                all.addAll(pairs);
                double[] costs = new double[pairs.size()];
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-11s JVM %d", op, jvm));
                for (int pair = 0; pair < pairs.size(); pair++) {
                    costs[pair] = 1 - pairs.get(pair)[0].opsPerSec / pairs.get(pair)[1].opsPerSec;
                    line.append(String.format(Locale.ROOT, " %+.1f", 100 * costs[pair]));
                }
                out.println(line.append(String.format(Locale.ROOT, "  (median %+.1f%%; on %.0f, off %.0f ops/s)",
                        100 * RoundFigures.median(costs),
                        RoundFigures.median(pairs.stream().mapToDouble(x -> x[0].opsPerSec).toArray()),
                        RoundFigures.median(pairs.stream().mapToDouble(x -> x[1].opsPerSec).toArray()))));
                out.flush();
            }
            results.put(op, all);
        }
        out.println();
        out.println(String.format(Locale.ROOT, "summary: median of the %d paired costs (%%) of all JVMs with its"
                + " distribution-free 95%% confidence interval; PASS when the interval lies under %.0f%%",
                histJvms * histRounds, 100 * HISTOGRAM_BUDGET));
        out.println(String.format(Locale.ROOT, "  %-11s %10s %10s %8s %20s %20s %7s", "op", "on", "off", "cost",
                "95% interval", "min..max", "run s"));
        for (Map.Entry<String, List<Run[]>> e : results.entrySet()) {
            List<Run[]> r = e.getValue();
            double[] costs = r.stream().mapToDouble(x -> 1 - x[0].opsPerSec / x[1].opsPerSec).toArray();
            double cost = RoundFigures.median(costs);
            double[] interval = RoundFigures.medianInterval95(costs);
            double seconds = RoundFigures.median(
                    r.stream().flatMap(Arrays::stream).mapToDouble(x -> x.elapsedMs / 1000).toArray());
            String verdict = interval[1] < HISTOGRAM_BUDGET ? "PASS"
                    : cost < HISTOGRAM_BUDGET ? "median under, interval not" : "FAIL";
            out.println(String.format(Locale.ROOT, "  %-11s %10.0f %10.0f %+7.1f%% [%+6.1f%%..%+6.1f%%]"
                    + " [%+6.1f%%..%+6.1f%%] %7.1f  %s", e.getKey(),
                    RoundFigures.median(r.stream().mapToDouble(x -> x[0].opsPerSec).toArray()),
                    RoundFigures.median(r.stream().mapToDouble(x -> x[1].opsPerSec).toArray()), 100 * cost,
                    100 * interval[0], 100 * interval[1], 100 * RoundFigures.min(costs), 100 * RoundFigures.max(costs),
                    seconds, verdict));
        }
        out.println();
        out.flush();
    }

    /** Runs {@link NnHistogramCost} for {@code op} in a fresh JVM: its pairs, each {on, off}. */
    private List<Run[]> histogramPairs(String op) throws Exception {
        Path dir = runDir();
        List<String> args = List.of(op, Integer.toString(threads), Integer.toString(files), Integer.toString(warmup),
                Integer.toString(duration), Integer.toString(histRounds), dir.resolve("hbench").toString());
        List<String> lines = launchAndWait(dir, NnHistogramCost.class.getName(), args, "histograms.log");
        Run[][] pairs = new Run[histRounds][2];
        for (String line : lines) {
            if (line.startsWith(NnHistogramCost.RUN)) {
                String[] fields = line.substring(NnHistogramCost.RUN.length()).trim().split(" ");
                pairs[Integer.parseInt(fields[0]) - 1][fields[1].equals("on") ? 0 : 1] =
                        new Run(Double.parseDouble(fields[2]), Double.parseDouble(fields[3]));
            }
        }
        for (Run[] pair : pairs) {
            if (pair[0] == null || pair[1] == null) {
                throw new IllegalStateException(NnHistogramCost.class.getSimpleName() + " " + args
                        + " printed fewer runs than asked; output: " + FreshJvms.tail(dir.resolve("histograms.log")));
            }
        }
        ScratchDirectories.delete(dir);
        return Arrays.asList(pairs);
    }

    // ---- running the tools ----

    private static List<String> opArgs(String op, int threads, int files) {
        switch (op) {
            case "create":
                return List.of("-op", "create", "-threads", Integer.toString(threads), "-files", Integer.toString(files),
                        "-close");
            case "mkdirs":
                return List.of("-op", "mkdirs", "-threads", Integer.toString(threads), "-dirs", Integer.toString(files));
            default:
                return List.of("-op", op, "-threads", Integer.toString(threads), "-files", Integer.toString(files));
        }
    }

    private Run hadoop(String op) throws Exception {
        Path dir = runDir();
        launchAndWait(dir, HADOOP_FORMAT, List.of("-format", "-force"), "format.log");
        Run run = launch(dir, HADOOP_MAIN, opArgs(op, threads, files), "hadoop.log");
        ScratchDirectories.delete(dir);
        return run;
    }

    private Run hbench(String op) throws Exception {
        Path dir = runDir();
        List<String> args = new ArrayList<>(opArgs(op, threads, files));
        args.addAll(List.of("-standaloneDir", dir.resolve("hbench").toString()));
        Run run = launch(dir, HBENCH_MAIN, args, "hbench.log");
        ScratchDirectories.delete(dir);
        return run;
    }

    /** A private directory for one run: conf/core-site.xml (hadoop.tmp.dir inside it) and conf/log4j.properties. */
    private Path runDir() throws IOException {
        Path dir = work.resolve(String.format(Locale.ROOT, "run-%04d", ++runs));
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.writeString(conf.resolve("core-site.xml"), "<configuration><property><name>hadoop.tmp.dir</name><value>"
                + dir.resolve("hadoop") + "</value></property></configuration>\n");
        // Read by both tools' NameNodes: HdfsConfiguration loads hdfs-site.xml after the defaults.
        StringBuilder hdfsSite = new StringBuilder("<configuration>");
        nameNodeSettings.forEach((key, value) -> hdfsSite.append("<property><name>").append(key)
                .append("</name><value>").append(value).append("</value></property>"));
        Files.writeString(conf.resolve("hdfs-site.xml"), hdfsSite.append("</configuration>\n").toString());
        Files.writeString(conf.resolve("log4j.properties"), String.join("\n",
                "log4j.rootLogger=WARN,console",
                "log4j.logger." + HADOOP_MAIN + "=INFO",
                "log4j.logger.org.apache.hadoop.hdfs.server=ERROR",
                "log4j.logger.org.apache.hadoop.metrics2=ERROR",
                "log4j.appender.console=org.apache.log4j.ConsoleAppender",
                "log4j.appender.console.target=System.err",
                "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
                "log4j.appender.console.layout.ConversionPattern=%m%n", ""));
        return dir;
    }

    /** Runs a benchmark {@code main} in a fresh JVM ({@link #launchAndWait}); its figures. */
    private Run launch(Path dir, String main, List<String> args, String log) throws Exception {
        List<String> lines = launchAndWait(dir, main, args, log);
        double opsPerSec = Double.NaN;
        double elapsed = Double.NaN;
        for (String line : lines) {
            int at = line.indexOf(OPS_PER_SEC);
            if (at >= 0) {
                opsPerSec = Double.parseDouble(line.substring(at + OPS_PER_SEC.length()).trim());
            }
            at = line.indexOf(ELAPSED);
            if (at >= 0) {
                elapsed = Double.parseDouble(line.substring(at + ELAPSED.length()).trim());
            }
        }
        if (Double.isNaN(opsPerSec) || opsPerSec <= 0) {
            throw new IllegalStateException(main + " " + args + " printed no '" + OPS_PER_SEC.trim() + "' figure;"
                    + " output: " + FreshJvms.tail(dir.resolve(log)));
        }
        return new Run(opsPerSec, elapsed);
    }

    /**
     * Runs {@code main} in a fresh JVM to its successful end; its output (both streams) goes to
     * {@code log} in the run directory, and its lines are returned.
     */
    private List<String> launchAndWait(Path dir, String main, List<String> args, String log) throws Exception {
        Path logFile = dir.resolve(log);
        Process process = jvms.start(dir.resolve("conf"), main, args, logFile);
        if (!process.waitFor(RUN_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException(main + " " + args + " ran longer than " + RUN_TIMEOUT_MINUTES
                    + " minutes; output: " + FreshJvms.tail(logFile));
        }
        List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IllegalStateException(main + " " + args + " exited with " + process.exitValue() + "; output: "
                    + FreshJvms.tail(logFile));
        }
        return lines;
    }
}
