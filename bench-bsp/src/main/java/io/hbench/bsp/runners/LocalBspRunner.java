package io.hbench.bsp.runners;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.coordination.Coordinator;
import io.hbench.bsp.coordination.PeerBootstrap;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.ResourceSampling;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs every peer of a job as a thread of this JVM, over real TCP on the loopback interface (or
 * {@link BspSettings#ADDRESS_KEY}), with no MapReduce: for tests and for measuring the runtime
 * itself. The coordinator listens on the same address. Each run has a fresh {@link RunSecret}, held in
 * memory; connections refused for not proving it are told on standard error.
 *
 * <p>Lifecycle: each {@link #run} starts a coordinator and one thread per peer, and before it
 * returns or throws, closes the coordinator and waits for every peer thread to end.
 */
public final class LocalBspRunner implements BspRunner {
    private final Configuration conf;
    private LinkDecorator links = LinkDecorator.NONE;

    public LocalBspRunner(Configuration conf) {
        this.conf = new Configuration(requireNonNull(conf, "conf is null"));
    }

    /**
     * Makes every peer write its messages to each other peer through the channel {@code links}
     * wraps around the link's socket, e.g. one that limits its rate; replaces the previous decorator.
     */
    public LocalBspRunner withLinks(LinkDecorator links) {
        this.links = requireNonNull(links, "links is null");
        return this;
    }

    @Override
    public BspJobResult run(BspJobSpec spec) throws InterruptedException {
        requireNonNull(spec, "spec is null");
        String host = BspSettings.dataAddress(conf, true);
        int[] ports = BspSettings.ports(conf);
        LinkSettings links = LinkSettings.from(conf);
        List<Thread> peers = new ArrayList<>();
        BspJobSpec sampled = spec.withResourceInterval(ResourceSampling.interval(conf));
        RunSecret secret = RunSecret.generate();
        try (Coordinator coordinator = Coordinator.start(host, 0, sampled, links, secret, System.err::println)) {
            InetSocketAddress address = new InetSocketAddress(host, coordinator.port());
            try {
                for (int i = 0; i < spec.peers(); i++) {
                    int index = i;
                    Thread peer = RuntimeSupport.daemon(() -> runPeer(coordinator, address, index, host, ports, secret),
                            "bsp-local-peer-" + i);
                    peers.add(peer);
                    peer.start();
                }
                return coordinator.awaitResult();
            } catch (InterruptedException e) {
                coordinator.fail(ErrorCode.PEER_FAILED, "the BSP job " + spec.name() + " was interrupted");
                throw e;
            } finally {
                for (Thread peer : peers) {
                    peer.join();
                }
            }
        }
    }

    private void runPeer(Coordinator coordinator, InetSocketAddress address, int index, String host, int[] ports,
            RunSecret secret) {
        try {
            PeerBootstrap.join(address, index, host, ports, links, secret, System.err::println);
        } catch (BenchException e) {
            // Usually the coordinator's own verdict coming back; if the peer failed before it could
            // tell the coordinator (no free port, say), this is the first the job hears of it.
            coordinator.fail(e.errorCode(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
