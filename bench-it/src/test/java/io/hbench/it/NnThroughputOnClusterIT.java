package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
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
    void aCapacityCurveOverRpcRunsAStepPerRateAndTheReportPageGivesTheAnswerItPrinted() throws Exception {
        Path json = temp.resolve("curve.json");
        BenchRun curve = cluster.benchJar("NNThroughputBenchmark", "-op", "fileStatus", "-threads", "8", "-rates",
                "100,200", "-stepDuration", "1s", "-slo", "p99=50ms", "-baseDirName", "/it/curve", "-json",
                json.toString());

        assertThat(curve.status).as(curve.printed()).isZero();
        ResultFile result = ResultFile.read(json);
        // The first step ran whole (100 calls in its second); the second ran unless the first saturated.
        assertThat(curve.out).contains("--- fileStatus stats  ---\n# operations: 100\n");
        int steps = result.root().get("metrics").findValues("step").size() / 3;
        assertThat(steps).isBetween(1, 2);
        Matcher answer = Pattern.compile("(?m)^fileStatus: (does not )?sustains? .*$").matcher(curve.out);
        assertThat(answer.find()).as(curve.out).isTrue();
        // Each step's files were made for it and removed after the last: nothing is left under the base directory.
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/curve/fileStatus"))).isFalse();
        Path page = temp.resolve("curve.html");
        BenchRun report = cluster.benchJar("Report", "-out", page.toString(), json.toString());
        assertThat(report.status).as(report.printed()).isZero();
        String pageAnswer = pageData(page).get("results").get(0).get("capacityCurves").get(0).get("answer").asText();
        if (answer.group().contains("load generator")) {
            // What only the program knew, that its own pool limited a step, the page does not say.
            assertThat(answer.group()).startsWith(pageAnswer.substring(0, pageAnswer.indexOf('(')));
        } else {
            assertThat(pageAnswer).isEqualTo(answer.group());
        }
    }

    private static JsonNode pageData(Path page) throws IOException {
        Matcher data = Pattern.compile("(?s)<script type=\"application/json\" id=\"hbench-data\">(.*?)</script>")
                .matcher(Files.readString(page));
        assertThat(data.find()).as("the page's data").isTrue();
        return new ObjectMapper().readTree(data.group(1));
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
