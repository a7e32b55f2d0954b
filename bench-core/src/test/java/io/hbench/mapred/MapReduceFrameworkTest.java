package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads the framework as a gateway's client does: in a fresh JVM whose classpath holds a
 * mapred-site.xml, with nothing of MapReduce loaded before the read. In this test's own JVM other
 * tests may already have loaded MapReduce's configuration classes, which would hide the bug.
 */
class MapReduceFrameworkTest {
    /** Run in the child JVM: prints what a ToolRunner-made Configuration says the framework is. */
    public static final class PrintFramework {
        public static void main(String[] args) {
            System.out.println(MapReduceFramework.name(new Configuration()));
        }
    }

    @TempDir
    Path confDir;

    @Test
    void readsYarnFromMapredSiteXmlBeforeMapReduceHasLoaded() throws Exception {
        writeMapredSite("yarn");

        assertThat(frameworkInFreshJvm()).isEqualTo("yarn");
    }

    @Test
    void saysLocalWhenNoSiteFileNamesAFramework() throws Exception {
        assertThat(frameworkInFreshJvm()).isEqualTo("local");
    }

    @Test
    void aValueSetOnTheConfigurationWinsOverTheSiteFile() {
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", " yarn ");

        assertThat(MapReduceFramework.name(conf)).isEqualTo("yarn");
        assertThat(MapReduceFramework.isLocal(conf)).isFalse();
    }

    private void writeMapredSite(String framework) throws IOException {
        Files.writeString(confDir.resolve("mapred-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>mapreduce.framework.name</name><value>" + framework + "</value></property>\n"
                + "</configuration>\n", StandardCharsets.UTF_8);
    }

    private String frameworkInFreshJvm() throws IOException, InterruptedException {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        String classpath = confDir + File.pathSeparator + System.getProperty("java.class.path");
        Process process = new ProcessBuilder(List.of(java.toString(), "-cp", classpath,
                "-Dlog4j.configuration=log4j.properties", PrintFramework.class.getName()))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child JVM ended").isTrue();
        assertThat(process.exitValue()).as("child JVM's exit status, output: %s", output).isZero();
        return output;
    }

    @Test
    void tasksRunInTheClientAgainstAClusterWhenItsFileSystemHasNoYarn() {
        assertThat(MapReduceFramework.runsTasksInThisClientAgainstACluster(conf("hdfs://nn:8020", "local"))).isTrue();
    }

    @Test
    void tasksDoNotRunInTheClientWhenYarnRunsThem() {
        assertThat(MapReduceFramework.runsTasksInThisClientAgainstACluster(conf("hdfs://nn:8020", "yarn"))).isFalse();
    }

    @Test
    void aLocalFileSystemOrTheEmbeddedClusterRunsItsTasksInTheClientByDesign() {
        Configuration embedded = conf("hdfs://localhost:9000", "local");
        embedded.setBoolean(EmbeddedCluster.EMBEDDED_KEY, true);

        assertThat(MapReduceFramework.runsTasksInThisClientAgainstACluster(conf("file:///", "local"))).isFalse();
        assertThat(MapReduceFramework.runsTasksInThisClientAgainstACluster(embedded)).isFalse();
    }

    private static Configuration conf(String fs, String framework) {
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", fs);
        conf.set("mapreduce.framework.name", framework);
        return conf;
    }

    @Test
    void refusesAShuffleInThisProcessWithKerberosOnAndNoNativeLibrary() {
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.security.authentication", "kerberos");

        assertThatThrownBy(() -> MapReduceFramework.requireShuffleSupport(conf, false))
                .isInstanceOfSatisfying(BenchException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.UNSUPPORTED_CONFIGURATION);
                    assertThat(e.getMessage()).isEqualTo("MapReduce would run this program's tasks in this process"
                            + " (mapreduce.framework.name=local), and with Kerberos on its shuffle needs Hadoop's native"
                            + " library, which this process has not loaded: run on YARN (mapreduce.framework.name=yarn),"
                            + " or give the JVM Hadoop's native library (-Djava.library.path=$HADOOP_HOME/lib/native)");
                });
        assertThatCode(() -> MapReduceFramework.requireShuffleSupport(conf, true)).doesNotThrowAnyException();
        conf.set("mapreduce.framework.name", "yarn");
        assertThatCode(() -> MapReduceFramework.requireShuffleSupport(conf, false)).as("NodeManagers shuffle on YARN")
                .doesNotThrowAnyException();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.security.authentication", "simple");
        assertThatCode(() -> MapReduceFramework.requireShuffleSupport(conf, false))
                .as("unsecured, the shuffle needs no native code").doesNotThrowAnyException();
    }
}
