package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.ScaleFactor;
import io.hbench.hs.Tpcxhs;
import io.hbench.hs.TpcxhsOptions;
import io.hbench.hs.TpcxhsResult;
import io.hbench.testing.StoredObjects;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPCx-HS on Spark with its data in an object store: the embedded one, S3Proxy (a real S3 API server) reached through
 * S3A, whose jobs commit through the magic committer as a cluster on S3 is set up to. One store and one Spark context
 * for the class; each test works in its own directory. S3Proxy keeps each object as a file under the bucket's
 * directory, so what the jobs wrote is checked there as well as through S3A.
 */
@Timeout(180)
class TpcxhsOnSparkObjectStoreTest {
    private static final String MAGIC = "magic";

    @TempDir
    static Path temp;

    private static EmbeddedCluster store;
    private static Configuration conf;
    private static FileSystem fs;
    /** The bucket as S3Proxy keeps it: one file per object. */
    private static Path bucket;
    private static JavaSparkContext spark;

    @BeforeAll
    static void startStoreAndSpark() throws IOException {
        store = EmbeddedCluster.start(new Configuration(), temp.resolve("store"), EmbeddedCluster.Storage.S3);
        conf = store.clientConfiguration();
        fs = FileSystem.get(conf);
        bucket = temp.resolve("store/s3/data/hbench");
        spark = LocalRuns.spark(temp, "TpcxhsOnSparkObjectStoreTest");
    }

    @AfterAll
    static void stopSparkAndStore() {
        if (spark != null) {
            spark.stop();
        }
        if (store != null) {
            store.close();
        }
    }

    @Test
    void bothRunsPassEachJobCommitsThroughTheMagicCommitterAndTheStoreHoldsOnlyTheirOutput() throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        TpcxhsOptions options = TpcxhsOptions.builder(ScaleFactor.ofRows(2000)).baseDir("/tpcxhs").maps(2).reduces(2)
                .build();

        TpcxhsResult result = new Tpcxhs(conf, new PrintStream(progress, true, UTF_8), new SparkEngine(spark, conf))
                .run(options);

        assertThat(result.failures()).as(progress.toString(UTF_8)).isEmpty();
        assertThat(result.runs()).hasSize(2).allMatch(TpcxhsResult.Run::passed);
        // Each committer once, in the order first used: every job of both runs committed through the magic one.
        assertThat(result.committers()).containsExactly(MAGIC);
        // Each run emptied the base directory first: the second run's outputs are all that is left.
        Map<String, Long> objects = StoredObjects.listed(fs, "/tpcxhs");
        assertThat(objects).containsOnlyKeys(".hbench",
                "HSGen/.hbench", "HSGen/_SUCCESS", "HSGen/_hsgen", "HSGen/part-m-00000", "HSGen/part-m-00001",
                "HSSort/.hbench", "HSSort/_SUCCESS", "HSSort/_hsgen", "HSSort/part-r-00000", "HSSort/part-r-00001",
                "HSValidate/.hbench", "HSValidate/_SUCCESS", "HSValidate/part-r-00000");
        assertThat(StoredObjects.onDisk(bucket.resolve("tpcxhs"))).isEqualTo(objects);
        assertThat(objects.get("HSGen/part-m-00000") + objects.get("HSGen/part-m-00001")).isEqualTo(200_000);
        assertThat(objects.get("HSSort/part-r-00000") + objects.get("HSSort/part-r-00001")).isEqualTo(200_000);
        StoredObjects.assertNothingOfTheCommittersLeftIn(fs, bucket, "tpcxhs");
    }

    @Test
    void aFailedTaskLeavesNoDataObjectAndNoPendingUpload() throws Exception {
        SparkHsGen failing = new SparkHsGen(spark, conf, FailingOutputFormat.class);
        HsGenOptions options = HsGenOptions.builder(4000).maps(2).outputDir("/failed").build();

        assertThatThrownBy(() -> failing.run(options))
                .hasStackTraceContaining("injected failure after " + FailingOutputFormat.RECORDS_BEFORE_FAILURE);

        // What is left is hbench's claim on the directory: no data, no committer's work and no _SUCCESS or _hsgen.
        assertThat(StoredObjects.listed(fs, "/failed")).containsOnlyKeys(".hbench");
        assertThat(StoredObjects.onDisk(bucket.resolve("failed"))).isEqualTo(StoredObjects.listed(fs, "/failed"));
        StoredObjects.assertNothingOfTheCommittersLeftIn(fs, bucket, "failed");
    }
}
