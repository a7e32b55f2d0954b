package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Path;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO as operators run it: {@code hadoop jar bench.jar TestDFSIO ...} against HDFS and YARN in processes of
 * their own, its map tasks and reducer in YARN containers. Write, read -verify and clean follow each other on the
 * same files, as they do on a cluster.
 */
// Not TestDfsio...IT: surefire takes every Test* class for a unit test.
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DfsioOnYarnIT {
    private static final int FILES = 4;
    private static final long FILE_BYTES = 8L << 20;
    private static final String ROOT = "/it/dfsio";

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
    @Order(1)
    void writeRunsItsTasksInYarnContainersAndRecordsTheApplication() throws Exception {
        Path json = temp.resolve("write.json");

        BenchRun write = cluster.benchJar("TestDFSIO", "-write", "-nrFiles", Integer.toString(FILES), "-fileSize",
                "8MB", "-rootDir", ROOT, "-json", json.toString());

        assertThat(write.status).as(write.printed()).isZero();
        assertThat(write.out).contains("----- TestDFSIO ----- : write", "        Number of files: 4",
                " Total MBytes processed: 32\n", "     Test exec time sec: ", "----- hbench TestDFSIO ----- : write");
        for (int i = 0; i < FILES; i++) {
            FileStatus file = fs.getFileStatus(new org.apache.hadoop.fs.Path(ROOT + "/io_data/test_io_" + i));
            assertThat(file.getLen()).isEqualTo(FILE_BYTES);
        }
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(result.root().get("tasks")).hasSize(FILES);
        assertThat(result.metric("bytes")).isEqualTo((double) FILES * FILE_BYTES);
        // Aggregate throughput is all bytes over the I/O phase; exec time (job submission to end) contains it.
        assertThat(result.metric("aggregate_throughput"))
                .isCloseTo(result.metric("bytes") / result.metric("io_phase_time"), withinPercentage(0.001));
        assertThat(result.metric("exec_time")).isGreaterThan(result.metric("io_phase_time"));
    }

    @Test
    @Order(2)
    void readVerifyReadsEveryByteBackInYarnContainers() throws Exception {
        BenchRun read = cluster.benchJar("TestDFSIO", "-read", "-verify", "-nrFiles", Integer.toString(FILES),
                "-fileSize", "8MB", "-rootDir", ROOT);

        assertThat(read.status).as(read.printed()).isZero();
        assertThat(read.out).contains("----- TestDFSIO ----- : read", " Total MBytes processed: 32\n",
                "                Data verified: every byte read matched (32 MiB)");
    }

    @Test
    @Order(3)
    void cleanRemovesTheBenchmarksDirectory() throws Exception {
        BenchRun clean = cluster.benchJar("TestDFSIO", "-clean", "-rootDir", ROOT);

        assertThat(clean.status).as(clean.printed()).isZero();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path(ROOT))).isFalse();
    }
}
