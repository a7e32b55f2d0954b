package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.datanodes.DataNodeBlocks;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.resources.SampledResources;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.undo.UndoLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One HSValidate run around its engine's job, on every engine: before it, the input's data files (each a whole number
 * of records), the row count and checksum to expect, and the report directory, claimed empty; after it, the result,
 * from the report the job wrote ({@link AcrossFilesCheck}'s lines).
 */
public final class HsValidation {
    private final HsValidateOptions options;
    private final Instant start;
    private final FileSystem fs;
    private final Path input;
    private final List<FileStatus> files;
    private final Long expectedRows;
    private final BigInteger expectedChecksum;
    private final List<String> errors;
    private final OwnedDirectory report;
    private final UndoLog.Registration reporting;

    private HsValidation(HsValidateOptions options, Instant start, FileSystem fs, Path input, List<FileStatus> files,
            Long expectedRows, BigInteger expectedChecksum, List<String> errors, OwnedDirectory report) {
        this.options = options;
        this.start = start;
        this.fs = fs;
        this.input = input;
        this.files = files;
        this.expectedRows = expectedRows;
        this.expectedChecksum = expectedChecksum;
        this.errors = errors;
        this.report = report;
        // Should the run be stopped from outside, a report not finished goes.
        this.reporting = report.emptiedOnInterrupt();
    }

    /**
     * Checks {@code options}' input and what to compare it with, and claims its report directory, empty (see {@link
     * HsDirs#claimEmpty}).
     */
    public static HsValidation start(Configuration conf, HsValidateOptions options) throws IOException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        Path input = new Path(options.inputDir());
        FileSystem fs = input.getFileSystem(conf);
        StoreCheck.reach(conf, fs, input);
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
        for (FileStatus file : files) {
            if (file.getLen() % Records.RECORD_LENGTH != 0) {
                errors.add("error\t" + file.getPath().getName() + " is " + file.getLen()
                        + " bytes, not a whole number of 100-byte records");
            }
        }
        OwnedDirectory report = HsDirs.claimEmpty(fs, new Path(options.reportDir()), "-report");
        StoreCheck.before(conf, report, true);
        return new HsValidation(options, start, fs, input, files, expectedRows, expectedChecksum, errors, report);
    }

    /** The input directory, as given. */
    public Path input() {
        return input;
    }

    /** The report directory, qualified. */
    public Path report() {
        return report.path();
    }

    /** How many data files the input holds. */
    public int files() {
        return files.size();
    }

    /** The data files' bytes. */
    public long bytes() {
        long bytes = 0;
        for (FileStatus file : files) {
            bytes += file.getLen();
        }
        return bytes;
    }

    /** The record count to compare with: -rows, else HSGen's; empty if neither. */
    public Optional<Long> expectedRows() {
        return Optional.ofNullable(expectedRows);
    }

    /** HSGen's checksum; empty without its summary. */
    public Optional<BigInteger> expectedChecksum() {
        return Optional.ofNullable(expectedChecksum);
    }

    /**
     * The result, from the report the job wrote, after the input's own errors; from now on the report stays should the
     * run be stopped.
     *
     * @throws BenchException JOB_FAILED if the report has no rows or checksum line
     */
    public HsValidateResult complete(Duration jobTime, SubmittedJob job, String committer, List<TaskSample> tasks,
            Optional<SampledResources> resources, DataNodeBlocks dataNodeBlocks) throws IOException {
        reporting.close();
        List<String> lines = readReport(fs, report.path());
        List<String> allErrors = new ArrayList<>(errors);
        long rows = -1;
        BigInteger checksum = null;
        for (String line : lines) {
            if (line.startsWith("rows\t")) {
                rows = Long.parseLong(line.substring(5));
            } else if (line.startsWith("checksum\t")) {
                checksum = Checksum.parse(line.substring(9));
            } else if (line.startsWith("error\t")) {
                allErrors.add(line);
            }
        }
        if (checksum == null || rows < 0) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSValidate: the report in " + report.path()
                    + " has no rows or checksum line");
        }
        return new HsValidateResult(options, start, Instant.now(), jobTime, files.size(), rows, checksum,
                expectedRows, expectedChecksum, allErrors, job, committer, tasks, resources, dataNodeBlocks);
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
