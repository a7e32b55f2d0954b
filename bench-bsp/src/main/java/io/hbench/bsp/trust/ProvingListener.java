package io.hbench.bsp.trust;

import io.hbench.bsp.RuntimeSupport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A listener's selector loop ({@link #run}), and its connections while they prove the run's secret
 * ({@link Handshake.Server}): a connection in its handshake costs a buffer, not a thread. One that does not prove the
 * secret in time, or at all, is closed and reported ({@link RefusalLog}). A proven one is handed to its owner
 * ({@link Proven}), whose keys the loop then hands back as they become ready.
 *
 * <p>Strangers cannot keep the run's own connections out by holding connections open. The listener holds at most
 * {@link Admission#places} connections in their handshake; when one more arrives it makes room by closing the oldest of
 * the address that holds the most, so idle connections give way to new ones, and one address's crowd gives way before
 * another's. While half the places or more are taken a handshake gets only {@link Admission#pressedTimeout}. A
 * connection is closed for either reason only after what it has sent is read, so one whose proof has arrived is proven,
 * not closed; a peer whose connection was closed tries again (see {@link io.hbench.bsp.transport.Backoff}).
 *
 * <p>A proven connection that does not say who it is in its handshake (the coordinator's, which register afterwards)
 * must register within {@link Admission#timeout}, and at most {@link Admission#places} may wait to at once: one more
 * makes room by closing the oldest, once what that one sent is read. They cost a buffer each, not a thread.
 *
 * <p>Used only by the selector thread that runs the loop.
 */
public final class ProvingListener {
    /**
     * What the listener does with a connection that has proven the secret: it takes over the connection's key, with a
     * new attachment and interest, and says whether the connection has registered; if not, it tells the listener when
     * it does ({@link #registered}). A refusal throws, with its reason.
     */
    @FunctionalInterface
    public interface Proven {
        boolean accept(SelectionKey key, int index) throws IOException;
    }

    private final ServerSocketChannel server;
    private final Selector selector;
    private final SelectionKey accepting;
    private final RunSecret secret;
    private final byte purpose;
    private final Admission admission;
    private final RefusalLog refusals;
    private final Proven proven;
    /** The connections in their handshake, oldest first. */
    private final Set<SelectionKey> handshaking = new LinkedHashSet<>();
    /** How many of them each address holds. */
    private final Map<InetAddress, Integer> held = new HashMap<>();
    /** The proven connections that have not registered yet, oldest first, with when each was proven (a nanoTime). */
    private final Map<SelectionKey, Long> unregistered = new LinkedHashMap<>();
    /** Where the loop hands the keys of proven connections: their owner's. */
    private Consumer<SelectionKey> ready;

    public ProvingListener(ServerSocketChannel server, Selector selector, RunSecret secret, byte purpose, Admission admission,
            RefusalLog refusals, Proven proven) throws IOException {
        this.server = server;
        this.selector = selector;
        this.secret = secret;
        this.purpose = purpose;
        this.admission = admission;
        this.refusals = refusals;
        this.proven = proven;
        server.configureBlocking(false);
        this.accepting = server.register(selector, SelectionKey.OP_ACCEPT);
    }

    /**
     * The selector thread's loop, until {@code stopped} says so: each turn waits for ready keys (no longer than until
     * a connection's time is up or a count of refusals is due), runs {@code eachTurn}, reads the handshakes that have
     * something to read, hands every other ready key to {@code proven}'s owner, {@code ready}, and then accepts new
     * connections, so that a proof that has arrived is read before its connection might be closed to make room.
     * However it ends, it closes every connection on the selector, the listener and the selector, and tells the
     * refusals still counted.
     */
    public void run(BooleanSupplier stopped, Runnable eachTurn, Consumer<SelectionKey> ready) {
        this.ready = ready;
        try {
            while (!stopped.getAsBoolean()) {
                selector.select(nextWait());
                eachTurn.run();
                boolean acceptable = false;
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key == accepting) {
                        acceptable = true;
                    } else if (key.attachment() instanceof Handshaking) {
                        read(key);
                    } else {
                        ready.accept(key);
                    }
                }
                selector.selectedKeys().clear();
                if (acceptable) {
                    accept();
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector failed: every connection closes with it below, and the other ends see that.
        } finally {
            for (SelectionKey key : selector.keys()) {
                RuntimeSupport.closeQuietly(key.channel());
            }
            handshaking.clear();
            held.clear();
            unregistered.clear();
            refusals.close();
            RuntimeSupport.closeQuietly(server);
            RuntimeSupport.closeQuietly(selector);
        }
    }

    /**
     * Accepts what has arrived, a turn's worth at most ({@link Admission#places}), so that a flood of connections
     * cannot keep the loop from reading proofs.
     */
    private void accept() {
        for (int i = 0; i < admission.places(); i++) {
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
            if (handshaking.size() >= admission.places()) {
                makeRoom();
            }
            Handshake.Server handshake = new Handshake.Server(secret, purpose);
            try {
                channel.configureBlocking(false);
                channel.socket().setTcpNoDelay(true);
                writeAll(channel, handshake.greeting());
                InetAddress from = channel.socket().getInetAddress();
                handshaking.add(channel.register(selector, SelectionKey.OP_READ,
                        new Handshaking(handshake, from, System.nanoTime())));
                held.merge(from, 1, Integer::sum);
            } catch (IOException e) {
                RuntimeSupport.closeQuietly(channel);
            }
        }
    }

    /**
     * Every place is taken: closes the oldest connection of the address that holds the most, once what it sent is read.
     * Connections held idle are the oldest, and a crowd from one address gives way before a peer from another.
     */
    private void makeRoom() {
        InetAddress crowd = null;
        int most = 0;
        for (Map.Entry<InetAddress, Integer> each : held.entrySet()) {
            if (each.getValue() > most) {
                crowd = each.getKey();
                most = each.getValue();
            }
        }
        for (SelectionKey key : handshaking) {
            if (((Handshaking) key.attachment()).from.equals(crowd)) {
                read(key);
                if (handshaking.contains(key)) {
                    drop(key, "had not finished the handshake when all " + admission.places() + " places for"
                            + " handshakes were taken, and was the oldest of the address that held the most");
                }
                return;
            }
        }
    }

    private void read(SelectionKey key) {
        SocketChannel channel = (SocketChannel) key.channel();
        Handshake.Server handshake = ((Handshaking) key.attachment()).handshake;
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
            if (!proven.accept(key, index)) {
                awaitRegistration(key);
            }
        } catch (ProtocolException e) {
            drop(key, e.getMessage());
        } catch (IOException e) {
            drop(key, "failed in the handshake: " + RuntimeSupport.describe(e));
        }
    }

    /** The owner has taken {@code key}'s registration: it no longer waits. */
    public void registered(SelectionKey key) {
        unregistered.remove(key);
    }

    /**
     * {@code key} has proven the secret and waits to register; if as many wait already, the oldest is closed to make
     * room, once what it sent is read.
     */
    private void awaitRegistration(SelectionKey key) {
        if (unregistered.size() >= admission.places()) {
            unregistered.keySet().removeIf(each -> !each.isValid());
        }
        if (unregistered.size() >= admission.places()) {
            SelectionKey oldest = unregistered.keySet().iterator().next();
            unlessRegistered(oldest, "proved the run's secret but had not registered when " + admission.places()
                    + " others waited to");
        }
        unregistered.put(key, System.nanoTime());
    }

    /** Closes, and reports, a proven connection, unless it registers with what it has sent. */
    private void unlessRegistered(SelectionKey key, String why) {
        if (key.isValid()) {
            ready.accept(key);
        }
        if (unregistered.remove(key) != null && key.isValid()) {
            drop(key, why);
        }
    }

    /**
     * Closes every connection whose time is up and tells the refusals due; returns how long the selector may wait for
     * the next of either, in milliseconds (0: as long as it takes).
     */
    private long nextWait() {
        long next = Math.min(Math.min(expire(), expireUnregistered()), refusals.flush());
        return next == Long.MAX_VALUE ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(next) + 1);
    }

    /**
     * Closes, and reports, every proven connection that has not registered in its time, once what it sent is read;
     * returns how long until the next one's time is up, in nanoseconds (Long.MAX_VALUE: none waits).
     */
    private long expireUnregistered() {
        long now = System.nanoTime();
        while (!unregistered.isEmpty()) {
            Map.Entry<SelectionKey, Long> oldest = unregistered.entrySet().iterator().next();
            long left = oldest.getValue() + admission.timeout().toNanos() - now;
            if (left > 0) {
                return left;
            }
            unlessRegistered(oldest.getKey(), "proved the run's secret but did not register within "
                    + RuntimeSupport.seconds(admission.timeout().toMillis()));
        }
        return Long.MAX_VALUE;
    }

    /**
     * Closes, and reports, every connection that has not proven the secret in its time, once what it sent is read;
     * returns how long until the next one's time is up, in nanoseconds (Long.MAX_VALUE: none is in a handshake). Every
     * connection gets the same time, which depends only on how many places are taken, so the oldest is the first whose
     * time is up.
     */
    private long expire() {
        long now = System.nanoTime();
        while (!handshaking.isEmpty()) {
            SelectionKey oldest = handshaking.iterator().next();
            boolean pressed = admission.pressed(handshaking.size());
            Duration timeout = pressed ? admission.pressedTimeout() : admission.timeout();
            long left = ((Handshaking) oldest.attachment()).since + timeout.toNanos() - now;
            if (left > 0) {
                return left;
            }
            read(oldest);
            if (handshaking.contains(oldest)) {
                drop(oldest, Handshake.Server.tooSlow(timeout).getMessage() + (pressed ? ", the time a handshake has"
                        + " while half the " + admission.places() + " places or more are taken" : ""));
            }
        }
        return Long.MAX_VALUE;
    }

    /** The connection is no longer in its handshake. */
    private void release(SelectionKey key) {
        if (handshaking.remove(key)) {
            held.computeIfPresent(((Handshaking) key.attachment()).from,
                    (from, count) -> count == 1 ? null : count - 1);
        }
    }

    /** Closes a connection refused in its handshake, and reports why, unless the connection is closed already. */
    private void drop(SelectionKey key, String why) {
        release(key);
        key.cancel();
        SocketChannel channel = (SocketChannel) key.channel();
        if (channel.isOpen()) {
            refusals.refused(channel, why);
        }
        RuntimeSupport.closeQuietly(channel);
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

    /** A connection in its handshake: where it comes from and since when (a nanoTime). */
    private static final class Handshaking {
        final Handshake.Server handshake;
        final InetAddress from;
        final long since;

        Handshaking(Handshake.Server handshake, InetAddress from, long since) {
            this.handshake = handshake;
            this.from = from;
            this.since = since;
        }
    }
}
