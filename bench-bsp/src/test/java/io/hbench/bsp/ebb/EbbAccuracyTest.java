package io.hbench.bsp.ebb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.bsp.benchbase.InMemoryBspRunner;
import java.util.List;
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
        assertThat(result.run().bytesPerSecond(2 << 20)).hasValueCloseTo((double) RATE, within(1e-3));
    }

    /**
     * Peers 0 and 2 on h1, 1 on h2, 3 on h3, their links at the rate and h1's loopback ten times faster: the figure is
     * the links' rate whatever the matchings, for no exchange through the loopback counts.
     */
    @Test
    void peersSharingAHostNeverLiftTheFigureAboveTheLinksRate() throws Exception {
        EbbOptions options = EbbOptions.builder(64 * 1024, 64 * 1024).rounds(8)
                .settings(BspTestSupport.settings(4, 3)).build();

        EbbResult result = new Ebb(InMemoryBspRunner.rateLimited(4, RATE)
                .onHosts(List.of("h1", "h2", "h1", "h3"), 10 * RATE)).run(options);

        EbbResult.Run run = result.run();
        assertThat(run.hostCount()).isEqualTo(3);
        assertThat(run.leftOut(64 * 1024)).as("seed 3 pairs peers 0 and 2 in rounds 2, 4 and 6").isNotEmpty()
                .allSatisfy(exchange -> assertThat(exchange.bytesPerSecond()).isCloseTo(10 * RATE, within(1e-3)));
        assertThat(run.bytesPerSecond(64 * 1024)).hasValueCloseTo((double) RATE, within(1e-3));
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
