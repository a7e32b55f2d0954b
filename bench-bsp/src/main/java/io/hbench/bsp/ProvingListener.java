package io.hbench.bsp;

import java.io.Closeable;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A listener's selector loop ({@link #run}), and its connections while they prove the run's secret
 * ({@link Handshake.Server}): a connection in its handshake costs a buffer, not a thread. While
 * {@link Handshake#MAX_PENDING} are in their handshake the listener accepts no more, and the kernel's backlog holds the
 * rest. One that does not prove the secret in time, or at all, is closed and reported in one line. A proven one is
 * handed to its owner ({@link Proven}), whose keys the loop then hands back as they become ready.
 *
 * <p>Used only by the selector thread that runs the loop.
 */
final class ProvingListener {
    /**
     * What the listener does with a connection that has proven the secret: it takes over the connection's key, with a
     * new attachment and interest. A refusal throws, with its reason.
     */
    @FunctionalInterface
    interface Proven {
        void accept(SelectionKey key, int index) throws IOException;
    }

    private final ServerSocketChannel server;
    private final Selector selector;
    private final SelectionKey accepting;
    private final RunSecret secret;
    private final byte purpose;
    private final BiConsumer<SocketChannel, String> refuse;
    private final Proven proven;
    private final Set<SelectionKey> pending = new HashSet<>();

    ProvingListener(ServerSocketChannel server, Selector selector, RunSecret secret, byte purpose,
            BiConsumer<SocketChannel, String> refuse, Proven proven) throws IOException {
        this.server = server;
        this.selector = selector;
        this.secret = secret;
        this.purpose = purpose;
        this.refuse = refuse;
        this.proven = proven;
        server.configureBlocking(false);
        this.accepting = server.register(selector, SelectionKey.OP_ACCEPT);
    }

    /**
     * The selector thread's loop, until {@code stopped} says so: each turn waits for ready keys (no longer than the next
     * handshake's deadline), runs {@code eachTurn}, serves the listener's own keys and hands every other to
     * {@code proven}'s owner, {@code ready}. However it ends, it closes every connection on the selector, the listener
     * and the selector.
     */
    void run(BooleanSupplier stopped, Runnable eachTurn, Consumer<SelectionKey> ready) {
        try {
            while (!stopped.getAsBoolean()) {
                selector.select(expire());
                eachTurn.run();
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (owns(key)) {
                        serve(key);
                    } else {
                        ready.accept(key);
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector failed: every connection closes with it below, and the other ends see that.
        } finally {
            for (SelectionKey key : selector.keys()) {
                closeQuietly(key.channel());
            }
            pending.clear();
            closeQuietly(server);
            closeQuietly(selector);
        }
    }

    /** Whether {@code key} is this listener's, or one of its connections' in their handshake. */
    private boolean owns(SelectionKey key) {
        return key == accepting || key.attachment() instanceof Handshake.Server;
    }

    private void serve(SelectionKey key) {
        if (key == accepting) {
            accept();
        } else {
            read(key);
        }
    }

    private void accept() {
        while (pending.size() < Handshake.MAX_PENDING) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (IOException e) {
                // One failed accept is that connection's problem.
                return;
            }
            if (channel == null) {
                return;
            }
            Handshake.Server handshake = new Handshake.Server(secret, purpose);
            try {
                channel.configureBlocking(false);
                channel.socket().setTcpNoDelay(true);
                writeAll(channel, handshake.greeting());
                pending.add(channel.register(selector, SelectionKey.OP_READ, handshake));
            } catch (IOException e) {
                closeQuietly(channel);
            }
        }
        accepting.interestOps(0);
    }

    private void read(SelectionKey key) {
        SocketChannel channel = (SocketChannel) key.channel();
        Handshake.Server handshake = (Handshake.Server) key.attachment();
        try {
            if (channel.read(handshake.hello) < 0) {
                throw Handshake.Server.closedEarly();
            }
            if (handshake.hello.hasRemaining()) {
                return;
            }
            int index = handshake.verify();
            writeAll(channel, handshake.answer());
            release(key);
            key.attach(null);
            key.interestOps(0);
            proven.accept(key, index);
        } catch (ProtocolException e) {
            drop(key, e.getMessage());
        } catch (IOException e) {
            drop(key, "failed in the handshake: " + Coordinator.describe(e));
        }
    }

    /**
     * Closes, and reports, every connection that has not proven the secret by its deadline; returns how long until the
     * next deadline, in milliseconds (0: none pending), for the selector's wait.
     */
    private long expire() {
        long now = System.nanoTime();
        long next = Long.MAX_VALUE;
        for (SelectionKey key : Set.copyOf(pending)) {
            long deadline = ((Handshake.Server) key.attachment()).deadline;
            if (deadline - now <= 0) {
                drop(key, Handshake.Server.tooSlow().getMessage());
            } else {
                next = Math.min(next, deadline - now);
            }
        }
        return next == Long.MAX_VALUE ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(next) + 1);
    }

    /** The connection is no longer in its handshake: there is room for one more. */
    private void release(SelectionKey key) {
        pending.remove(key);
        if (accepting.isValid() && accepting.interestOps() == 0) {
            accepting.interestOps(SelectionKey.OP_ACCEPT);
        }
    }

    /** Closes a connection refused in its handshake, and reports why, unless the connection is closed already. */
    private void drop(SelectionKey key, String why) {
        release(key);
        key.cancel();
        SocketChannel channel = (SocketChannel) key.channel();
        if (channel.isOpen()) {
            refuse.accept(channel, why);
        }
        closeQuietly(channel);
    }

    /**
     * Writes a part of the handshake: a few dozen bytes on a connection that has sent nothing back yet, which its
     * socket's buffer always takes at once.
     */
    private static void writeAll(SocketChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        channel.write(buffer);
        if (buffer.hasRemaining()) {
            throw new ProtocolException("did not take " + bytes.length + " bytes of the handshake");
        }
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
    }
}
