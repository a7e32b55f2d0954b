package io.hbench.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** What the tests run on: the local file system, MapReduce's local runner and Spark in local[2], in a test's directory. */
final class LocalRuns {
    private LocalRuns() {
    }

    /** Hadoop's configuration for the local file system and runner, their scratch space in {@code temp}. */
    static Configuration hadoopConfiguration(Path temp) {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", temp.resolve("tmp").toString());
        conf.set("mapreduce.cluster.local.dir", temp.resolve("local").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", temp.resolve("staging").toString());
        return conf;
    }

    /** A Spark context in local[2] without its web UI, its scratch space in {@code temp}; the caller stops it. */
    static JavaSparkContext spark(Path temp, String name) {
        return new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName(name)
                .set("spark.ui.enabled", "false")
                .set("spark.local.dir", temp.resolve("spark").toString()));
    }

    /** The names of the data files in {@code dir}, sorted. */
    static List<String> dataFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(path -> path.getFileName().toString()).filter(name -> name.startsWith("part-")).sorted()
                    .collect(Collectors.toList());
        }
    }
}
