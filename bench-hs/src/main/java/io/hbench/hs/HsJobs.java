package io.hbench.hs;

import io.hbench.mapred.JobMonitor;
import io.hbench.result.SubmittedJob;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

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

    /** A job run to its end: which job it was, and its wall time from submission to completion. */
    static final class Completed {
        final SubmittedJob job;
        final Duration time;

        private Completed(SubmittedJob job, Duration time) {
            this.job = job;
            this.time = time;
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
        long start = System.nanoTime();
        SubmittedJob submitted = new JobMonitor(progress, label).run(job, bytesDone, totalBytes);
        return new Completed(submitted, Duration.ofNanos(System.nanoTime() - start));
    }
}
