package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * HSGen: a map-only job that writes {@code rows} records, split evenly over the maps, into
 * part-m-NNNNN files (the same bytes as TeraGen's for the same rows and maps), and stores the row
 * count and checksum beside them ({@link GenSummary}). Prints nothing but progress.
 */
public final class HsGen {
    private final Configuration conf;
    private final PrintStream progress;

    public HsGen(Configuration conf) {
        this(conf, new PrintStream(OutputStream.nullOutputStream()));
    }

    public HsGen(Configuration conf, PrintStream progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    public HsGenResult run(HsGenOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        HsGenOutput output = HsGenOutput.claim(conf, options);
        Job job = HsJobs.newJob(conf, "HSGen (" + options.rows() + " rows)", HsGen.class);
        Configuration jobConf = job.getConfiguration();
        jobConf.setLong(RowRangeInputFormat.ROWS_KEY, options.rows());
        jobConf.setInt(RowRangeInputFormat.MAPS_KEY, options.maps());
        jobConf.setInt(MRJobConfig.NUM_MAPS, options.maps());
        jobConf.set(HsGenMapper.SKEW_KEY, options.skew().name());
        jobConf.setInt(HsOutputFormat.REPLICATION_KEY, options.replication());
        job.setInputFormatClass(RowRangeInputFormat.class);
        job.setMapperClass(HsGenMapper.class);
        job.setNumReduceTasks(0);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(HsOutputFormat.class);
        FileOutputFormat.setOutputPath(job, output.path());
        HsJobs.Completed completed = HsJobs.run(job, progress, "HSGen", options.rows() * Records.RECORD_LENGTH);
        Counters counters = job.getCounters();
        long rows = counters.findCounter(HsCounter.ROWS).getValue();
        BigInteger checksum = HsCounter.exact(counters);
        output.complete(rows, checksum);
        return new HsGenResult(options, start, Instant.now(), completed.time, rows, checksum,
                completed.job, completed.committer, completed.tasks, completed.resources,
                completed.dataNodeBlocks);
    }
}
