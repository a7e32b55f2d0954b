package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.datanodes.TaskBlocks;
import io.hbench.fs.CommitterLeftovers;
import io.hbench.fs.RunLeftovers;
import io.hbench.mapred.TaskTimes;
import io.hbench.resources.HostNames;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.scheduler.TaskInfo;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the tasks of a program's Spark jobs did, as MapReduce's programs record their tasks ({@link TaskTimes}): one
 * {@link TaskSample} per task, from Spark's listener bus, and the blocks the tasks' Hadoop record readers and writers
 * moved on HDFS ({@link TaskBlocks}).
 * <p>
 * Lifecycle: {@link #start} registers a listener and marks the calling thread's jobs (a local property, which the
 * threads it starts inherit), so that jobs of other threads are not counted; the program runs its jobs; {@link #tasks}
 * waits until the listener has seen everything Spark posted for them and returns the samples; {@link #close} removes
 * the listener and the mark. Spark's listener bus delivers events on its own thread, after the job has returned: to
 * wait for them, {@link #tasks} runs a job of no partitions, whose start and end Spark posts at once from the calling
 * thread, after what the jobs before it posted; the listener seeing that job's end has seen theirs.
 * <p>
 * Per task, of its attempts the last that succeeded (as MapReduce's last successful attempt): where it ran (the
 * executor's host), from its launch to its end, and the metrics {@code task_time} (seconds, as MapReduce's tasks',
 * which the slow-host rule judges), {@code bytes_read} and {@code records_read} (its input, or the shuffle it fetched),
 * {@code bytes_written} and {@code records_written} (its output, or the shuffle it wrote). A task is named as MapReduce
 * names an attempt, {@code attempt_<application start>_<stage>_<m|r>_<partition>_<attempt>}, r for a stage that reads
 * a shuffle: the slow-host rule compares the tasks of each stage and kind with each other.
 */
public final class SparkTaskRecords extends SparkListener implements Closeable {
    /** The local property that marks the jobs whose tasks are recorded. */
    static final String JOBS_KEY = "hbench.spark.taskRecords";
    /** The local property that marks the job {@link #tasks} waits for. */
    private static final String BARRIER_KEY = "hbench.spark.taskRecords.barrier";
    /** How long {@link #tasks} waits for the listener bus. */
    private static final long BUS_TIMEOUT_SECONDS = 60;

    private final JavaSparkContext spark;
    private final String mark = UUID.randomUUID().toString();
    private final String applicationStart;
    private final Set<Path> blockDirectories = new HashSet<>();
    private Configuration blocksConf;

    // Written by the listener bus's thread, read by the program's.
    private final Map<Integer, Boolean> stageReadsShuffle = new HashMap<>();
    /** The barrier jobs {@link #tasks} runs: by their mark before the listener sees them start, then by job. */
    private final Map<String, CountDownLatch> barriers = new HashMap<>();
    private final Map<Integer, CountDownLatch> barrierJobs = new HashMap<>();
    private final Map<String, TaskSample> lastSuccess = new TreeMap<>();

    private SparkTaskRecords(JavaSparkContext spark) {
        this.spark = spark;
        this.applicationStart = Long.toString(spark.sc().startTime());
    }

    /** Starts recording the tasks of the jobs this thread runs from now on, until {@link #close}. */
    public static SparkTaskRecords start(JavaSparkContext spark) {
        SparkTaskRecords records = new SparkTaskRecords(requireNonNull(spark, "spark is null"));
        spark.sc().addSparkListener(records);
        spark.setLocalProperty(JOBS_KEY, records.mark);
        return records;
    }

    /** Spark jobs run on the calling thread. */
    @FunctionalInterface
    public interface Jobs {
        void run() throws IOException, InterruptedException;
    }

    /** What {@link #record} saw of the jobs: how long they took, one sample per task, and their blocks by DataNode. */
    public record Recorded(Duration time, List<TaskSample> tasks, DataNodeBlocks dataNodeBlocks) {
        public Recorded {
            requireNonNull(time, "time is null");
            tasks = List.copyOf(requireNonNull(tasks, "tasks is null"));
            requireNonNull(dataNodeBlocks, "dataNodeBlocks is null");
        }
    }

    /**
     * Runs {@code jobs}, whose Hadoop readers and writers take {@code jobConf} and write into {@code ownedOutput}, and
     * records their tasks and blocks: {@link #start}, {@link #recordBlocks}, the jobs timed, what an output committer
     * left removed ({@link CommitterLeftovers}), {@link #tasks}, {@link #dataNodeBlocks}, {@link #close}.
     */
    public static Recorded record(JavaSparkContext spark, Configuration jobConf, Path ownedOutput, Jobs jobs)
            throws IOException, InterruptedException {
        try (SparkTaskRecords records = start(spark)) {
            records.recordBlocks(jobConf, ownedOutput);
            long start = System.nanoTime();
            jobs.run();
            Duration time = Duration.ofNanos(System.nanoTime() - start);
            CommitterLeftovers.removeFrom(ownedOutput.getFileSystem(jobConf), ownedOutput);
            return new Recorded(time, records.tasks(), records.dataNodeBlocks());
        }
    }

    /**
     * Asks the Hadoop record readers and writers of a job with {@code jobConf} to record the blocks they read and write
     * on HDFS, in a directory inside {@code ownedOutput} (the program's own, as for {@link TaskTimes#requestIn}), for
     * {@link #dataNodeBlocks}. Before the job.
     */
    public void recordBlocks(Configuration jobConf, Path ownedOutput) {
        blockDirectories.add(TaskTimes.requestIn(jobConf, ownedOutput));
        blocksConf = jobConf;
    }

    /**
     * The blocks the jobs' tasks read and wrote on HDFS, by DataNode, as {@link #recordBlocks} asked, and removes
     * what the tasks wrote; none on other file systems. After the jobs.
     */
    public DataNodeBlocks dataNodeBlocks() throws IOException {
        List<String> texts = new ArrayList<>();
        for (Path directory : blockDirectories) {
            FileSystem fs = directory.getFileSystem(blocksConf);
            texts.addAll(TaskTimes.collectAttached(fs, directory, TaskBlocks.INPUT));
            texts.addAll(TaskTimes.collectAttached(fs, directory, TaskBlocks.OUTPUT));
        }
        removeBlockDirectories();
        return DataNodeBlocks.fromTexts(texts);
    }

    /**
     * One sample per task of the jobs this thread ran since {@link #start}, in stage and partition order. After the
     * jobs: waits until Spark's listener bus has delivered what it posted for them.
     *
     * @throws IOException if the bus has not delivered it in {@value #BUS_TIMEOUT_SECONDS} s
     */
    public List<TaskSample> tasks() throws IOException, InterruptedException {
        String barrier = UUID.randomUUID().toString();
        CountDownLatch delivered = new CountDownLatch(1);
        synchronized (this) {
            barriers.put(barrier, delivered);
        }
        spark.setLocalProperty(BARRIER_KEY, barrier);
        try {
            spark.emptyRDD().count();
        } finally {
            spark.setLocalProperty(BARRIER_KEY, null);
        }
        if (!delivered.await(BUS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IOException("Spark's listener bus did not deliver the jobs' task ends in " + BUS_TIMEOUT_SECONDS
                    + " s: no task records");
        }
        synchronized (this) {
            return new ArrayList<>(lastSuccess.values());
        }
    }

    /** Removes the listener and the mark, and what the tasks wrote of their blocks if it was not read. */
    @Override
    public void close() throws IOException {
        spark.setLocalProperty(JOBS_KEY, null);
        spark.sc().removeSparkListener(this);
        removeBlockDirectories();
    }

    private void removeBlockDirectories() throws IOException {
        for (Path directory : blockDirectories) {
            RunLeftovers.remove(directory.getFileSystem(blocksConf), directory, directory.toString());
        }
        blockDirectories.clear();
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart jobStart) {
        Properties properties = jobStart.properties();
        if (properties == null || !mark.equals(properties.getProperty(JOBS_KEY))) {
            return;
        }
        String barrier = properties.getProperty(BARRIER_KEY);
        if (barrier != null) {
            CountDownLatch delivered = barriers.remove(barrier);
            if (delivered != null) {
                barrierJobs.put(jobStart.jobId(), delivered);
            }
            return;
        }
        for (StageInfo stage : CollectionConverters.asJava(jobStart.stageInfos())) {
            stageReadsShuffle.put(stage.stageId(), !stage.parentIds().isEmpty());
        }
    }

    @Override
    public synchronized void onJobEnd(SparkListenerJobEnd jobEnd) {
        CountDownLatch delivered = barrierJobs.remove(jobEnd.jobId());
        if (delivered != null) {
            delivered.countDown();
        }
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        Boolean readsShuffle = stageReadsShuffle.get(taskEnd.stageId());
        TaskInfo info = taskEnd.taskInfo();
        if (readsShuffle == null || info == null || !info.successful() || taskEnd.taskMetrics() == null) {
            return;
        }
        TaskAttemptID attempt = new TaskAttemptID(applicationStart, taskEnd.stageId(),
                readsShuffle ? TaskType.REDUCE : TaskType.MAP, info.partitionId(), info.attemptNumber());
        lastSuccess.put(attempt.getTaskID().toString(), sample(attempt, info, taskEnd.taskMetrics()));
    }

    private static TaskSample sample(TaskAttemptID attempt, TaskInfo info, TaskMetrics metrics) {
        long bytesRead = metrics.inputMetrics().bytesRead() + metrics.shuffleReadMetrics().totalBytesRead();
        long recordsRead = metrics.inputMetrics().recordsRead() + metrics.shuffleReadMetrics().recordsRead();
        long bytesWritten = metrics.outputMetrics().bytesWritten() + metrics.shuffleWriteMetrics().bytesWritten();
        long recordsWritten = metrics.outputMetrics().recordsWritten()
                + metrics.shuffleWriteMetrics().recordsWritten();
        return new TaskSample(attempt.toString(), HostNames.canonical(info.host()),
                Instant.ofEpochMilli(info.launchTime()), Instant.ofEpochMilli(info.finishTime()), List.of(
                        Metric.of("task_time", (info.finishTime() - info.launchTime()) / 1e3, Unit.SECONDS,
                                Better.LOWER),
                        Metric.of("bytes_read", bytesRead, Unit.BYTES, Better.NEITHER),
                        Metric.of("records_read", recordsRead, Unit.COUNT, Better.NEITHER),
                        Metric.of("bytes_written", bytesWritten, Unit.BYTES, Better.NEITHER),
                        Metric.of("records_written", recordsWritten, Unit.COUNT, Better.NEITHER)));
    }
}
