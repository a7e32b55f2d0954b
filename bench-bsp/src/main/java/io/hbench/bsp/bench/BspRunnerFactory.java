package io.hbench.bsp.bench;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.ManualBspRunner;
import io.hbench.bsp.MapReduceBspRunner;
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
     */
    BspRunner create(Configuration conf, Optional<InetSocketAddress> listen);

    /** Peers as map tasks of the cluster, or started by hand when {@code -listen} gives an address. */
    public static BspRunnerFactory production() {
        return (conf, listen) -> listen.<BspRunner>map(address -> new ManualBspRunner(conf, address))
                .orElseGet(() -> new MapReduceBspRunner(conf));
    }
}
