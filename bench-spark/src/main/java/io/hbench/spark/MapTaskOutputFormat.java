package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.hs.HsOutputFormat;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * {@link HsOutputFormat} for a Spark task that stands for a MapReduce map. Spark numbers every task attempt of a
 * Hadoop output as a reduce's, so its files would be part-r-NNNNN; this format hands HsOutputFormat and its committer
 * the same attempt as a map's, so that the files are part-m-NNNNN, as MapReduce HSGen's are. Writer and committer
 * see the same attempt, so the committer commits what the writer wrote, and a failed job leaves nothing.
 */
public final class MapTaskOutputFormat extends OutputFormat<Text, Text> {
    private final HsOutputFormat records = new HsOutputFormat();

    @Override
    public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext context) throws IOException {
        return records.getRecordWriter(asMapTask(context));
    }

    @Override
    public void checkOutputSpecs(JobContext context) throws IOException {
        records.checkOutputSpecs(context);
    }

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
        return new MapTaskCommitter(records.getOutputCommitter(asMapTask(context)));
    }

    /** {@code context} with its attempt a map's: the same job, task number and attempt number. */
    static TaskAttemptContext asMapTask(TaskAttemptContext context) {
        TaskAttemptID attempt = context.getTaskAttemptID();
        if (attempt.getTaskType() == TaskType.MAP) {
            return context;
        }
        TaskAttemptID mapAttempt = new TaskAttemptID(attempt.getJobID().getJtIdentifier(), attempt.getJobID().getId(),
                TaskType.MAP, attempt.getTaskID().getId(), attempt.getId());
        return new TaskAttemptContextImpl(context.getConfiguration(), mapAttempt);
    }

    /** The cluster's committer, given every task attempt as a map's. */
    private static final class MapTaskCommitter extends OutputCommitter {
        private final OutputCommitter committer;

        MapTaskCommitter(OutputCommitter committer) {
            this.committer = requireNonNull(committer, "committer is null");
        }

        @Override
        public void setupJob(JobContext context) throws IOException {
            committer.setupJob(context);
        }

        @Override
        public void commitJob(JobContext context) throws IOException {
            committer.commitJob(context);
        }

        @Override
        public void abortJob(JobContext context, JobStatus.State state) throws IOException {
            committer.abortJob(context, state);
        }

        @Override
        public boolean isCommitJobRepeatable(JobContext context) throws IOException {
            return committer.isCommitJobRepeatable(context);
        }

        @Override
        public void setupTask(TaskAttemptContext context) throws IOException {
            committer.setupTask(asMapTask(context));
        }

        @Override
        public boolean needsTaskCommit(TaskAttemptContext context) throws IOException {
            return committer.needsTaskCommit(asMapTask(context));
        }

        @Override
        public void commitTask(TaskAttemptContext context) throws IOException {
            committer.commitTask(asMapTask(context));
        }

        @Override
        public void abortTask(TaskAttemptContext context) throws IOException {
            committer.abortTask(asMapTask(context));
        }
    }
}
