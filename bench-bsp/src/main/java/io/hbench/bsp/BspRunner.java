package io.hbench.bsp;

/**
 * Starts the peers of a BSP job somewhere, waits for them and returns their reports: as the map tasks
 * of a MapReduce job, or as peers started by hand that join a coordinator. Programs are written
 * against this, so they run unchanged on either.
 */
@FunctionalInterface
public interface BspRunner {
    /**
     * Runs the job to its end. A peer failure, a timeout or a peer that cannot connect ends it with a
     * {@link io.hbench.error.BenchException} that names the peer and, once running, the superstep.
     */
    BspJobResult run(BspJobSpec spec) throws InterruptedException;
}
