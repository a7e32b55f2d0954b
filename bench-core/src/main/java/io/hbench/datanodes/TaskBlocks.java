package io.hbench.datanodes;

import io.hbench.mapred.TaskTimes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The blocks a task's record reader and writer moved on HDFS, carried to the client beside the task's own times
 * ({@link TaskTimes}): for programs whose tasks send no figures through a reducer of their own (TPCx-HS's). The
 * reader and the writer close after the task's run, each attaching its records under its side.
 */
public final class TaskBlocks {
    /** The side of a task's record reader. */
    public static final String INPUT = "input-blocks";
    /** The side of a task's record writer. */
    public static final String OUTPUT = "output-blocks";

    private TaskBlocks() {
    }

    /** Whether a task should record its blocks: the job carries task times, and {@code switchKey} is not false. */
    public static boolean wanted(Configuration conf, String switchKey) {
        return conf.get(TaskTimes.DIRECTORY_KEY) != null && conf.getBoolean(switchKey, true);
    }

    /** In a task: attaches {@code records} of one side ({@link #INPUT} or {@link #OUTPUT}) to the task's times. */
    public static void attach(TaskAttemptContext context, String side, BlockRecords records) throws IOException {
        if (!records.isEmpty()) {
            TaskTimes.attach(context, side, records.toText());
        }
    }

    /** What every task attached of either side, before {@link TaskTimes#collect} removes the directory. */
    public static DataNodeBlocks collect(FileSystem fs, Path taskTimes) throws IOException {
        List<String> texts = new ArrayList<>(TaskTimes.collectAttached(fs, taskTimes, INPUT));
        texts.addAll(TaskTimes.collectAttached(fs, taskTimes, OUTPUT));
        return DataNodeBlocks.fromTexts(texts);
    }
}
