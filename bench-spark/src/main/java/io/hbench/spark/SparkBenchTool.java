package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.BenchTool;
import io.hbench.cli.FlagNames;
import io.hbench.hs.HsFlags;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * A TPCx-HS program on Spark, for {@code spark-submit}: Hadoop's configuration is Spark's, its context starts only
 * once the flags are good, no embedded cluster starts, and the hosts are sampled where Spark's executors run on YARN's
 * NodeManagers ({@link SparkSampling}).
 *
 * @param <O> the program's validated options
 */
public abstract class SparkBenchTool<O> extends BenchTool<O> {
    private static final String HADOOP_PREFIX = "spark.hadoop.";
    private static final String SPARK_MASTER = "spark.master";

    /**
     * A TPCx-HS program's command line as its MapReduce tool reads it, which its Spark tool reads alike: its name,
     * usage, positional flags, flags, and how its options are parsed from them.
     *
     * @param <O> the program's validated options
     */
    protected record MapReduceCommandLine<O>(String name, String usage, List<String> positionalFlags,
            Consumer<Options> addFlags, BiFunction<CommandLine, UnaryOperator<String>, O> parseFlags) {
        protected MapReduceCommandLine {
            requireNonNull(name, "name is null");
            requireNonNull(usage, "usage is null");
            positionalFlags = List.copyOf(requireNonNull(positionalFlags, "positionalFlags is null"));
            requireNonNull(addFlags, "addFlags is null");
            requireNonNull(parseFlags, "parseFlags is null");
        }
    }

    private final MapReduceCommandLine<O> commandLine;
    /** The test's context, kept running after the run; empty: the run starts its own and stops it. */
    private final Optional<JavaSparkContext> shared;

    protected SparkBenchTool(PrintStream out, PrintStream err, MapReduceCommandLine<O> commandLine,
            Optional<JavaSparkContext> shared) {
        super(out, err);
        this.commandLine = requireNonNull(commandLine, "commandLine is null");
        this.shared = requireNonNull(shared, "shared is null");
    }

    /** Hadoop's configuration with the application's {@code spark.hadoop.*} settings, as Spark's own tasks see it. */
    static Configuration hadoopConfiguration(SparkConf spark) {
        Configuration conf = new Configuration();
        for (Tuple2<String, String> setting : spark.getAllWithPrefix(HADOOP_PREFIX)) {
            conf.set(setting._1(), setting._2(), "Spark's " + HADOOP_PREFIX + setting._1());
        }
        return conf;
    }

    /**
     * The Hadoop configuration of a driver started by {@code spark-submit}, naming YARN for the sampler under
     * {@code --master yarn}. The master is read from the system properties spark-submit sets: reading SparkConf's would
     * start Spark's logging before the flags are checked.
     */
    static Configuration submittedConfiguration() {
        Configuration conf = hadoopConfiguration(new SparkConf());
        SparkSampling.nameYarn(conf, System.getProperty(SPARK_MASTER, ""));
        return conf;
    }

    /**
     * Ends a main whose run ended with {@code status}: exits where the run failed, returns where it succeeded. In
     * spark-submit's cluster mode YARN's ApplicationMaster runs the main, and takes an exit before the main returns
     * for a failure ("Shutdown hook called before final status was reported").
     */
    static void exitOnFailure(int status) {
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Work for a Spark context. */
    @FunctionalInterface
    protected interface SparkWork<T> {
        T run(JavaSparkContext spark) throws Exception;
    }

    /**
     * Runs {@code work} in the test's context, or in one started for it and stopped after; says first, in one line on
     * stderr, where no host is sampled although sampling is on.
     */
    protected final <T> T withSpark(Configuration conf, SparkWork<T> work) throws Exception {
        SparkSampling.notSampledNote(master(), conf).ifPresent(err::println);
        if (shared.isPresent()) {
            return work.run(shared.get());
        }
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setIfMissing("spark.app.name", name()))) {
            return work.run(spark);
        }
    }

    /**
     * No: the driver's log, Hadoop's with Spark's, goes through log4j 2 where Spark's configuration sends it
     * (spark-submit's {@code conf/log4j2.properties}), and log4j 1's appenders, which a run of a MapReduce program moves
     * to a file, are not log4j 2's.
     */
    @Override
    protected final boolean logsHadoopToAFile() {
        return false;
    }

    /** Spark's master: the test's context's, or the one spark-submit gives. */
    private String master() {
        return shared.map(JavaSparkContext::master).orElseGet(() -> new SparkConf().get(SPARK_MASTER, ""));
    }

    @Override
    public final String name() {
        return commandLine.name();
    }

    @Override
    protected final String usage() {
        return commandLine.usage();
    }

    @Override
    protected final void addOptions(Options options) {
        commandLine.addFlags().accept(options);
    }

    /** TPCx-HS's flag names, as its MapReduce programs have them. */
    @Override
    protected final FlagNames flagNames() {
        return HsFlags.NAMES;
    }

    @Override
    protected final List<String> positionalFlags() {
        return commandLine.positionalFlags();
    }

    @Override
    protected final O parse(CommandLine line) {
        return commandLine.parseFlags().apply(line, flag -> flagOrArgument(line, flag));
    }

    /** Spark has its own local mode; an embedded Hadoop cluster would serve no Spark executor. */
    @Override
    protected final boolean startsEmbeddedClusterWhenNoneIsConfigured(O options) {
        return false;
    }

    /** Hosts are sampled through YARN's NodeManagers: only where Spark runs its executors there. */
    @Override
    protected boolean samplesCluster(O options) {
        return SparkSampling.samplesCluster(master());
    }
}
