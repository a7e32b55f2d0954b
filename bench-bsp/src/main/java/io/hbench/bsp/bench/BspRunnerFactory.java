package io.hbench.bsp.bench;

import io.hbench.bsp.BspRunner;
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
}
