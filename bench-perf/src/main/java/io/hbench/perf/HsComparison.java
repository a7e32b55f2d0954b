package io.hbench.perf;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.hs.HsGen;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsSort;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsValidate;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;

/**
 * Runs hbench's HSGen, HSSort and HSValidate and Apache Hadoop's TeraGen, TeraSort and TeraValidate
 * side by side on one embedded cluster with the same configuration, alternating which goes first
 * from round to round, and prints every phase's time and the ratios. A benchmark, not a test: see
 * docs/performance.md.
 *
 * <p>Same configuration means: the same rows; the same number of generating maps (the local job
 * runner gives TeraGen one map whatever it is asked, so HSGen gets one too); the same reducers
 * ({@code mapreduce.job.reduces} for TeraSort, {@code -reduces} for HSSort); output replication 3
 * for both sorts (TeraSort's default is 1; TPCx-HS requires 3), both synced at the end (TeraSort's
 * default). Times are each whole call measured from outside with {@code System.nanoTime}.
 *
 * <p>One setting differs unless {@code -sortMb} is given: HSSort sizes its map sort buffer so that a split's output
 * spills once, where TeraSort keeps Hadoop's 100 MB. {@code -sortMb N} sets {@code mapreduce.task.io.sort.mb} to N
 * for both (HSSort leaves a value the user set alone), to show the figure with equal settings.
 */
public final class HsComparison {
    private static final String HADOOP_BASE = "/perf/tera";
    private static final String HBENCH_BASE = "/perf/hs";
    private static final String[] PHASES = {"gen", "sort", "validate"};

    private final PrintStream out;
    private final long rows;
    private final int reduces;
    private final int rounds;
    private final int warmup;
    private final long settleMillis;
    /** The sort buffer both sorts get, in MB; 0 for each tool's own choice. */
    private final int sortMb;

    private HsComparison(PrintStream out, long rows, int reduces, int rounds, int warmup, long settleMillis,
            int sortMb) {
        this.out = out;
        this.rows = rows;
        this.reduces = reduces;
        this.rounds = rounds;
        this.warmup = warmup;
        this.settleMillis = settleMillis;
        this.sortMb = sortMb;
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("HsComparison", "HsComparison [-rows 10000000] [-reduces 2] [-rounds 1]"
                + " [-warmup 0] [-settle 2] [-sortMb 0]", args, "rows", "reduces", "rounds", "warmup", "settle", "sortMb");
        new HsComparison(System.out, flags.wholeLong("rows", 10_000_000, 1), flags.whole("reduces", 2, 1), flags.whole("rounds", 1, 1),
                flags.whole("warmup", 0, 0), Math.round(flags.decimal("settle", 2, 0) * 1000),
                flags.whole("sortMb", 0, 0)).run();
    }

