package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RandBench and EBB through {@code hadoop jar bench.jar}, their peers map tasks in YARN containers that reach the
 * coordinator in the submitting client and each other over the host's network address; and a peer killed in the
 * middle of a run, which must fail the run, not hang it. Both NodeManagers run on this one host: EBB on several hosts
 * is {@link SlowHostOnNamespacesIT}'s.
 */
class BspOnYarnIT {
    private static final int PEERS = 4;
    /** How long the failed run may take to end after its peer was killed: well inside the default 60 s timeout. */
    private static final long FAILURE_BOUND_SECONDS = 45;

    @TempDir
    static Path temp;

    private static YarnCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void randBenchMovesEveryByteBetweenPeersInContainers() throws Exception {
        Path json = temp.resolve("randbench.json");

        BenchRun run = cluster.benchJar("RandBench", "65536", "16", "20", "-noSelf", "-warmup", "2", "-peers",
                Integer.toString(PEERS), "-json", json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(result.metric("network_bytes")).isEqualTo(PEERS * 16 * 65536.0 * 20);
        assertThat(result.metric("local_bytes")).isZero();
        assertThat(result.metric("network_throughput"))
                .isCloseTo(result.metric("network_bytes") / result.metric("measured_time"), withinPercentage(0.001));
        assertThat(result.root().get("tasks")).hasSize(PEERS);
    }

    @Test
    void ebbOnNodeManagersOfOneHostMeasuresItsLoopbackAndClaimsNoBisection() throws Exception {
        Path json = temp.resolve("ebb.json");

        BenchRun run = cluster.benchJar("EBB", "-s", "1048576", "-r", "3", "-peers", Integer.toString(PEERS), "-json",
                json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        // Both NodeManagers run on this machine: one host, whatever their ports.
        assertThat(run.err).containsPattern("hbench: EBB ebb 4 peers: YARN has room on one host only \\(.+\\), so all"
                + " 4 peers run there")
                .containsPattern("EBB: all 4 peers ran on one host \\(.+\\): no exchange crossed a network");
        assertThat(run.out).contains("EBB: pattern ebb, 4 peers on 1 host, sizes 1048576 bytes, 3 rounds",
                "(one host: its loopback, no bisection bandwidth)").doesNotContain("(effective bisection bandwidth)");
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(result.metric("peer_hosts")).isEqualTo(1);
        assertThat(result.metric("bandwidth"))
                .isCloseTo(1048576 / result.metric("average_time"), withinPercentage(0.001));
    }

    @Test
    void morePeersThanYarnCanRunAtOnceAreRefusedBeforeAnythingIsSubmitted() throws Exception {
        BenchRun run = cluster.benchJar("RandBench", "65536", "16", "20", "-peers", "64");

        assertThat(run.status).as(run.printed()).isEqualTo(2);
        // Two NodeManagers of 4096 MB and 8 vcores, 512 MB per map and per ApplicationMaster: 15 maps when idle.
        assertThat(run.err).containsPattern("RandBench: a BSP job of 64 peers needs them all running at once; the"
                + " cluster has room for \\d+ map tasks of 512 MB and 1 vcores now \\(2 running nodes\\)");
        assertThat(run.err).doesNotContain("submitted job", "\tat ");
    }

    @Test
    void aPeerKilledMidRunFailsTheRunInBoundedTime() throws Exception {
        List<String> command = new ArrayList<>(cluster.benchJarCommand("RandBench", "65536", "16", "1000000",
                "-peers", Integer.toString(PEERS)));
        Path out = temp.resolve("killed.out");
        Path err = temp.resolve("killed.err");
        Process run = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            BenchRun.awaitLine(run, err, "hbench: RandBench: all 4 peers joined the BSP coordinator at ");
            // The supersteps run from then on, each a few milliseconds long, in the peers' task JVMs.
            BenchRun.await(run, err, "the peers' " + PEERS + " task JVMs",
                    () -> cluster.taskProcesses().size() >= PEERS);
            List<ProcessHandle> peers = cluster.taskProcesses();
            assertThat(peers).hasSize(PEERS);
            assertThat(run.isAlive()).as("the run is still going: " + Files.readString(err)).isTrue();

            peers.get(0).destroyForcibly();

            assertThat(run.waitFor(FAILURE_BOUND_SECONDS, TimeUnit.SECONDS))
                    .as("the run ended within " + FAILURE_BOUND_SECONDS + " s of its peer's death").isTrue();
            String printed = Files.readString(err);
            assertThat(run.exitValue()).as(printed).isEqualTo(1);
            // Whichever is told first: the coordinator, that the peer's control channel closed (with the last superstep
            // it knows of), or another peer, that its data connection to it broke. Both name the peer and a superstep.
            assertThat(printed).containsPattern("RandBench: peer \\d \\([^)]+\\) (died; last heard of|lost its connection"
                    + " to peer \\d \\([^)]+\\)) in superstep \\d+");
            assertThat(printed).doesNotContain("\tat ");
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly().waitFor();
        }
    }
}
