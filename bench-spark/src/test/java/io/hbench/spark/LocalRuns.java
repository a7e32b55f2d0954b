package io.hbench.spark;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** Spark in local[2] and MapReduce's local runner on the local file system, everything under a test's directory. */
final class LocalRuns {
    private LocalRuns() {
    }

    /** Hadoop's configuration for MapReduce's local runner, its directories under {@code temp}. */
    static Configuration hadoopConfiguration(Path temp) {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", temp.resolve("tmp").toString());
        conf.set("mapreduce.cluster.local.dir", temp.resolve("local").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", temp.resolve("staging").toString());
        return conf;
    }

    /** A Spark context in local[2] with no UI, its directories under {@code temp}. */
    static JavaSparkContext spark(Path temp, String name) {
        return new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName(name)
                .set("spark.ui.enabled", "false")
                .set("spark.local.dir", temp.resolve("spark").toString()));
    }
}
