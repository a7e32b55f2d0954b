package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.RunLeftovers;
import io.hbench.resources.HostSampler;
import io.hbench.resources.HostSamples;
import io.hbench.resources.ResourceSampling;
import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Resource sampling in a job's tasks: each task joins its host's sampler for the job ({@link HostSampler}) and, when it
 * ends, writes what it was handed into a directory inside the job's own output, as {@link TaskTimes} does; the client
 * reads the files after the job. In the local runner the tasks run in the client's JVM and hand their samples over in
 * memory instead: a file would cost each task, after its work, a create and a close that HDFS can hold for 400 ms.
 * Sampling never fails a task: a file that cannot be written leaves the host without figures, and the result says so.
 */
public final class TaskResources {
    /** Where task attempts write their samples; unset, tasks do not sample. */
    static final String DIRECTORY_KEY = "hbench.resources.dir";
    static final String DIRECTORY_NAME = "_hbench-resources";
    private static final Log LOG = LogFactory.getLog(TaskResources.class);
    /** What the local runner's tasks handed over, by the directory their job named, until the client collects it. */
    private static final Map<String, List<HostSamples>> HANDED_OVER = new ConcurrentHashMap<>();

    private TaskResources() {
    }

    /** Asks the job's tasks to sample, unless sampling is off; returns the directory their samples go to. */
    public static Optional<Path> requestIn(Configuration jobConf, Path ownedOutput) {
        requireNonNull(ownedOutput, "ownedOutput is null");
        if (ResourceSampling.interval(jobConf).isEmpty()) {
            return Optional.empty();
        }
        Path directory = new Path(ownedOutput, DIRECTORY_NAME);
        jobConf.set(DIRECTORY_KEY, directory.toString());
        // Left by an earlier job into the same output that failed before its client collected.
        HANDED_OVER.remove(directory.toString());
        return Optional.of(directory);
    }

    /** In a task: joins the host's sampling, if the job asked for it. */
    static Optional<HostSampler.Participation> join(TaskAttemptContext context) {
        Configuration conf = context.getConfiguration();
        Optional<Duration> interval = ResourceSampling.interval(conf);
        if (conf.get(DIRECTORY_KEY) == null || interval.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(HostSampler.join(context.getJobID().toString(), interval.get()));
    }

    /** In a task: leaves the sampling and writes what it was handed, named after the attempt. */
    static void leave(TaskAttemptContext context, Optional<HostSampler.Participation> participation) {
        if (participation.isEmpty()) {
            return;
        }
        HostSamples samples = participation.get().leave();
        String directory = context.getConfiguration().get(DIRECTORY_KEY);
        if (MapReduceFramework.isLocal(context.getConfiguration())) {
            HANDED_OVER.computeIfAbsent(directory, key -> new CopyOnWriteArrayList<>()).add(samples);
            return;
        }
        Path file = new Path(directory, context.getTaskAttemptID().toString());
        try (FSDataOutputStream out = file.getFileSystem(context.getConfiguration()).create(file, true)) {
            samples.writeTo(out);
        } catch (IOException e) {
            LOG.warn("cannot write resource samples to " + file + ": " + e);
        }
    }

    /** Takes what the tasks handed over or wrote, and removes the directory; none if the job did not sample. */
    public static List<HostSamples> collect(FileSystem fs, Optional<Path> directory) throws IOException {
        List<HostSamples> samples = new ArrayList<>();
        if (directory.isEmpty()) {
            return samples;
        }
        List<HostSamples> handedOver = HANDED_OVER.remove(directory.get().toString());
        if (handedOver != null) {
            samples.addAll(handedOver);
        }
        if (!fs.exists(directory.get())) {
            return samples;
        }
        for (FileStatus status : fs.listStatus(directory.get())) {
            try (DataInputStream in = fs.open(status.getPath())) {
                samples.add(HostSamples.readFrom(in));
            } catch (IOException e) {
                throw new IOException("cannot read resource samples " + status.getPath() + ": " + e.getMessage(), e);
            }
        }
        RunLeftovers.remove(fs, directory.get(), directory.get().toString());
        return samples;
    }
}
