package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsSort;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsValidate;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.hs.HsValidateTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * HSValidate on Spark in local[2] against MapReduce HSValidate on the local runner, on Spark HSGen's data (byte for
 * byte MapReduce HSGen's, as SparkHsGenTest shows) sorted by MapReduce HSSort into {@value #REDUCES} files: the same
 * result and report, with Spark HSGen's checksum, for valid data and for data with two records swapped; files checked
 * in the order of their names, not of their tasks. HSDataCheck on Spark takes Spark HSGen's data.
 */
@Timeout(120)
class SparkHsValidateTest {
    private static final long ROWS = 10_000;
    private static final int REDUCES = 3;

    @TempDir
    static Path temp;

    private static Configuration conf;
    private static JavaSparkContext spark;
    private static HsGenResult sparkGen;
    private static HsValidateResult mapReduce;

    @BeforeAll
    static void generateOnSparkSortAndValidateOnMapReduce() throws Exception {
        conf = LocalRuns.hadoopConfiguration(temp);
        spark = LocalRuns.spark(temp, "SparkHsValidateTest");
        sparkGen = new SparkHsGen(spark, conf).run(HsGenOptions.builder(ROWS).maps(2).replication(1)
                .outputDir(dir("gen")).build());
        new HsSort(conf).run(HsSortOptions.builder().inputDir(dir("gen")).outputDir(dir("sorted")).reduces(REDUCES)
                .replication(1).build());
        mapReduce = new HsValidate(conf).run(validateOptions("sorted", "report-mapreduce"));
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static HsValidateOptions validateOptions(String input, String report) {
        return HsValidateOptions.builder().inputDir(dir(input)).reportDir(dir(report)).build();
    }

    private static String dir(String name) {
        return temp.resolve(name).toString();
    }

    @Test
    void validatesMapReduceSortedDataAsMapReduceHsValidateDoesWithSparkHsGensChecksum() throws Exception {
        HsValidateResult result = new SparkHsValidate(spark, conf).run(validateOptions("sorted", "report-spark"));

        assertThat(mapReduce.failures()).isEmpty();
        assertThat(mapReduce.files()).isEqualTo(REDUCES);
        assertThat(result.failures()).isEmpty();
        assertThat(result.files()).isEqualTo(REDUCES);
        assertThat(result.rows()).isEqualTo(ROWS);
        assertThat(result.checksum()).isEqualTo(mapReduce.checksum()).isEqualTo(sparkGen.checksum());
        assertThat(result.expectedRows()).isEqualTo(mapReduce.expectedRows());
        assertThat(result.expectedChecksum()).isEqualTo(mapReduce.expectedChecksum());
        assertThat(result.committer()).isEqualTo(mapReduce.committer()).isEqualTo("file");
        assertThat(report("report-spark")).isEqualTo(report("report-mapreduce"));
        assertThat(reportFiles("report-spark")).isEqualTo(reportFiles("report-mapreduce"));
    }

    @Test
    void printsMapReduceHsValidatesLinesFromTheCommandLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new HsValidateOnSpark(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8),
                Optional.of(spark)).runCommandLine(new Configuration(conf),
                        new String[] {"-D", "fs.defaultFS=file:///", dir("sorted"), dir("report-spark-tool")});

