package io.hbench.spark;

import io.hbench.cli.BenchTool;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * A TPCx-HS program on Spark, for {@code spark-submit}: Hadoop's configuration is Spark's, its context starts only
 * once the flags are good, and neither an embedded cluster nor YARN's host sampling is any of its business.
 *
 * @param <O> the program's validated options
 */
public abstract class SparkBenchTool<O> extends BenchTool<O> {
    private static final String HADOOP_PREFIX = "spark.hadoop.";

    /** The test's context, kept running after the run; empty: the run starts its own and stops it. */
    private final Optional<JavaSparkContext> shared;

    protected SparkBenchTool(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
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

    /** Work for a Spark context. */
    @FunctionalInterface
    protected interface SparkWork<T> {
        T run(JavaSparkContext spark) throws Exception;
    }

    /** Runs {@code work} in the test's context, or in one started for it and stopped after. */
    protected final <T> T withSpark(SparkWork<T> work) throws Exception {
        if (shared.isPresent()) {
            return work.run(shared.get());
        }
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setIfMissing("spark.app.name", name()))) {
            return work.run(spark);
        }
    }

    /** Spark has its own local mode; an embedded Hadoop cluster would serve no Spark executor. */
    @Override
    protected final boolean startsEmbeddedClusterWhenNoneIsConfigured(O options) {
        return false;
    }

    /** Hosts are sampled through YARN's NodeManagers, which a Spark application need not run on. */
    @Override
    protected final boolean samplesCluster(O options) {
        return false;
    }
}
