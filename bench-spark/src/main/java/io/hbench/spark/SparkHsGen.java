package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.hs.Checksum;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenOutput;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsOutputFormat;
import io.hbench.hs.KeySkew;
import io.hbench.hs.OutputCommitters;
import io.hbench.hs.RecordGenerator;
import io.hbench.hs.Records;
import io.hbench.hs.RowRangeInputFormat;
import io.hbench.result.SubmittedJob;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.util.CollectionAccumulator;
import scala.Tuple2;

/**
 * HSGen on Spark: one task per MapReduce HSGen map, each writing the same rows into the same part-m-NNNNN file
 * through HsOutputFormat and the cluster's output committer, so the output is byte for byte MapReduce HSGen's; the
 * row count and checksum go beside the data ({@link HsGenOutput}), as there.
 */
public final class SparkHsGen {
    private final JavaSparkContext spark;
    private final Configuration conf;
    private final Class<? extends OutputFormat<Text, Text>> outputFormat;

    public SparkHsGen(JavaSparkContext spark, Configuration conf) {
        this(spark, conf, MapTaskOutputFormat.class);
    }

    /** @param outputFormat what writes the records: {@link MapTaskOutputFormat}, or a test's that fails */
    SparkHsGen(JavaSparkContext spark, Configuration conf, Class<? extends OutputFormat<Text, Text>> outputFormat) {
        this.spark = requireNonNull(spark, "spark is null");
        this.conf = requireNonNull(conf, "conf is null");
        this.outputFormat = requireNonNull(outputFormat, "outputFormat is null");
    }

    public HsGenResult run(HsGenOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        HsGenOutput output = HsGenOutput.claim(conf, options);
        String name = "HSGen (" + options.rows() + " rows)";
        Job hadoopJob = OutputJobs.writing(conf, name, outputFormat, output.path());
        hadoopJob.getConfiguration().setInt(HsOutputFormat.REPLICATION_KEY, options.replication());
        CollectionAccumulator<GeneratedRange> ranges = spark.sc().collectionAccumulator(name);
        spark.setJobDescription(name);
        // One empty partition per map: each task takes its range from its partition's number.
        GenerateRange generate = new GenerateRange(options.rows(), options.maps(), options.skew(), ranges);
        SparkTaskRecords.Recorded recorded = SparkTaskRecords.record(spark, hadoopJob.getConfiguration(), output.path(),
                () -> JavaPairRDD.fromJavaRDD(spark.parallelize(List.<Integer>of(), options.maps())
                        .mapPartitionsWithIndex(generate, true))
                        .saveAsNewAPIHadoopDataset(hadoopJob.getConfiguration()));
        long rows = 0;
        BigInteger checksum = BigInteger.ZERO;
        for (GeneratedRange range : ranges.value()) {
            rows += range.rows();
            checksum = checksum.add(range.checksum());
        }
        output.complete(rows, checksum);
        SubmittedJob application = new SubmittedJob(spark.sc().applicationId(), name,
                spark.sc().uiWebUrl().getOrElse(() -> null));
        return new HsGenResult(options, start, Instant.now(), recorded.time(), rows, checksum, application,
                OutputCommitters.recorded(output.fileSystem(), output.path()), recorded.tasks(), Optional.empty(),
                recorded.dataNodeBlocks());
    }

    /** The rows one task wrote and the exact sum of their CRC32s. */
    record GeneratedRange(long rows, BigInteger checksum) implements Serializable {
        GeneratedRange {
            requireNonNull(checksum, "checksum is null");
        }
    }

    /** Turns a partition's number into its range's records, as MapReduce HSGen's map of the same number. */
    private static final class GenerateRange
            implements Function2<Integer, Iterator<Integer>, Iterator<Tuple2<Text, Text>>> {
        private static final long serialVersionUID = 1L;

        private final long rows;
        private final int maps;
        private final KeySkew skew;
        private final CollectionAccumulator<GeneratedRange> ranges;

        GenerateRange(long rows, int maps, KeySkew skew, CollectionAccumulator<GeneratedRange> ranges) {
            this.rows = rows;
            this.maps = maps;
            this.skew = skew;
            this.ranges = ranges;
        }

        @Override
        public Iterator<Tuple2<Text, Text>> call(Integer partition, Iterator<Integer> nothing) {
            long firstRow = RowRangeInputFormat.firstRow(rows, maps, partition);
            long rowCount = RowRangeInputFormat.firstRow(rows, maps, partition + 1) - firstRow;
            return new RangeRecords(new RecordGenerator(firstRow, skew), rowCount, ranges);
        }
    }

    /**
     * A range's records, each generated into one reused 100-byte array and handed on as the same key and value: the
     * writer copies them out before it asks for the next. Once the last is handed on, adds the range's row count and
     * checksum to the job's; Spark counts a task's additions only if it succeeds.
     */
    private static final class RangeRecords implements Iterator<Tuple2<Text, Text>> {
        private final RecordGenerator generator;
        private final long rowCount;
        private final CollectionAccumulator<GeneratedRange> ranges;
        private final byte[] record = new byte[Records.RECORD_LENGTH];
        private final Text key = new Text();
        private final Text value = new Text();
        private final Tuple2<Text, Text> pair = new Tuple2<>(key, value);
        private final Checksum checksum = new Checksum();
        private long written;
        private boolean counted;

        RangeRecords(RecordGenerator generator, long rowCount, CollectionAccumulator<GeneratedRange> ranges) {
            this.generator = generator;
            this.rowCount = rowCount;
            this.ranges = ranges;
        }

        @Override
        public boolean hasNext() {
            if (written < rowCount) {
                return true;
            }
            if (!counted) {
                ranges.add(new GeneratedRange(written, checksum.value()));
                counted = true;
            }
            return false;
        }

        @Override
        public Tuple2<Text, Text> next() {
            if (written == rowCount) {
                throw new NoSuchElementException("the range has " + rowCount + " rows");
            }
            checksum.add(generator.next(record));
            key.set(record, 0, Records.KEY_LENGTH);
            value.set(record, Records.KEY_LENGTH, Records.VALUE_LENGTH);
            written++;
            return pair;
        }
    }
}
