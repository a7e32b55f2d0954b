package io.hbench.spark;

import io.hbench.hs.HsInputFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * {@link HsInputFormat} whose splits come last file first: Spark's partitions, and so its tasks, run against the
 * order of the files' names. Public, with a public constructor, for Spark to make one.
 */
public final class ReversedSplitsInputFormat extends InputFormat<Text, Text> {
    private final HsInputFormat records = new HsInputFormat();

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        List<InputSplit> splits = new ArrayList<>(records.getSplits(context));
        splits.sort(Comparator.comparing(
                (InputSplit split) -> ((HsInputFormat.RecordSplit) split).file().getPath().getName()).reversed());
        return splits;
    }

    @Override
    public RecordReader<Text, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return records.createRecordReader(split, context);
    }
}
