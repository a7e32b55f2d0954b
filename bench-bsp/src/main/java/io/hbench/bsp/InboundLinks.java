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
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Everything that arrives at one peer's data listener, served by {@link #READERS} threads with a selector
 * each however many peers connect: the first also accepts connections and proves each
 * ({@link ProvingListener}); every proven link goes to the readers in turn, which read it as it becomes
 * readable ({@link InboundLink#readable}). Links are read only once the program has fixed its message
 * handler ({@link #startReading}); until then they wait, and TCP holds their senders back. A connection
 * that does not prove the run's secret, or claims to be a peer that is not in the job or is linked
 * already, is closed and reported.
 *
 * <p>Lifecycle: {@link #start} starts the readers' threads; {@link #close} ends them, and each closes
 * its links as it ends (the first, the listener too); the caller joins them.
 */
final class InboundLinks implements Closeable {
    /**
     * Threads that read inbound links, whatever the number of peers: one per core up to four, since copying what
     * arrives is a peer's main work in a bulk superstep and one thread alone holds a busy peer back.
     */
    static final int READERS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private final PeerRuntime peer;
    private final ServerSocketChannel listener;
    private final int count;
    private final int index;
    private final Reader[] readers = new Reader[READERS];
    private final ProvingListener proving;
    /** The sources whose link is proven; the first reader's. */
    private final BitSet linked = new BitSet();
    /** Which reader takes the next link; the first reader's. */
    private int next;
    private volatile boolean reading;
    private volatile boolean closed;

    InboundLinks(PeerRuntime peer, ServerSocketChannel listener, int count, int index, RunSecret secret)
            throws IOException {
        this.peer = peer;
        this.listener = listener;
        this.count = count;
        this.index = index;
        for (int i = 0; i < READERS; i++) {
            readers[i] = new Reader(i);
        }
        this.proving = new ProvingListener(listener, readers[0].selector, secret, Handshake.DATA, peer::refuse,
                this::link);
    }

    /** Starts the readers' threads and returns them. */
    List<Thread> start() {
        List<Thread> threads = new ArrayList<>();
        for (Reader reader : readers) {
            Thread thread = Coordinator.daemon(reader::run, "bsp-peer-" + index + "-inbound-" + reader.number);
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    /** The program has fixed its handler: messages may be delivered from now on. */
    void startReading() {
        reading = true;
        for (Reader reader : readers) {
            reader.selector.wakeup();
        }
    }

    /** A connection proven as {@code source}'s: refused unless it is another peer of the job with no link yet. */
    private void link(SelectionKey key, int source) throws ProtocolException {
        if (source < 0 || source >= count || source == index) {
            throw new ProtocolException("claimed to be peer " + source + ", not one of the other peers of this job of "
                    + count);
        }
        if (linked.get(source)) {
            throw new ProtocolException("claimed to be peer " + source + ", which is linked already");
        }
        linked.set(source);
        InboundLink link = peer.inboundLink((SocketChannel) key.channel(), source);
        Reader reader = readers[next++ % READERS];
        if (reader == readers[0]) {
            key.attach(link);
            key.interestOps(reading ? SelectionKey.OP_READ : 0);
        } else {
            // The channel leaves this selector and joins the other reader's; a channel may be in several at once.
            key.cancel();
            reader.adopt(link);
        }
    }

    /** Ends the readers' threads, which close the listener and every link as they end. */
    @Override
    public void close() {
        closed = true;
        for (Reader reader : readers) {
            reader.selector.wakeup();
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
    }

    /** One reading thread's selector and the links handed to it. */
    private final class Reader {
        final int number;
        final Selector selector;
        private final Queue<InboundLink> adopted = new ConcurrentLinkedQueue<>();

        Reader(int number) throws IOException {
            this.number = number;
            this.selector = Selector.open();
        }

        void adopt(InboundLink link) {
            adopted.add(link);
            selector.wakeup();
        }

        void run() {
            boolean first = number == 0;
            boolean readingAll = false;
            try {
                while (!closed) {
                    selector.select(first ? proving.expire() : 0);
                    for (InboundLink link = adopted.poll(); link != null; link = adopted.poll()) {
                        try {
                            link.channel().register(selector, reading ? SelectionKey.OP_READ : 0, link);
                        } catch (ClosedChannelException e) {
                            // Closed on the way here: the job is over.
                        }
                    }
                    if (reading && !readingAll) {
                        readingAll = true;
                        for (SelectionKey key : selector.keys()) {
                            if (key.isValid() && key.attachment() instanceof InboundLink) {
                                key.interestOps(SelectionKey.OP_READ);
                            }
                        }
                    }
                    for (SelectionKey key : selector.selectedKeys()) {
                        if (!key.isValid()) {
                            continue;
                        }
                        if (first && proving.owns(key)) {
                            proving.ready(key);
                        } else {
                            serve(key, (InboundLink) key.attachment());
                        }
                    }
                    selector.selectedKeys().clear();
                }
            } catch (IOException | ClosedSelectorException e) {
                // The selector failed: its links close below, and the job hears of it from the senders.
            } finally {
                if (first) {
                    proving.close();
                    closeQuietly(listener);
                }
                for (SelectionKey key : selector.keys()) {
                    closeQuietly(key.channel());
                }
                for (InboundLink link = adopted.poll(); link != null; link = adopted.poll()) {
                    link.close();
                }
                closeQuietly(selector);
            }
        }

        private void serve(SelectionKey key, InboundLink link) {
            try {
                link.readable();
                return;
            } catch (ProtocolException e) {
                peer.linkBroke(link.source(), e.getMessage());
            } catch (EOFException e) {
                // Closed by the sender, after its last message or in its death: the coordinator hears of any death.
            } catch (IOException e) {
                // Broken; the sender, or the coordinator, tells why.
            } catch (RuntimeException e) {
                peer.handlerFailed(link.superstep(), e);
            }
            key.cancel();
            link.close();
        }
    }
}
