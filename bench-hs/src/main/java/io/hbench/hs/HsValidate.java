package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.mapred.MapReduceFramework;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * HSValidate: one map per sorted file checks order inside it, one reducer checks order across
 * file boundaries, the record count and the checksum against HSGen's. The report (TeraValidate's
 * lines and more) goes to the report directory; a failed check is in {@link HsValidateResult#errors}.
 */
public final class HsValidate {
    private final Configuration conf;
    private final PrintStream progress;

    public HsValidate(Configuration conf) {
        this(conf, new PrintStream(OutputStream.nullOutputStream()));
    }

    public HsValidate(Configuration conf, PrintStream progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    public HsValidateResult run(HsValidateOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        MapReduceFramework.requireShuffleSupport(conf);
        HsValidation validation = HsValidation.start(conf, options);
        Job job = HsJobs.newJob(conf, "HSValidate (" + validation.files() + " files)", HsValidate.class);
        Configuration jobConf = job.getConfiguration();
        validation.expectedRows().ifPresent(rows -> jobConf.setLong(ValidateReducer.EXPECTED_ROWS_KEY, rows));
        validation.expectedChecksum().ifPresent(checksum -> jobConf.set(ValidateReducer.EXPECTED_CHECKSUM_KEY,
                Checksum.format(checksum)));
        job.setInputFormatClass(HsInputFormat.class);
        FileInputFormat.setInputPaths(job, validation.input());
        // One split per file: the mapper checks a file's order from its first record to its last.
        FileInputFormat.setMinInputSplitSize(job, Long.MAX_VALUE);
        job.setMapperClass(ValidateMapper.class);
        job.setReducerClass(ValidateReducer.class);
        job.setNumReduceTasks(1);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(ReportOutputFormat.class);
        FileOutputFormat.setOutputPath(job, validation.report());
        HsJobs.Completed completed = HsJobs.run(job, progress, "HSValidate", validation.bytes());
        return validation.complete(completed.time, completed.job, completed.committer, completed.tasks,
                completed.resources, completed.dataNodeBlocks);
    }
}
