package io.hbench.bsp.coordination;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspSettings;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.transport.Backoff;
import io.hbench.bsp.transport.HostAddresses;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.RefusalLog;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostSampler;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How a peer joins its job, wherever it runs: it binds its data listener, connects to the coordinator (trying again
 * while a crowded coordinator cuts the handshake short: {@link Backoff}), registers and waits for the job's start,
 * then hands the job to its {@link PeerRuntime}, which runs it to the end. A peer with no room in the job, or whose
 * job fails before it starts, hears ABORT instead of START.
 */
public final class PeerBootstrap {
    private PeerBootstrap() {
    }

    /**
     * Runs one peer to the end of its job.
     *
     * @param coordinator where the coordinator listens
     * @param requestedIndex this peer's index, or -1 to take any free one
     * @param dataHost the address to listen on for other peers' data (and that they connect to)
     * @param ports the port range for the data listener ({0, 0}: any)
     * @param secret the run's secret, which every connection of this peer proves
     * @param refusals told of the connections to this peer refused: the first from each address in full, then
     *     counts ({@link RefusalLog})
     * @throws BenchException PEER_UNREACHABLE if the coordinator or another peer cannot be reached;
     *     the job's failure otherwise
     */
    public static void join(InetSocketAddress coordinator, int requestedIndex, String dataHost, int[] ports,
            LinkDecorator links, RunSecret secret, Consumer<String> refusals) throws InterruptedException {
        join(coordinator, requestedIndex, dataHost, ports, links, secret, refusals, Admission.DEFAULT);
    }

    /**
     * As {@link #join(InetSocketAddress, int, String, int[], LinkDecorator, RunSecret, Consumer)}, admitted by
     * {@code admission}.
     */
    public static void join(InetSocketAddress coordinator, int requestedIndex, String dataHost, int[] ports,
            LinkDecorator links, RunSecret secret, Consumer<String> refusals, Admission admission)
            throws InterruptedException {
        requireNonNull(secret, "secret is null");
        requireNonNull(refusals, "refusals is null");
        String where = coordinator.getHostString() + ":" + coordinator.getPort();
        try (ServerSocketChannel listener = BspSettings.bind(dataHost, ports);
                ControlChannel control = connect(coordinator, where, secret, admission.patience())) {
            JobStart job;
            int index;
            try {
                control.sendRegister(requestedIndex, advertised(dataHost), listener.socket().getLocalPort());
                DataInputStream in = control.in();
                byte type = in.readByte();
                if (type == ControlChannel.ABORT) {
                    int code = in.readInt();
                    throw new BenchException(RuntimeSupport.errorCode(code), in.readUTF());
                }
                if (type != ControlChannel.START) {
                    throw new IOException("unexpected BSP control message " + type);
                }
                index = in.readInt();
                job = JobStart.read(in);
            } catch (IOException e) {
                throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                        "lost the connection to the BSP coordinator at " + where + " before the job started: "
                                + RuntimeSupport.describe(e), e);
            }
            // Every peer of the job on this host names the job alike: by its coordinator.
            Optional<HostSampler.Participation> sampling = job.resourceInterval()
                    .map(interval -> HostSampler.join("bsp-" + where, interval));
            PeerRuntime runtime = new PeerRuntime(control, where, listener, job, index, links, sampling, secret,
                    refusals, admission);
            try {
                runtime.runJob();
            } finally {
                runtime.leaveSampling();
            }
        } catch (IOException e) {
            throw new BenchException(ErrorCode.PEER_UNREACHABLE, "cannot listen for BSP data on " + dataHost + ": "
                    + RuntimeSupport.describe(e), e);
        }
    }

    /**
     * A control connection to the coordinator, proven. A coordinator whose listener is crowded may cut this peer's
     * connection short, or not take it for a while: then this peer tries again, with {@link Backoff}, for
     * {@code patience}.
     */
    private static ControlChannel connect(InetSocketAddress coordinator, String where, RunSecret secret,
            Duration patience) throws InterruptedException {
        if (coordinator.isUnresolved()) {
            throw new BenchException(ErrorCode.PEER_UNREACHABLE, "cannot connect to the BSP coordinator at " + where
                    + ": unknown host " + coordinator.getHostString());
        }
        Backoff backoff = Backoff.trying(patience);
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(coordinator, backoff.connectTimeoutMillis());
                Handshake.connect(socket, secret, Handshake.CONTROL, -1);
                return new ControlChannel(socket);
            } catch (Handshake.Unanswered | SocketTimeoutException e) {
                RuntimeSupport.closeQuietly(socket);
                if (!backoff.pause()) {
                    throw new BenchException(ErrorCode.PEER_UNREACHABLE, "cannot connect to the BSP coordinator at "
                            + where + " " + backoff.spent() + ": " + RuntimeSupport.describe(e), e);
                }
            } catch (ProtocolException e) {
                RuntimeSupport.closeQuietly(socket);
                throw new BenchException(ErrorCode.PEER_UNREACHABLE, "the BSP coordinator at " + where + " "
                        + e.getMessage());
            } catch (IOException e) {
                RuntimeSupport.closeQuietly(socket);
                throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                        "cannot connect to the BSP coordinator at " + where + ": " + RuntimeSupport.describe(e), e);
            }
        }
    }

    private static String advertised(String host) throws UnknownHostException {
        InetAddress address = InetAddress.getByName(host);
        return address.isAnyLocalAddress() ? HostAddresses.text(HostAddresses.wildcardStandIn()) : host;
    }
}
