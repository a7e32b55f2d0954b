package io.hbench.bsp.ebb;

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

/**
 * EBB from the command line, on in-memory peers (at most 8, as a cluster of 8 slots), each on a host of its own
 * unless a test puts them elsewhere.
 */
class EbbToolTest {
    private static final List<String> EIGHT_HOSTS = List.of("h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7");

    private static ToolRun run(String... args) throws Exception {
        return runOn(EIGHT_HOSTS, args);
    }

    private static ToolRun runOn(List<String> hosts, String... args) throws Exception {
        return runTool((out, err) -> new EbbTool(out, err, always(InMemoryBspRunner.realTime(8).onHosts(hosts))),
                args);
    }

    private static void assertUsageError(ToolRun run, String line) {
        BspTestSupport.assertUsageError(run, "EBB", line);
    }

    @Test
    void sweepsSizesByDoublingWithRoundsBucketsAndABaseline(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("ebb.json");

        ToolRun run = run("-s", "1KB-4KB", "-r", "3", "-b", "4", "-relative", "-seed", "11", "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        List<String> lines = run.out.lines().collect(Collectors.toList());
        assertThat(lines.get(0)).isEqualTo("EBB: pattern ebb, 4 peers on 4 hosts, sizes 1024-4096 (doubling) bytes, 3"
                + " rounds, seed 11");
        assertThat(lines).filteredOn(line -> line.matches("size \\d+ round \\d: 4 exchanges, average [0-9.]+ ms,"
                + " [0-9.]+ MiB/s")).hasSize(9);
        assertThat(lines).filteredOn(line -> line.contains(" bucket ")).hasSize(12);
        assertThat(lines).filteredOn(line -> line.startsWith("size 2048 all rounds: 12 exchanges")
                && line.endsWith("(effective bisection bandwidth)")).hasSize(1);
        assertThat(lines).filteredOn(line -> line.matches("size \\d+ baseline \\(2 peers\\): .* 4 peers / baseline:"
                + " [0-9.]+")).hasSize(3);
        String text = Files.readString(json, StandardCharsets.UTF_8);
        ResultSchema.assertValid(text);
        assertThat(text).contains("\"benchmark\" : \"EBB\"", "size 4096 round 2 peer 3",
                "baseline size 1024 round 0 peer 1", "\"id\" : \"bucket_connections\"", "\"bucket\" : \"3\"");
    }

    @Test
    void ringRunsOnAnOddNumberOfPeers() throws Exception {
        ToolRun run = run("-s", "100", "-r", "2", "-pattern", "ring", "-peers", "3");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("size 100 all rounds: 6 exchanges", "(bandwidth per connection)");
    }

    @Test
    void alltoallRunsEveryPeerWithEveryOther() throws Exception {
        ToolRun run = run("-s", "100", "-r", "1", "-pattern", "alltoall", "-peers", "5");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("pattern alltoall, 5 peers", "size 100 round 0: 5 exchanges");
    }

    @Test
    void peersThatShareAHostAreToldOnStandardErrorAndTheirExchangesCountedApart() throws Exception {
        ToolRun run = runOn(List.of("h0", "h1", "h0", "h2"), "-s", "1KB", "-r", "8", "-seed", "3");

        assertThat(run.status).as(run.err).isZero();
        // Seed 3 pairs peers 0 and 2, both on h0, in rounds 2, 4 and 6: 6 of the 32 exchanges.
        assertThat(run.err).containsOnlyOnce("EBB: the 4 peers ran on 3 hosts (2 on h0): 6 of 32 exchanges were"
                + " between two peers on one host, left out of the figures");
        assertThat(run.out).containsPattern("size 1024 all rounds: 26 exchanges, average [0-9.]+ ms, [0-9.]+ MiB/s"
                + " \\(effective bisection bandwidth\\); 6 on one host left out: average [0-9.]+ ms, [0-9.]+ MiB/s");
    }

    @Test
    void peersOnOneHostClaimNoBisectionAndSaySoOnStandardError() throws Exception {
        ToolRun run = runOn(List.of("laptop"), "-s", "1KB", "-r", "2");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.err).containsOnlyOnce("EBB: all 4 peers ran on one host (laptop): no exchange crossed a network,"
                + " so there is no bisection bandwidth, and the figures are of that host's loopback");
        assertThat(run.out).contains("EBB: pattern ebb, 4 peers on 1 host", "size 1024 all rounds: 8 exchanges",
                "(one host: its loopback, no bisection bandwidth)").doesNotContain("effective bisection bandwidth");
    }

    @Test
    void aSizeOfZeroIsRefused() throws Exception {
        assertUsageError(run("-s", "0"), "EBB: -s must be from 1 to 1073741824 bytes, got 0");
    }

    @Test
    void anUnparseableSizeIsRefused() throws Exception {
        assertUsageError(run("-s", "1KB-lots"), "EBB: -s 'lots' is not a size: use a whole number and B, KB, MB, GB or"
                + " TB (binary: 1KB = 1024 bytes; no unit means bytes), e.g. 64KB");
    }

    @Test
    void aDescendingRangeIsRefused() throws Exception {
        assertUsageError(run("-s", "4KB-1KB"), "EBB: -s 4096-1024: the first size is larger than the second");
    }

    @Test
    void aMissingSizeIsNamed() throws Exception {
        assertUsageError(run("-r", "3"), "EBB: give the size to exchange: -s <size> or -s <min>-<max>, e.g. -s 1MB");
    }

    @Test
    void fewerThanTwoPeersAreRefused() throws Exception {
        assertUsageError(run("-s", "1KB", "-peers", "1"),
                "EBB: -peers must be from 2 to 100000, got 1: messages need a peer to go to");
    }

    @Test
    void anOddNumberOfPeersIsRefusedForTheEbbPattern() throws Exception {
        assertUsageError(run("-s", "1KB", "-peers", "5"), "EBB: -peers 5 is odd: the ebb pattern pairs every peer"
                + " with another; give an even number (or -pattern ring or alltoall)");
    }

    @Test
    void morePeersThanTheClusterCanRunAreRefused() throws Exception {
        assertUsageError(run("-s", "1KB", "-peers", "10"),
                "EBB: -peers 10 is more than the 8 peers this cluster can run at once");
    }

    @Test
    void anUnknownPatternIsRefused() throws Exception {
        assertUsageError(run("-s", "1KB", "-pattern", "star"),
                "EBB: -pattern 'star' is not a pattern: use ebb, alltoall or ring");
    }

    @Test
    void zeroBucketsAreRefused() throws Exception {
        assertUsageError(run("-s", "1KB", "-b", "0"), "EBB: -b '0' is too small: at least 1");
    }

    @Test
    void zeroRoundsAreRefused() throws Exception {
        assertUsageError(run("-s", "1KB", "-r", "0"), "EBB: -r must be at least 1, got 0");
    }

    @Test
    void relativeCannotWaitForPeersStartedByHand() throws Exception {
        assertUsageError(run("-s", "1KB", "-relative", "-listen", "0.0.0.0:7077", "-secretFile", "s"), "EBB: -relative runs a second"
                + " job of 2 peers, which -listen cannot: run the baseline by hand with -peers 2");
    }
}
