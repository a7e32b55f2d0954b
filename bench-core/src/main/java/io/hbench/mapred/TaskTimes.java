package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.RunLeftovers;
import io.hbench.resources.HostSamples;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Each task's own start and run time, for per-task samples. Counters cannot carry them (a job sums
 * counters of one name over its tasks, and allows only so many names), and the local runner keeps
 * no task reports, so every task attempt writes one small file, named after it, into a directory
 * inside the job's own output; the client reads them after the job and removes the directory. The
 * name starts with "_", so input formats and hbench's data listings pass it over. A task may attach
 * more to its times in files of its own beside them ({@link #attach}), such as the blocks its record
 * reader and writer moved.
 */
public final class TaskTimes {
    /** Where task attempts write their times; unset, they write nothing. */
    public static final String DIRECTORY_KEY = "hbench.task.times.dir";
    static final String DIRECTORY_NAME = "_hbench-tasks";

    private TaskTimes() {
    }

    /** Asks the job's tasks to record their times in a directory inside {@code ownedOutput}; returns it. */
    public static Path requestIn(Configuration jobConf, Path ownedOutput) {
        Path directory = new Path(requireNonNull(ownedOutput, "ownedOutput is null"), DIRECTORY_NAME);
        jobConf.set(DIRECTORY_KEY, directory.toString());
        return directory;
    }

    /** In a task: records that this attempt started at {@code start} and ran {@code nanos}. */
    static void record(TaskInputOutputContext<?, ?, ?, ?> context, Instant start, long nanos) throws IOException {
        String directory = context.getConfiguration().get(DIRECTORY_KEY);
        if (directory == null) {
            return;
        }
        Path file = new Path(directory, context.getTaskAttemptID().toString());
        FileSystem fs = file.getFileSystem(context.getConfiguration());
        String line = HostSamples.localHost() + "\t" + start + "\t" + nanos + "\n";
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(line.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * In a task: attaches {@code text} to this attempt's times under {@code kind} (a word), for the client to read with
     * {@link #collectAttached}: what the task's record reader or writer learned, which close after the task's own
     * run. Nothing where the job asked for no times.
     */
    public static void attach(TaskAttemptContext context, String kind, String text) throws IOException {
        String directory = context.getConfiguration().get(DIRECTORY_KEY);
        if (directory == null) {
            return;
        }
        Path file = new Path(directory, context.getTaskAttemptID() + "." + requireNonNull(kind, "kind is null"));
        FileSystem fs = file.getFileSystem(context.getConfiguration());
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Reads what the tasks attached under {@code kind}, of several attempts the last one's, in task order. Before
     * {@link #collect}, which removes the directory.
     */
    public static List<String> collectAttached(FileSystem fs, Path directory, String kind) throws IOException {
        Map<String, TaskAttemptID> lastAttempt = new TreeMap<>();
        Map<String, Path> files = new TreeMap<>();
        if (fs.exists(directory)) {
            for (FileStatus status : fs.listStatus(directory)) {
                String name = status.getPath().getName();
                if (!name.endsWith("." + kind)) {
                    continue;
                }
                TaskAttemptID attempt = TaskAttemptID.forName(name.substring(0, name.length() - kind.length() - 1));
                String task = attempt.getTaskID().toString();
                if (!lastAttempt.containsKey(task) || lastAttempt.get(task).getId() < attempt.getId()) {
                    lastAttempt.put(task, attempt);
                    files.put(task, status.getPath());
                }
            }
        }
        List<String> texts = new ArrayList<>();
        for (Path file : files.values()) {
            try (var in = fs.open(file)) {
                texts.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return texts;
    }

    /**
     * Reads the times the tasks recorded, one sample per task (of several attempts, the last) in
     * task order, and removes the directory.
     */
    public static List<TaskSample> collect(FileSystem fs, Path directory) throws IOException {
        Map<String, TaskSample> byTask = new TreeMap<>();
        Map<String, Integer> attemptOf = new TreeMap<>();
        if (fs.exists(directory)) {
            for (FileStatus status : fs.listStatus(directory)) {
                String name = status.getPath().getName();
                if (name.indexOf('.') >= 0) {
                    continue;
                }
                TaskAttemptID attempt = TaskAttemptID.forName(name);
                String task = attempt.getTaskID().toString();
                if (attemptOf.getOrDefault(task, -1) > attempt.getId()) {
                    continue;
                }
                byte[] bytes;
                try (var in = fs.open(status.getPath())) {
                    bytes = in.readAllBytes();
                }
                String[] fields = new String(bytes, StandardCharsets.UTF_8).trim().split("\t");
                if (fields.length != 3) {
                    throw new IOException("malformed task times in " + status.getPath());
                }
                Instant start = Instant.parse(fields[1]);
                long nanos = Long.parseLong(fields[2]);
                attemptOf.put(task, attempt.getId());
                byTask.put(task, new TaskSample(name, fields[0], start, start.plusNanos(nanos),
                        List.of(Metric.of("task_time", nanos / 1e9, Unit.SECONDS, Better.LOWER))));
            }
            RunLeftovers.remove(fs, directory, directory.toString());
        }
        return new ArrayList<>(byTask.values());
    }
}
