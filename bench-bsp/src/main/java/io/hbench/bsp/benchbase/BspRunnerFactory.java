package io.hbench.bsp.benchbase;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.runners.ManualBspRunner;
import io.hbench.bsp.runners.MapReduceBspRunner;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import java.io.PrintStream;
import java.nio.file.Path;
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
     * @param settings where to wait for peers started by hand and the file of their secret; no address: submit a job
     * @param progress receives what the user must know while the run waits: the job submitted, or where to point
     *     peers started by hand (stderr)
     */
    BspRunner create(Configuration conf, BenchSettings settings, PrintStream progress);

    /**
     * Peers as map tasks of the cluster, or started by hand when {@code -listen} gives an address; their secret is then
     * read from {@code -secretFile}, which is first made if it does not exist.
     */
    public static BspRunnerFactory production() {
        return (conf, settings, progress) -> {
            if (settings.listen().isEmpty()) {
                return new MapReduceBspRunner(conf, progress);
            }
            Path file = settings.secretFile().orElseThrow();
            RunSecret secret;
            try {
                secret = RunSecret.readOrCreate(file, () -> progress.println("made " + file
                        + " with a new secret, readable by you alone: copy it to the peers' hosts"));
            } catch (BenchException e) {
                throw new BenchException(e.errorCode(), "-secretFile " + e.getMessage());
            }
            return new ManualBspRunner(conf, settings.listen().get().socketAddress(), secret)
                    .onRefusal(progress::println)
                    .onListening(where -> progress.println("waiting for the peers at " + where
                            + ": start each with bin/bench BspPeer -coordinator " + where + " -secretFile " + file));
        };
    }
}
