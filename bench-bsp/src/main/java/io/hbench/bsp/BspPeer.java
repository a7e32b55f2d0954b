package io.hbench.bsp;

import java.nio.ByteBuffer;

/**
 * What a {@link BspProgram} sees of the runtime on one peer: who it is, how to send messages and how
 * to end a superstep. A superstep is the messages sent since the previous {@link #sync()}, then
 * {@code sync()} itself: flush (wait until every byte sent in this superstep has reached its
 * destination) and barrier (wait until every peer has flushed).
 *
 * <p>Methods are called from the program's one thread. Runtime failures (a peer that died, stopped
 * answering or cannot be reached) surface as {@link io.hbench.error.BenchException} naming the peer
 * and the superstep; they never leave a call blocked for longer than the job's failure timeout.
 */
public interface BspPeer {
    /**
     * The largest message {@link #send} takes: a receiver reads a larger one whole into memory, so the bound is what
     * any peer may have to hold at once for one message beyond its buffers.
     */
    int MAX_MESSAGE_BYTES = 64 << 20;

    /** This peer's index, from 0 to {@code count() - 1}. */
    int index();

    /** The number of peers in the job. */
    int count();

    /** The host this peer runs on, as the other peers reach it. */
    String host();

    /** The number of the current superstep, 0 for the first. */
    int superstep();

    /**
     * Sends one message of {@code length} bytes to peer {@code destination} (which may be this peer:
     * then it is delivered locally, without the network). The bytes are copied before this returns.
     * Messages to one destination are bundled; when the bounded send buffers are full this blocks
     * until the network has taken enough of them (flow control).
     *
     * @throws IllegalArgumentException if {@code length} is above {@link #MAX_MESSAGE_BYTES}
     */
    void send(int destination, byte[] message, int offset, int length) throws InterruptedException;

    /**
     * Sends the remaining bytes of {@code message} to peer {@code destination}, as {@link #send(int, byte[], int, int)}
     * does, and advances its position to its limit. A direct buffer of half a bundle or more goes to the network
     * straight from where it is, with no copy: what a program sends from outside the heap costs the CPU only the
     * kernel's copies. The bytes are taken before this returns.
     */
    default void send(int destination, ByteBuffer message) throws InterruptedException {
        byte[] bytes = new byte[message.remaining()];
        message.get(bytes);
        send(destination, bytes, 0, bytes.length);
    }

    /**
     * Receives every message delivered to this peer from now on, on a runtime thread, one call at a
     * time; replaces the previous one. Set it before this peer's first {@code send}, {@code flush},
     * {@code awaitReceived} or {@code sync}: messages that arrive earlier wait for that moment (held
     * back by flow control, not queued), so none is lost to a handler set late. Without a handler,
     * messages are counted and dropped.
     */
    void setMessageHandler(MessageHandler handler);

    /** Blocks until every byte sent in this superstep has been delivered to its destination. */
    void flush() throws InterruptedException;

    /**
     * Blocks until {@code bytes} bytes of messages from {@code source} have been delivered here in this
     * superstep. Messages leave their sender when its bundle for this peer fills or when it flushes,
     * so the sender must flush (or sync) for the last of them to arrive.
     */
    void awaitReceived(int source, long bytes) throws InterruptedException;

    /** Ends the superstep: flush, then barrier. Returns how its time divided and what it moved. */
    SuperstepTiming sync() throws InterruptedException;
}
