package io.hbench.spark;

import io.hbench.embedded.ConfigurationSources;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The Hadoop job through which a Spark program writes its records: the cluster's committer, committing with the job.
 */
final class OutputJobs {
    private OutputJobs() {
    }

    /** A job named {@code name} that writes Text records through {@code format} into {@code output}. */
    static Job writing(Configuration conf, String name, Class<? extends OutputFormat<Text, Text>> format, Path output)
            throws IOException {
        Job job = Job.getInstance(conf, name);
        // Hadoop's default classic committer (algorithm 2) commits each task into the output, so a failed job
        // left its finished tasks' files there; algorithm 1 commits them only with the job. Spark makes the same
        // choice for its own Hadoop configuration; a chosen algorithm stays.
        if (!ConfigurationSources.isSetExplicitly(conf, FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION)) {
            job.getConfiguration().setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
        }
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(format);
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }
}
