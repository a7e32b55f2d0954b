package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.hbench.bsp.LocalBspRunner;
import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.bsp.testing.TokenBucketLinks;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real runtime on loopback links that each carry at most {@link #RATE} bytes per second: the reported
 * throughput is the bytes moved over the measured time, and no more than the links can physically carry in that
 * time. A benchmark that miscounted bytes or time would report more than the path allows.
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
                .withLinks(new TokenBucketLinks(RATE)), Map.of()).run(options);

        long moved = 2L * 8 * 64 * 1024 * 4;
        double seconds = result.measuredNanos() / 1e9;
        assertThat(result.networkBytes()).isEqualTo(moved);
        assertThat(result.localBytes()).isZero();
        assertThat(result.bytesPerSecond()).isCloseTo(moved * 1e9 / result.measuredNanos(), withinPercentage(1e-9));
        // Each link: at most RATE per second plus the bucket's burst, which refills while a peer waits in a barrier.
        assertThat(moved).as("bytes the two links could carry in %.3f s", seconds)
                .isLessThanOrEqualTo((long) (2 * (RATE * seconds + TokenBucketLinks.BURST)));
        // Loose, since this machine may be busy: the path's rate, not something far below it, is what limits the run.
        assertThat(result.bytesPerSecond()).isGreaterThan(0.5 * 2 * RATE);
    }
}