    private void run() throws Exception {
        java.nio.file.Path temp = Files.createTempDirectory("hbench-perf-hs-");
        try {
            long start = System.nanoTime();
            try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"))) {
                Configuration conf = cluster.clientConfiguration();
                if (sortMb > 0) {
                    conf.setInt("mapreduce.task.io.sort.mb", sortMb);
                }
                out.println(String.format(Locale.ROOT, "embedded cluster: %d DataNodes, %s = %s, %s = %s, started in"
                        + " %.1f s", cluster.dataNodes(), "mapreduce.local.map.tasks.maximum",
                        conf.get("mapreduce.local.map.tasks.maximum"), "mapreduce.local.reduce.tasks.maximum",
                        conf.get("mapreduce.local.reduce.tasks.maximum", "1"), (System.nanoTime() - start) / 1e9));
                out.println(String.format(Locale.ROOT, "%d rows (%d bytes), 1 generating map, %d reducers, output"
                        + " replication 3; %d warm-up + %d counted round(s), order alternates; sync + %.1f s pause"
                        + " before every phase; map sort buffer %s", rows, rows * 100, reduces, warmup, rounds,
                        settleMillis / 1000.0, sortMb > 0 ? sortMb + " MB for both" : "Hadoop's default for TeraSort,"
                        + " sized by HSSort to spill once per split for hbench"));
                List<double[][]> counted = new ArrayList<>();
                for (int round = 1; round <= warmup + rounds; round++) {
                    boolean hbenchFirst = round % 2 == 0;
                    double[][] times = new double[2][];
                    for (int turn = 0; turn < 2; turn++) {
                        boolean hbench = (turn == 0) == hbenchFirst;
                        times[hbench ? 1 : 0] = hbench ? hbench(conf) : hadoop(conf);
                    }
                    print(round, round <= warmup, hbenchFirst, times);
                    if (round > warmup) {
                        counted.add(times);
                    }
                }
                summary(counted);
            }
        } finally {
            try (Stream<java.nio.file.Path> files = Files.walk(temp)) {
                files.sorted((a, b) -> b.compareTo(a)).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** TeraGen, TeraSort, TeraValidate; seconds of each. */
    private double[] hadoop(Configuration base) throws Exception {
        FileSystem fs = FileSystem.get(base);
        fs.delete(new Path(HADOOP_BASE), true);
        Configuration conf = new Configuration(base);
        conf.setInt("mapreduce.job.reduces", reduces);
        conf.setInt("mapreduce.terasort.output.replication", 3);
        conf.setBoolean("mapreduce.terasort.final.sync", true);
        double[] seconds = new double[3];
        seconds[0] = timed(() -> check(ToolRunner.run(new Configuration(conf), new TeraGen(),
                new String[] {Long.toString(rows), HADOOP_BASE + "/gen"}), "TeraGen"));
        seconds[1] = timed(() -> check(ToolRunner.run(new Configuration(conf), new TeraSort(),
                new String[] {HADOOP_BASE + "/gen", HADOOP_BASE + "/sorted"}), "TeraSort"));
        seconds[2] = timed(() -> check(ToolRunner.run(new Configuration(conf), new TeraValidate(),
                new String[] {HADOOP_BASE + "/sorted", HADOOP_BASE + "/report"}), "TeraValidate"));
        for (FileStatus part : fs.listStatus(new Path(HADOOP_BASE + "/report"))) {
            if (part.getPath().getName().startsWith("part-")) {
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(part.getPath()),
                        StandardCharsets.UTF_8))) {
                    if (reader.lines().anyMatch(line -> line.startsWith("error"))) {
                        throw new IllegalStateException("TeraValidate found errors in " + part.getPath());
                    }
                }
            }
        }
        return seconds;
    }

    /** HSGen, HSSort, HSValidate; seconds of each. */
    private double[] hbench(Configuration conf) throws Exception {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        double[] seconds = new double[3];
        seconds[0] = timed(() -> new HsGen(conf, quiet).run(HsGenOptions.builder(rows).maps(1)
                .outputDir(HBENCH_BASE + "/gen").build()));
        seconds[1] = timed(() -> new HsSort(conf, quiet).run(HsSortOptions.builder()
                .inputDir(HBENCH_BASE + "/gen").outputDir(HBENCH_BASE + "/sorted").reduces(reduces).build()));
        HsValidateResult[] validation = new HsValidateResult[1];
        seconds[2] = timed(() -> validation[0] = new HsValidate(conf, quiet).run(HsValidateOptions.builder()
                .inputDir(HBENCH_BASE + "/sorted").reportDir(HBENCH_BASE + "/report").build()));
        if (!validation[0].failures().isEmpty()) {
            throw new IllegalStateException("HSValidate found errors: " + validation[0].errors());
        }
        return seconds;
    }

    private interface Call {
        void run() throws Exception;
    }

    private double timed(Call call) throws Exception {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
        } catch (IOException e) {
            // No sync command: the pause alone has to do.
        }
        Thread.sleep(settleMillis);
        long start = System.nanoTime();
        call.run();
        return (System.nanoTime() - start) / 1e9;
    }

    private static void check(int status, String tool) {
        if (status != 0) {
            throw new IllegalStateException(tool + " exited with " + status);
        }
    }

    private void print(int round, boolean warm, boolean hbenchFirst, double[][] times) {
        out.println();
        out.println("round " + round + (warm ? " (warm-up, not counted)" : "") + (hbenchFirst ? " (hbench first)"
                : " (hadoop first)"));
        out.println("  phase       hadoop s   hbench s   ratio hadoop/hbench");
        for (int p = 0; p < 3; p++) {
            out.println(String.format(Locale.ROOT, "  %-9s %9.2f %10.2f %10.2f", PHASES[p], times[0][p], times[1][p],
                    times[0][p] / times[1][p]));
        }
        double hadoop = Arrays.stream(times[0]).sum();
        double hbench = Arrays.stream(times[1]).sum();
        out.println(String.format(Locale.ROOT, "  %-9s %9.2f %10.2f %10.2f   (hbench/hadoop %.2f)", "total", hadoop,
                hbench, hadoop / hbench, hbench / hadoop));
    }

    private void summary(List<double[][]> counted) {
        out.println();
        out.println("median over " + counted.size() + " counted round(s)");
        out.println("  phase       hadoop s   hbench s   hbench/hadoop");
        for (int p = 0; p <= 3; p++) {
            int phase = p;
            double hadoop = RoundFigures.median(counted.stream().mapToDouble(t -> phase == 3 ? Arrays.stream(t[0]).sum() : t[0][phase])
                    .toArray());
            double hbench = RoundFigures.median(counted.stream().mapToDouble(t -> phase == 3 ? Arrays.stream(t[1]).sum() : t[1][phase])
                    .toArray());
            double ratio = RoundFigures.median(counted.stream().mapToDouble(t -> phase == 3
                    ? Arrays.stream(t[1]).sum() / Arrays.stream(t[0]).sum() : t[1][phase] / t[0][phase]).toArray());
            out.println(String.format(Locale.ROOT, "  %-9s %9.2f %10.2f %10.2f", phase == 3 ? "total" : PHASES[phase],
                    hadoop, hbench, ratio));
        }
    }
}
