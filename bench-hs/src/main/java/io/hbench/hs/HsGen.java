package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
        Path path = new Path(options.outputDir());
        FileSystem fs = path.getFileSystem(conf);
        OwnedDirectory dir = HsDirs.claimEmpty(fs, path, "-output");
        // Should the run be stopped from outside, data still being generated goes; complete data stays, for HSSort.
        UndoLog.Registration generating = dir.emptiedOnInterrupt();
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
        FileOutputFormat.setOutputPath(job, dir.path());
        HsJobs.Completed completed = HsJobs.run(job, progress, "HSGen", options.rows() * Records.RECORD_LENGTH);
        Counters counters = job.getCounters();
        long rows = counters.findCounter(HsCounter.ROWS).getValue();
        if (rows != options.rows()) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSGen: the job wrote " + rows + " rows, not "
                    + options.rows());
        }
        BigInteger checksum = HsCounter.exact(counters);
        new GenSummary(rows, checksum, options.skew()).write(fs, dir.path());
        generating.close();
        return new HsGenResult(options, start, Instant.now(), completed.time, rows, checksum,
                completed.job, completed.committer, completed.tasks, completed.resources,
                completed.dataNodeBlocks);
    }
}
