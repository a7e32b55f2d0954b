package io.hbench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/bench as a user runs it, after the package phase built bench.jar: it reads the cluster's
 * configuration where the {@code hadoop} command does. The configured "cluster" is a closed port,
 * so a program that honours it fails to connect at once instead of starting an embedded cluster.
 */
class BinBenchIT {
    private static final Path SCRIPT = Paths.get(System.getProperty("basedir", "."), "..", "bin", "bench");
    private static final String EMBEDDED = "starting an embedded cluster";

    @TempDir
    Path dir;

    @Test
    void readsTheClusterFromHadoopConfDir() throws Exception {
        Path conf = writeClusterConfiguration(dir.resolve("conf"));

        Run run = bench(Map.of("HADOOP_CONF_DIR", conf.toString()));

        assertThat(run.err).doesNotContain(EMBEDDED).contains("127.0.0.1", ":9 failed on connection exception");
        assertThat(run.status).as("exit status, stderr: %s", run.err).isEqualTo(1);
    }

    @Test
    void readsTheClusterFromHadoopHomeWhenHadoopConfDirIsUnset() throws Exception {
        writeClusterConfiguration(dir.resolve("hadoop").resolve("etc").resolve("hadoop"));

        Run run = bench(Map.of("HADOOP_HOME", dir.resolve("hadoop").toString()));

        assertThat(run.err).doesNotContain(EMBEDDED).contains("127.0.0.1", ":9 failed on connection exception");
        assertThat(run.status).as("exit status, stderr: %s", run.err).isEqualTo(1);
    }

    @Test
    void refusesAHadoopConfDirThatIsNoDirectory() throws Exception {
        Run run = bench(Map.of("HADOOP_CONF_DIR", dir.resolve("missing").toString()));

        assertThat(run.err).isEqualTo("bench: HADOOP_CONF_DIR " + dir.resolve("missing") + " is not a directory\n");
        assertThat(run.status).isEqualTo(2);
    }

    /** The README's object store example: a real S3 API server in a process of its own, reached through S3A. */
    @Test
    void runsTestDfsioOnTheEmbeddedObjectStoreInOneCommand() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(SCRIPT.toString(), "TestDFSIO", "-embeddedStore",
                "-embeddedDir", dir.resolve("embedded").toString(), "-write", "-nrFiles", "2", "-fileSize", "1MB",
                "-resFile", dir.resolve("results.log").toString()));
        builder.environment().remove("HADOOP_CONF_DIR");
        builder.environment().remove("HADOOP_HOME");
        builder.redirectError(ProcessBuilder.Redirect.to(dir.resolve("err.txt").toFile()));
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("bin/bench ended").isTrue();
        String err = Files.readString(dir.resolve("err.txt"));

        assertThat(process.exitValue()).as("exit status, stderr: %s", err).isZero();
        assertThat(err).contains("starting an embedded cluster on an S3 object store");
        assertThat(out).contains(" Total MBytes processed: 2\n", "Store requests (count): 2 PUT");
        Path data = dir.resolve("embedded/s3/data/hbench/benchmarks/TestDFSIO/io_data");
        assertThat(Files.size(data.resolve("test_io_0"))).isEqualTo(1 << 20);
        assertThat(Files.size(data.resolve("test_io_1"))).isEqualTo(1 << 20);
    }

    /** core-site.xml naming a NameNode at a closed local port, with no connection retries. */
    private static Path writeClusterConfiguration(Path conf) throws IOException {
        Files.createDirectories(conf);
        Files.writeString(conf.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>fs.defaultFS</name><value>hdfs://127.0.0.1:9</value></property>\n"
                + "  <property><name>ipc.client.connect.max.retries</name><value>0</value></property>\n"
                + "</configuration>\n", StandardCharsets.UTF_8);
        return conf;
    }

    private Run bench(Map<String, String> environment) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(SCRIPT.toString(), "TestDFSIO", "-write",
                "-nrFiles", "1", "-fileSize", "1KB", "-resFile", dir.resolve("results.log").toString(),
                "-embeddedDir", dir.resolve("embedded").toString()));
        builder.environment().remove("HADOOP_CONF_DIR");
        builder.environment().remove("HADOOP_HOME");
        builder.environment().putAll(environment);
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        process.getOutputStream().close();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("bin/bench ended").isTrue();
        return new Run(process.exitValue(), err);
    }

    private static final class Run {
        final int status;
        final String err;

        Run(int status, String err) {
            this.status = status;
            this.err = err;
        }
    }
}
