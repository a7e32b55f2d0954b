package io.hbench.dfsio;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;

/**
 * The control files as a read's splits, each with the hosts {@code -readFrom} chose for its data file rather than
 * those holding the control file: a split's locations are where YARN's scheduler prefers to run its map task. They
 * are preferences (relaxed locality): where those hosts have no room, the task runs elsewhere. A file with no hosts
 * chosen gets none, and its task runs wherever the scheduler places it.
 */
public final class PlacedControlFiles extends SequenceFileInputFormat<Text, LongWritable> {
    private static final String HOSTS_KEY_PREFIX = "hbench.dfsio.readFrom.hosts.";

    /** Asks, in the job's configuration, for {@code hosts} to read data file {@code fileName}. */
    static void setHosts(Configuration conf, String fileName, List<String> hosts) {
        if (!hosts.isEmpty()) {
            conf.setStrings(HOSTS_KEY_PREFIX + fileName, hosts.toArray(new String[0]));
        }
    }

    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException {
        List<InputSplit> splits = new ArrayList<>();
        for (InputSplit split : super.getSplits(job)) {
            FileSplit file = (FileSplit) split;
            String dataFile = TestDfsio.dataFileOf(file.getPath().getName());
            splits.add(new FileSplit(file.getPath(), file.getStart(), file.getLength(),
                    job.getConfiguration().getTrimmedStrings(HOSTS_KEY_PREFIX + dataFile)));
        }
        return splits;
    }
}
