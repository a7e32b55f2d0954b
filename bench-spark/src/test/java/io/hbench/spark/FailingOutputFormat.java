package io.hbench.spark;

import io.hbench.hs.HsOutputFormat;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * {@link MapTaskOutputFormat} whose second task fails after writing {@value #RECORDS_BEFORE_FAILURE} records, while the
 * first completes and commits: a job that fails with data written and a task committed. Public, with a public
 * constructor, for Spark to make one per task.
 */
public class FailingOutputFormat extends OutputFormat<Text, Text> {
    static final int RECORDS_BEFORE_FAILURE = 1000;

    private final OutputFormat<Text, Text> records;

    public FailingOutputFormat() {
        this(new MapTaskOutputFormat());
    }

    FailingOutputFormat(OutputFormat<Text, Text> records) {
        this.records = records;
    }

    /** The same failure in {@link HsOutputFormat}, which writes HSSort's part-r-NNNNN files. */
    public static final class Sorted extends FailingOutputFormat {
        public Sorted() {
            super(new HsOutputFormat());
        }
    }

    @Override
    public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext context) throws IOException,
            InterruptedException {
        RecordWriter<Text, Text> writer = records.getRecordWriter(context);
        if (context.getTaskAttemptID().getTaskID().getId() != 1) {
            return writer;
        }
        return new RecordWriter<Text, Text>() {
            private int written;

            @Override
            public void write(Text key, Text value) throws IOException, InterruptedException {
                if (written == RECORDS_BEFORE_FAILURE) {
                    throw new IOException("injected failure after " + written + " records");
                }
                writer.write(key, value);
                written++;
            }

            @Override
            public void close(TaskAttemptContext taskContext) throws IOException, InterruptedException {
                writer.close(taskContext);
            }
        };
    }

    @Override
    public void checkOutputSpecs(JobContext context) throws IOException, InterruptedException {
        records.checkOutputSpecs(context);
    }

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException, InterruptedException {
        return records.getOutputCommitter(context);
    }
}
