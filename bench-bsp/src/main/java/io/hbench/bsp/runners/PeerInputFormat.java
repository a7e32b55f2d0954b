package io.hbench.bsp.runners;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** One split per peer ({@link MapReduceBspRunner#PEERS_KEY}), each naming its peer, none with records. */
public final class PeerInputFormat extends InputFormat<NullWritable, NullWritable> {
    @Override
    public List<InputSplit> getSplits(JobContext context) {
        int peers = context.getConfiguration().getInt(MapReduceBspRunner.PEERS_KEY, 0);
        List<InputSplit> splits = new ArrayList<>(peers);
        for (int i = 0; i < peers; i++) {
            splits.add(new PeerSplit(i));
        }
        return splits;
    }

    @Override
    public RecordReader<NullWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new RecordReader<>() {
            @Override
            public void initialize(InputSplit split, TaskAttemptContext context) {
            }

            @Override
            public boolean nextKeyValue() {
                return false;
            }

            @Override
            public NullWritable getCurrentKey() {
                return NullWritable.get();
            }

            @Override
            public NullWritable getCurrentValue() {
                return NullWritable.get();
            }

            @Override
            public float getProgress() {
                return 0;
            }

            @Override
            public void close() {
            }
        };
    }
}
