package io.hbench.bsp.bench;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.ManualBspRunner;
import io.hbench.bsp.MapReduceBspRunner;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * How a benchmark tool gets its {@link BspRunner}: peers as map tasks of the configured cluster, or,
 * when {@code -listen} gives an address, peers started by hand that join a coordinator there. Tools
 * take one in their constructor so that tests can run the programs on an in-memory runner.
 */
@FunctionalInterface
public interface BspRunnerFactory {
    /**
     * @param conf the cluster's configuration
     * @param listen where to wait for peers started by hand; empty to submit a job
     * @param progress receives what the user must know while the run waits: the job submitted, or where to point
     *     peers started by hand (stderr)
     */
    BspRunner create(Configuration conf, Optional<InetSocketAddress> listen, PrintStream progress);

    /** Peers as map tasks of the cluster, or started by hand when {@code -listen} gives an address. */
    public static BspRunnerFactory production() {
        return (conf, listen, progress) -> listen.<BspRunner>map(address -> new ManualBspRunner(conf, address)
                .onListening(where -> progress.println("waiting for the peers at " + where
                        + ": start each with bin/bench BspPeer -coordinator " + where)))
                .orElseGet(() -> new MapReduceBspRunner(conf, progress));
    }
}
