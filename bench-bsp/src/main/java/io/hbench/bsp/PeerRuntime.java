package io.hbench.bsp;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostSampler;
import io.hbench.resources.HostSamples;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.UnresolvedAddressException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One peer of a BSP job, wherever it runs (a map task, a thread, a process started by hand).
 *
 * <p>Lifecycle of {@link #join}: bind the data listener, connect to the coordinator and register,
 * wait for the job's start, connect to every other peer, run the program on a thread of its own,
 * flush what it sent last, send the report, wait for FINISH. Threads: the control reader, the
 * acceptor, one reader per other peer, the program and the watchdog; and, while a connection to
 * the data listener proves the run's secret, one for it ({@link Handshake}). A connection that does
 * not prove it, or claims to be a peer that is not in the job or is linked already, is closed and
 * reported; once every other peer is linked, the listener closes. On ABORT (or the
 * coordinator's loss) every link closes, which unblocks the program's I/O, and the program thread
 * is interrupted. When join returns, every socket is closed and every runtime thread has ended,
 * except a program thread that ignores interruption, which is a daemon left to itself.
 */
final class PeerRuntime implements BspPeer {
    private static final MessageHandler DISCARD = (source, superstep, message) -> {
    };
    /** How long an aborted program gets to notice before join returns without it. */
    private static final long PROGRAM_GRACE_MILLIS = 5000;

    private final ControlChannel control;
    private final RunSecret secret;
    private final Consumer<String> refusals;
    private final String coordinator;
    private final ServerSocketChannel listener;
    private final JobStart job;
    private final int index;
    private final PeerAddress self;
    private final LinkDecorator links;
    private final ReceiptLedger ledger;
    private final OutboundLink[] outbound;
    // Guarded by itself; linked[i]: peer i's data connection to this one is proven and being read.
    private final List<InboundLink> inbound = new ArrayList<>();
    private final boolean[] linked;
    private final Set<SocketChannel> handshaking = ConcurrentHashMap.newKeySet();
    private final List<Thread> threads = new ArrayList<>();
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private final CountDownLatch handlerFixed = new CountDownLatch(1);
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private final Watchdog watchdog;
    private volatile MessageHandler handler = DISCARD;
    private volatile BenchException abort;
    private volatile String silentPeer;
    private volatile Thread programThread;
    private boolean finished;

    // The program thread's own.
    private boolean handlerFixedByProgram;
    private int superstep;
    private long stepStartNanos;
    private long messagesSent;
    private long bytesSentRemote;
    private long bytesSentLocal;
    // The host's resource sampling, left once: by the program thread with the report, or at the end of the job.
    private Optional<HostSampler.Participation> sampling;

    private PeerRuntime(ControlChannel control, String coordinator, ServerSocketChannel listener, JobStart job,
            int index, LinkDecorator links, Optional<HostSampler.Participation> sampling, RunSecret secret,
            Consumer<String> refusals) {
        this.sampling = sampling;
        this.control = control;
        this.secret = secret;
        this.refusals = refusals;
        this.linked = new boolean[job.count()];
        this.coordinator = coordinator;
        this.listener = listener;
        this.job = job;
        this.index = index;
        this.self = job.peer(index);
        this.links = links;
        this.ledger = new ReceiptLedger(job.count());
        this.outbound = new OutboundLink[job.count()];
        this.watchdog = new Watchdog("bsp-peer-" + index + "-watchdog", job.timeoutMillis(), this::peerSilent);
    }

    /**
     * Runs one peer to the end of its job.
     *
     * @param coordinator where the coordinator listens
     * @param requestedIndex this peer's index, or -1 to take any free one
     * @param dataHost the address to listen on for other peers' data (and that they connect to)
     * @param ports the port range for the data listener ({0, 0}: any)
     * @param secret the run's secret, which every connection of this peer proves
     * @param refusals told, in one line each, of every connection to this peer refused
     * @throws BenchException PEER_UNREACHABLE if the coordinator or another peer cannot be reached;
     *     the job's failure otherwise
     */
    static void join(InetSocketAddress coordinator, int requestedIndex, String dataHost, int[] ports,
            LinkDecorator links, RunSecret secret, Consumer<String> refusals) throws InterruptedException {
        requireNonNull(secret, "secret is null");
        requireNonNull(refusals, "refusals is null");
        String where = coordinator.getHostString() + ":" + coordinator.getPort();
        try (ServerSocketChannel listener = BspSettings.bind(dataHost, ports);
                ControlChannel control = connect(coordinator, where, secret)) {
            JobStart job;
            int index;
            try {
                control.sendRegister(requestedIndex, advertised(dataHost), listener.socket().getLocalPort());
                DataInputStream in = control.in();
                byte type = in.readByte();
                if (type == ControlChannel.ABORT) {
                    int code = in.readInt();
                    throw new BenchException(Coordinator.errorCode(code), in.readUTF());
                }
                if (type != ControlChannel.START) {
                    throw new IOException("unexpected BSP control message " + type);
                }
                index = in.readInt();
                job = JobStart.read(in);
            } catch (IOException e) {
                throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                        "lost the connection to the BSP coordinator at " + where + " before the job started: "
                                + Coordinator.describe(e), e);
            }
            // Every peer of the job on this host names the job alike: by its coordinator.
            Optional<HostSampler.Participation> sampling = job.resourceInterval()
                    .map(interval -> HostSampler.join("bsp-" + where, interval));
            PeerRuntime runtime = new PeerRuntime(control, where, listener, job, index, links, sampling, secret,
                    refusals);
            try {
                runtime.runJob();
            } finally {
                runtime.leaveSampling();
            }
        } catch (IOException e) {
            throw new BenchException(ErrorCode.PEER_UNREACHABLE, "cannot listen for BSP data on " + dataHost + ": "
                    + Coordinator.describe(e), e);
        }
    }

    private static ControlChannel connect(InetSocketAddress coordinator, String where, RunSecret secret) {
        Socket socket = new Socket();
        try {
            if (coordinator.isUnresolved()) {
                throw new UnknownHostException("unknown host " + coordinator.getHostString());
            }
            socket.connect(coordinator, (int) BspJobSpec.DEFAULT_FAILURE_TIMEOUT.toMillis());
            try {
                Handshake.connect(socket, secret, Handshake.CONTROL, -1);
            } catch (ProtocolException e) {
                socket.close();
                throw new BenchException(ErrorCode.PEER_UNREACHABLE, "the BSP coordinator at " + where + " "
                        + e.getMessage());
            }
            return new ControlChannel(socket);
        } catch (IOException e) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // Never connected.
            }
            throw new BenchException(ErrorCode.PEER_UNREACHABLE,
                    "cannot connect to the BSP coordinator at " + where + ": " + Coordinator.describe(e), e);
        }
    }

    private static String advertised(String host) throws UnknownHostException {
        InetAddress address = InetAddress.getByName(host);
        return address.isAnyLocalAddress() ? HostAddresses.text(HostAddresses.wildcardStandIn()) : host;
    }

    private void runJob() throws InterruptedException {
        try {
            start(this::readControl, "control");
            start(this::acceptPeers, "accept");
            if (connectToPeers()) {
                Thread program = new Thread(this::runProgram, "bsp-peer-" + index + "-program");
                program.setDaemon(true);
                programThread = program;
                program.start();
            }
            awaitEnd();
            Thread program = programThread;
            if (program != null) {
                program.join(abort == null ? 0 : PROGRAM_GRACE_MILLIS);
            }
            if (abort != null) {
                throw abort;
            }
        } finally {
            closeLinks();
            control.close();
            watchdog.close();
            // Readers still waiting for the program to fix its handler would never see their links close.
            handlerFixed.countDown();
            List<Thread> started;
            synchronized (threads) {
                started = List.copyOf(threads);
            }
            for (Thread thread : started) {
                thread.join(PROGRAM_GRACE_MILLIS);
            }
        }
    }

    private void start(Runnable body, String name) {
        Thread thread = Coordinator.daemon(body, "bsp-peer-" + index + "-" + name);
        synchronized (threads) {
            threads.add(thread);
        }
        thread.start();
    }

    /** Connects to every other peer; false (and the failure reported) if one cannot be reached. */
    private boolean connectToPeers() {
        for (int peer = 0; peer < job.count(); peer++) {
            if (peer == index) {
                continue;
            }
            PeerAddress address = job.peer(peer);
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                channel.socket().connect(new InetSocketAddress(address.host(), address.port()),
                        (int) Math.min(Integer.MAX_VALUE, job.timeoutMillis()));
                channel.socket().setTcpNoDelay(true);
                Handshake.connect(channel.socket(), secret, Handshake.DATA, index);
                outbound[peer] = new OutboundLink(address, channel, links.decorate(index, peer, channel), watchdog,
                        job.bundleSize());
            } catch (IOException | UnresolvedAddressException e) {
                closeQuietly(channel);
                if (abort == null) {
                    reportFailure(ErrorCode.PEER_UNREACHABLE, self + " cannot connect to peer " + peer + " at "
                            + address.host() + ":" + address.port() + ": " + Coordinator.describe(e));
                }
                return false;
            }
        }
        return true;
    }

    private void acceptPeers() {
        try {
            while (true) {
                SocketChannel channel = listener.accept();
                if (handshaking.size() >= Handshake.MAX_PENDING) {
                    refuse(channel, "arrived while " + Handshake.MAX_PENDING + " others were still proving the run's"
                            + " secret");
                    closeQuietly(channel);
                    continue;
                }
                handshaking.add(channel);
                Coordinator.daemon(() -> link(channel), "bsp-peer-" + index + "-handshake").start();
            }
        } catch (IOException e) {
            // The listener closed: every peer is linked, or the job is over.
        }
    }

    /** Proves a connection to the data listener and, if it is another peer's first, reads it until it closes. */
    private void link(SocketChannel channel) {
        InboundLink link;
        try {
            int source = Handshake.accept(channel.socket(), secret, Handshake.DATA);
            if (source < 0 || source >= job.count() || source == index) {
                throw new ProtocolException("claimed to be peer " + source + ", not one of the other peers of this"
                        + " job of " + job.count());
            }
            channel.socket().setTcpNoDelay(true);
            // Twice the bundle: a message up to a bundle's size is handed over where it was read, uncopied.
            link = new InboundLink(this, channel, source, 2 * job.bundleSize());
            synchronized (inbound) {
                if (abort != null || finished) {
                    link.close();
                    return;
                }
                if (linked[source]) {
                    throw new ProtocolException("claimed to be peer " + source + ", which is linked already");
                }
                linked[source] = true;
                inbound.add(link);
                if (inbound.size() == job.count() - 1) {
                    // Nothing else has any business here.
                    closeQuietly(listener);
                }
            }
        } catch (IOException e) {
            if (abort == null && !finished) {
                refuse(channel, e instanceof ProtocolException ? e.getMessage()
                        : "failed in the handshake: " + Coordinator.describe(e));
            }
            closeQuietly(channel);
            return;
        } finally {
            handshaking.remove(channel);
        }
        synchronized (threads) {
            threads.add(Thread.currentThread());
        }
        Thread.currentThread().setName("bsp-peer-" + index + "-from-" + link.source());
        link.run();
    }

    private void refuse(SocketChannel channel, String what) {
        refusals.accept("BSP " + self + " refused a connection from " + HostAddresses.remote(channel.socket())
                + ", which " + what);
    }

    private void runProgram() {
        try {
            BspProgram program = newProgram();
            // The peer's own span, for its sample: hosts' clocks differ, and the job's span is not any peer's.
            Instant started = Instant.now();
            long startNanos = System.nanoTime();
            stepStartNanos = startNanos;
            byte[] report = program.run(this, job.arguments());
            long elapsedNanos = System.nanoTime() - startNanos;
            fixHandler();
            flushLinks();
            control.sendReport(started, elapsedNanos, HostSamples.localHost(), report == null ? new byte[0] : report,
                    leaveSampling().map(HostSamples::toBytes).orElse(new byte[0]));
        } catch (Throwable e) {
            if (abort == null) {
                // Failures the runtime found were reported where found; this one is the program's.
                reportFailure(ErrorCode.PEER_FAILED, self + " failed in superstep " + superstep + ": "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + Coordinator.describe(e)));
            }
        }
    }

    /** Leaves the host's sampling, if this peer still takes part; what it was handed, if anything. */
    private synchronized Optional<HostSamples> leaveSampling() {
        Optional<HostSamples> samples = sampling.map(HostSampler.Participation::leave);
        sampling = Optional.empty();
        return samples;
    }

    private BspProgram newProgram() throws ReflectiveOperationException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Class<?> type = Class.forName(job.programClass(), true, loader == null ? getClass().getClassLoader() : loader);
        return (BspProgram) type.getConstructor().newInstance();
    }

    private void readControl() {
        try {
            DataInputStream in = control.in();
            while (true) {
                byte type = in.readByte();
                if (type == ControlChannel.FINISH) {
                    synchronized (this) {
                        finished = true;
                        notifyAll();
                    }
                    return;
                } else if (type == ControlChannel.ABORT) {
                    int code = in.readInt();
                    abort(new BenchException(Coordinator.errorCode(code), in.readUTF()));
                    return;
                } else {
                    throw new IOException("unknown BSP control message " + type);
                }
            }
        } catch (IOException e) {
            abort(new BenchException(ErrorCode.PEER_UNREACHABLE, "lost the connection to the BSP coordinator at "
                    + coordinator + " in superstep " + superstep + ": " + Coordinator.describe(e)));
        }
    }

    private void abort(BenchException reason) {
        synchronized (this) {
            if (finished || abort != null) {
                return;
            }
            abort = reason;
            notifyAll();
        }
        closeLinks();
        ledger.wake();
        Thread program = programThread;
        if (program != null) {
            program.interrupt();
        }
    }

    private synchronized void awaitEnd() throws InterruptedException {
        while (!finished && abort == null) {
            wait();
        }
    }

    private void closeLinks() {
        closeQuietly(listener);
        for (SocketChannel channel : handshaking) {
            closeQuietly(channel);
        }
        for (OutboundLink link : outbound) {
            if (link != null) {
                link.close();
            }
        }
        synchronized (inbound) {
            for (InboundLink link : inbound) {
                link.close();
            }
        }
    }

    /** Sends this peer's failure to the coordinator, once; it aborts the job. */
    private void reportFailure(ErrorCode code, String message) {
        if (failureReported.compareAndSet(false, true)) {
            try {
                control.sendFailure(ControlChannel.FAILED, code.code(), message);
            } catch (IOException e) {
                abort(new BenchException(code, message));
            }
        }
    }

    /** The watchdog saw no progress on the link to {@code peer} for the failure timeout. */
    private void peerSilent(int peer) {
        String message = job.peer(peer) + " stopped answering " + self + " in superstep " + superstep
                + ": no progress for " + Coordinator.seconds(job.timeoutMillis());
        silentPeer = message;
        reportFailure(ErrorCode.PEER_FAILED, message);
        outbound[peer].close();
    }

    /** The exception for a program call whose link failed; reports the failure if nobody has. */
    private BenchException linkFailed(OutboundLink link, IOException e) throws InterruptedException {
        if (abort != null) {
            return abort;
        }
        if (silentPeer != null) {
            return new BenchException(ErrorCode.PEER_FAILED, silentPeer);
        }
        if (e instanceof ClosedByInterruptException) {
            throw new InterruptedException("interrupted while talking to " + link.destination());
        }
        String message = self + " lost its connection to " + link.destination() + " in superstep " + superstep
                + ": " + Coordinator.describe(e);
        reportFailure(ErrorCode.PEER_FAILED, message);
        return new BenchException(ErrorCode.PEER_FAILED, message);
    }

    // Called by the inbound links.

    ReceiptLedger ledger() {
        return ledger;
    }

    void awaitHandlerFixed() throws InterruptedException {
        handlerFixed.await();
    }

    void deliver(int source, int step, ByteBuffer message) {
        deliveryLock.lock();
        try {
            handler.onMessage(source, step, message);
        } finally {
            deliveryLock.unlock();
        }
    }

    /** An authenticated peer sent what the protocol forbids: its messages cannot be trusted, so the job fails. */
    void linkBroke(int source, String what) {
        reportFailure(ErrorCode.PEER_FAILED, self + " closed its data connection from " + job.peer(source) + ", which "
                + what);
    }

    void handlerFailed(int step, RuntimeException e) {
        reportFailure(ErrorCode.PEER_FAILED, self + " failed in superstep " + step + ": its message handler threw "
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + Coordinator.describe(e)));
    }

    // BspPeer, for the program thread.

    @Override
    public int index() {
        return index;
    }

    @Override
    public int count() {
        return job.count();
    }

    @Override
    public String host() {
        return self.host();
    }

    @Override
    public int superstep() {
        return superstep;
    }

    @Override
    public void setMessageHandler(MessageHandler handler) {
        this.handler = Objects.requireNonNull(handler, "handler is null");
    }

    @Override
    public void send(int destination, byte[] message, int offset, int length) throws InterruptedException {
        Objects.checkFromIndexSize(offset, length, message.length);
        send(destination, ByteBuffer.wrap(message, offset, length));
    }

    @Override
    public void send(int destination, ByteBuffer message) throws InterruptedException {
        Objects.checkIndex(destination, job.count());
        int length = message.remaining();
        if (length > MAX_MESSAGE_BYTES) {
            throw new IllegalArgumentException("a message of " + length + " bytes is larger than the "
                    + MAX_MESSAGE_BYTES + " a BSP message may have");
        }
        usable();
        fixHandler();
        messagesSent++;
        if (destination == index) {
            // The sender's own bytes, handed over before send returns; the handler may read them, not change them.
            deliver(index, superstep, message.slice().asReadOnlyBuffer());
            message.position(message.limit());
            ledger.add(index, length);
            bytesSentLocal += length;
            return;
        }
        OutboundLink link = outbound[destination];
        try {
            link.send(message);
        } catch (IOException e) {
            throw linkFailed(link, e);
        }
        bytesSentRemote += length;
    }

    @Override
    public void flush() throws InterruptedException {
        usable();
        fixHandler();
        flushLinks();
    }

    /** Sends a FLUSH marker on every link and waits until each destination has acknowledged it. */
    private void flushLinks() throws InterruptedException {
        markLinks(Frames.FLUSH);
        for (OutboundLink link : outbound) {
            if (link != null) {
                try {
                    link.awaitAcknowledgement(superstep);
                } catch (IOException e) {
                    throw linkFailed(link, e);
                }
            }
        }
    }

    /** Writes what is bundled for every destination, then {@code marker} of this superstep. */
    private void markLinks(int marker) throws InterruptedException {
        for (OutboundLink link : outbound) {
            if (link != null) {
                try {
                    link.mark(marker, superstep);
                } catch (IOException e) {
                    throw linkFailed(link, e);
                }
            }
        }
    }

    @Override
    public void awaitReceived(int source, long bytes) throws InterruptedException {
        Objects.checkIndex(source, job.count());
        usable();
        fixHandler();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(job.timeoutMillis());
        long got = ledger.received(source, superstep);
        while (got < bytes) {
            usable();
            if (System.nanoTime() - deadline >= 0) {
                String message = self + " received " + got + " of " + bytes + " bytes from " + job.peer(source)
                        + " in superstep " + superstep + " within " + Coordinator.seconds(job.timeoutMillis());
                reportFailure(ErrorCode.PEER_FAILED, message);
                throw new BenchException(ErrorCode.PEER_FAILED, message);
            }
            got = ledger.await(source, superstep, bytes, deadline);
        }
    }

    /**
     * Ends the superstep among the peers, with no round trip through the coordinator: this peer writes what is
     * bundled and an end-of-superstep marker to every destination, notes to the coordinator that it entered the
     * barrier (so that a peer that never comes can be named), and waits until every source's marker has arrived
     * here, after all its messages. A peer writes its markers only in its own sync, so once every source's marker is
     * here every peer has entered this barrier and every message of the superstep sent here has been delivered: the
     * markers are the barrier.
     */
    @Override
    public SuperstepTiming sync() throws InterruptedException {
        usable();
        fixHandler();
        long syncStart = System.nanoTime();
        markLinks(Frames.END_OF_STEP);
        ledger.endStep(index, superstep);
        enterBarrier();
        long flushed = System.nanoTime();
        awaitEndsOfStep();
        long ended = System.nanoTime();
        long received = 0;
        for (int source = 0; source < job.count(); source++) {
            received += ledger.received(source, superstep);
        }
        SuperstepTiming timing = new SuperstepTiming(superstep, syncStart - stepStartNanos, flushed - syncStart,
                ended - flushed, messagesSent, bytesSentRemote, bytesSentLocal, received);
        superstep++;
        stepStartNanos = ended;
        messagesSent = 0;
        bytesSentRemote = 0;
        bytesSentLocal = 0;
        return timing;
    }

    /** Waits until every other peer's end-of-superstep marker has arrived, within the failure timeout. */
    private void awaitEndsOfStep() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(job.timeoutMillis());
        for (int source = 0; source < job.count(); source++) {
            while (source != index && !ledger.awaitEnd(source, superstep, deadline)) {
                usable();
                if (System.nanoTime() - deadline >= 0) {
                    String message = job.peer(source) + " did not end superstep " + superstep + " at " + self
                            + " within " + Coordinator.seconds(job.timeoutMillis());
                    reportFailure(ErrorCode.PEER_FAILED, message);
                    throw new BenchException(ErrorCode.PEER_FAILED, message);
                }
            }
        }
    }

    private void enterBarrier() {
        try {
            control.sendStep(ControlChannel.ENTER, superstep);
        } catch (IOException e) {
            throw usableOr(new BenchException(ErrorCode.PEER_UNREACHABLE, "lost the connection to the BSP coordinator at "
                    + coordinator + " in superstep " + superstep + ": " + Coordinator.describe(e)));
        }
    }

    private void usable() {
        BenchException reason = abort;
        if (reason != null) {
            throw reason;
        }
    }

    private BenchException usableOr(BenchException otherwise) {
        BenchException reason = abort;
        return reason != null ? reason : otherwise;
    }

    private void fixHandler() {
        if (!handlerFixedByProgram) {
            handlerFixedByProgram = true;
            handlerFixed.countDown();
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (IOException ignored) {
                // Closing is all that is left to do with it.
            }
        }
    }
}
