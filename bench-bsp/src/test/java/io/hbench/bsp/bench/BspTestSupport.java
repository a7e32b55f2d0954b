package io.hbench.bsp.bench;

import io.hbench.bsp.BspRunner;
import java.time.Duration;
import java.util.Optional;

/** Shared pieces of the BSP benchmarks' tests. */
public final class BspTestSupport {
    private BspTestSupport() {
    }

    /** A factory that gives {@code runner} whatever the command line asks. */
    public static BspRunnerFactory always(BspRunner runner) {
        return (conf, listen, notices) -> runner;
    }

    public static BenchSettings settings(int peers, long seed) {
        return new BenchSettings(peers, seed, Duration.ofSeconds(30), Optional.empty());
    }
}
