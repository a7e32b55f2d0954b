package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.hs.GenSummary;
import io.hbench.hs.HsDirs;
import io.hbench.hs.HsInputFormat;
import io.hbench.hs.HsOutputFormat;
import io.hbench.hs.HsSort;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.KeyComparator;
import io.hbench.hs.KeyRangePartitioner;
import io.hbench.hs.OutputCommitters;
import io.hbench.hs.Records;
import io.hbench.hs.SplitPoints;
import io.hbench.result.SubmittedJob;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * HSSort on Spark: MapReduce HSSort's split points, sampled the same way from the same splits, and its partitioner;
 * each record read once into one 100-byte array, the shuffle's key (its value nothing), ordered by its first 10 bytes
 * as the MapReduce sort orders keys; each key range written into the part-r-NNNNN file of the same number through
 * HsOutputFormat and the cluster's output committer. HSGen's summary is carried to the output for HSValidate.
 */
public final class SparkHsSort {
    private final JavaSparkContext spark;
    private final Configuration conf;
    private final Class<? extends OutputFormat<Text, Text>> outputFormat;

    public SparkHsSort(JavaSparkContext spark, Configuration conf) {
        this(spark, conf, HsOutputFormat.class);
    }

    /** @param outputFormat what writes the records: {@link HsOutputFormat}, or a test's that fails */
    SparkHsSort(JavaSparkContext spark, Configuration conf, Class<? extends OutputFormat<Text, Text>> outputFormat) {
        this.spark = requireNonNull(spark, "spark is null");
        this.conf = requireNonNull(conf, "conf is null");
        this.outputFormat = requireNonNull(outputFormat, "outputFormat is null");
    }

