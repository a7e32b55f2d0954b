package io.hbench.bsp.runners;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.bsp.coordination.Coordinator;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.ErrorCode;
import io.hbench.resources.ResourceSampling;
import java.net.InetSocketAddress;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs a job on peers started by hand, as with mpirun on hosts without YARN: the coordinator
 * listens at the given address and the job starts once {@code spec.peers()} processes have joined
 * with {@code bin/bench BspPeer -coordinator host:port -secretFile file}, proving that they know the
 * same {@link RunSecret}. Peers take indices in the order they join. Prints nothing; {@link #onListening}
 * tells the caller where it waits and {@link #onRefusal} of connections refused.
 *
 * <p>Lifecycle: each {@link #run} starts a coordinator and closes it before it returns or throws.
 */
public final class ManualBspRunner implements BspRunner {
    private final Configuration conf;
    private final InetSocketAddress listen;
    private final RunSecret secret;
    private Consumer<String> listening = where -> {
    };
    private Consumer<String> refusals = System.err::println;

    /**
     * @param listen where the coordinator listens; port 0 for any free one
     * @param secret what the peers prove they know: the secret of their {@code -secretFile}
     */
    public ManualBspRunner(Configuration conf, InetSocketAddress listen, RunSecret secret) {
        this.conf = new Configuration(requireNonNull(conf, "conf is null"));
        this.listen = requireNonNull(listen, "listen is null");
        this.secret = requireNonNull(secret, "secret is null");
    }

    /** Called with the coordinator's host:port once it listens, before the peers are awaited. */
    public ManualBspRunner onListening(Consumer<String> listening) {
        this.listening = requireNonNull(listening, "listening is null");
        return this;
    }

    /**
     * Called with the lines that tell of refused connections (standard error by default): the first from each address
     * in full, naming it, then how many more came from there, at most every few seconds.
     */
    public ManualBspRunner onRefusal(Consumer<String> refusals) {
        this.refusals = requireNonNull(refusals, "refusals is null");
        return this;
    }

    @Override
    public BspJobResult run(BspJobSpec spec) throws InterruptedException {
        requireNonNull(spec, "spec is null");
        BspJobSpec sampled = spec.withResourceInterval(ResourceSampling.interval(conf));
        try (Coordinator coordinator = Coordinator.start(listen.getHostString(), listen.getPort(), sampled,
                LinkSettings.from(conf), secret, refusals)) {
            listening.accept(coordinator.where());
            try {
                return coordinator.awaitResult();
            } catch (InterruptedException e) {
                coordinator.fail(ErrorCode.PEER_FAILED, "the BSP job " + spec.name() + " was interrupted");
                throw e;
            }
        }
    }
}
