package io.hbench.hs;

import io.hbench.mapred.JobMonitor;
import io.hbench.mapred.TaskTimes;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/** Job set-up and running shared by HSGen, HSSort and HSValidate. */
final class HsJobs {
    private HsJobs() {
    }

    static Job newJob(Configuration conf, String name, Class<?> jarClass) throws IOException {
        Job job = Job.getInstance(new Configuration(conf), name);
        job.setJarByClass(jarClass);
        // A speculative copy would write or read the same data twice and skew the timings.
        job.setSpeculativeExecution(false);
        return job;
    }

    /**
     * A job run to its end: which job it was, its wall time from submission to completion, and each
     * task's own start and run time.
     */
    static final class Completed {
        final SubmittedJob job;
        final Duration time;
        final List<TaskSample> tasks;

        private Completed(SubmittedJob job, Duration time, List<TaskSample> tasks) {
            this.job = job;
            this.time = time;
            this.tasks = List.copyOf(tasks);
        }
    }

    /** Runs the job to its end with progress lines. */
    static Completed run(Job job, PrintStream progress, String label, long totalBytes)
            throws IOException, InterruptedException {
        return run(job, progress, label, HsCounter.BYTES, totalBytes);
    }

    /** As {@link #run(Job, PrintStream, String, long)}; {@code bytesDone} may be null (no byte count in progress lines). */
    static Completed run(Job job, PrintStream progress, String label, Enum<?> bytesDone, long totalBytes)
            throws IOException, InterruptedException {
        // The output directory is the program's own (claimed before the job): its tasks record their times there.
        Path taskTimes = TaskTimes.requestIn(job.getConfiguration(), FileOutputFormat.getOutputPath(job));
        long start = System.nanoTime();
        SubmittedJob submitted = new JobMonitor(progress, label).run(job, bytesDone, totalBytes);
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        return new Completed(submitted, time, TaskTimes.collect(taskTimes.getFileSystem(job.getConfiguration()),
                taskTimes));
    }
}
