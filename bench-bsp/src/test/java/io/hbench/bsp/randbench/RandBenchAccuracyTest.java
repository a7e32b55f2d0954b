package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.bsp.benchbase.InMemoryBspRunner;
import io.hbench.bsp.benchbase.PayloadPool;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * On a path whose rate the test sets (the in-memory runner's clock advances by bytes / rate as a peer sends),
 * the reported throughput is the bytes moved over the measured time, and equals the rate. The integration test
 * of the real runtime on a rate-limited link asserts the same two equalities.
 */
class RandBenchAccuracyTest {
    private static final long RATE = 100_000_000;

    @Test
    void reportedThroughputIsBytesMovedOverMeasuredTimeAndMatchesThePathsRate() throws Exception {
        // -noSelf: every peer sends 8 x 4096 bytes over the network per superstep, so each is busy for the same time.
        RandBenchOptions options = RandBenchOptions.builder(4096, 8, 5).warmup(2).noSelf(true)
                .settings(BspTestSupport.settings(4, 7)).build();

        RandBenchResult result = new RandBench(InMemoryBspRunner.rateLimited(4, RATE)).run(options);

        long moved = 4L * 8 * 4096 * 5;
        assertThat(result.networkBytes()).isEqualTo(moved);
        assertThat(result.localBytes()).isZero();
        assertThat(result.measuredNanos()).as("one peer's bytes at the rate").isEqualTo(8L * 4096 * 5 * 10);
        assertThat(result.bytesPerSecond()).isEqualTo(moved * 1e9 / result.measuredNanos());
        assertThat(result.bytesPerSecond()).isCloseTo(4.0 * RATE, within(1e-3));
        assertThat(result.peerBytesPerSecond().min()).isCloseTo(RATE, within(1e-3));
        assertThat(result.peerBytesPerSecond().max()).isCloseTo(RATE, within(1e-3));
    }

    /**
     * Peers 0 and 2 on h1, 1 and 3 on h2, their links at the rate and each host's loopback a hundred times faster. The
     * workload's destinations, drawn again from the seed, say what each peer sent where; each superstep lasts as long as
     * its busiest peer's network and loopback bytes take, and the throughput is the bytes between hosts over that time:
     * never above what the four links carry, which counting the loopback's bytes too would claim to beat.
     */
    @Test
    void onTwoHostsOnlyBytesBetweenThemCountAndTheThroughputStaysWithinTheLinks() throws Exception {
        int peers = 4;
        int size = 4096;
        int messages = 64;
        RandBenchOptions options = RandBenchOptions.builder(size, messages, 5).warmup(2).noSelf(true)
                .settings(BspTestSupport.settings(peers, 7)).build();
        List<String> hosts = List.of("h1", "h2");

        RandBenchResult result = new RandBench(InMemoryBspRunner.rateLimited(peers, RATE)
                .onHosts(hosts, 100 * RATE)).run(options);

        // Each peer's draws, in its order: its payload pool, then per message a destination and a slice of the pool.
        Random[] random = new Random[peers];
        PayloadPool[] pools = new PayloadPool[peers];
        for (int peer = 0; peer < peers; peer++) {
            random[peer] = RandBenchProgram.random(7, peer);
            pools[peer] = new PayloadPool(size, random[peer]);
        }
        long network = 0;
        long sameHost = 0;
        long measured = 0;
        for (int step = 0; step < 2 + 5; step++) {
            long slowest = 0;
            for (int peer = 0; peer < peers; peer++) {
                long toOtherHosts = 0;
                long toOwnHost = 0;
                for (int i = 0; i < messages; i++) {
                    int destination = RandBenchProgram.destination(random[peer], peer, peers, true);
                    pools[peer].next(size);
                    if (destination % 2 == peer % 2) {
                        toOwnHost += size;
                    } else {
                        toOtherHosts += size;
                    }
                }
                slowest = Math.max(slowest, toOtherHosts * 1_000_000_000L / RATE
                        + toOwnHost * 1_000_000_000L / (100 * RATE));
                if (step >= 2) {
                    network += toOtherHosts;
                    sameHost += toOwnHost;
                }
            }
            if (step >= 2) {
                measured += slowest;
            }
        }
        assertThat(result.networkBytes()).isEqualTo(network);
        assertThat(result.sameHostBytes()).isEqualTo(sameHost).isPositive();
        assertThat(result.measuredNanos()).isEqualTo(measured);
        assertThat(result.bytesPerSecond()).isEqualTo(network * 1e9 / measured).isLessThanOrEqualTo(peers * RATE);
        assertThat((network + sameHost) * 1e9 / measured).as("every byte to another peer").isGreaterThan(peers * RATE);
        assertThat(result.peerBytesPerSecond().max()).isLessThanOrEqualTo(RATE);
    }
}
