package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.bsp.testing.TokenBucketLinks;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real runtime on loopback links that each carry at most {@link #RATE} bytes per second: the reported
 * throughput is the bytes moved over the measured time, and no more than the links can physically carry in that
 * time. A benchmark that miscounted bytes or time would report more than the path allows. How far below the links'
 * rate a busy machine falls is not asserted: that is a wall-clock figure, not the benchmark's arithmetic.
 */
@Timeout(60)
class RandBenchOnRateLimitedLinksTest {
    private static final long RATE = 10_000_000;

    @Test
    void reportedThroughputIsBytesOverTimeAndWithinWhatTheLinksCarry() throws Exception {
        // 2 peers, -noSelf: each peer sends over its one link to the other; 4 measured supersteps of 8 x 64 KiB.
        RandBenchOptions options = RandBenchOptions.builder(64 * 1024, 8, 4).warmup(1).noSelf(true)
                .settings(BspTestSupport.settings(2, 11)).build();

        RandBenchResult result = new RandBench(new LocalBspRunner(new Configuration())
                .withLinks(new TokenBucketLinks(RATE))).run(options);

        long moved = 2L * 8 * 64 * 1024 * 4;
        assertThat(result.networkBytes()).isEqualTo(moved);
        assertThat(result.localBytes()).isZero();
        assertThat(result.bytesPerSecond()).as("throughput of %d bytes in %d ns", moved, result.measuredNanos())
                .isEqualTo(moved * 1e9 / result.measuredNanos());
        assertThat(result.peers()).allSatisfy(peer -> {
            // A peer's measured span starts after its warmup bytes were acknowledged and ends after its last ones
            // were; in t seconds its link's bucket, never holding more than BURST, lets through BURST + RATE * t.
            assertThat(result.networkBytes(peer) * 1_000_000_000L)
                    .as("%s: at most %d bytes per second plus a burst of %d", peer, RATE, TokenBucketLinks.BURST)
                    .isLessThanOrEqualTo(TokenBucketLinks.BURST * 1_000_000_000L + RATE * peer.measuredNanos());
        });
    }
}
