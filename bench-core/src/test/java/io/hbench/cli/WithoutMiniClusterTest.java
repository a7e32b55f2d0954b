package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway's {@code hadoop jar bench.jar}: Hadoop's client jars but no minicluster. Run in a fresh
 * JVM whose classpath lacks the jar that holds MiniDFSCluster (hadoop-hdfs's tests jar).
 */
class WithoutMiniClusterTest {
    /** Run in the child JVM: the fake program through ToolRunner, as the driver runs every program. */
    public static final class RunFakeTool {
        public static void main(String[] args) throws Exception {
            System.exit(ToolRunner.run(new FakeTool(System.out, System.err), args));
        }
    }

    @TempDir
    Path embeddedDir;

    @Test
    void aGatewayWithNoClusterConfiguredGetsOneLineAndExitStatus2() throws Exception {
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !(entry.contains("hadoop-hdfs") && entry.endsWith("-tests.jar")))
                .collect(Collectors.joining(File.pathSeparator));
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(java.toString(), "-cp", classpath,
                "-Dlog4j.configuration=log4j.properties", RunFakeTool.class.getName(),
                "-count", "1", "-embeddedDir", embeddedDir.resolve("cluster").toString()))
                .start();
        process.getOutputStream().close();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child JVM ended").isTrue();

        assertThat(err.lines().filter(line -> line.startsWith("Fake: ")).collect(Collectors.toList()))
                .containsExactly("Fake: no cluster is configured, and this classpath cannot start an embedded one"
                        + " (it lacks hadoop-minicluster's org.apache.hadoop.hdfs.MiniDFSCluster): point"
                        + " HADOOP_CONF_DIR at the cluster's configuration or give -fs hdfs://<namenode>, or run"
                        + " bin/bench from a build of hbench for an embedded cluster");
        assertThat(err).as("stderr").doesNotContain("Exception", "\tat ");
        assertThat(process.exitValue()).as("exit status, stderr: %s", err).isEqualTo(2);
    }
}
