package io.hbench.hs;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.datanodes.TaskBlocks;
import io.hbench.fs.CommitterLeftovers;
import io.hbench.mapred.JobMonitor;
import io.hbench.mapred.TaskResources;
import io.hbench.mapred.TaskTimes;
import io.hbench.resources.HostSamples;
import io.hbench.resources.ResourceSampling;
import io.hbench.resources.SampledResources;
import io.hbench.result.Phase;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/** Job set-up and running shared by HSGen, HSSort and HSValidate. */
final class HsJobs {
    /**
     * Whether tasks on HDFS time each block they read or write and name its DataNodes ({@link DataNodeBlocks}): true
     * unless set false, as TestDFSIO's {@code hbench.dfsio.blockRecords}. Not on other file systems, nor with erasure
     * coding.
     */
    static final String BLOCK_RECORDS_KEY = "hbench.hs.blockRecords";

    private HsJobs() {
    }

    static Job newJob(Configuration conf, String name, Class<?> jarClass) throws IOException {
        Job job = Job.getInstance(new Configuration(conf), name);
        OutputCommitters.commitOnlyWithTheJob(conf, job);
        job.setJarByClass(jarClass);
        // A speculative copy would write or read the same data twice and skew the timings.
        job.setSpeculativeExecution(false);
        return job;
    }

    /**
     * A job run to its end: which job it was, which committer committed its output, its wall time from submission to
     * completion, each task's own start and run time, what its hosts' samplers handed over, if they sampled, and the
     * blocks its tasks read and wrote on HDFS, by DataNode.
     */
    static final class Completed {
        final SubmittedJob job;
        final String committer;
        final Duration time;
        final List<TaskSample> tasks;
        final Optional<SampledResources> resources;
        final DataNodeBlocks dataNodeBlocks;

        private Completed(SubmittedJob job, String committer, Duration time, List<TaskSample> tasks,
                Optional<SampledResources> resources, DataNodeBlocks dataNodeBlocks) {
            this.job = job;
            this.committer = committer;
            this.time = time;
            this.tasks = List.copyOf(tasks);
            this.resources = resources;
            this.dataNodeBlocks = dataNodeBlocks;
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
        Configuration conf = job.getConfiguration();
        Path output = FileOutputFormat.getOutputPath(job);
        Path taskTimes = TaskTimes.requestIn(conf, output);
        Optional<Path> resourcesDir = TaskResources.requestIn(conf, output);
        Instant startTime = Instant.now();
        long start = System.nanoTime();
        SubmittedJob submitted = new JobMonitor(progress, label).run(job, bytesDone, totalBytes);
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        FileSystem fs = taskTimes.getFileSystem(conf);
        CommitterLeftovers.removeFrom(fs, output);
        DataNodeBlocks dataNodeBlocks = TaskBlocks.collect(fs, taskTimes);
        List<TaskSample> tasks = TaskTimes.collect(fs, taskTimes);
        List<HostSamples> samples = TaskResources.collect(fs, resourcesDir);
        Set<String> taskHosts = new TreeSet<>();
        tasks.forEach(task -> task.host().ifPresent(taskHosts::add));
        Optional<SampledResources> resources = resourcesDir.map(dir -> new SampledResources(
                ResourceSampling.interval(conf).orElseThrow(), samples, taskHosts,
                List.of(new Phase(label, startTime, startTime.plus(time)))));
        return new Completed(submitted, OutputCommitters.recorded(fs, output), time, tasks, resources,
                dataNodeBlocks);
    }
}
