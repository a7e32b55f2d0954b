package io.hbench.bsp.transport;

import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.ProvingListener;
import io.hbench.bsp.trust.RefusalLog;
import io.hbench.bsp.trust.RunSecret;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.BitSet;

/**
 * Everything that arrives at one peer's data listener, served by one thread with a selector however many
 * peers connect: it accepts connections, proves each ({@link ProvingListener}), and reads every proven
 * link as it becomes readable ({@link InboundLink#readable}). Links are read only once the program has
 * fixed its message handler ({@link #startReading}); until then they wait, and TCP holds their senders
 * back. A connection that does not prove the run's secret, or claims to be a peer that is not in the job
 * or is linked already, is closed and reported.
 *
 * <p>Lifecycle: {@link #start} starts the selector thread; {@link #close} ends it, and the thread closes
 * the listener and every connection as it ends; the caller joins it.
 */
public final class InboundLinks implements Closeable {
    private final Receiver peer;
    private final int count;
    private final int index;
    private final Selector selector;
    private final ProvingListener proving;
    /** The sources whose link is proven; the selector thread's. */
    private final BitSet linked = new BitSet();
    private volatile boolean reading;
    /** Whether every link proven before {@link #reading} was set has been told to read; the selector thread's. */
    private boolean readingAll;
    private volatile boolean closed;

    public InboundLinks(Receiver peer, ServerSocketChannel listener, int count, int index, RunSecret secret,
            Admission admission, RefusalLog refusals) throws IOException {
        this.peer = peer;
        this.count = count;
        this.index = index;
        this.selector = Selector.open();
        this.proving = new ProvingListener(listener, selector, secret, Handshake.DATA, admission, refusals, this::link);
    }

    /** Starts the selector thread and returns it. */
    public Thread start() {
        Thread thread = RuntimeSupport.daemon(this::run, RuntimeCensus.threadName(index, "inbound"));
        thread.start();
        return thread;
    }

    /** The program has fixed its handler: messages may be delivered from now on. */
    public void startReading() {
        reading = true;
        selector.wakeup();
    }

    private void run() {
        proving.run(() -> closed, this::readAllOnceReading, key -> serve(key, (InboundLink) key.attachment()));
    }

    /** Once the handler is fixed, every link proven so far starts being read; links proven later are read at once. */
    private void readAllOnceReading() {
        if (reading && !readingAll) {
            readingAll = true;
            for (SelectionKey key : selector.keys()) {
                if (key.isValid() && key.attachment() instanceof InboundLink) {
                    key.interestOps(SelectionKey.OP_READ);
                }
            }
        }
    }

    /**
     * A connection proven as {@code source}'s: refused unless it is another peer of the job with no link yet. It said
     * who it is in its handshake, so it has nothing else to register.
     */
    private boolean link(SelectionKey key, int source) throws ProtocolException {
        if (source < 0 || source >= count || source == index) {
            throw new ProtocolException("claimed to be peer " + source + ", not one of the other peers of this job of "
                    + count);
        }
        if (linked.get(source)) {
            throw new ProtocolException("claimed to be peer " + source + ", which is linked already");
        }
        linked.set(source);
        key.attach(peer.inboundLink((SocketChannel) key.channel(), source));
        key.interestOps(reading ? SelectionKey.OP_READ : 0);
        return true;
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

    /** Ends the selector thread, which closes the listener and every link as it ends. */
    @Override
    public void close() {
        closed = true;
        selector.wakeup();
    }
}
