package io.hbench.bsp.coordination;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.transport.HostAddresses;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.transport.PeerAddress;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.ProvingListener;
import io.hbench.bsp.trust.RefusalLog;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostSamples;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The meeting point of one BSP job's peers; needs no ZooKeeper. Peers connect and register; once
 * all have joined, each receives the address book and the program. It is not on the path of a
 * barrier: the peers end a superstep among themselves, and a peer tells the coordinator only that
 * it has waited in a barrier for a while (ENTER) or for the whole failure timeout (STALLED), so a
 * fast superstep costs it nothing, whatever the number of peers. At the end each peer sends its
 * report, and when all are in, FINISH.
 *
 * <p>It fails the job, sends ABORT to every peer and has {@link #awaitResult} throw, when a peer
 * reports a failure, when a control connection closes before the job ends (the peer died), when a
 * peer has waited the failure timeout in a barrier (naming the peers that have not entered it, which
 * every peer waiting there has told by then), when not all peers have joined within the failure
 * timeout of the start (unless its caller watches the joins: {@link #leaveJoinDeadlineToCaller}), and
 * when a peer ends its program while others wait in a barrier (it can never complete).
 *
 * <p>Every connection first proves that it knows the run's secret ({@link Handshake}); one that does not,
 * that sends anything but a registration first or that asks for a place the job does not have is
 * closed and reported in one line naming its address (the first from each address; later ones from there are
 * counted: {@link RefusalLog}), and the job goes on.
 *
 * <p>Threads, whatever the number of peers: one that accepts, proves ({@link ProvingListener}) and reads
 * every control connection ({@link ControlConnection}) through a selector, and a timer. Lifecycle:
 * {@link #start} binds the listener and starts the selector thread; {@link #close} ends the selector
 * thread, which closes the listener and every connection as it ends, waits for it, and stops the
 * timer. Closing before the job ended is seen by the peers as their coordinator's death.
 */
public final class Coordinator implements Closeable {
    private final BspJobSpec spec;
    private final LinkSettings links;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final ProvingListener proving;
    private volatile boolean closed;
    private final Thread thread = RuntimeSupport.daemon(this::run, "bsp-coordinator");
    private final String where;
    private final Instant start = Instant.now();
    private final ScheduledExecutorService timer;
    private final RunSecret secret;
    private final RefusalLog refusals;

    // Guarded by this.
    private final Slot[] slots;
    private final FaultDiagnosis diagnosis;
    private int joined;
    private boolean started;
    private int reported;
    private ScheduledFuture<?> deadline;
    private BenchException failure;
    private BspJobResult result;

    private Coordinator(BspJobSpec spec, LinkSettings links, ServerSocketChannel server, Selector selector, String where,
            RunSecret secret, Consumer<String> refusals, Admission admission) throws IOException {
        this.spec = spec;
        this.secret = secret;
        this.refusals = new RefusalLog("the BSP coordinator at " + where, refusals);
        this.links = links;
        this.server = server;
        this.selector = selector;
        this.where = where;
        this.proving = new ProvingListener(server, selector, secret, Handshake.CONTROL, admission, this.refusals,
                (key, index) -> {
                    key.attach(new ControlConnection((SocketChannel) key.channel()));
                    key.interestOps(SelectionKey.OP_READ);
                    return false;
                });
        this.slots = new Slot[spec.peers()];
        this.diagnosis = new FaultDiagnosis(slots, where, spec.failureTimeout().toMillis());
        this.timer = Executors.newSingleThreadScheduledExecutor(
                runnable -> RuntimeSupport.daemon(runnable, "bsp-coordinator-timer"));
    }

    /**
     * Listens on {@code host}:{@code port} (port 0: any free one) and waits for the peers of {@code spec}, which prove
     * that they know {@code secret}.
     *
     * @param refusals told of the connections refused: the first from each address in full, then counts
     *     ({@link RefusalLog})
     * @throws BenchException PEER_UNREACHABLE when it cannot listen there
     */
    public static Coordinator start(String host, int port, BspJobSpec spec, LinkSettings links, RunSecret secret,
            Consumer<String> refusals) {
        return start(host, port, spec, links, secret, refusals, Admission.DEFAULT);
    }

    /** As {@link #start(String, int, BspJobSpec, LinkSettings, RunSecret, Consumer)}, admitting by {@code admission}. */
    static Coordinator start(String host, int port, BspJobSpec spec, LinkSettings links, RunSecret secret,
            Consumer<String> refusals, Admission admission) {
        requireNonNull(host, "host is null");
        requireNonNull(spec, "spec is null");
        requireNonNull(secret, "secret is null");
        requireNonNull(refusals, "refusals is null");
        ServerSocketChannel server = null;
        Selector selector = null;
        Coordinator coordinator;
        try {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(InetAddress.getByName(host), port), Handshake.MAX_PENDING);
            selector = Selector.open();
            coordinator = new Coordinator(spec, links, server, selector,
                    advertised(server) + ":" + server.socket().getLocalPort(), secret, refusals, admission);
        } catch (IOException e) {
            RuntimeSupport.closeQuietly(server);
            RuntimeSupport.closeQuietly(selector);
            throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                    "cannot listen for BSP peers on " + host + ":" + port + ": " + RuntimeSupport.describe(e), e);
        }
        coordinator.deadline = coordinator.timer.schedule(coordinator::joinTimedOut,
                spec.failureTimeout().toMillis(), TimeUnit.MILLISECONDS);
        coordinator.thread.start();
        return coordinator;
    }

    /** The address peers connect to, as host:port. */
    public String where() {
        return where;
    }

    public int port() {
        return server.socket().getLocalPort();
    }

    /**
     * Leaves the deadline of the peers' joining to the caller, which knows better when a peer can join: a runner on
     * YARN, which sees the peers' containers start ({@code JoinWatch}), fails the job itself when they are late.
     */
    public synchronized void leaveJoinDeadlineToCaller() {
        cancelDeadline();
    }

    /** The peers registered so far, each with the data address it gave. */
    public synchronized List<PeerAddress> registered() {
        List<PeerAddress> registered = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot != null) {
                registered.add(slot.address);
            }
        }
        return registered;
    }

    /** Blocks until every peer has reported or the job has failed. */
    public synchronized BspJobResult awaitResult() throws InterruptedException {
        while (result == null && failure == null) {
            wait();
        }
        if (failure != null) {
            throw failure;
        }
        return result;
    }

    /** Waits at most {@code millis} for the job to end, either way; whether it has. */
    public synchronized boolean awaitEnd(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (result == null && failure == null) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Fails the job from outside (a runner saw a peer fail before it joined, or was interrupted). */
    public synchronized void fail(ErrorCode code, String message) {
        fail(new BenchException(code, message));
    }

    private synchronized void fail(BenchException reason) {
        if (result != null || failure != null) {
            return;
        }
        failure = reason;
        ErrorCode code = reason.errorCode();
        String message = reason.getMessage();
        cancelDeadline();
        for (Slot slot : slots) {
            if (slot != null) {
                try {
                    slot.channel.sendAbort(code.code(), message);
                } catch (IOException e) {
                    // That peer is gone already; the others still need to hear.
                }
            }
        }
        notifyAll();
    }

    private void run() {
        proving.run(() -> closed, () -> { }, key -> serve(key, (ControlConnection) key.attachment()));
    }

    /** Reads what the connection has and acts on every whole message in it, until the peer or the job ends it. */
    private void serve(SelectionKey key, ControlConnection connection) {
        try {
            connection.readable(this::handle);
            if (connection.slot() != null) {
                proving.registered(key);
            }
            return;
        } catch (Refused e) {
            // Told already, in one line and to the peer.
        } catch (ProtocolException e) {
            if (connection.slot() == null) {
                refusals.refused(connection.channel(), e.getMessage());
            } else {
                broke(connection.slot(), e.getMessage());
            }
        } catch (IOException e) {
            closed(connection.slot());
        }
        key.cancel();
        if (connection.slot() == null) {
            connection.close();
        }
    }

    /** One whole message; every field is read before anything is done with it. */
    private void handle(ControlConnection connection, DataInputStream in) throws IOException {
        byte type = in.readByte();
        Slot slot = connection.slot();
        if (slot == null) {
            if (type != ControlChannel.REGISTER) {
                throw new ProtocolException("sent message type " + type + " before registering");
            }
            int index = in.readInt();
            String host = in.readUTF();
            int port = in.readInt();
            Slot registered = register(connection, index, host, port);
            if (registered == null) {
                throw new Refused();
            }
            connection.registered(registered);
        } else if (type == ControlChannel.ENTER) {
            enter(slot, in.readInt());
        } else if (type == ControlChannel.STALLED) {
            int superstep = in.readInt();
            stalled(slot, superstep, in.readInt());
        } else if (type == ControlChannel.REPORT) {
            long second = in.readLong();
            int nano = in.readInt();
            long elapsedNanos = in.readLong();
            int supersteps = in.readInt();
            if (second < Instant.MIN.getEpochSecond() || second > Instant.MAX.getEpochSecond() || nano < 0
                    || nano > 999_999_999 || elapsedNanos < 0 || supersteps < 0) {
                // Not our runtime's peer: treated as a broken connection, which fails the job.
                throw new ProtocolException("reported an impossible run: start " + second + " s " + nano
                        + " ns, " + elapsedNanos + " ns long, " + supersteps + " supersteps");
            }
            String hostName = in.readUTF();
            if (hostName.isBlank()) {
                throw new ProtocolException("reported no host name");
            }
            byte[] report = ControlConnection.readBytes(in);
            byte[] resources = ControlConnection.readBytes(in);
            report(slot, Instant.ofEpochSecond(second, nano), Duration.ofNanos(elapsedNanos), supersteps, hostName,
                    report, resources.length == 0 ? Optional.empty() : Optional.of(HostSamples.fromBytes(resources)));
        } else if (type == ControlChannel.FAILED) {
            int code = in.readInt();
            fail(RuntimeSupport.errorCode(code), in.readUTF());
        } else {
            throw new ProtocolException("sent unknown message type " + type);
        }
    }

    private synchronized Slot register(ControlConnection channel, int requested, String host, int port)
            throws IOException {
        String refusal = null;
        int index = requested;
        if (result != null || failure != null) {
            refusal = "the BSP job at " + where + " has already ended";
        } else if (started) {
            refusal = "the BSP job at " + where + " already has its " + slots.length + " peers";
        } else if (requested == -1) {
            index = 0;
            while (slots[index] != null) {
                index++;
            }
        } else if (requested < 0 || requested >= slots.length) {
            refusal = "peer index " + requested + " is not in the BSP job at " + where + " of " + slots.length + " peers";
        } else if (slots[requested] != null) {
            refusal = "peer " + requested + " has already joined the BSP job at " + where;
        }
        if (refusal != null) {
            String told = refusal + " (refused the registration from " + channel.remote() + ")";
            refusals.tell(channel.channel().socket().getInetAddress(), () -> told);
            channel.sendAbort(ErrorCode.PEER_FAILED.code(), refusal);
            return null;
        }
        Slot slot = new Slot(channel, new PeerAddress(index, host, port));
        slots[index] = slot;
        joined++;
        if (joined == slots.length) {
            started = true;
            cancelDeadline();
            List<PeerAddress> book = new ArrayList<>();
            for (Slot each : slots) {
                book.add(each.address);
            }
            // The same for every peer, so written once: a job of N peers sends N address books of N entries.
            byte[] start = new JobStart(spec.failureTimeout().toMillis(), links.bundleSize(),
                    links.barrier().resolve(slots.length), spec.program().getName(), spec.arguments(), book, spec.resourceInterval().map(Duration::toMillis).orElse(0L)).toBytes();
            for (Slot each : slots) {
                try {
                    each.channel.sendStart(each.address.index(), start);
                } catch (IOException e) {
                    fail(ErrorCode.PEER_FAILED, each.address + " died before the job started");
                }
            }
        }
        return slot;
    }

    /** Whether every peer has joined and been sent the program. */
    public synchronized boolean started() {
        return started;
    }

    /**
     * A peer has waited in the barrier of {@code superstep} for a while. Peers do not wait for the coordinator to leave
     * a barrier, so this only keeps count, to name a peer that never comes or has ended its program. Notes from
     * different peers arrive in any order, and a peer tells only of the barriers it waited in, so each peer is
     * counted on its own and may skip supersteps.
     */
    private synchronized void enter(Slot slot, int superstep) {
        if (result != null || failure != null) {
            return;
        }
        diagnosis.entered(slot, superstep).ifPresent(this::fail);
    }

    /** {@code slot} has waited the failure timeout in the barrier of {@code superstep} for {@code awaited}'s token. */
    private synchronized void stalled(Slot slot, int superstep, int awaited) throws ProtocolException {
        if (result != null || failure != null) {
            return;
        }
        fail(diagnosis.stalled(slot, superstep, awaited));
    }

    private synchronized void report(Slot slot, Instant started, Duration elapsed, int supersteps, String hostName,
            byte[] report, Optional<HostSamples> resources) throws ProtocolException {
        if (result != null || failure != null) {
            return;
        }
        Optional<BenchException> fault = diagnosis.reported(slot, supersteps);
        slot.report = report;
        slot.hostName = hostName;
        slot.resources = resources;
        slot.started = started;
        slot.elapsed = elapsed;
        reported++;
        if (fault.isPresent()) {
            fail(fault.get());
            return;
        }
        if (reported < slots.length) {
            return;
        }
        result = ReportAggregation.result(spec, slots, start, Instant.now());
        for (Slot each : slots) {
            try {
                each.channel.sendFinish();
            } catch (IOException e) {
                // The job is done; a peer that left early has nothing more to hear.
            }
        }
        notifyAll();
    }

    private synchronized void closed(Slot slot) {
        if (slot == null || result != null || failure != null) {
            return;
        }
        fail(diagnosis.died(slot, started));
    }

    /** A registered peer broke the protocol: the job cannot trust what it says any more. */
    private synchronized void broke(Slot slot, String what) {
        if (result != null || failure != null) {
            return;
        }
        fail(diagnosis.broke(slot, what));
    }

    private synchronized void joinTimedOut() {
        if (started || failure != null) {
            return;
        }
        fail(diagnosis.notAllJoined(joined));
    }

    private void cancelDeadline() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    private static String advertised(ServerSocketChannel server) {
        InetAddress address = server.socket().getInetAddress();
        return HostAddresses.text(address.isAnyLocalAddress() ? HostAddresses.wildcardStandIn() : address);
    }

    /**
     * Ends the selector thread, which closes the listener and every connection as it ends, waits for it, and stops the
     * timer: when close returns, the coordinator holds no socket and no thread.
     */
    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        timer.shutdownNow();
        if (Thread.currentThread() != thread) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A registration refused: the connection closes. */
    private static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
    }

    /** One registered peer, guarded by the coordinator. */
    static final class Slot {
        final ControlConnection channel;
        final PeerAddress address;
        /**
         * The barriers the peer is known to have entered: one more than the last it said it waits in, or, once it has
         * reported, the number it passed. It may be further on: a peer tells only of barriers it waited in.
         */
        int superstep;
        byte[] report;
        /** The name the peer's host goes by, which its task samples and resource samples carry too. */
        String hostName;
        Optional<HostSamples> resources = Optional.empty();
        Instant started;
        Duration elapsed;

        Slot(ControlConnection channel, PeerAddress address) {
            this.channel = channel;
            this.address = address;
        }
    }
}