        assertThat(status).as(err.toString(UTF_8)).isZero();
        List<String> lines = out.toString(UTF_8).lines().collect(Collectors.toList());
        List<String> expected = HsValidateTool.lines(mapReduce);
        // MapReduce's local runner leaves no task records; Spark's tasks are recorded, and judged after the lines.
        assertThat(lines.subList(expected.size(), lines.size())).containsExactly("", "----- Findings -----",
                "slow host: not judged: the tasks ran on 1 host, and it takes 3 to tell one apart");
        assertThat(expected).last().isEqualTo("HSValidate: PASSED");
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i).startsWith("HSValidate time")) {
                // The same label, with this run's figure.
                assertThat(lines.get(i)).startsWith(expected.get(i).substring(0, expected.get(i).indexOf(": ") + 2));
            } else {
                assertThat(lines.get(i)).isEqualTo(expected.get(i));
            }
        }
    }

    @Test
    void reportsTwoSwappedRecordsInTheSameLinesAsMapReduce() throws Exception {
        Files.createDirectories(temp.resolve("swapped"));
        for (String file : dataFiles("sorted")) {
            Files.copy(temp.resolve("sorted").resolve(file), temp.resolve("swapped").resolve(file));
        }
        Files.copy(temp.resolve("sorted").resolve("_hsgen"), temp.resolve("swapped").resolve("_hsgen"));
        swapRecords(temp.resolve("swapped").resolve("part-r-00001"), 10, 20);

        HsValidateResult onMapReduce = new HsValidate(conf).run(validateOptions("swapped", "swapped-mapreduce"));
        HsValidateResult onSpark = new SparkHsValidate(spark, conf).run(validateOptions("swapped", "swapped-spark"));

        assertThat(onMapReduce.errors()).hasSize(2)
                .allSatisfy(error -> assertThat(error).startsWith("error\tmisorder in part-r-00001 between "));
        // Spark lists a file's misorders in record order; MapReduce's shuffle hands its reducer a file's values in
        // an order of its own (here the reverse).
        assertThat(onSpark.errors()).containsExactlyInAnyOrderElementsOf(onMapReduce.errors());
        assertThat(onSpark.errors().get(0)).endsWith("(records 10 and 11, counted from 0)");
        assertThat(onSpark.checksum()).isEqualTo(onMapReduce.checksum()).isEqualTo(sparkGen.checksum());
        assertThat(report("swapped-spark").lines())
                .containsExactlyInAnyOrderElementsOf(report("swapped-mapreduce").lines().collect(Collectors.toList()));
    }

    @Test
    void checksFilesAcrossBoundariesInNameOrderWhateverOrderTheirTasksRun() throws Exception {
        // The last file's task runs first and the first file's last: in task order, every boundary is a misorder.
        HsValidateResult result = new SparkHsValidate(spark, conf, ReversedSplitsInputFormat.class)
                .run(validateOptions("sorted", "report-reversed"));

        assertThat(result.failures()).isEmpty();
        assertThat(report("report-reversed")).isEqualTo(report("report-mapreduce"));
    }

    @Test
    void hsDataCheckOnSparkAcceptsSparkHsGensData() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new HsDataCheckOnSpark(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8))
                .runCommandLine(new Configuration(conf), new String[] {"-replication", "1", dir("gen")});

        assertThat(status).as(err.toString(UTF_8)).isZero();
        assertThat(out.toString(UTF_8).lines()).contains("HSDataCheck: record count matches the " + ROWS
                + " expected").last().isEqualTo("HSDataCheck: PASSED");
    }

    /** Swaps two records of a file in place, as a faulty sort might leave them. */
    private static void swapRecords(Path file, int first, int second) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer a = ByteBuffer.allocate(100);
            ByteBuffer b = ByteBuffer.allocate(100);
            channel.read(a, first * 100L);
            channel.read(b, second * 100L);
            channel.write(b.flip(), first * 100L);
            channel.write(a.flip(), second * 100L);
        }
    }

    private static String report(String dir) throws IOException {
        return Files.readString(temp.resolve(dir).resolve("part-r-00000"));
    }

    private static List<String> reportFiles(String dir) throws IOException {
        try (Stream<Path> files = Files.list(temp.resolve(dir))) {
            return files.map(path -> path.getFileName().toString()).filter(name -> !name.endsWith(".crc")).sorted()
                    .collect(Collectors.toList());
        }
    }

    private static List<String> dataFiles(String dir) throws IOException {
        return reportFiles(dir).stream().filter(name -> name.startsWith("part-")).collect(Collectors.toList());
    }
}
