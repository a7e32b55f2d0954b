package io.hbench.bsp.coordination;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.MessageHandler;
import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.transport.Backoff;
import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.Frames;
import io.hbench.bsp.transport.InboundLink;
import io.hbench.bsp.transport.InboundLinks;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.transport.OutboundLink;
import io.hbench.bsp.transport.PeerAddress;
import io.hbench.bsp.transport.ReceiptLedger;
import io.hbench.bsp.transport.Receiver;
import io.hbench.bsp.transport.Watchdog;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.RefusalLog;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostSampler;
import io.hbench.resources.HostSamples;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One peer of a BSP job, wherever it runs (a map task, a thread, a process started by hand).
 *
 * <p>Lifecycle, once the peer has joined ({@link PeerBootstrap}): run the program on a thread of its own, flush what
 * it sent last, send the report, wait for FINISH. A peer connects to another only when its first message or barrier token goes there,
 * so a program that talks to a few partners holds a few connections whatever the job's size.
 *
 * <p>A superstep ends by the job's {@link Barrier}: the {@link DirectBarrier} (small jobs), an END marker to every
 * other peer, or the {@link DisseminationBarrier}, log N rounds of tokens once every link used has been flushed.
 * Either way the coordinator hears nothing of a barrier unless it is slow ({@link #PATIENCE_MILLIS}).
 *
 * <p>Threads, whatever N is: the control reader, the inbound selector ({@link InboundLinks}, which also
 * accepts and proves connections), the program and the watchdog: {@link #MAX_THREADS}. On ABORT (or the coordinator's loss) every
 * link closes, which unblocks the program's I/O, and the program thread is interrupted. When {@link #runJob}
 * returns, every socket is closed and every runtime thread has ended, except a program thread that
 * ignores interruption, which is a daemon left to itself.
 */
final class PeerRuntime implements BspPeer, Receiver {
    /** The threads of one peer's runtime, whatever the job's size. */
    static final int MAX_THREADS = 4;
    /**
     * How long a peer waits in a barrier before it tells the coordinator (ENTER), so that a peer that never comes, or
     * ended its program, can be named. A fast superstep costs the coordinator nothing.
     */
    static final long PATIENCE_MILLIS = 100;
    private static final MessageHandler DISCARD = (source, superstep, message) -> {
    };
    /** How long an aborted program gets to notice before join returns without it. */
    private static final long PROGRAM_GRACE_MILLIS = 5000;

    private final ControlChannel control;
    private final RunSecret secret;
    private final Consumer<String> refusals;
    private final Admission admission;
    private final String coordinator;
    private final ServerSocketChannel listener;
    private final JobStart job;
    private final int index;
    private final PeerAddress self;
    private final LinkDecorator links;
    private final ReceiptLedger ledger;
    /** Whether supersteps end with the direct barrier; otherwise the dissemination barrier. */
    private final boolean direct;
    /** The rounds of the dissemination barrier: ceil(log2 N); 0 with the direct barrier. */
    private final int rounds;
    private final SuperstepBarrier barrier;
    // Written by the program thread only; guarded by itself against closing while a link opens.
    private final OutboundLink[] outbound;
    private boolean linksClosed;
    private final List<Thread> threads = new ArrayList<>();
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private final Watchdog watchdog;
    private InboundLinks inbound;
    private volatile MessageHandler handler = DISCARD;
    private volatile BenchException abort;
    private volatile String silentPeer;
    private volatile Thread programThread;
    private boolean finished;
    /** The superstep the program is in; read by the inbound thread to check what senders say. */
    private volatile int superstep;

    // The program thread's own.
    private boolean handlerFixedByProgram;
    private long stepStartNanos;
    private long messagesSent;
    private long bytesSentRemote;
    private long bytesSentLocal;
    /** The links that carried a message since their last acknowledged FLUSH. */
    private final List<OutboundLink> unacknowledged = new ArrayList<>();
    // The host's resource sampling, left once: by the program thread with the report, or at the end of the job.
    private Optional<HostSampler.Participation> sampling;

    PeerRuntime(ControlChannel control, String coordinator, ServerSocketChannel listener, JobStart job,
            int index, LinkDecorator links, Optional<HostSampler.Participation> sampling, RunSecret secret,
            Consumer<String> refusals, Admission admission) {
        this.sampling = sampling;
        this.admission = admission;
        this.control = control;
        this.secret = secret;
        this.refusals = refusals;
        this.coordinator = coordinator;
        this.listener = listener;
        this.job = job;
        this.index = index;
        this.self = job.peer(index);
        this.links = links;
        this.direct = job.barrier() == Barrier.DIRECT;
        this.rounds = direct ? 0 : rounds(job.count());
        this.barrier = direct ? new DirectBarrier(this) : new DisseminationBarrier(this, rounds);
        this.ledger = new ReceiptLedger(job.count(), rounds);
        this.outbound = new OutboundLink[job.count()];
        this.watchdog = new Watchdog(RuntimeCensus.threadName(index, "watchdog"), job.timeoutMillis(), this::peerSilent);
    }

    /** ceil(log2 peers): the rounds of a dissemination barrier among them. */
    static int rounds(int peers) {
        return 32 - Integer.numberOfLeadingZeros(peers - 1);
    }

    /** Runs the job to its end: the program, the links and the threads that serve them, until FINISH or ABORT. */
    void runJob() throws InterruptedException {
        try {
            try {
                inbound = new InboundLinks(this, listener, job.count(), index, secret, admission,
                        new RefusalLog("BSP " + self, refusals));
            } catch (IOException e) {
                throw new BenchException(ErrorCode.PEER_UNREACHABLE, self + " cannot serve its data listener: "
                        + RuntimeSupport.describe(e), e);
            }
            synchronized (threads) {
                threads.add(inbound.start());
            }
            start(this::readControl, "control");
            Thread program = new Thread(this::runProgram, RuntimeCensus.threadName(index, "program"));
            program.setDaemon(true);
            programThread = program;
            program.start();
            awaitEnd();
            program.join(abort == null ? 0 : PROGRAM_GRACE_MILLIS);
            if (abort != null) {
                throw abort;
            }
        } finally {
            closeLinks();
            control.close();
            watchdog.close();
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
        Thread thread = RuntimeSupport.daemon(body, RuntimeCensus.threadName(index, name));
        synchronized (threads) {
            threads.add(thread);
        }
        thread.start();
    }

    /** This peer's link to {@code destination}, connected now if it is the first thing sent there. */
    OutboundLink outbound(int destination) throws InterruptedException {
        OutboundLink link = outbound[destination];
        if (link == null) {
            link = connect(destination);
        }
        return link;
    }

    /**
     * A proven link to {@code destination}. A peer whose listener is crowded may cut this peer's connection short, or not
     * take it for a while: then this peer tries again, with {@link Backoff}, for the job's failure timeout.
     */
    private OutboundLink connect(int destination) throws InterruptedException {
        PeerAddress address = job.peer(destination);
        Backoff backoff = Backoff.trying(Duration.ofMillis(job.timeoutMillis()));
        while (true) {
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                channel.socket().connect(new InetSocketAddress(address.host(), address.port()),
                        backoff.connectTimeoutMillis());
                channel.socket().setTcpNoDelay(true);
                Handshake.connect(channel.socket(), secret, Handshake.DATA, index);
                OutboundLink link = new OutboundLink(address, channel, links.decorate(index, destination, channel),
                        watchdog, job.bundleSize());
                synchronized (outbound) {
                    if (!linksClosed) {
                        outbound[destination] = link;
                        return link;
                    }
                }
                link.close();
                throw usableOr(new BenchException(ErrorCode.PEER_FAILED, self + " closed its links"));
            } catch (Handshake.Unanswered | SocketTimeoutException e) {
                RuntimeSupport.closeQuietly(channel);
                usable();
                if (!backoff.pause()) {
                    throw cannotConnect(destination, " " + backoff.spent() + ": " + RuntimeSupport.describe(e), e);
                }
            } catch (IOException | UnresolvedAddressException e) {
                RuntimeSupport.closeQuietly(channel);
                usable();
                throw cannotConnect(destination, ": " + RuntimeSupport.describe(e), e);
            }
        }
    }

    /** Reports, and returns, this peer's failure to connect to {@code destination}; {@code why} ends its line. */
    private BenchException cannotConnect(int destination, String why, Exception e) {
        PeerAddress address = job.peer(destination);
        String message = self + " cannot connect to peer " + destination + " at " + address.host() + ":"
                + address.port() + " in superstep " + superstep + why;
        reportFailure(ErrorCode.PEER_UNREACHABLE, message);
        return new BenchException(ErrorCode.PEER_UNREACHABLE, message, e);
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
            control.sendReport(started, elapsedNanos, superstep, HostSamples.localHost(), report == null ? new byte[0] : report,
                    leaveSampling().map(HostSamples::toBytes).orElse(new byte[0]));
        } catch (Throwable e) {
            if (abort == null) {
                // Failures the runtime found were reported where found; this one is the program's.
                reportFailure(ErrorCode.PEER_FAILED, self + " failed in superstep " + superstep + ": "
                        + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + RuntimeSupport.describe(e)));
            }
        }
    }

    /** Leaves the host's sampling, if this peer still takes part; what it was handed, if anything. */
    synchronized Optional<HostSamples> leaveSampling() {
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
                    abort(new BenchException(RuntimeSupport.errorCode(code), in.readUTF()));
                    return;
                } else {
                    throw new IOException("unknown BSP control message " + type);
                }
            }
        } catch (IOException e) {
            abort(new BenchException(ErrorCode.PEER_UNREACHABLE, "lost the connection to the BSP coordinator at "
                    + coordinator + " in superstep " + superstep + ": " + RuntimeSupport.describe(e)));
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
        RuntimeSupport.closeQuietly(listener);
        if (inbound != null) {
            inbound.close();
        }
        synchronized (outbound) {
            linksClosed = true;
            for (OutboundLink link : outbound) {
                if (link != null) {
                    link.close();
                }
            }
        }
    }

    /** Sends this peer's failure to the coordinator, once; it aborts the job. */
    private void reportFailure(ErrorCode code, String message) {
        if (failureReported.compareAndSet(false, true)) {
            try {
                control.sendFailure(code.code(), message);
            } catch (IOException e) {
                abort(new BenchException(code, message));
            }
        }
    }

    /** The watchdog saw no progress on the link to {@code peer} for the failure timeout. */
    private void peerSilent(int peer) {
        String message = job.peer(peer) + " stopped answering " + self + " in superstep " + superstep
                + ": no progress for " + RuntimeSupport.seconds(job.timeoutMillis());
        silentPeer = message;
        reportFailure(ErrorCode.PEER_FAILED, message);
        synchronized (outbound) {
            outbound[peer].close();
        }
    }

    /** The exception for a program call whose link failed; reports the failure if nobody has. */
    BenchException linkFailed(OutboundLink link, IOException e) throws InterruptedException {
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
                + ": " + RuntimeSupport.describe(e);
        reportFailure(ErrorCode.PEER_FAILED, message);
        return new BenchException(ErrorCode.PEER_FAILED, message);
    }

    // Receiver, for the inbound links.

    @Override
    public ReceiptLedger ledger() {
        return ledger;
    }

    @Override
    public int superstepNow() {
        return superstep;
    }

    /** A link from {@code source}, just proven: it takes the barrier's tokens of the round {@code source} is in. */
    @Override
    public InboundLink inboundLink(SocketChannel channel, int source) {
        int distance = Math.floorMod(index - source, job.count());
        int round = Integer.bitCount(distance) == 1 ? Integer.numberOfTrailingZeros(distance) : -1;
        // Twice the bundle: a message up to a bundle's size is handed over where it was read, uncopied.
        return new InboundLink(this, channel, source, direct, round < rounds ? round : -1, 2 * job.bundleSize());
    }

    @Override
    public void deliver(int source, int step, ByteBuffer message) {
        deliveryLock.lock();
        try {
            handler.onMessage(source, step, message);
        } finally {
            deliveryLock.unlock();
        }
    }

    @Override
    public void linkBroke(int source, String what) {
        reportFailure(ErrorCode.PEER_FAILED, self + " closed its data connection from " + job.peer(source) + ", which "
                + what);
    }

    @Override
    public void handlerFailed(int step, RuntimeException e) {
        reportFailure(ErrorCode.PEER_FAILED, self + " failed in superstep " + step + ": its message handler threw "
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + RuntimeSupport.describe(e)));
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
            ledger.add(index, superstep, length);
            bytesSentLocal += length;
            return;
        }
        OutboundLink link = outbound(destination);
        if (!link.unacknowledged()) {
            unacknowledged.add(link);
        }
        try {
            link.send(message, superstep);
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

    /**
     * Sends a FLUSH marker on every link that carried a message since its last one, then waits until each destination
     * has acknowledged it: every message sent so far has been delivered.
     */
    void flushLinks() throws InterruptedException {
        for (OutboundLink link : unacknowledged) {
            try {
                link.mark(Frames.FLUSH, superstep);
            } catch (IOException e) {
                throw linkFailed(link, e);
            }
        }
        for (OutboundLink link : unacknowledged) {
            try {
                link.awaitAcknowledgement(superstep);
            } catch (IOException e) {
                throw linkFailed(link, e);
            }
        }
        unacknowledged.clear();
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
                        + " in superstep " + superstep + " within " + RuntimeSupport.seconds(job.timeoutMillis());
                reportFailure(ErrorCode.PEER_FAILED, message);
                throw new BenchException(ErrorCode.PEER_FAILED, message);
            }
            got = ledger.await(source, superstep, bytes, deadline);
        }
    }

    /**
     * Ends the superstep among the peers, with no round trip through the coordinator, by the job's {@link Barrier}. When
     * it returns, every peer has entered the barrier and every message of the superstep sent here has been delivered.
     */
    @Override
    public SuperstepTiming sync() throws InterruptedException {
        usable();
        fixHandler();
        long syncStart = System.nanoTime();
        barrier.markEnd();
        BarrierWait wait = new BarrierWait(System.nanoTime());
        barrier.await(wait);
        long ended = System.nanoTime();
        SuperstepTiming timing = new SuperstepTiming(superstep, syncStart - stepStartNanos, wait.entered - syncStart,
                ended - wait.entered, messagesSent, bytesSentRemote, bytesSentLocal, ledger.total(superstep));
        superstep++;
        stepStartNanos = ended;
        messagesSent = 0;
        bytesSentRemote = 0;
        bytesSentLocal = 0;
        return timing;
    }

    /** Every other peer's link has carried this superstep's END marker: no link waits for an acknowledgement. */
    void linksEnded() {
        unacknowledged.clear();
    }

    /** What one barrier waits for: a token of a round, or a peer's end of superstep; true once it has arrived. */
    @FunctionalInterface
    interface Arrival {
        boolean await(long deadlineNanos) throws InterruptedException;
    }

    /**
     * This peer's wait in one barrier. A peer that has waited {@link #PATIENCE_MILLIS} tells the coordinator it is in
     * the barrier; one that has waited the failure timeout tells it which peer it still waits for, and the coordinator,
     * which knows who has entered, names the peers at fault and aborts the job.
     */
    final class BarrierWait {
        final long entered;
        private final long patience;
        private long deadline;
        private boolean told;
        private boolean stalled;

        BarrierWait(long entered) {
            this.entered = entered;
            this.patience = entered + TimeUnit.MILLISECONDS.toNanos(Math.min(PATIENCE_MILLIS, job.timeoutMillis() / 4));
            this.deadline = entered + TimeUnit.MILLISECONDS.toNanos(job.timeoutMillis());
        }

        void until(Arrival arrival, int awaited) throws InterruptedException {
            while (!arrival.await(told ? deadline : patience)) {
                usable();
                long now = System.nanoTime();
                if (!told && now - patience >= 0) {
                    told = true;
                    tellCoordinator(ControlChannel.ENTER, superstep, -1);
                } else if (!stalled && now - deadline >= 0) {
                    stalled = true;
                    tellCoordinator(ControlChannel.STALLED, superstep, awaited);
                    // The coordinator aborts the job; until then, keep waiting.
                    deadline = Long.MAX_VALUE;
                }
            }
        }
    }

    private void tellCoordinator(byte type, int step, int peer) {
        try {
            if (type == ControlChannel.STALLED) {
                control.sendStalled(step, peer);
            } else {
                control.sendStep(type, step);
            }
        } catch (IOException e) {
            throw usableOr(new BenchException(ErrorCode.PEER_UNREACHABLE, "lost the connection to the BSP coordinator at "
                    + coordinator + " in superstep " + superstep + ": " + RuntimeSupport.describe(e)));
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
            inbound.startReading();
        }
    }
}
