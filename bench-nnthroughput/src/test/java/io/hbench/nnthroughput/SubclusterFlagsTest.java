package io.hbench.nnthroughput;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * {@code -perSubcluster} and {@code -subClusterPath} refused before any NameNode is started or reached: exit status 2
 * and one line.
 */
class SubclusterFlagsTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private String refusal(String... args) {
        NnThroughputTool tool = new NnThroughputTool(new PrintStream(outBytes, true, UTF_8),
                new PrintStream(errBytes, true, UTF_8));
        tool.setConf(new Configuration());
        int status = tool.run(args);
        assertThat(status).as("exit status").isEqualTo(2);
        assertThat(outBytes.toString(UTF_8)).as("stdout").isEmpty();
        List<String> err = errBytes.toString(UTF_8).lines().collect(Collectors.toList());
        errBytes.reset();
        return err.get(0);
    }

    @Test
    void theMountTableAndPathsByHandAreOneOrTheOther() {
        assertThat(refusal("-op", "create", "-perSubcluster", "-subClusterPath", "/ns0")).isEqualTo(
                "NNThroughputBenchmark: -perSubcluster finds the subclusters in the Router's mount table and"
                        + " -subClusterPath names them: give one");
    }

    @Test
    void pathsByHandAreAbsoluteAndGivenOnce() {
        assertThat(refusal("-op", "create", "-subClusterPath", "/ns0,ns1")).isEqualTo(
                "NNThroughputBenchmark: -subClusterPath 'ns1' is not an absolute path below the root");
        assertThat(refusal("-op", "create", "-subClusterPath", "/ns0,/ns0")).isEqualTo(
                "NNThroughputBenchmark: -subClusterPath /ns0 is given twice");
    }

    @Test
    void onlyOneClientOperationRunsPerSubcluster() {
        assertThat(refusal("-op", "all", "-perSubcluster")).isEqualTo(
                "NNThroughputBenchmark: -perSubcluster runs one operation in each subcluster: give one, not all");
        assertThat(refusal("-op", "blockReport", "-perSubcluster")).startsWith(
                "NNThroughputBenchmark: -perSubcluster does not belong to -op blockReport; its options are: ");
        assertThat(refusal("-op", "fileStatus", "-subClusterPath", "/ns0", "-rates", "10,20")).isEqualTo(
                "NNThroughputBenchmark: -subClusterPath runs the load once per subcluster; a capacity curve runs on"
                        + " one base directory: drop -rates or -subClusterPath");
    }

    @Test
    void theMountTableNeedsARoutersFs() {
        assertThat(refusal("-op", "create", "-perSubcluster")).isEqualTo("NNThroughputBenchmark: -perSubcluster reads"
                + " the mount table of the Router -fs names: give -fs hdfs://<Router or Routers' nameservice>, or the"
                + " paths with -subClusterPath");
    }

    @Test
    void aLibraryCallerRunsSubclustersThroughRunPerSubcluster() {
        NnOptions options = NnOptions.builder(NnOperation.CREATE).perSubcluster(true).build();

        assertThatThrownBy(() -> new NnThroughput(new Configuration()).run(options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("options with subclusters run through runPerSubcluster");
    }
}
