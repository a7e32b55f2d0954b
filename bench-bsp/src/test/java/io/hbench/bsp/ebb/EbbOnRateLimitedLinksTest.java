package io.hbench.bsp.ebb;

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
 * The real runtime on loopback links that each carry at most {@link #RATE} bytes per second: every connection's
 * reported bandwidth is its bytes over its exchange time, and no more than its link can carry.
 */
@Timeout(60)
class EbbOnRateLimitedLinksTest {
    private static final long RATE = 10_000_000;
    private static final long SIZE = 1 << 20;

    @Test
    void everyConnectionReportsBytesOverTimeWithinTheLinksRate() throws Exception {
        EbbOptions options = EbbOptions.builder(SIZE, SIZE).rounds(3).settings(BspTestSupport.settings(2, 5)).build();

        EbbResult result = new Ebb(new LocalBspRunner(new Configuration()).withLinks(new TokenBucketLinks(RATE)),
                Map.of()).run(options);

        assertThat(result.run().exchanges()).hasSize(2 * 3).allSatisfy(exchange -> {
            assertThat(exchange.size()).isEqualTo(SIZE);
            assertThat(exchange.bytesPerSecond()).isCloseTo(SIZE * 1e9 / exchange.nanos(), withinPercentage(1e-9));
            // Both directions at once, each on its own link: the partner's bytes cannot arrive faster than
            // RATE, less the bucket's burst.
            assertThat(exchange.nanos()).isGreaterThanOrEqualTo((SIZE - TokenBucketLinks.BURST) * 1_000_000_000L / RATE);
            assertThat(exchange.bytesPerSecond()).isGreaterThan(0.5 * RATE);
        });
    }
}
