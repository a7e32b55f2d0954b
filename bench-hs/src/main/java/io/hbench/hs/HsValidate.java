package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.mapred.MapReduceFramework;
import io.hbench.undo.UndoLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
        Instant start = Instant.now();
        Path input = new Path(options.inputDir());
        FileSystem fs = input.getFileSystem(conf);
        List<FileStatus> files = HsDirs.dataFiles(fs, input, "-input");
        if (files.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "-input " + fs.makeQualified(input)
                    + " holds no data files; run HSSort first");
        }
        GenSummary expected;
        if (options.genDir().isPresent()) {
            expected = GenSummary.read(fs, new Path(options.genDir().get()));
            if (expected == null) {
                throw new BenchException(ErrorCode.MISSING_INPUT, "-gen " + options.genDir().get() + " has no "
                        + GenSummary.FILE_NAME + ": it was not written by HSGen");
            }
        } else {
            expected = GenSummary.read(fs, input);
        }
        Long expectedRows = options.expectedRows().orElse(expected == null ? null : expected.rows());
        BigInteger expectedChecksum = expected == null ? null : expected.checksum();
        List<String> errors = new ArrayList<>();
        long bytes = 0;
        for (FileStatus file : files) {
            bytes += file.getLen();
            if (file.getLen() % Records.RECORD_LENGTH != 0) {
                errors.add("error\t" + file.getPath().getName() + " is " + file.getLen()
                        + " bytes, not a whole number of 100-byte records");
            }
        }
        OwnedDirectory report = HsDirs.claimEmpty(fs, new Path(options.reportDir()), "-report");
        // Should the run be stopped from outside, a report not finished goes.
        UndoLog.Registration reporting = report.emptiedOnInterrupt();
        Job job = HsJobs.newJob(conf, "HSValidate (" + files.size() + " files)", HsValidate.class);
        Configuration jobConf = job.getConfiguration();
        if (expectedRows != null) {
            jobConf.setLong(ValidateReducer.EXPECTED_ROWS_KEY, expectedRows);
        }
        if (expectedChecksum != null) {
            jobConf.set(ValidateReducer.EXPECTED_CHECKSUM_KEY, Checksum.format(expectedChecksum));
        }
        job.setInputFormatClass(HsInputFormat.class);
        FileInputFormat.setInputPaths(job, input);
        // One split per file: the mapper checks a file's order from its first record to its last.
        FileInputFormat.setMinInputSplitSize(job, Long.MAX_VALUE);
        job.setMapperClass(ValidateMapper.class);
        job.setReducerClass(ValidateReducer.class);
        job.setNumReduceTasks(1);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(ReportOutputFormat.class);
        FileOutputFormat.setOutputPath(job, report.path());
        HsJobs.Completed completed = HsJobs.run(job, progress, "HSValidate", bytes);
        reporting.close();
        List<String> lines = readReport(fs, report.path());
        long rows = -1;
        BigInteger checksum = null;
        for (String line : lines) {
            if (line.startsWith("rows\t")) {
                rows = Long.parseLong(line.substring(5));
            } else if (line.startsWith("checksum\t")) {
                checksum = Checksum.parse(line.substring(9));
            } else if (line.startsWith("error\t")) {
                errors.add(line);
            }
        }
        if (checksum == null || rows < 0) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSValidate: the report in " + report.path()
                    + " has no rows or checksum line");
        }
        return new HsValidateResult(options, start, Instant.now(), completed.time, files.size(), rows, checksum,
                expectedRows, expectedChecksum, errors, completed.job, completed.committer, completed.tasks,
                completed.resources, completed.dataNodeBlocks);
    }

    private static List<String> readReport(FileSystem fs, Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        for (FileStatus part : HsDirs.dataFiles(fs, dir, "-report")) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(part.getPath()),
                    StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines;
    }
}
