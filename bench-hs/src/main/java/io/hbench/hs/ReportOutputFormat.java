package io.hbench.hs;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/** Text lines ("key\tvalue") into a directory hbench has already claimed and emptied. */
public final class ReportOutputFormat extends TextOutputFormat<Text, Text> {
    @Override
    public void checkOutputSpecs(JobContext job) throws IOException {
        HsOutputFormat.checkClaimedOutput(job);
    }
}
