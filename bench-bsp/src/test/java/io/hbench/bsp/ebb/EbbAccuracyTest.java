package io.hbench.bsp.ebb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.bsp.bench.InMemoryBspRunner;
import org.junit.jupiter.api.Test;

/**
 * On a path whose rate the test sets (each peer's clock advances by bytes / rate as it sends), every connection's
 * reported bandwidth is the bytes it moved over its measured exchange time, and equals the rate.
 */
class EbbAccuracyTest {
    private static final long RATE = 50_000_000;

    @Test
    void everyConnectionOfTheEbbPatternReportsThePathsRate() throws Exception {
        EbbOptions options = EbbOptions.builder(64 * 1024, 2 << 20).rounds(2)
                .settings(BspTestSupport.settings(4, 3)).build();

        EbbResult result = new Ebb(InMemoryBspRunner.rateLimited(4, RATE)).run(options);

        for (EbbResult.Exchange exchange : result.run().exchanges()) {
            assertThat(exchange.nanos()).isEqualTo(exchange.size() * 1_000_000_000L / RATE);
            assertThat(exchange.bytesPerSecond()).isEqualTo(exchange.size() * 1e9 / exchange.nanos());
            assertThat(exchange.bytesPerSecond()).isCloseTo(RATE, within(1e-3));
        }
        assertThat(result.run().bytesPerSecond(2 << 20)).isCloseTo(RATE, within(1e-3));
    }

    @Test
    void alltoallSharesThePeersRateAmongItsConnections() throws Exception {
        EbbOptions options = EbbOptions.builder(10_000, 10_000).rounds(1).pattern(EbbPattern.ALLTOALL)
                .settings(BspTestSupport.settings(5, 3)).build();

        EbbResult result = new Ebb(InMemoryBspRunner.rateLimited(5, RATE)).run(options);

        assertThat(result.run().exchanges()).hasSize(5).allSatisfy(exchange -> {
            assertThat(exchange.partner()).isEmpty();
            assertThat(exchange.bytesPerSecond()).isCloseTo(RATE / 4.0, within(1e-3));
        });
    }
}
