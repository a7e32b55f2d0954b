package io.hbench.hs;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.mapred.TimedMapper;
import io.hbench.mapred.TimedReducer;
import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * HSSort: a total-order sort. Split points come from keys sampled in every input split; maps pass
 * records through, the partitioner sends each to its key range's reducer, reducers write them in
 * order into part-r-NNNNN files with the chosen replication, synced to disk before the job ends.
 * HSGen's summary is carried to the output for HSValidate.
 */
public final class HsSort {
    private final Configuration conf;
    private final PrintStream progress;

    public HsSort(Configuration conf) {
        this(conf, new PrintStream(OutputStream.nullOutputStream()));
    }

    public HsSort(Configuration conf, PrintStream progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    public HsSortResult run(HsSortOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        MapReduceFramework.requireShuffleSupport(conf);
        Instant start = Instant.now();
        long begin = System.nanoTime();
        Path input = new Path(options.inputDir());
        FileSystem fs = input.getFileSystem(conf);
        StoreCheck.reach(conf, fs, input);
        long inputBytes = inputBytes(fs, input);
        int reduces = options.reducesFor(inputBytes);
        GenSummary summary = GenSummary.read(fs, input);
        OwnedDirectory output = HsDirs.claimEmpty(fs, new Path(options.outputDir()), "-output");
        StoreCheck.before(conf, output, true, progress);
        // Should the run be stopped from outside, a sort not finished goes; complete sorted data stays.
        UndoLog.Registration sorting = output.emptiedOnInterrupt();

        Job job = HsJobs.newJob(conf, "HSSort (" + reduces + " reducers)", HsSort.class);
        Configuration jobConf = job.getConfiguration();
        job.setInputFormatClass(HsInputFormat.class);
        FileInputFormat.setInputPaths(job, input);
        List<InputSplit> splits = new HsInputFormat().getSplits(job);
        long rows = inputBytes / Records.RECORD_LENGTH;
        long sampleStart = System.nanoTime();
        byte[][] sample = SplitPoints.sample(jobConf, splits, SplitPoints.sampleSize(reduces, rows));
        KeyRangePartitioner.configure(jobConf, sample, reduces, options.sampler());
        Duration samplingTime = Duration.ofNanos(System.nanoTime() - sampleStart);
        sizeSortBuffer(jobConf, splits);
        jobConf.setInt(HsOutputFormat.REPLICATION_KEY, options.replication());
        jobConf.setBoolean(HsOutputFormat.SYNC_KEY, true);
        // Identity map and reduce, each task recording its own times.
        job.setMapperClass(TimedMapper.class);
        job.setReducerClass(TimedReducer.class);
        job.setPartitionerClass(KeyRangePartitioner.class);
        job.setSortComparatorClass(KeyComparator.class);
        job.setNumReduceTasks(reduces);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(Text.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(HsOutputFormat.class);
        FileOutputFormat.setOutputPath(job, output.path());
        HsJobs.Completed completed = HsJobs.run(job, progress, "HSSort", null, inputBytes);
        long sorted = job.getCounters().findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue();
        if (sorted != rows) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSSort: the job wrote " + sorted + " records of the "
                    + rows + " it read");
        }
        if (summary != null) {
            summary.write(fs, output.path());
        }
        sorting.close();
        return new HsSortResult(options, start, Instant.now(), Duration.ofNanos(System.nanoTime() - begin),
                completed.time, samplingTime, sample.length, rows, splits.size(), reducerBytes(fs, output.path()),
                completed.job, completed.committer, completed.tasks, completed.resources,
                completed.dataNodeBlocks);
    }

    /**
     * The bytes of the data files in {@code input}, the sort's input on every engine.
     *
     * @throws BenchException MISSING_INPUT if they hold no record
     */
    public static long inputBytes(FileSystem fs, Path input) throws IOException {
        long bytes = HsDirs.dataFiles(fs, input, "-input").stream().mapToLong(FileStatus::getLen).sum();
        if (bytes < Records.RECORD_LENGTH) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "-input " + fs.makeQualified(input)
                    + " holds no records; run HSGen first");
        }
        return bytes;
    }

    /** The bytes of each sorted file in {@code output}, in reducer order. */
    public static List<Long> reducerBytes(FileSystem fs, Path output) throws IOException {
        List<Long> bytes = new ArrayList<>();
        for (FileStatus part : HsDirs.dataFiles(fs, output, "-output")) {
            bytes.add(part.getLen());
        }
        return bytes;
    }

    static final String SORT_MB_KEY = "mapreduce.task.io.sort.mb";
    static final String SPILL_PERCENT_KEY = "mapreduce.map.sort.spill.percent";

    /**
     * Unless the user chose a sort buffer, sizes it so that the largest split's map output (102
     * serialized bytes and 16 bytes of accounting per record) fits below the spill threshold: each
     * map then spills once and skips the merge pass. At most 40% of a map container's memory
     * ({@code mapreduce.map.memory.mb}), at least 16 MB.
     */
    static void sizeSortBuffer(Configuration jobConf, List<InputSplit> splits) throws IOException, InterruptedException {
        if (io.hbench.embedded.ConfigurationSources.isSetExplicitly(jobConf, SORT_MB_KEY)) {
            return;
        }
        long largest = 0;
        for (InputSplit split : splits) {
            largest = Math.max(largest, split.getLength());
        }
        long records = largest / Records.RECORD_LENGTH + 1;
        double spill = jobConf.getFloat(SPILL_PERCENT_KEY, 0.8f);
        long needed = (long) Math.ceil(records * (Records.RECORD_LENGTH + 2 + 16) / spill / (1 << 20)) + 1;
        long cap = (long) (jobConf.getInt("mapreduce.map.memory.mb", 1024) * 0.4);
        jobConf.setInt(SORT_MB_KEY, (int) Math.max(16, Math.min(needed, cap)));
    }
}
