package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.hs.GenSummary;
import io.hbench.hs.HsGen;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsSort;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.HsSortTool;
import io.hbench.hs.HsValidate;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HSSort on Spark in local[2] against MapReduce HSSort on the local runner, both on the local file system, over
 * MapReduce HSGen's data: the same files byte for byte; HSValidate takes Spark's sorted data with HSGen's checksum; a
 * failed job leaves no data.
 */
@Timeout(120)
class SparkHsSortTest {
    private static final long ROWS = 10_000;
    private static final int REDUCES = 2;

    @TempDir
    static Path temp;

    private static Configuration conf;
    private static JavaSparkContext spark;
    private static HsGenResult generated;
    private static HsSortResult mapReduce;
    private static HsSortResult sorted;

    @BeforeAll
    static void generateAndSortOnBothEngines() throws Exception {
        conf = LocalRuns.hadoopConfiguration(temp);
        spark = LocalRuns.spark(temp, "SparkHsSortTest");
        generated = new HsGen(conf).run(HsGenOptions.builder(ROWS).maps(2).replication(1)
                .outputDir(temp.resolve("gen").toString()).build());
        mapReduce = new HsSort(conf).run(options("sort-mapreduce"));
        sorted = new SparkHsSort(spark, conf).run(options("sort-spark"));
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static HsSortOptions options(String dir) {
        return HsSortOptions.builder().inputDir(temp.resolve("gen").toString())
                .outputDir(temp.resolve(dir).toString()).reduces(REDUCES).replication(1).build();
    }

    /**
     * Both engines sample the same keys from the same splits, so the split points and each record's reducer are the
     * same; the 10,000 keys are distinct, so each reducer's order is too.
     */
    @Test
    void writesMapReduceHsSortsFilesByteForByte() throws Exception {
        assertThat(dataFiles("sort-spark")).containsExactly("part-r-00000", "part-r-00001");
        for (String file : dataFiles("sort-spark")) {
            assertThat(Files.mismatch(temp.resolve("sort-spark").resolve(file),
                    temp.resolve("sort-mapreduce").resolve(file))).as(file).isEqualTo(-1);
        }
        assertThat(sorted.rows()).isEqualTo(ROWS);
        assertThat(sorted.maps()).isEqualTo(mapReduce.maps());
        assertThat(sorted.sampledKeys()).isEqualTo(mapReduce.sampledKeys());
        assertThat(sorted.reducerBytes()).isEqualTo(mapReduce.reducerBytes());
        assertThat(sorted.committer()).isEqualTo("file");
        assertThat(sorted.job().id()).isEqualTo(spark.sc().applicationId());
    }

    @Test
    void hsValidateAcceptsSparksSortedDataWithHsGensChecksum() throws Exception {
        HsValidateResult validated = new HsValidate(conf).run(HsValidateOptions.builder()
                .inputDir(temp.resolve("sort-spark").toString())
                .reportDir(temp.resolve("validate").toString()).genDir(temp.resolve("gen").toString()).build());

        assertThat(validated.failures()).isEmpty();
        assertThat(validated.rows()).isEqualTo(ROWS);
        assertThat(validated.checksum()).isEqualTo(generated.checksum());
        // HSGen's summary is carried, for an HSValidate without -gen.
        assertThat(Files.readString(temp.resolve("sort-spark").resolve(GenSummary.FILE_NAME)))
                .isEqualTo(Files.readString(temp.resolve("gen").resolve(GenSummary.FILE_NAME)));
    }

    @Test
    void printsMapReduceHsSortsLinesFromTheCommandLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String dir = temp.resolve("sort-spark-tool").toString();

        int status = new HsSortOnSpark(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8),
                Optional.of(spark)).runCommandLine(new Configuration(conf), new String[] {"-D",
                        "fs.defaultFS=file:///", mapReduce.options().inputDir(), dir, "-reduces", "2"});

        assertThat(status).as(err.toString(UTF_8)).isZero();
        List<String> lines = out.toString(UTF_8).lines().collect(Collectors.toList());
        List<String> expected = HsSortTool.lines(mapReduce);
        assertThat(lines.get(0)).isEqualTo(expected.get(0).replace(mapReduce.options().outputDir(), dir));
        // Times and throughput: the same lines, with this run's figures.
        for (int i = 1; i <= 2; i++) {
            assertThat(lines.get(i)).startsWith(expected.get(i).substring(0, expected.get(i).indexOf(": ") + 2));
        }
        assertThat(lines.get(3)).isEqualTo(expected.get(3));
    }

    @Test
    void aFailedTaskLeavesNoDataAndNoSummary() throws Exception {
        SparkHsSort failing = new SparkHsSort(spark, conf, FailingOutputFormat.Sorted.class);

        assertThatThrownBy(() -> failing.run(options("sort-spark-failed")))
                .hasStackTraceContaining("injected failure after " + FailingOutputFormat.RECORDS_BEFORE_FAILURE);

        // What is left is hbench's claim on the directory, no data, no committer's work and no _SUCCESS or _hsgen.
        try (Stream<Path> left = Files.list(temp.resolve("sort-spark-failed"))) {
            assertThat(left.map(path -> path.getFileName().toString())).containsOnly(".hbench", "..hbench.crc");
        }
    }

    private static List<String> dataFiles(String dir) throws IOException {
        return LocalRuns.dataFiles(temp.resolve(dir));
    }
}
