package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPCx-HS chain, HSGen, HSDataCheck, HSSort and HSValidate, through {@code hadoop jar bench.jar} with its jobs
 * on YARN. Two DataNodes hold two replicas, so the data is generated and checked with {@code -replication 2}.
 */
class HsOnYarnIT {
    private static final int ROWS = 3000;

    @TempDir
    static Path temp;

    private static YarnCluster cluster;
    private static FileSystem fs;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
        fs = FileSystem.newInstance(cluster.configuration());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void generatedDataIsSortedAndValidatedByJobsOnYarn() throws Exception {
        Path genJson = temp.resolve("gen.json");
        Path sortJson = temp.resolve("sort.json");
        Path validateJson = temp.resolve("validate.json");

        BenchRun gen = cluster.benchJar("HSGen", "-rows", Integer.toString(ROWS), "-maps", "2", "-replication", "2",
                "-output", "/it/hs/gen", "-json", genJson.toString());
        BenchRun check = cluster.benchJar("HSDataCheck", "-dir", "/it/hs/gen", "-replication", "2");
        BenchRun sort = cluster.benchJar("HSSort", "-input", "/it/hs/gen", "-output", "/it/hs/sorted", "-reduces", "2",
                "-replication", "2", "-json", sortJson.toString());
        BenchRun validate = cluster.benchJar("HSValidate", "-input", "/it/hs/sorted", "-report", "/it/hs/report",
                "-json", validateJson.toString());

        assertThat(gen.status).as(gen.printed()).isZero();
        assertThat(gen.out).contains("HSGen: generated 3000 rows (300000 bytes) in 2 maps to /it/hs/gen");
        assertThat(check.status).as(check.printed()).isZero();
        assertThat(sort.status).as(sort.printed()).isZero();
        assertThat(sort.out).contains("HSSort: sorted 3000 rows (300000 bytes) from /it/hs/gen to /it/hs/sorted"
                + " with 2 maps and 2 reducers");
        long sortedBytes = 0;
        for (FileStatus status : fs.listStatus(new org.apache.hadoop.fs.Path("/it/hs/sorted"))) {
            if (status.getPath().getName().startsWith("part-r-")) {
                sortedBytes += status.getLen();
            }
        }
        assertThat(sortedBytes).isEqualTo(ROWS * 100L);
        assertThat(validate.status).as(validate.printed()).isZero();
        assertThat(validate.out).contains("record count matches", "checksum matches HSGen's", "HSValidate: PASSED");
        for (Path json : new Path[] {genJson, sortJson, validateJson}) {
            ResultFile.read(json).assertRanOnYarn(1);
        }
        ResultFile sorted = ResultFile.read(sortJson);
        assertThat(sorted.metric("rows")).isEqualTo(ROWS);
        assertThat(sorted.metric("bytes")).isEqualTo(ROWS * 100.0);
    }
}
