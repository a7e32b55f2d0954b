package io.hbench.bsp.randbench;

import static io.hbench.bsp.benchbase.BspTestSupport.always;
import static io.hbench.bsp.benchbase.BspTestSupport.runTool;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.bsp.benchbase.InMemoryBspRunner;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RandBench from the command line, on in-memory peers (at most 8, as a cluster of 8 slots). */
class RandBenchToolTest {
    private static ToolRun run(String... args) throws Exception {
        return runTool((out, err) -> new RandBenchTool(out, err, always(InMemoryBspRunner.realTime(8))), args);
    }

    private static void assertUsageError(ToolRun run, String line) {
        BspTestSupport.assertUsageError(run, "RandBench", line);
    }

    @Test
    void runsHamasCommandLineAndPrintsItsLinesAndTheFiguresHamaLeftOut(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("randbench.json");

        ToolRun run = run("1000", "10", "3", "-peers", "4", "-seed", "42", "-warmup", "1", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        List<String> lines = run.out.lines().collect(Collectors.toList());
        assertThat(lines.get(0)).isEqualTo("RandBench: 4 peers on 1 host, 10 messages of 1000 bytes per peer per superstep to"
                + " random peers including the sender, seed 42");
        assertThat(lines.get(1)).isEqualTo("The total number of supersteps: 4");
        assertThat(lines.get(2)).matches("Job Finished in \\d+\\.\\d+ seconds");
        long network = Long.parseLong(lines.get(5).substring("Bytes sent over the network: ".length()));
        long local = Long.parseLong(lines.get(6).substring("Bytes kept local: ".length()));
        assertThat(network + local).isEqualTo(4 * 10 * 1000 * 3);
        assertThat(local).as("about a quarter goes to the sender itself").isPositive();
        assertThat(run.err).contains("RandBench: all 4 peers ran on one host (localhost): no message crossed a"
                + " network, so the throughput figures are of that host's loopback");
        String text = Files.readString(json, StandardCharsets.UTF_8);
        ResultSchema.assertValid(text);
        assertThat(text).contains("\"benchmark\" : \"RandBench\"", "peer 3", "\"primaryMetric\" : \"network_throughput\"");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(text).get("environment").get("commandLine"))
                .extracting(com.fasterxml.jackson.databind.JsonNode::asText)
                .containsExactly("RandBench", "1000", "10", "3", "-peers", "4", "-seed", "42", "-warmup", "1", "-json",
                        json.toString(), "-noEmbedded");
    }

    @Test
    void theSameSeedSendsTheSameBytesOverTheNetwork() throws Exception {
        String first = run("100", "20", "2", "-seed", "5").out.lines().filter(l -> l.startsWith("Bytes"))
                .collect(Collectors.joining("\n"));
        String second = run("100", "20", "2", "-seed", "5").out.lines().filter(l -> l.startsWith("Bytes"))
                .collect(Collectors.joining("\n"));

        assertThat(second).isEqualTo(first).contains("Bytes kept local: ");
    }

    @Test
    void noSelfKeepsNothingLocal() throws Exception {
        ToolRun run = run("100", "20", "2", "-noSelf");

        assertThat(run.out).contains("Bytes sent over the network: 16000", "Bytes kept local: 0");
    }

    @Test
    void aMessageSizeOfZeroIsRefused() throws Exception {
        assertUsageError(run("0", "10", "3"), "RandBench: <msgSize> must be from 1 to 67108864 bytes, got 0");
    }

    @Test
    void anUnparseableMessageSizeIsRefused() throws Exception {
        assertUsageError(run("big", "10", "3"), "RandBench: <msgSize> 'big' is not a size: use a whole number and B,"
                + " KB, MB, GB or TB (binary: 1KB = 1024 bytes; no unit means bytes), e.g. 64KB");
    }

    @Test
    void missingPositionalArgumentsAreNamed() throws Exception {
        assertUsageError(run("1000", "10"), "RandBench: give <msgSize> <msgsPerSuperstep> <supersteps>, as Hama's"
                + " RandBench takes them, e.g. RandBench 1024 100 10");
    }

    @Test
    void zeroMessagesOrSuperstepsAreRefused() throws Exception {
        assertUsageError(run("10", "0", "3"), "RandBench: <msgsPerSuperstep> must be at least 1, got 0");
        assertUsageError(run("10", "1", "x"), "RandBench: <supersteps> 'x' is not a whole number");
    }

    @Test
    void aNegativeArgumentIsNamedForTheArgumentItStandsIn() throws Exception {
        assertUsageError(run("-5", "10", "10"), "RandBench: <msgSize> '-5' cannot be negative");
        assertUsageError(run("-warmup", "2", "10", "-1", "10"), "RandBench: <msgsPerSuperstep> '-1' cannot be"
                + " negative");
        assertUsageError(run("10", "10", "10", "-7"), "RandBench: unexpected argument '-7'");
        assertUsageError(run("10", "10", "10", "-x"), "RandBench: unknown option -x");
    }

    @Test
    void fewerThanTwoPeersAreRefused() throws Exception {
        assertUsageError(run("10", "1", "1", "-peers", "1"),
                "RandBench: -peers must be from 2 to 100000, got 1: messages need a peer to go to");
    }

    @Test
    void morePeersThanTheClusterCanRunAreRefused() throws Exception {
        assertUsageError(run("10", "1", "1", "-peers", "9"),
                "RandBench: -peers 9 is more than the 8 peers this cluster can run at once");
    }

    @Test
    void aNegativeWarmupIsRefused() throws Exception {
        assertUsageError(run("10", "1", "1", "-warmup", "-1"), "RandBench: -warmup must be at least 0, got -1");
    }

    @Test
    void aTimeoutBelowOneSecondIsRefused() throws Exception {
        assertUsageError(run("10", "1", "1", "-timeout", "0"), "RandBench: -timeout must be at least 1 second, got 0");
    }

    @Test
    void listenNeedsHostPortAndASecretFileAndOnlyItTakesOne() throws Exception {
        assertUsageError(run("10", "1", "1", "-listen", "gateway"),
                "RandBench: -listen 'gateway' is not host:port with a port from 0 to 65535, e.g. 0.0.0.0:7077");
        assertUsageError(run("10", "1", "1", "-listen", "127.0.0.1:7077"), "RandBench: -listen needs -secretFile"
                + ": the peers started by hand prove that they know the secret in it (made if it does not exist,"
                + " readable by its owner alone)");
        assertUsageError(run("10", "1", "1", "-secretFile", "s"), "RandBench: -secretFile is for -listen: the peers of"
                + " a submitted job get the run's secret in the job's credentials");
    }

    @Test
    void anUnparseableSeedIsRefused() throws Exception {
        assertUsageError(run("10", "1", "1", "-seed", "abc"), "RandBench: -seed 'abc' is not a whole number");
        assertUsageError(run("10", "1", "1", "-seed", "9223372036854775808"), "RandBench: -seed '9223372036854775808'"
                + " is too large: at most 9223372036854775807");
    }
}