    public HsSortResult run(HsSortOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        long begin = System.nanoTime();
        Path input = new Path(options.inputDir());
        FileSystem fs = input.getFileSystem(conf);
        StoreCheck.reach(conf, fs, input);
        long inputBytes = HsSort.inputBytes(fs, input);
        int reduces = options.reducesFor(inputBytes);
        GenSummary summary = GenSummary.read(fs, input);
        OwnedDirectory output = HsDirs.claimEmpty(fs, new Path(options.outputDir()), "-output");
        StoreCheck.before(conf, output, true);
        // Should the run be stopped from outside, a sort not finished goes; complete sorted data stays.
        UndoLog.Registration sorting = output.emptiedOnInterrupt();

        String name = "HSSort (" + reduces + " reducers)";
        Job job = OutputJobs.writing(conf, name, outputFormat, output.path());
        Configuration jobConf = job.getConfiguration();
        FileInputFormat.setInputPaths(job, input);
        List<InputSplit> splits = new HsInputFormat().getSplits(job);
        long rows = inputBytes / Records.RECORD_LENGTH;
        long sampleStart = System.nanoTime();
        byte[][] sample = SplitPoints.sample(jobConf, splits, SplitPoints.sampleSize(reduces, rows));
        Configuration ranges = new Configuration(false);
        KeyRangePartitioner.configure(ranges, sample, reduces, options.sampler());
        Duration samplingTime = Duration.ofNanos(System.nanoTime() - sampleStart);
        jobConf.setInt(HsOutputFormat.REPLICATION_KEY, options.replication());
        jobConf.setBoolean(HsOutputFormat.SYNC_KEY, true);

        LongAccumulator written = spark.sc().longAccumulator(name);
        spark.setJobDescription(name);
        // The shuffle uses the application's serializer (spark.serializer), Java's unless set: a 100-byte array and
        // no value cost 104.2 bytes a record with it and 104.1 with Kryo, and a sort of 10^6 records took 13.4 s and
        // 12.6 s (medians of 3, local[2] on a loaded machine): no reason to override the cluster's choice.
        SparkTaskRecords.Recorded recorded = SparkTaskRecords.record(spark, jobConf, output.path(),
                () -> spark.newAPIHadoopRDD(jobConf, HsInputFormat.class, Text.class, Text.class)
                        .mapToPair(SparkHsSort::record)
                        .repartitionAndSortWithinPartitions(new KeyRanges(ranges, reduces), new KeyOrder())
                        .mapPartitionsToPair(new CountedRecords(written))
                        .saveAsNewAPIHadoopDataset(jobConf));
        if (written.value() != rows) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSSort: the job wrote " + written.value()
                    + " records of the " + rows + " it read");
        }
        if (summary != null) {
            summary.write(fs, output.path());
        }
        sorting.close();
        SubmittedJob application = new SubmittedJob(spark.sc().applicationId(), name,
                spark.sc().uiWebUrl().getOrElse(() -> null));
        return new HsSortResult(options, start, Instant.now(), Duration.ofNanos(System.nanoTime() - begin),
                recorded.time(), samplingTime, sample.length, rows, splits.size(),
                HsSort.reducerBytes(fs, output.path()), application, OutputCommitters.recorded(fs, output.path()),
                recorded.tasks(), Optional.empty(), recorded.dataNodeBlocks());
    }

    /** The record read as key and value, copied into one array: the reader reuses its Text objects. */
    private static Tuple2<byte[], Void> record(Tuple2<Text, Text> read) {
        byte[] record = new byte[Records.RECORD_LENGTH];
        System.arraycopy(read._1().getBytes(), 0, record, 0, Records.KEY_LENGTH);
        System.arraycopy(read._2().getBytes(), 0, record, Records.KEY_LENGTH, Records.VALUE_LENGTH);
        return new Tuple2<>(record, null);
    }

    /** MapReduce HSSort's partitioner, {@link KeyRangePartitioner}, for records held as one array each. */
    private static final class KeyRanges extends Partitioner {
        private static final long serialVersionUID = 1L;

        /** The partitioner's settings: Hadoop's Configuration is not Serializable. */
        private final HashMap<String, String> settings = new HashMap<>();
        private final int reduces;
        /** Made on first use; each task deserializes its own copy of the shuffle's partitioner. */
        private transient KeyRangePartitioner partitioner;

        KeyRanges(Configuration ranges, int reduces) {
            for (Map.Entry<String, String> setting : ranges) {
                settings.put(setting.getKey(), setting.getValue());
            }
            this.reduces = reduces;
        }

        @Override
        public int numPartitions() {
            return reduces;
        }

        @Override
        public int getPartition(Object key) {
            if (partitioner == null) {
                Configuration ranges = new Configuration(false);
                settings.forEach(ranges::set);
                partitioner = new KeyRangePartitioner();
                partitioner.setConf(ranges);
            }
            byte[] record = (byte[]) key;
            return partitioner.partition(record, Records.KEY_LENGTH, record, Records.KEY_LENGTH,
                    Records.VALUE_LENGTH);
        }
    }

    /** Records by their keys, in MapReduce HSSort's order ({@link KeyComparator}). */
    private static final class KeyOrder implements Comparator<byte[]>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int compare(byte[] a, byte[] b) {
            return KeyComparator.compareKeys(a, 0, Records.KEY_LENGTH, b, 0, Records.KEY_LENGTH);
        }
    }

    /**
     * A key range's records as the Text key and value HsOutputFormat writes, both reused: the writer copies them out
     * before it asks for the next. Once the last is handed on, adds their count to the job's; Spark counts a task's
     * additions only if it succeeds.
     */
    private static final class CountedRecords
            implements PairFlatMapFunction<Iterator<Tuple2<byte[], Void>>, Text, Text> {
        private static final long serialVersionUID = 1L;

        private final LongAccumulator written;

        CountedRecords(LongAccumulator written) {
            this.written = written;
        }

        @Override
        public Iterator<Tuple2<Text, Text>> call(Iterator<Tuple2<byte[], Void>> records) {
            Text key = new Text();
            Text value = new Text();
            Tuple2<Text, Text> pair = new Tuple2<>(key, value);
            return new Iterator<>() {
                private long count;
                private boolean counted;

                @Override
                public boolean hasNext() {
                    if (records.hasNext()) {
                        return true;
                    }
                    if (!counted) {
                        written.add(count);
                        counted = true;
                    }
                    return false;
                }

                @Override
                public Tuple2<Text, Text> next() {
                    byte[] record = records.next()._1();
                    key.set(record, 0, Records.KEY_LENGTH);
                    value.set(record, Records.KEY_LENGTH, Records.VALUE_LENGTH);
                    count++;
                    return pair;
                }
            };
        }
    }
}
