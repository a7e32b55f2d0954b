package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NNThroughputBenchmark in remote mode, through {@code hadoop jar bench.jar}, against a NameNode in another
 * process: its calls go over client RPC, and blockReport's simulated DataNodes over DataNode RPC, registered with
 * the cluster's NameNode and taken out of its heartbeats and topology at the end.
 */
class NnThroughputOnClusterIT {
    @TempDir
    static Path temp;

    private static YarnCluster cluster;
    private static DistributedFileSystem fs;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
        fs = (DistributedFileSystem) FileSystem.newInstance(cluster.configuration());
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
    void createThenOpenOverRpcCountEveryCallAndKeepTheirArithmetic() throws Exception {
        Path createJson = temp.resolve("create.json");
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "4", "-files", "200",
                "-close", "-keepResults", "-baseDirName", "/it/nn", "-json", createJson.toString());
        assertThat(create.status).as(create.printed()).isZero();
        assertThat(create.out).contains("--- create stats  ---\n# operations: 200\n");
        assertThat(fs.getContentSummary(new org.apache.hadoop.fs.Path("/it/nn/create")).getFileCount())
                .isEqualTo(200);
        Path openJson = temp.resolve("open.json");
        BenchRun open = cluster.benchJar("NNThroughputBenchmark", "-op", "open", "-threads", "4", "-files", "200",
                "-baseDirName", "/it/nn", "-json", openJson.toString());

        assertThat(open.status).as(open.printed()).isZero();
        assertThat(open.out).contains("--- open stats  ---\n# operations: 200\n");
        for (Path json : new Path[] {createJson, openJson}) {
            ResultFile result = ResultFile.read(json);
            assertThat(result.metric("ops")).isEqualTo(200);
            assertThat(result.metric("ops_per_second"))
                    .isCloseTo(result.metric("ops") / result.metric("elapsed_time"), withinPercentage(0.001));
        }
    }

    @Test
    void threeClientsOnYarnShareTheRateAndTheirCountsAddUp() throws Exception {
        Path json = temp.resolve("clients.json");
        BenchRun run = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files", "900",
                "-rate", "300", "-clients", "3", "-keepResults", "-baseDirName", "/it/clients", "-json",
                json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        // Both NodeManagers run on this machine: the clients share its one host, and the runner says so.
        assertThat(run.err).containsPattern("YARN has room on one host only \\(.+\\), so all 3 peers run there");
        assertThat(run.out).contains("--- create stats  ---\n# operations: 900\n");
        long files = 0;
        for (int client = 0; client < 3; client++) {
            files += fs.getContentSummary(new org.apache.hadoop.fs.Path("/it/clients/w" + client + "/create"))
                    .getFileCount();
        }
        assertThat(files).isEqualTo(900);
        Matcher clients = Pattern.compile("(?m)^Client w[0-2] on \\S+: (\\d+) operations, ").matcher(run.out);
        long counted = 0;
        int reported = 0;
        while (clients.find()) {
            counted += Long.parseLong(clients.group(1));
            reported++;
        }
        assertThat(reported).as(run.out).isEqualTo(3);
        assertThat(counted).isEqualTo(900);
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(result.metric("ops")).isEqualTo(900);
        assertThat(result.root().get("metrics").findValues("client")).hasSize(6);
    }

    @Test
    void aWriteRightAfterBlockReportSucceedsOnTheRealDataNodes() throws Exception {
        BenchRun reports = cluster.benchJar("NNThroughputBenchmark", "-op", "blockReport", "-datanodes", "4",
                "-reports", "8", "-blocksPerReport", "20", "-blocksPerFile", "5", "-baseDirName", "/it/reports");

        assertThat(reports.status).as(reports.printed()).isZero();
        assertThat(reports.out).contains("--- blockReport stats  ---\n# operations: 8\n");
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/it/after-blockReport");
        byte[] data = new byte[1 << 20];
        // Replication 2 on 2 real DataNodes: the write fails if the NameNode places a replica on a simulated one.
        try (FSDataOutputStream out = fs.create(file, (short) 2)) {
            out.write(data);
        }
        assertThat(fs.getFileBlockLocations(file, 0, data.length)[0].getHosts()).hasSize(2);
        byte[] back = new byte[data.length];
        try (FSDataInputStream in = fs.open(file)) {
            in.readFully(back);
        }
        assertThat(back).isEqualTo(data);
    }
}
