package io.hbench.it;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * bench-spark.jar's programs as operators run them: {@code spark-submit --master yarn --class ... bench-spark.jar},
 * a JVM of Spark's jars with the cluster's client configuration (HADOOP_CONF_DIR), against HDFS and YARN in processes
 * of their own; the executors in the NodeManagers' containers, on Spark's jars from the same paths ({@code local:}).
 *
 * <p>Spark 4.2.0 with its YARN client, not bench-spark's 4.1.3: Maven Central has no spark-yarn 4.1.x. Run by hand
 * with {@code -Pspark-yarn -Dit.test=SparkOnYarnIT} (README, "On YARN"): CI's time is spent.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkOnYarnIT {
    private static final String ROWS = "100k";
    private static final long ROW_COUNT = 100_000;
    private static final String MAPS = "4";
    private static final String SPARK_DATA = "/it/hs/gen-spark";
    private static final String SPARK_SORTED = "/it/hs/sort-spark";
    private static final String MAPREDUCE_DATA = "/it/hs/gen-mapreduce";
    private static final String CLUSTER_MODE_DATA = "/it/hs/gen-spark-cluster-mode";
    private static final String EVENT_LOGS = "/it/spark-events";

    /** What Spark's launcher adds for the JVMs it starts (its JavaModuleOptions) beyond Hadoop's opens. */
    private static final String SPARK_JVM_OPENS = "--add-opens java.base/java.lang.invoke=ALL-UNNAMED"
            + " --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED"
            + " --add-opens java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/sun.nio.cs=ALL-UNNAMED"
            + " --add-opens java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false"
            + " -Dio.netty.tryReflectionSetAccessible=true";

    /** Spark's logging at WARN, as a cluster's conf/log4j2.properties may set it, so that a program's lines stand. */
    private static final String QUIET_LOG4J2 = "rootLogger.level = warn\n"
            + "rootLogger.appenderRef.stderr.ref = stderr\n"
            + "appender.stderr.type = Console\n"
            + "appender.stderr.name = stderr\n"
            + "appender.stderr.target = SYSTEM_ERR\n"
            + "appender.stderr.layout.type = PatternLayout\n"
            + "appender.stderr.layout.pattern = %d{ISO8601} %p %c: %m%n\n";

    @TempDir
    static Path temp;

    private static YarnCluster cluster;
    private static FileSystem fs;
    private static YarnClient yarn;
    private static Path sparkLog4j2;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
        sparkLog4j2 = Files.writeString(temp.resolve("spark-log4j2.properties"), QUIET_LOG4J2);
        fs = FileSystem.newInstance(cluster.configuration());
        fs.mkdirs(new org.apache.hadoop.fs.Path(EVENT_LOGS));
        yarn = YarnClient.createYarnClient();
        yarn.init(cluster.configuration());
        yarn.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (yarn != null) {
            yarn.close();
        }
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * Each program ends well as a YARN application of its own whose tasks ran in executors in the NodeManagers'
     * containers. One line per program, in the TPCx-HS chain's order: each reads what the lines before wrote.
     */
    @ParameterizedTest(name = "{0}")
    @Order(1)
    @CsvSource(delimiter = '|', value = {
        "io.hbench.spark.HsGenOnSpark | -rows " + ROWS + " -maps " + MAPS + " -output " + SPARK_DATA,
        "io.hbench.spark.HsSortOnSpark | -input " + SPARK_DATA + " -output " + SPARK_SORTED + " -reduces 2",
        "io.hbench.spark.HsValidateOnSpark | -input " + SPARK_SORTED + " -report /it/hs/report-spark",
        "io.hbench.spark.TpcxhsOnSpark | -rows " + ROWS + " -maps " + MAPS + " -reduces 2 -baseDir /it/hs/tpcxhs",
    })
    void runsAsASparkApplicationOnYarn(String mainClass, String args) throws Exception {
        Path json = temp.resolve(mainClass + ".json");
        List<String> flags = new ArrayList<>(Arrays.asList(args.split(" ")));
        flags.addAll(List.of("-json", json.toString()));

        BenchRun run = sparkSubmit(mainClass, flags.toArray(new String[0]));

        assertThat(run.status).as(run.printed()).isZero();
        // The hosts were sampled for the whole run by the sampler's own YARN application, as for MapReduce on YARN.
        assertThat(run.err).as(run.printed()).containsPattern("hbench: resource sampler: sampling 1 of 1 NodeManager"
                + " host every \\d+\\.\\d s for the whole run \\(YARN application application_\\d+_\\d+\\)");
        JsonNode result = ResultFile.read(json).root();
        assertThat(result.get("resources").get("coverage").asText()).isEqualTo("run");
        JsonNode jobs = result.get("jobs");
        assertThat(jobs).as(jobs.toString()).isNotEmpty();
        for (JsonNode job : jobs) {
            assertRanInNodeManagersContainers(ApplicationId.fromString(job.get("id").asText()));
        }
    }

    /**
     * The application succeeded in YARN as a Spark application, and its event log shows every task run by an
     * executor in one of its containers on one of the cluster's NodeManagers.
     */
    private static void assertRanInNodeManagersContainers(ApplicationId id) throws Exception {
        ApplicationReport report = yarn.getApplicationReport(id);
        assertThat(report.getApplicationType()).isEqualTo("SPARK");
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        Set<String> nodeManagers = yarn.getNodeReports().stream().map(NodeReport::getNodeId)
                .map(node -> node.getHost() + ":" + node.getPort()).collect(Collectors.toSet());
        List<JsonNode> events = eventLog(id);
        Set<String> executors = new HashSet<>();
        for (JsonNode added : events) {
            if (added.get("Event").asText().equals("SparkListenerExecutorAdded")) {
                JsonNode attributes = added.get("Executor Info").get("Attributes");
                assertThat(attributes.get("CONTAINER_ID").asText()).as(added.toString())
                        .startsWith("container_" + id.getClusterTimestamp() + "_"
                                + String.format(Locale.ROOT, "%04d", id.getId()) + "_");
                assertThat(nodeManagers).as(added.toString())
                        .contains(attributes.get("NM_HOST").asText() + ":" + attributes.get("NM_PORT").asText());
                executors.add(added.get("Executor ID").asText());
            }
        }
        List<String> taskExecutors = events.stream().filter(event -> event.get("Event").asText()
                .equals("SparkListenerTaskEnd")).map(event -> event.get("Task Info").get("Executor ID").asText())
                .collect(Collectors.toList());
        assertThat(taskExecutors).isNotEmpty();
        assertThat(executors).containsAll(taskExecutors);
    }

    /** The events of application {@code id}, from the event log Spark wrote to HDFS. */
    private static List<JsonNode> eventLog(ApplicationId id) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                fs.open(new org.apache.hadoop.fs.Path(EVENT_LOGS, id.toString())), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                events.add(json.readTree(line));
            }
        }
        return events;
    }

    /**
     * Spark's HSGen wrote MapReduce HSGen's files, byte for byte, and the same row count and checksum beside them;
     * MapReduce's HSDataCheck accepts them.
     */
    @Test
    @Order(2)
    void hsGenOnYarnWritesMapReduceHsGensDataThatHsDataCheckAccepts() throws Exception {
        BenchRun mapReduce = cluster.benchJar("HSGen", "-rows", ROWS, "-maps", MAPS, "-output", MAPREDUCE_DATA);
        assertThat(mapReduce.status).as(mapReduce.printed()).isZero();

        FileStatus[] sparkFiles = fs.listStatus(new org.apache.hadoop.fs.Path(SPARK_DATA),
                path -> path.getName().startsWith("part-"));
        assertThat(sparkFiles).extracting(file -> file.getPath().getName()).containsExactly("part-m-00000",
                "part-m-00001", "part-m-00002", "part-m-00003");
        for (FileStatus file : sparkFiles) {
            org.apache.hadoop.fs.Path same = new org.apache.hadoop.fs.Path(MAPREDUCE_DATA, file.getPath().getName());
            assertThat(file.getLen()).isEqualTo(ROW_COUNT / 4 * 100);
            assertThat(fs.getFileChecksum(file.getPath())).as(file.getPath().toString())
                    .isEqualTo(fs.getFileChecksum(same));
        }
        assertThat(read(SPARK_DATA + "/_hsgen")).isEqualTo(read(MAPREDUCE_DATA + "/_hsgen"));

        BenchRun check = cluster.benchJar("HSDataCheck", SPARK_DATA, "-rows", ROWS);
        assertThat(check.status).as(check.printed()).isZero();
    }

    /** A bad flag under spark-submit: the program's one line and usage hint, exit 2, and no Spark application. */
    @ParameterizedTest(name = "{0}")
    @Order(3)
    @CsvSource({
        "io.hbench.spark.HsGenOnSpark, HSGen",
        "io.hbench.spark.HsDataCheckOnSpark, HSDataCheck",
        "io.hbench.spark.HsSortOnSpark, HSSort",
        "io.hbench.spark.HsValidateOnSpark, HSValidate",
        "io.hbench.spark.TpcxhsOnSpark, TPCx-HS",
    })
    void aBadFlagIsOneLineAndExit2(String mainClass, String program) throws Exception {
        int applications = yarn.getApplications().size();

        BenchRun run = sparkSubmit(mainClass, "-noSuchFlag");

        assertThat(run.status).as(run.printed()).isEqualTo(2);
        assertThat(run.out).as(run.printed()).isEmpty();
        assertThat(run.err.lines()).as(run.printed()).containsExactly(
                program + ": unknown option -noSuchFlag", "Run '" + program + " -help' for usage.");
        assertThat(yarn.getApplications()).hasSize(applications);
    }

    /** spark-submit's cluster deploy mode: the driver, too, in a container of the application, its lines in its log. */
    @Test
    @Order(4)
    void hsGenRunsInClusterDeployModeToo() throws Exception {
        BenchRun run = sparkSubmit(List.of("--deploy-mode", "cluster", "--driver-memory", "512m"),
                "io.hbench.spark.HsGenOnSpark", "-rows", ROWS, "-maps", MAPS, "-output", CLUSTER_MODE_DATA);

        assertThat(run.status).as(run.printed()).isZero();
        assertThat(read(CLUSTER_MODE_DATA + "/_hsgen")).isEqualTo(read(MAPREDUCE_DATA + "/_hsgen"));
    }

    private static String read(String file) throws Exception {
        try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * {@code spark-submit --master yarn --class mainClass bench-spark.jar args...} as Spark's script runs it:
     * SparkSubmit in a JVM of Spark's jars and the client configuration directory, in client deploy mode (the
     * program's lines on its console), executors of 512 MiB; Spark's jars for the containers from the same paths,
     * which every NodeManager of this one machine has.
     */
    private static BenchRun sparkSubmit(String mainClass, String... args) throws Exception {
        return sparkSubmit(List.of(), mainClass, args);
    }

    /** As {@link #sparkSubmit(String, String...)}, with spark-submit's {@code options} before the others. */
    private static BenchRun sparkSubmit(List<String> options, String mainClass, String... args) throws Exception {
        String sparkClasspath = Files.readString(Path.of(property("hbench.it.sparkClasspath"))).trim();
        String localJars = Arrays.stream(sparkClasspath.split(File.pathSeparator)).map(jar -> "local:" + jar)
                .collect(Collectors.joining(","));
        List<String> command = new ArrayList<>(List.of(YarnCluster.Environment.java(), "-Xmx512m",
                "-Dlog4j2.configurationFile=" + sparkLog4j2));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmOpens().split(" ")));
        command.addAll(Arrays.asList(SPARK_JVM_OPENS.split(" ")));
        command.addAll(List.of("-cp", cluster.confDir() + File.pathSeparator + sparkClasspath,
                "org.apache.spark.deploy.SparkSubmit", "--master", "yarn"));
        command.addAll(options);
        command.addAll(List.of("--class", mainClass,
                "--num-executors", "2", "--executor-cores", "1", "--executor-memory", "512m",
                "--conf", "spark.yarn.am.memory=512m",
                "--conf", "spark.yarn.jars=" + localJars,
                "--conf", "spark.eventLog.enabled=true",
                "--conf", "spark.eventLog.compress=false",
                "--conf", "spark.eventLog.rolling.enabled=false",
                "--conf", "spark.eventLog.dir=" + fs.makeQualified(new org.apache.hadoop.fs.Path(EVENT_LOGS)),
                "--conf", "spark.ui.enabled=false",
                // The cluster's hosts are on no racks: MiniDFSCluster's StaticMapping is in a test jar of Hadoop's.
                "--conf", "spark.hadoop.net.topology.node.switch.mapping.impl="
                        + "org.apache.hadoop.net.ScriptBasedMapping",
                property("hbench.it.benchSparkJar")));
        command.addAll(Arrays.asList(args));
        // Spark's warning that this machine's name resolves to a loopback address, on every run, is for hosts that
        // talk to others: here every process is on this machine.
        return BenchRun.of(command, Map.of("HADOOP_CONF_DIR", cluster.confDir().toString(), "SPARK_LOCAL_IP",
                "127.0.0.1"), temp);
    }

    private static String property(String key) {
        return requireNonNull(System.getProperty(key),
                key + " is not set: run this test with -Pspark-yarn (README, \"On YARN\")");
    }
}
