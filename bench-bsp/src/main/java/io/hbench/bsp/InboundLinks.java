package io.hbench.bsp;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.BitSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Everything that arrives at one peer's data listener, served by one thread with a selector however many
 * peers connect: it accepts connections, hands each to a small pool that proves it ({@link Handshake}),
 * and reads every proven link as it becomes readable ({@link InboundLink#readable}). Links are read only
 * once the program has fixed its message handler ({@link #startReading}); until then they wait, and TCP
 * holds their senders back. A connection that does not prove the run's secret, or claims to be a peer
 * that is not in the job or is linked already, is closed and reported.
 *
 * <p>Threads: the selector thread, and up to {@link #HANDSHAKE_THREADS} while connections prove
 * themselves (they end after a second idle). At most {@link Handshake#MAX_PENDING} connections wait for
 * or are in a handshake; more are refused at once. Lifecycle: {@link #start} starts the selector thread;
 * {@link #close} closes the listener and every link, stops the pool and ends the selector thread, which
 * the caller joins.
 */
final class InboundLinks implements Closeable {
    /** Threads proving connections at once: a handshake is two short messages and two HMACs. */
    static final int HANDSHAKE_THREADS = 4;

    private final PeerRuntime peer;
    private final ServerSocketChannel listener;
    private final int count;
    private final int index;
    private final Selector selector;
    private final ThreadPoolExecutor handshakes;
    private final Queue<InboundLink> proven = new ConcurrentLinkedQueue<>();
    private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();
    // Guarded by itself: the sources whose link is proven.
    private final BitSet linked = new BitSet();
    private volatile boolean reading;
    private volatile boolean closed;
    private Thread thread;

    InboundLinks(PeerRuntime peer, ServerSocketChannel listener, int count, int index) throws IOException {
        this.peer = peer;
        this.listener = listener;
        this.count = count;
        this.index = index;
        this.selector = Selector.open();
        this.handshakes = new ThreadPoolExecutor(HANDSHAKE_THREADS, HANDSHAKE_THREADS, 1, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(Handshake.MAX_PENDING - HANDSHAKE_THREADS),
                runnable -> Coordinator.daemon(runnable, "bsp-peer-" + index + "-handshake"));
        handshakes.allowCoreThreadTimeOut(true);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
    }

    /** Starts the selector thread and returns it. */
    Thread start() {
        thread = Coordinator.daemon(this::run, "bsp-peer-" + index + "-inbound");
        thread.start();
        return thread;
    }

    /** The program has fixed its handler: messages may be delivered from now on. */
    void startReading() {
        reading = true;
        selector.wakeup();
    }

    /** Proven links at this moment. */
    int links() {
        synchronized (linked) {
            return linked.cardinality();
        }
    }

    private void run() {
        boolean readingAll = false;
        try {
            while (!closed) {
                selector.select();
                boolean readNow = reading;
                for (InboundLink link = proven.poll(); link != null; link = proven.poll()) {
                    try {
                        link.channel().register(selector, readNow ? SelectionKey.OP_READ : 0, link);
                    } catch (ClosedChannelException e) {
                        // Closed on the way here: the job is over.
                    }
                }
                if (readNow && !readingAll) {
                    readingAll = true;
                    for (SelectionKey key : selector.keys()) {
                        if (key.isValid() && key.attachment() != null) {
                            key.interestOps(SelectionKey.OP_READ);
                        }
                    }
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    serve(key);
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector failed or closed: the job is over, or every link closes with it below.
        } finally {
            closeAll();
        }
    }

    private void serve(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            accept();
            return;
        }
        InboundLink link = (InboundLink) key.attachment();
        try {
            link.readable();
        } catch (ProtocolException e) {
            key.cancel();
            close(link);
            peer.linkBroke(link.source(), e.getMessage());
        } catch (EOFException e) {
            // Closed by the sender, after its last message or in its death: the coordinator hears of any death.
            key.cancel();
            close(link);
        } catch (IOException e) {
            key.cancel();
            close(link);
        } catch (RuntimeException e) {
            key.cancel();
            close(link);
            peer.handlerFailed(link.superstep(), e);
        }
    }

    private void accept() {
        SocketChannel channel;
        try {
            channel = listener.accept();
        } catch (IOException e) {
            // One failed accept is that connection's problem.
            return;
        }
        if (channel == null) {
            return;
        }
        open.add(channel);
        try {
            handshakes.execute(() -> prove(channel));
        } catch (RejectedExecutionException e) {
            peer.refuse(channel, "arrived while " + Handshake.MAX_PENDING + " others were still proving the run's"
                    + " secret");
            close(channel);
        }
    }

    /** On a pool thread: proves the connection and, if it is another peer's first, hands it to the selector. */
    private void prove(SocketChannel channel) {
        try {
            int source = Handshake.accept(channel.socket(), peer.secret(), Handshake.DATA);
            if (source < 0 || source >= count || source == index) {
                throw new ProtocolException("claimed to be peer " + source + ", not one of the other peers of this"
                        + " job of " + count);
            }
            synchronized (linked) {
                if (linked.get(source)) {
                    throw new ProtocolException("claimed to be peer " + source + ", which is linked already");
                }
                linked.set(source);
            }
            channel.socket().setTcpNoDelay(true);
            channel.configureBlocking(false);
            proven.add(peer.inboundLink(channel, source));
            selector.wakeup();
            if (closed) {
                close(channel);
            }
        } catch (IOException e) {
            if (!closed) {
                peer.refuse(channel, e instanceof ProtocolException ? e.getMessage()
                        : "failed in the handshake: " + Coordinator.describe(e));
            }
            close(channel);
        }
    }

    private void close(InboundLink link) {
        close(link.channel());
    }

    private void close(SocketChannel channel) {
        open.remove(channel);
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
    }

    private void closeAll() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
        for (SocketChannel channel : open) {
            close(channel);
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
    }

    /** Closes the listener and every link, and ends the selector thread and the handshakes. */
    @Override
    public void close() {
        closed = true;
        handshakes.shutdownNow();
        for (SocketChannel channel : open) {
            close(channel);
        }
        try {
            listener.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
        selector.wakeup();
    }

    /** Waits for the handshake pool's threads to end. */
    boolean awaitHandshakes(long millis) throws InterruptedException {
        return handshakes.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
