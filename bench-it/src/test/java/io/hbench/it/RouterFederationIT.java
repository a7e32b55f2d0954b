package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NNThroughputBenchmark through {@code hadoop jar bench.jar} on a gateway of Router-based federation
 * ({@link RouterCluster}: subclusters ns0 and ns1 behind one Router, mounted at /ns0 and /ns1), whose
 * {@code fs.defaultFS} is the Router's nameservice {@code router-ns}. What the load made is looked at on each
 * subcluster's NameNode directly, not through the Router.
 */
class RouterFederationIT {
    @TempDir
    static Path temp;

    private static RouterCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = RouterCluster.start(temp.resolve("cluster"));
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void createsThroughTheRouterLandInTheMountPointsSubcluster() throws Exception {
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files", "20",
                "-close", "-keepResults", "-baseDirName", "/ns1/it-create");

        assertThat(create.status).as(create.printed()).isZero();
        assertThat(create.out).contains("--- create stats  ---\n# operations: 20\n");
        assertThat(fileCount("ns1", "/data/it-create/create")).isEqualTo(20);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "blockReport | give a NameNode's -fs",
            "replication | it runs only with the NameNode in this process \\(standalone mode: no -fs\\).*"})
    void dataNodeOperationsThroughTheRouterAreRefusedInOneLineNamingTheRouter(String operation, String remedy)
            throws Exception {
        BenchRun refused = cluster.benchJar("NNThroughputBenchmark", "-op", operation, "-datanodes", "2",
                "-baseDirName", "/ns0/it-" + operation);

        assertThat(refused.status).as(refused.printed()).isEqualTo(2);
        assertThat(refused.err.lines().filter(line -> line.contains("cannot pass a Router"))).singleElement()
                .asString().matches(".*-op " + operation + " cannot pass a Router: hdfs://router-ns is served by Router"
                        + " r1 \\S+:\\d+, which has no DataNode protocol; " + remedy);
        assertThat(refused.err).doesNotContain("\tat ");
    }

    @Test
    void perSubclusterPutsTheLoadInEachSubclusterOfTheMountTableWithFiguresForEach() throws Exception {
        Path json = temp.resolve("per-subcluster.json");
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files", "10",
                "-close", "-keepResults", "-perSubcluster", "-baseDirName", "/it-per", "-json", json.toString());

        assertThat(create.status).as(create.printed()).isZero();
        assertEachSubclusterRan(create, json, "ns0", "/ns0/it-per", "ns1", "/ns1/it-per");
        assertThat(fileCount("ns0", "/data/it-per/create")).isEqualTo(10);
        assertThat(fileCount("ns1", "/data/it-per/create")).isEqualTo(10);
    }

    @Test
    void subClusterPathPutsTheLoadUnderEachPathGiven() throws Exception {
        Path json = temp.resolve("sub-cluster-path.json");
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files", "10",
                "-close", "-keepResults", "-subClusterPath", "/ns0,/ns1", "-baseDirName", "/it-paths", "-json",
                json.toString());

        assertThat(create.status).as(create.printed()).isZero();
        assertEachSubclusterRan(create, json, "/ns0", "/ns0/it-paths", "/ns1", "/ns1/it-paths");
        assertThat(fileCount("ns0", "/data/it-paths/create")).isEqualTo(10);
        assertThat(fileCount("ns1", "/data/it-paths/create")).isEqualTo(10);
    }

    /**
     * Each of the two subclusters, named {@code first} and {@code second}, ran its ten creates under its base
     * directory: a block of lines each, and figures labelled with it in the JSON.
     */
    private static void assertEachSubclusterRan(BenchRun run, Path json, String first, String firstBase,
            String second, String secondBase) throws Exception {
        // The inputs' lines hold no '#': the stats that follow are this subcluster's.
        String stats = "\n\n--- create inputs ---\n[^#]*--- create stats  ---\n# operations: 10\n";
        assertThat(run.out).containsPattern("=== subcluster " + Pattern.quote(first + ": " + firstBase) + " ==="
                + stats).containsPattern("=== subcluster " + Pattern.quote(second + ": " + secondBase) + " ==="
                + stats);
        JsonNode root = ResultFile.read(json).root();
        Map<String, Double> ops = new TreeMap<>();
        for (JsonNode metric : root.get("metrics")) {
            if (metric.get("id").asText().equals("ops")) {
                ops.put(metric.get("labels").get("subcluster").asText(), metric.get("value").asDouble());
            }
        }
        assertThat(ops).isEqualTo(Map.of(first, 10.0, second, 10.0));
        assertThat(root.get("locations").get("baseDirName{subcluster=" + first + "}").asText()).isEqualTo(firstBase);
    }

    /** Files under {@code dir} on subcluster {@code ns}'s own NameNode. */
    private static long fileCount(String ns, String dir) throws Exception {
        try (FileSystem fs = FileSystem.newInstance(URI.create(cluster.nameNode(ns)), cluster.configuration())) {
            return fs.getContentSummary(new org.apache.hadoop.fs.Path(dir)).getFileCount();
        }
    }
}
