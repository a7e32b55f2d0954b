package io.hbench.spark;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * A program of bench-spark.jar: a {@link BenchTool} whose run has a Spark context, started once the flags are good
 * and stopped after the run, or a test's, kept running.
 */
abstract class SparkBenchTool<O> extends BenchTool<O> {
    private static final String HADOOP_PREFIX = "spark.hadoop.";

    /** The test's context, kept running after the run; empty: the run starts its own and stops it. */
    private final Optional<JavaSparkContext> shared;

    SparkBenchTool(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err);
        this.shared = shared;
    }

    /** Hadoop's configuration with the application's {@code spark.hadoop.*} settings, as Spark's own tasks see it. */
    static Configuration hadoopConfiguration(SparkConf spark) {
        Configuration conf = new Configuration();
        for (Tuple2<String, String> setting : spark.getAllWithPrefix(HADOOP_PREFIX)) {
            conf.set(setting._1(), setting._2(), "Spark's " + HADOOP_PREFIX + setting._1());
        }
        return conf;
    }

    /** Spark has its own local mode; an embedded Hadoop cluster would serve no Spark executor. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(O options) {
        return false;
    }

    /** Hosts are sampled through YARN's NodeManagers, which a Spark application need not run on. */
    @Override
    protected boolean samplesCluster(O options) {
        return false;
    }

    @Override
    protected ExitStatus run(O options, ClusterSession session) throws Exception {
        if (shared.isPresent()) {
            return run(shared.get(), options, session);
        }
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setIfMissing("spark.app.name", name()))) {
            return run(spark, options, session);
        }
    }

    /** The program's run with {@code spark}, which the caller stops. */
    protected abstract ExitStatus run(JavaSparkContext spark, O options, ClusterSession session) throws Exception;
}
