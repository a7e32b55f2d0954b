package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
        assertEveryHostSampledForTheWholeRun(write, result);
    }

    /**
     * The resource sampler ran as a YARN application of its own, a container on the NodeManagers' host (both of this
     * cluster's NodeManagers are on this machine), from before the job to after it, and left nothing behind.
     */
    private static void assertEveryHostSampledForTheWholeRun(BenchRun run, ResultFile result) throws Exception {
        assertThat(run.err).containsPattern("hbench: resource sampler: sampling 1 of 1 NodeManager host every 1\\.0 s"
                + " for the whole run \\(YARN application application_\\d+_\\d+\\)");
        assertThat(run.out).contains("----- Resource utilization: means over the whole run on every DataNode and"
                + " NodeManager host, sampled every 1 s -----");
        JsonNode resources = result.root().get("resources");
        assertThat(resources.get("coverage").asText()).isEqualTo("run");
        List<JsonNode> sampled = new ArrayList<>();
        resources.get("hosts").forEach(host -> {
            if (host.get("unavailable").isNull()) {
                sampled.add(host);
            }
        });
        assertThat(sampled).as(resources.get("hosts") + "\n" + run.err).hasSize(1);
        JsonNode host = sampled.get(0);
        // The window holds the job: its first sample before the job's first task started, its last after the last
        // task ended.
        Instant firstSample = Instant.parse(host.get("sampleTimes").get(0).asText());
        Instant lastSample = Instant.parse(host.get("sampleTimes").get(host.get("sampleTimes").size() - 1).asText());
        for (JsonNode task : result.root().get("tasks")) {
            assertThat(firstSample).isBefore(Instant.parse(task.get("start").asText()));
            assertThat(lastSample).isAfter(Instant.parse(task.get("end").asText()));
        }
        assertThat(fs.listStatus(fs.getHomeDirectory())).extracting(status -> status.getPath().getName())
                .noneMatch(name -> name.startsWith(".hbench-sampling-"));
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

    /**
     * A read that expects gzip files where the write made plain ones: its task throws in its YARN container, and the
     * run ends in one line naming the task attempt, the file and the codec's complaint, with no stack trace. One
     * attempt, one file: a task failure costs a container, not four.
     */
    @Test
    @Order(3)
    void aTaskThatThrowsOnYarnEndsTheRunInOneLineNamingItsAttemptAndCause() throws Exception {
        BenchRun read = cluster.benchJar("TestDFSIO", "-D", "mapreduce.map.maxattempts=1", "-read", "-nrFiles", "1",
                "-fileSize", "8MB", "-compression", "org.apache.hadoop.io.compress.GzipCodec", "-rootDir", ROOT);

        assertThat(read.status).as(read.printed()).isEqualTo(1);
        List<String> lines = read.err.lines().collect(java.util.stream.Collectors.toList());
        assertThat(lines.get(lines.size() - 1)).as(read.printed()).matches("TestDFSIO: TestDFSIO read failed: task"
                + " attempt_\\d+_\\d+_m_000000_0 could not read hdfs://[^ ]+" + ROOT + "/io_data/test_io_0: not a gzip"
                + " file( \\(Hadoop's log: \\S+\\))?");
        assertThat(read.err).doesNotContain("\tat ");
    }

    @Test
    @Order(4)
    void cleanRemovesTheBenchmarksDirectory() throws Exception {
        BenchRun clean = cluster.benchJar("TestDFSIO", "-clean", "-rootDir", ROOT);

        assertThat(clean.status).as(clean.printed()).isZero();
        assertThat(fs.exists(new org.apache.hadoop.fs.Path(ROOT))).isFalse();
    }
}
