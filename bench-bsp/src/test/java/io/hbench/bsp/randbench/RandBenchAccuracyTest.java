package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.bsp.bench.BspTestSupport;
import io.hbench.bsp.bench.InMemoryBspRunner;
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
}
