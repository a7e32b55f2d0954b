package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench.jar on a Hadoop release other than the one it is built against, as {@code hadoop jar} runs it there: RunJar on
 * that release's jars, against its HDFS and YARN in processes of their own. A smoke set, since the other bench-it tests
 * run every program at length on the release hbench is built against: bench.jar lists its programs, and a program of
 * each of its three command-line bases answers {@code -help} (so each builds its flags with the commons-cli bench.jar
 * carries; BenchJarLinkageIT finds every other program's references on the release), TestDFSIO writes on YARN with
 * the resource sampler's application, and NNThroughputBenchmark creates files over the NameNode's RPC. One cluster
 * per release, small files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class OtherHadoopReleaseSmoke {
    /** A program's line in {@code bench.jar -help}: two spaces, its name, padding, a colon. */
    private static final Pattern PROGRAM_LINE = Pattern.compile("^  (\\S+) *: ", Pattern.MULTILINE);

    private Path temp;
    private YarnCluster cluster;

    /** The release, one of those bench-it's build writes a classpath for. */
    abstract String version();

    @BeforeAll
    void startCluster(@TempDir Path temp) throws Exception {
        this.temp = temp;
        cluster = YarnCluster.start(temp.resolve("cluster"), 2, version());
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void programsOfEveryCommandLineBaseAnswerHelp() throws Exception {
        BenchRun list = cluster.benchJar("-help");
        assertThat(list.status).as(list.printed()).isZero();
        List<String> programs = new ArrayList<>();
        Matcher line = PROGRAM_LINE.matcher(list.out);
        while (line.find()) {
            programs.add(line.group(1));
        }
        assertThat(programs).as(list.out).contains("TestDFSIO", "NNThroughputBenchmark", "Compare", "Suite");

        // One program per command-line base: BenchTool's, ResultsCommand's and Suite's own.
        for (String program : List.of("TestDFSIO", "Compare", "Suite")) {
            BenchRun help = cluster.benchJar(program, "-help");

            assertThat(help.status).as(program + ": " + help.printed()).isZero();
            assertThat(help.out).as(program).startsWith("Usage: " + program + " ");
        }
    }

    @Test
    @Order(2)
    void testDfsioWritesOnYarnWithTheResourceSampler() throws Exception {
        Path json = temp.resolve("write.json");
        BenchRun write = cluster.benchJar("TestDFSIO", "-write", "-nrFiles", "2", "-fileSize", "1MB", "-rootDir",
                "/it/dfsio", "-json", json.toString());

        assertThat(write.status).as(write.printed()).isZero();
        assertThat(write.out).contains("----- TestDFSIO ----- : write", " Total MBytes processed: 2\n",
                "----- Resource utilization: ");
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(result.root().get("environment").get("hadoop").get("client").asText()).isEqualTo(version());
    }

    @Test
    @Order(3)
    void nnThroughputBenchmarkCreatesOverTheNameNodesRpc() throws Exception {
        BenchRun create = cluster.benchJar("NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files", "100",
                "-close", "-baseDirName", "/it/nn");

        assertThat(create.status).as(create.printed()).isZero();
        assertThat(create.out).contains("--- create stats  ---\n# operations: 100\n");
    }
}
