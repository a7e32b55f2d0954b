package io.hbench.bsp.ebb;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.bsp.testing.TokenBucketLinks;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real runtime on loopback links that each carry at most {@link #RATE} bytes per second: every connection's
 * reported bandwidth is its bytes over its exchange time, and no more than its link can carry. How far below the
 * links' rate a busy machine falls is not asserted: that is a wall-clock figure, not the benchmark's arithmetic.
 */
@Timeout(60)
class EbbOnRateLimitedLinksTest {
    private static final long RATE = 10_000_000;
    private static final long SIZE = 1 << 20;

    @Test
    void everyConnectionReportsBytesOverTimeWithinTheLinksRate() throws Exception {
        EbbOptions options = EbbOptions.builder(SIZE, SIZE).rounds(3).settings(BspTestSupport.settings(2, 5)).build();

        EbbResult result = new Ebb(new LocalBspRunner(new Configuration()).withLinks(new TokenBucketLinks(RATE))).run(options);

        assertThat(result.run().exchanges()).hasSize(2 * 3).allSatisfy(exchange -> {
            assertThat(exchange.size()).isEqualTo(SIZE);
            assertThat(exchange.bytesPerSecond()).as("%s", exchange).isEqualTo(SIZE * 1e9 / exchange.nanos());
            // The exchange time covers this peer's own SIZE bytes through its link, flushed and acknowledged; its
            // bucket lets through at most BURST + RATE * t bytes in t seconds.
            assertThat(SIZE * 1_000_000_000L)
                    .as("%s: at most %d bytes per second plus a burst of %d", exchange, RATE, TokenBucketLinks.BURST)
                    .isLessThanOrEqualTo(TokenBucketLinks.BURST * 1_000_000_000L + RATE * exchange.nanos());
        });
    }
}
