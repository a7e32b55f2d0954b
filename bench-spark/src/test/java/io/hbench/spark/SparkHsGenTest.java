package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.hs.HsDataCheck;
import io.hbench.hs.HsDataCheckOptions;
import io.hbench.hs.HsDataCheckResult;
import io.hbench.hs.HsGen;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsGenTool;
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
 * HSGen on Spark in local[2] against MapReduce HSGen on the local runner, both on the local file system: the same
 * files, bytes and checksum; HSDataCheck takes Spark's data; a failed job leaves no data.
 */
@Timeout(120)
class SparkHsGenTest {
    private static final long ROWS = 10_000;
    private static final int MAPS = 2;

    @TempDir
    static Path temp;

    private static Configuration conf;
    private static JavaSparkContext spark;
    private static HsGenResult mapReduce;

    @BeforeAll
    static void startSparkAndGenerateOnMapReduce() throws Exception {
        conf = LocalRuns.hadoopConfiguration(temp);
        spark = LocalRuns.spark(temp, "SparkHsGenTest");
        mapReduce = new HsGen(conf).run(options("gen-mapreduce"));
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static HsGenOptions options(String dir) {
        return HsGenOptions.builder(ROWS).maps(MAPS).replication(1).outputDir(temp.resolve(dir).toString()).build();
    }

    @Test
    void writesMapReduceHsGensFilesByteForByteWithItsChecksum() throws Exception {
        HsGenResult result = new SparkHsGen(spark, conf).run(options("gen-spark"));

        assertThat(result.rows()).isEqualTo(ROWS);
        assertThat(result.checksum()).isEqualTo(mapReduce.checksum());
        assertThat(dataFiles("gen-spark")).containsExactly("part-m-00000", "part-m-00001");
        assertThat(dataFiles("gen-spark")).isEqualTo(dataFiles("gen-mapreduce"));
        for (String file : dataFiles("gen-spark")) {
            Path sparkFile = temp.resolve("gen-spark").resolve(file);
            assertThat(Files.size(sparkFile)).isEqualTo(ROWS / MAPS * 100);
            assertThat(Files.mismatch(sparkFile, temp.resolve("gen-mapreduce").resolve(file))).as(file).isEqualTo(-1);
        }
        assertThat(Files.readString(temp.resolve("gen-spark").resolve("_hsgen")))
                .isEqualTo(Files.readString(temp.resolve("gen-mapreduce").resolve("_hsgen")));
        assertThat(result.committer()).isEqualTo("file");
    }

    @Test
    void printsMapReduceHsGensLinesFromTheCommandLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String dir = temp.resolve("gen-spark-tool").toString();

        int status = new HsGenOnSpark(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8),
                Optional.of(spark)).runCommandLine(new Configuration(conf),
                        new String[] {"-D", "fs.defaultFS=file:///", "-rows", "10k", "-output", dir, "-maps", "2"});

        assertThat(status).as(err.toString(UTF_8)).isZero();
        List<String> lines = out.toString(UTF_8).lines().collect(Collectors.toList());
        List<String> expected = HsGenTool.lines(mapReduce);
        assertThat(lines.get(0)).isEqualTo(expected.get(0).replace(mapReduce.options().outputDir(), dir));
        assertThat(lines.get(1)).isEqualTo(expected.get(1));
        // Time and throughput: the same lines, with this run's figures.
        for (int i = 2; i <= 3; i++) {
            assertThat(lines.get(i)).startsWith(expected.get(i).substring(0, expected.get(i).indexOf(": ") + 2));
        }
        // The slow-host finding from the run's task samples, as MapReduce HSGen's; no host sampled off YARN.
        assertThat(lines).contains("slow host: not judged: the tasks ran on 1 host, and it takes 3 to tell one apart");
        assertThat(err.toString(UTF_8).lines()).contains(SparkSampling.notSampledNote("local[2]", conf).orElseThrow());
    }

    @Test
    void hsDataCheckAcceptsSparksData() throws Exception {
        new SparkHsGen(spark, conf).run(options("gen-spark-checked"));

        HsDataCheckResult check = new HsDataCheck(conf).run(HsDataCheckOptions.builder(
                temp.resolve("gen-spark-checked").toString()).expectedRows(ROWS).replication(1).build());

        assertThat(check.failures()).isEmpty();
        assertThat(check.files()).isEqualTo(MAPS);
        assertThat(check.rows()).isEqualTo(ROWS);
    }

    @Test
    void aFailedTaskLeavesNoDataAndNoSummary() throws Exception {
        SparkHsGen failing = new SparkHsGen(spark, conf, FailingOutputFormat.class);

        assertThatThrownBy(() -> failing.run(options("gen-spark-failed")))
                .hasStackTraceContaining("injected failure after " + FailingOutputFormat.RECORDS_BEFORE_FAILURE);

        // What is left is hbench's claim on the directory, no data, no committer's work and no _SUCCESS or _hsgen.
        try (Stream<Path> left = Files.list(temp.resolve("gen-spark-failed"))) {
            assertThat(left.map(path -> path.getFileName().toString())).containsOnly(".hbench", "..hbench.crc");
        }
    }

    private static List<String> dataFiles(String dir) throws IOException {
        return LocalRuns.dataFiles(temp.resolve(dir));
    }
}
