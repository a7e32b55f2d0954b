package io.hbench.spark;

import io.hbench.hs.OutputCommitters;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
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
        OutputCommitters.commitOnlyWithTheJob(conf, job);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(format);
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }
}
