package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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

    /**
     * AuditReplay of a known log against the NameNode in its own process, read back from that NameNode's own audit
     * log: every logged command issued exactly once, in the logged order, on its path under the prefix (after the
     * prepare pass's creates); nothing written outside the prefix; and the tree gone at the end.
     */
    @Test
    void aReplayIssuesEveryLoggedCommandOnceInOrderUnderItsPrefixAndLeavesNothing() throws Exception {
        Path log = temp.resolve("replay-audit.log");
        BenchRun synthesize = cluster.benchJar("AuditReplay", "-synthesize", "-mix", "create=2,open=4,getfileinfo=4,"
                + "listStatus=1,mkdirs=1,rename=1,delete=1,setTimes=1,setPermission=1,contentSummary=1", "-rate", "50",
                "-duration", "4s", "-sources", "3", "-out", log.toString());
        assertThat(synthesize.status).as(synthesize.printed()).isZero();
        List<String> logged = commands(Files.readAllLines(log), "");
        assertThat(logged).hasSize(200);
        List<String> rootBefore = rootEntries();
        int auditBefore = cluster.auditLog().size();
        Path json = temp.resolve("replay.json");

        // One worker, so that the NameNode sees the commands in the order they were issued.
        BenchRun replay = cluster.benchJar("AuditReplay", "-log", log.toUri().toString(), "-rateFactor", "2",
                "-threads", "1", "-prefix", "/it/replay", "-noResources", "-json", json.toString());

        assertThat(replay.status).as(replay.printed()).isZero();
        assertThat(replay.out).startsWith("replayed 200 commands of 10 kinds at 2.0x the logged rate: ")
                .contains("Failures: none");
        List<String> audited = cluster.auditLog().subList(auditBefore, cluster.auditLog().size());
        ResultFile result = ResultFile.read(json);
        int prepared = (int) (result.metric("prepared_files") + result.metric("prepared_directories"));
        List<String> underPrefix = commands(audited, "/it/replay");
        assertThat(underPrefix.subList(0, prepared)).as("the prepare pass").allMatch(command ->
                command.startsWith("create ") || command.startsWith("mkdirs "));
        assertThat(underPrefix.subList(prepared, underPrefix.size())).as("what the NameNode was asked, in order")
                .containsExactlyElementsOf(logged);
        for (String line : audited) {
            Matcher change = Pattern.compile("\tcmd=(create|mkdirs|delete|rename|setPermission|setTimes)\tsrc=(.*?)"
                    + "\tdst=(.*?)\t").matcher(line);
            // The prefix's parent /it, which its claim made, goes with it.
            if (change.find() && !(change.group(1).equals("delete") && change.group(2).equals("/it"))) {
                assertThat(change.group(2)).as(line).matches("/it/replay(/.*)?");
                assertThat(change.group(3)).as(line).matches("null|/it/replay/.*");
            }
        }
        assertThat(rootEntries()).isEqualTo(rootBefore);
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/replay"))).isFalse();
    }

    /**
     * The commands of audit lines as "cmd src [dst]", of paths under {@code prefix} (which is taken off), and neither
     * the prefix's marker nor the store check's directory: hbench's own, made before the replay's first command.
     */
    private static List<String> commands(List<String> auditLines, String prefix) {
        Pattern command = Pattern.compile("\tcmd=(\\S+)\tsrc=(.*?)\tdst=(.*?)\t");
        List<String> commands = new ArrayList<>();
        for (String line : auditLines) {
            Matcher fields = command.matcher(line);
            if (fields.find() && fields.group(2).startsWith(prefix + "/") && !fields.group(2).contains(".hbench")
                    && !fields.group(2).contains("/_hbench_store_check_")) {
                String dst = fields.group(3).equals("null") ? "" : " " + fields.group(3).substring(prefix.length());
                commands.add(fields.group(1) + " " + fields.group(2).substring(prefix.length()) + dst);
            }
        }
        return commands;
    }

    private static List<String> rootEntries() throws IOException {
        return Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/"))).map(s -> s.getPath().getName())
                .sorted().collect(Collectors.toList());
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
