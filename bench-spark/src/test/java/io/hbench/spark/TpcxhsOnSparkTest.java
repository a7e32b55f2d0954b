package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.BenchResult;
import io.hbench.result.Engine;
import io.hbench.result.json.JsonResultReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPCx-HS on Spark in local[2] on the local file system, from its command line as spark-submit runs it: both runs'
 * five phases pass, the metric and MapReduce TPCx-HS's lines come out, and the result names Spark as its engine, with
 * a task sample for every task of the six jobs.
 */
@Timeout(180)
class TpcxhsOnSparkTest {
    private static final int MAPS = 2;
    private static final int REDUCES = 2;

    @TempDir
    static Path temp;

    private static JavaSparkContext spark;
    private static int status;
    private static List<String> out;
    private static String err;
    private static BenchResult json;

    @BeforeAll
    static void runTpcxhsOnSpark() throws Exception {
        Configuration conf = LocalRuns.hadoopConfiguration(temp);
        spark = LocalRuns.spark(temp, "TpcxhsOnSparkTest");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Path jsonFile = temp.resolve("tpcxhs.json");
        status = new TpcxhsOnSpark(new PrintStream(stdout, true, UTF_8), new PrintStream(stderr, true, UTF_8),
                Optional.of(spark)).runCommandLine(conf, new String[] {"-rows", "3000", "-maps", "" + MAPS,
                        "-reduces", "" + REDUCES, "-replication", "1", "-baseDir", temp.resolve("hs").toString(),
                        "-json", jsonFile.toString()});
        out = stdout.toString(UTF_8).lines().collect(Collectors.toList());
        err = stderr.toString(UTF_8);
        try (Reader reader = Files.newBufferedReader(jsonFile)) {
            json = JsonResultReader.read(reader);
        }
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void bothRunsPassEveryPhaseAndGiveTheMetric() {
        assertThat(status).as(err).isZero();
        assertThat(err).contains("TPCx-HS: Run 2, HSValidate done in").doesNotContain("FAILED");
        assertThat(out).anyMatch(line -> line.startsWith("TPCx-HS Performance Metric (HSph@SF): "));
    }

    @Test
    void theReportAndTheResultNameSparkAsTheEngine() {
        String engine = "Engine: spark " + spark.version() + " on local[2]";
        assertThat(out).contains(engine);
        assertThat(json.engine()).hasValueSatisfying(value -> {
            assertThat(value.name()).isEqualTo(Engine.SPARK);
            assertThat(value.version()).isEqualTo(spark.version());
            assertThat(value.master()).contains("local[2]");
            assertThat(value.executors()).isEqualTo(OptionalInt.empty());
        });
    }

    /** Per run: HSGen's maps, HSSort's maps (one a split) and reducers, HSValidate's task per file and its report's. */
    @Test
    void everyTaskOfTheSixJobsIsASample() {
        int perRun = MAPS + MAPS + REDUCES + REDUCES + 1;
        assertThat(json.taskSamples()).hasSize(2 * perRun);
    }
}
