package io.hbench.spark;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsFlags;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.OutputCommitters;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * {@code HSGen} on Spark, for {@code spark-submit --class io.hbench.spark.HsGenOnSpark bench-spark.jar}: MapReduce
 * HSGen's flags, data, lines and result. Spark starts only once the flags are good.
 */
public final class HsGenOnSpark extends BenchTool<HsGenOptions> {
    private static final String HADOOP_PREFIX = "spark.hadoop.";

    /** The test's context, kept running after the run; empty: the run starts its own and stops it. */
    private final Optional<JavaSparkContext> shared;

    public HsGenOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsGenOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err);
        this.shared = shared;
    }

    public static void main(String[] args) throws Exception {
        int status = new HsGenOnSpark(System.out, System.err).runCommandLine(hadoopConfiguration(new SparkConf()),
                args);
        // In spark-submit's cluster mode YARN's ApplicationMaster runs this main, and takes an exit before it returns
        // for a failure ("Shutdown hook called before final status was reported"): a run that succeeded returns.
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Hadoop's configuration with the application's {@code spark.hadoop.*} settings, as Spark's own tasks see it. */
    static Configuration hadoopConfiguration(SparkConf spark) {
        Configuration conf = new Configuration();
        for (Tuple2<String, String> setting : spark.getAllWithPrefix(HADOOP_PREFIX)) {
            conf.set(setting._1(), setting._2(), "Spark's " + HADOOP_PREFIX + setting._1());
        }
        return conf;
    }

    @Override
    public String name() {
        return HsGenTool.NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS data generator on Spark: MapReduce HSGen's records, files and checksum";
    }

    @Override
    protected String usage() {
        return HsGenTool.USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        HsGenTool.addFlags(options);
    }

    @Override
    protected FlagNames flagNames() {
        return HsFlags.NAMES;
    }

    @Override
    protected List<String> positionalFlags() {
        return HsGenTool.POSITIONAL_FLAGS;
    }

    @Override
    protected HsGenOptions parse(CommandLine line) {
        return HsGenTool.parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    /** Spark has its own local mode; an embedded Hadoop cluster would serve no Spark executor. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(HsGenOptions options) {
        return false;
    }

    /** Hosts are sampled through YARN's NodeManagers, which a Spark application need not run on. */
    @Override
    protected boolean samplesCluster(HsGenOptions options) {
        return false;
    }

    @Override
    protected ExitStatus run(HsGenOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.outputDir()).ifPresent(err::println);
        if (shared.isPresent()) {
            return generate(shared.get(), options, session);
        }
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setIfMissing("spark.app.name", name()))) {
            return generate(spark, options, session);
        }
    }

    private ExitStatus generate(JavaSparkContext spark, HsGenOptions options, ClusterSession session)
            throws Exception {
        HsGenResult result = new SparkHsGen(spark, session.configuration()).run(options);
        return report(session, HsGenTool.lines(result), result);
    }
}
