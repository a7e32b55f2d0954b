package io.hbench.perf;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.hs.HsGen;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsInputFormat;
import io.hbench.hs.HsSort;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsValidate;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.spark.SparkHsGen;
import io.hbench.spark.SparkHsSort;
import io.hbench.spark.SparkHsValidate;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraOutputFormat;
import org.apache.hadoop.examples.terasort.TeraSortConfigKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Runs hbench's TPCx-HS programs on Spark against the same programs on MapReduce, and Spark HSSort against a plain
 * Spark TeraSort ({@code sortByKey}), on one embedded cluster in one JVM, alternating which goes first from round to
 * round, and prints every phase's time and the ratios. A benchmark, not a test: see docs/performance.md.
 *
 * <p>Spark runs as {@code local[2]}: the embedded cluster has no YARN, so no Spark executors; Spark's tasks are 2
 * threads of this JVM, as MapReduce's local runner runs its tasks in this JVM. Both engines reach the cluster through
 * its client configuration, given to every program and copied into Spark's own Hadoop configuration.
 *
 * <p>The chains: HSGen, HSSort and HSValidate on each engine with the same rows, generating maps, reducers and
 * replication 3. The sorts: both read the Spark chain's HSGen output of the same round through {@link HsInputFormat}
 * and write replication 3, synced; HSSort with its checks (its record count against the input's), the plain sort
 * copying each record's key and value into arrays, {@code sortByKey} on the key bytes compared unsigned, and writing
 * through Hadoop's {@link TeraOutputFormat}, as public Spark TeraSorts do. HSValidate checks both sorts' output
 * after they are timed, or the comparison stops. Times are each whole call measured from outside, after a sync and
 * a pause. Spark serializes with Kryo unless {@code -serializer java} is given.
 */
public final class SparkComparison {
    private static final String MAPREDUCE_BASE = "/perf/hs-mapreduce";
    private static final String SPARK_BASE = "/perf/hs-spark";
    private static final String SORTS_BASE = "/perf/sorts";
    private static final String[] PHASES = {"gen", "sort", "validate"};
    private static final int MAPREDUCE = 0;
    private static final int SPARK = 1;
    private static final int PLAIN = 0;
    private static final int HSSORT = 1;
    /** Kryo, as public Spark TeraSorts set it and Spark's tuning guide advises; Java, spark-submit's default. */
    private static final Map<String, String> SERIALIZERS = Map.of("kryo", "org.apache.spark.serializer.KryoSerializer",
            "java", "org.apache.spark.serializer.JavaSerializer");

    private final PrintStream out;
    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    private final long rows;
    private final int maps;
    private final int reduces;
    private final int rounds;
    private final int warmup;
    private final long settleMillis;
    /** Spark's serializer (a class name): what every Spark program here shuffles its records with. */
    private final String serializer;

    private SparkComparison(PrintStream out, long rows, int maps, int reduces, int rounds, int warmup,
            long settleMillis, String serializer) {
        this.out = out;
        this.rows = rows;
        this.maps = maps;
        this.reduces = reduces;
        this.rounds = rounds;
        this.warmup = warmup;
        this.settleMillis = settleMillis;
        this.serializer = serializer;
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("SparkComparison", "SparkComparison [-rows 1000000] [-maps 2] [-reduces 2]"
                + " [-rounds 6] [-warmup 1] [-settle 2] [-serializer kryo|java]", args, "rows", "maps", "reduces",
                "rounds", "warmup", "settle", "serializer");
        String serializer = SERIALIZERS.get(flags.text("serializer", "kryo").toLowerCase(Locale.ROOT));
        if (serializer == null) {
            flags.refuse("-serializer '" + flags.text("serializer", "") + "' is neither kryo nor java");
        }
        new SparkComparison(System.out, flags.wholeLong("rows", 1_000_000, 1), flags.whole("maps", 2, 1),
                flags.whole("reduces", 2, 1), flags.whole("rounds", 6, 1), flags.whole("warmup", 1, 0),
                Math.round(flags.decimal("settle", 2, 0) * 1000), serializer).run();
    }

    private void run() throws Exception {
        java.nio.file.Path temp = Files.createTempDirectory("hbench-perf-spark-");
        try {
            long start = System.nanoTime();
            try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
                    JavaSparkContext spark = new JavaSparkContext(new SparkConf().setMaster("local[2]")
                            .setAppName("SparkComparison").set("spark.ui.enabled", "false")
                            .set("spark.serializer", serializer)
                            .set("spark.local.dir", temp.resolve("spark").toString()))) {
                Configuration conf = cluster.clientConfiguration();
                for (Map.Entry<String, String> setting : conf) {
                    spark.hadoopConfiguration().set(setting.getKey(), setting.getValue());
                }
                out.println(String.format(Locale.ROOT, "%s; embedded cluster: %d DataNodes, %s = %s, started with"
                        + " Spark in %.1f s", MachineFacts.summary(), cluster.dataNodes(),
                        "mapreduce.local.map.tasks.maximum", conf.get("mapreduce.local.map.tasks.maximum"),
                        (System.nanoTime() - start) / 1e9));
                out.println(String.format(Locale.ROOT, "Spark %s, master %s (no executors on the embedded cluster:"
                        + " tasks are threads of this JVM), serializer %s", spark.version(), spark.master(),
                        spark.getConf().get("spark.serializer")));
                out.println(String.format(Locale.ROOT, "%d rows (%d bytes), %d generating maps, %d reducers, output"
                        + " replication 3; %d warm-up + %d counted round(s), order alternates; sync + %.1f s pause"
                        + " before every phase", rows, rows * 100, maps, reduces, warmup, rounds,
                        settleMillis / 1000.0));
                List<double[][]> chains = new ArrayList<>();
                List<double[]> sorts = new ArrayList<>();
                for (int round = 1; round <= warmup + rounds; round++) {
                    boolean sparkFirst = round % 2 == 0;
                    double[][] chain = new double[2][];
                    for (int turn = 0; turn < 2; turn++) {
                        boolean onSpark = (turn == 0) == sparkFirst;
                        chain[onSpark ? SPARK : MAPREDUCE] = onSpark ? sparkChain(spark, conf) : mapReduceChain(conf);
                    }
                    FileSystem.get(conf).delete(new Path(SORTS_BASE), true);
                    double[] sort = new double[2];
                    for (int turn = 0; turn < 2; turn++) {
                        boolean hsSort = (turn == 0) == sparkFirst;
                        sort[hsSort ? HSSORT : PLAIN] = hsSort ? hsSort(spark, conf) : plainSort(spark, conf);
                    }
                    validate(conf, SORTS_BASE + "/hssort", SORTS_BASE + "/hssort-report");
                    validate(conf, SORTS_BASE + "/plain", SORTS_BASE + "/plain-report");
                    print(round, round <= warmup, sparkFirst, chain, sort);
                    if (round > warmup) {
                        chains.add(chain);
                        sorts.add(sort);
                    }
                }
                summary(chains, sorts);
            }
        } finally {
            ScratchDirectories.delete(temp);
        }
    }

    /** HSGen, HSSort, HSValidate on MapReduce; seconds of each. */
    private double[] mapReduceChain(Configuration conf) throws Exception {
        return chain(conf, MAPREDUCE_BASE, "MapReduce", new HsGen(conf, quiet)::run, new HsSort(conf, quiet)::run,
                new HsValidate(conf, quiet)::run);
    }

    /** HSGen, HSSort, HSValidate on Spark; seconds of each. */
    private double[] sparkChain(JavaSparkContext spark, Configuration conf) throws Exception {
        return chain(conf, SPARK_BASE, "Spark", new SparkHsGen(spark, conf)::run, new SparkHsSort(spark, conf)::run,
                new SparkHsValidate(spark, conf)::run);
    }

    /** One engine's program: {@code run(options)}. */
    private interface Program<O, R> {
        R run(O options) throws Exception;
    }

    private double[] chain(Configuration conf, String base, String engine, Program<HsGenOptions, ?> gen,
            Program<HsSortOptions, ?> sort, Program<HsValidateOptions, HsValidateResult> validate) throws Exception {
        FileSystem.get(conf).delete(new Path(base), true);
        double[] seconds = new double[3];
        seconds[0] = timed(() -> gen.run(genOptions(base)));
        seconds[1] = timed(() -> sort.run(sortOptions(base + "/gen", base + "/sorted")));
        HsValidateResult[] validation = new HsValidateResult[1];
        seconds[2] = timed(() -> validation[0] = validate.run(HsValidateOptions.builder().inputDir(base + "/sorted")
                .reportDir(base + "/report").build()));
        requireValid(validation[0], engine + " HSValidate");
        return seconds;
    }

    private HsGenOptions genOptions(String base) {
        return HsGenOptions.builder(rows).maps(maps).replication(3).outputDir(base + "/gen").build();
    }

    private HsSortOptions sortOptions(String input, String output) {
        return HsSortOptions.builder().inputDir(input).outputDir(output).reduces(reduces).replication(3).build();
    }

    /** Spark HSSort of the Spark chain's generated data; seconds. */
    private double hsSort(JavaSparkContext spark, Configuration conf) throws Exception {
        return timed(() -> new SparkHsSort(spark, conf).run(sortOptions(SPARK_BASE + "/gen", SORTS_BASE + "/hssort")));
    }

    /** The plain Spark TeraSort of the same data; seconds. */
    private double plainSort(JavaSparkContext spark, Configuration base) throws Exception {
        Configuration conf = new Configuration(base);
        conf.setInt(TeraSortConfigKeys.OUTPUT_REPLICATION.key(), 3);
        conf.setBoolean(TeraSortConfigKeys.FINAL_SYNC_ATTRIBUTE.key(), true);
        // The description stays with the thread: without its own, the plain sort's jobs would carry the last one's.
        spark.setJobDescription("plain sortByKey");
        return timed(() -> spark.newAPIHadoopFile(SPARK_BASE + "/gen", HsInputFormat.class, Text.class, Text.class,
                conf)
                .mapToPair(SparkComparison::copied)
                .sortByKey(new UnsignedBytes(), true, reduces)
                .mapToPair(SparkComparison::text)
                .saveAsNewAPIHadoopFile(SORTS_BASE + "/plain", Text.class, Text.class, TeraOutputFormat.class, conf));
    }

    /** A record's key and value as arrays of their own: the reader reuses its Text objects. */
    private static Tuple2<byte[], byte[]> copied(Tuple2<Text, Text> record) {
        return new Tuple2<>(record._1().copyBytes(), record._2().copyBytes());
    }

    private static Tuple2<Text, Text> text(Tuple2<byte[], byte[]> record) {
        return new Tuple2<>(new Text(record._1()), new Text(record._2()));
    }

    /** The plain sort's order: the key's bytes compared one by one as unsigned, as Text orders them. */
    private static final class UnsignedBytes implements Comparator<byte[]>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int compare(byte[] a, byte[] b) {
            return Arrays.compareUnsigned(a, b);
        }
    }

    /** MapReduce HSValidate of one sort's output against the Spark chain's HSGen summary; untimed. */
    private void validate(Configuration conf, String sorted, String report) throws Exception {
        requireValid(new HsValidate(conf, quiet).run(HsValidateOptions.builder().inputDir(sorted).reportDir(report)
                .genDir(SPARK_BASE + "/gen").build()), "HSValidate of " + sorted);
    }

    private static void requireValid(HsValidateResult result, String what) {
        if (!result.failures().isEmpty()) {
            throw new IllegalStateException(what + " found errors: " + result.errors());
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private double timed(Call call) throws Exception {
        Settle.pause(settleMillis);
        long start = System.nanoTime();
        call.run();
        return (System.nanoTime() - start) / 1e9;
    }

    private void print(int round, boolean warm, boolean sparkFirst, double[][] chain, double[] sort) {
        out.println();
        out.println("round " + round + (warm ? " (warm-up, not counted)" : "") + (sparkFirst ? " (spark first)"
                : " (mapreduce first)"));
        out.println("  phase      mapreduce s    spark s   spark/mapreduce");
        for (int p = 0; p < 3; p++) {
            out.println(String.format(Locale.ROOT, "  %-9s %12.2f %10.2f %10.2f", PHASES[p], chain[MAPREDUCE][p],
                    chain[SPARK][p], chain[SPARK][p] / chain[MAPREDUCE][p]));
        }
        out.println(String.format(Locale.ROOT, "  %-9s %12.2f %10.2f %10.2f", "total", total(chain[MAPREDUCE]),
                total(chain[SPARK]), total(chain[SPARK]) / total(chain[MAPREDUCE])));
        out.println(String.format(Locale.ROOT, "  %-9s %12s %10s   hssort/plain", "", "plain s", "hssort s"));
        out.println(String.format(Locale.ROOT, "  %-9s %12.2f %10.2f %10.2f", "sort", sort[PLAIN], sort[HSSORT],
                sort[HSSORT] / sort[PLAIN]));
    }

    private void summary(List<double[][]> chains, List<double[]> sorts) {
        out.println();
        out.println("over " + chains.size() + " counted round(s): medians, their ratio, and the median of the"
                + " per-round ratios [min..max] with its 95 % interval (6 rounds or more)");
        out.println("  phase      mapreduce s    spark s   spark/mapreduce  per round");
        for (int p = 0; p <= 3; p++) {
            int phase = p;
            ToDoubleFunction<double[]> time = t -> phase == 3 ? total(t) : t[phase];
            out.println(String.format(Locale.ROOT, "  %-9s %s", phase == 3 ? "total" : PHASES[phase],
                    figures(chains.stream().mapToDouble(t -> time.applyAsDouble(t[MAPREDUCE])).toArray(),
                            chains.stream().mapToDouble(t -> time.applyAsDouble(t[SPARK])).toArray())));
        }
        out.println("  phase        plain s   hssort s   hssort/plain     per round");
        out.println(String.format(Locale.ROOT, "  %-9s %s", "sort", figures(
                sorts.stream().mapToDouble(t -> t[PLAIN]).toArray(), sorts.stream().mapToDouble(t -> t[HSSORT]).toArray())));
    }

    /** Both medians, the ratio of the second's to the first's, and the per-round ratios' median, range, interval. */
    private static String figures(double[] first, double[] second) {
        double[] ratios = new double[first.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = second[i] / first[i];
        }
        double[] interval = RoundFigures.medianInterval95(ratios);
        return String.format(Locale.ROOT, "%12.2f %10.2f %10.3f       %.3f [%.3f..%.3f], 95 %% interval %s",
                RoundFigures.median(first), RoundFigures.median(second),
                RoundFigures.median(second) / RoundFigures.median(first), RoundFigures.median(ratios),
                RoundFigures.min(ratios), RoundFigures.max(ratios), Double.isNaN(interval[0]) ? "n/a"
                        : String.format(Locale.ROOT, "%.3f..%.3f", interval[0], interval[1]));
    }

    private static double total(double[] phases) {
        return Arrays.stream(phases).sum();
    }
}
