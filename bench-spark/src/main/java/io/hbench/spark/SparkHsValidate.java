package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.hs.AcrossFilesCheck;
import io.hbench.hs.FileOrderCheck;
import io.hbench.hs.HsInputFormat;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.hs.HsValidation;
import io.hbench.hs.OutputCommitters;
import io.hbench.hs.ReportOutputFormat;
import io.hbench.result.SubmittedJob;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.spark.api.java.JavaNewHadoopRDD;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import scala.Tuple2;

/**
 * HSValidate on Spark: MapReduce HSValidate's checks, report and result. One task per data file checks order inside
 * it from its first record to its last ({@link FileOrderCheck}, as ValidateMapper); the driver checks across the files
 * in the order of their names, whatever order the tasks ended in ({@link AcrossFilesCheck}, as ValidateReducer).
 * One task writes the report's lines into the report directory through ReportOutputFormat and the cluster's output
 * committer, as the MapReduce job's single reducer does: its {@code part-r-00000} and {@code _SUCCESS} are
 * MapReduce's, with Spark's own commit protocol around the committer (a second, hand-made one on the driver would be
 * code to get wrong on failure).
 */
public final class SparkHsValidate {
    private final JavaSparkContext spark;
    private final Configuration conf;
    private final Class<? extends InputFormat<Text, Text>> inputFormat;

    public SparkHsValidate(JavaSparkContext spark, Configuration conf) {
        this(spark, conf, HsInputFormat.class);
    }

    /** @param inputFormat what reads the data files: {@link HsInputFormat}, or a test's that lists them otherwise */
    SparkHsValidate(JavaSparkContext spark, Configuration conf, Class<? extends InputFormat<Text, Text>> inputFormat) {
        this.spark = requireNonNull(spark, "spark is null");
        this.conf = requireNonNull(conf, "conf is null");
        this.inputFormat = requireNonNull(inputFormat, "inputFormat is null");
    }

    public HsValidateResult run(HsValidateOptions options) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        HsValidation validation = HsValidation.start(conf, options);
        String name = "HSValidate (" + validation.files() + " files)";
        Job job = Job.getInstance(conf, name);
        FileInputFormat.setInputPaths(job, validation.input());
        // One split per file: a task checks a file's order from its first record to its last.
        FileInputFormat.setMinInputSplitSize(job, Long.MAX_VALUE);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(ReportOutputFormat.class);
        FileOutputFormat.setOutputPath(job, validation.report());
        spark.setJobDescription(name);
        SparkTaskRecords.Recorded recorded = SparkTaskRecords.record(spark, job.getConfiguration(),
                validation.report(), () -> check(job, validation));
        SubmittedJob application = new SubmittedJob(spark.sc().applicationId(), name,
                spark.sc().uiWebUrl().getOrElse(() -> null));
        return validation.complete(recorded.time(), application,
                OutputCommitters.recorded(validation.report().getFileSystem(conf), validation.report()),
                recorded.tasks(), Optional.empty(), recorded.dataNodeBlocks());
    }

    /** Checks every file, then across them, and writes the report. */
    private void check(Job job, HsValidation validation) throws IOException, InterruptedException {
        JavaNewHadoopRDD<Text, Text> records = (JavaNewHadoopRDD<Text, Text>) spark.newAPIHadoopRDD(
                job.getConfiguration(), inputFormat, Text.class, Text.class);
        List<Tuple2<String, List<String>>> files = new ArrayList<>(
                records.mapPartitionsWithInputSplit(new CheckFile(), false).collect());
        files.sort((a, b) -> AcrossFilesCheck.FILE_ORDER.compare(a._1(), b._1()));
        List<Tuple2<String, String>> report = new ArrayList<>();
        AcrossFilesCheck across = new AcrossFilesCheck(validation.expectedRows(), validation.expectedChecksum(),
                (key, value) -> report.add(new Tuple2<>(key, value)));
        for (Tuple2<String, List<String>> file : files) {
            across.file(file._1(), file._2());
        }
        across.end();
        JavaPairRDD.fromJavaRDD(spark.parallelize(report, 1)).mapToPair(SparkHsValidate::asText)
                .saveAsNewAPIHadoopDataset(job.getConfiguration());
    }

    /** A report line as ReportOutputFormat writes it; Text is no Serializable to travel in the task. */
    private static Tuple2<Text, Text> asText(Tuple2<String, String> line) {
        return new Tuple2<>(new Text(line._1()), new Text(line._2()));
    }

    /** Checks the one file a partition holds: its name and what its {@link FileOrderCheck} found, as one element. */
    private static final class CheckFile
            implements Function2<InputSplit, Iterator<Tuple2<Text, Text>>, Iterator<Tuple2<String, List<String>>>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Tuple2<String, List<String>>> call(InputSplit split, Iterator<Tuple2<Text, Text>> records) {
            String file = ((HsInputFormat.RecordSplit) split).file().getPath().getName();
            FileOrderCheck check = new FileOrderCheck(file);
            List<String> found = new ArrayList<>();
            while (records.hasNext()) {
                Tuple2<Text, Text> record = records.next();
                check.add(record._1(), record._2()).ifPresent(found::add);
            }
            found.add(check.summary());
            return List.of(new Tuple2<>(file, found)).iterator();
        }
    }
}
