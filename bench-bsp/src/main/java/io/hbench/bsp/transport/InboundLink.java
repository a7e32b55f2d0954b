package io.hbench.bsp.transport;

import io.hbench.bsp.BspPeer;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Another peer's connection to this one, in non-blocking mode, read by this peer's one inbound thread
 * ({@link InboundLinks}) into one fixed buffer whenever it is readable: every complete message is
 * handed to the peer's handler straight from that buffer, FLUSH markers are acknowledged once
 * everything before them has been delivered, barrier tokens go to the ledger. Nothing queues: while
 * the handler is slow, the buffer stays full and TCP holds the sender back. A message larger than the
 * buffer is gathered, over as many reads as it takes, in an array of its own size. A frame that breaks
 * {@link Frames} (a length above {@link BspPeer#MAX_MESSAGE_BYTES}, an unknown marker, a superstep out of
 * order, a token from a peer that is not this one's partner in any round) closes the link.
 */
public final class InboundLink {
    /**
     * Messages larger than the receive buffer but at most this size are read into one buffer kept for
     * the next; larger ones get a buffer of their own, so a link never holds more than this between
     * messages.
     */
    static final int KEPT_LARGE_BYTES = 1 << 20;
    /** Reads of one link in one turn of the selector. */
    private static final int READS_PER_TURN = 8;

    private final Receiver peer;
    private final SocketChannel channel;
    private final ByteBuffer buffer;
    private final ByteBuffer ack = ByteBuffer.allocateDirect(Integer.BYTES);
    /** Kept for the next message larger than {@link #buffer}, up to {@link #KEPT_LARGE_BYTES}. */
    private ByteBuffer large = ByteBuffer.allocateDirect(0);
    /** A message larger than {@link #buffer} while its bytes are still arriving; null otherwise. */
    private ByteBuffer gathering;
    private final int source;
    /** Whether the job ends supersteps with the direct barrier, whose END markers the source sends on this link. */
    private final boolean direct;
    /** The round of the dissemination barrier in which the source sends its tokens here; -1: none. */
    private final int round;
    /** The superstep the source's messages now belong to; -1 until it says. */
    private int superstep = -1;

    /** @param source the peer at the other end, as it proved in the handshake */
    public InboundLink(Receiver peer, SocketChannel channel, int source, boolean direct, int round, int bufferSize) {
        this.peer = peer;
        this.channel = channel;
        this.source = source;
        this.direct = direct;
        this.round = round;
        this.buffer = ByteBuffer.allocateDirect(bufferSize);
    }

    int source() {
        return source;
    }

    /** The superstep of the messages now arriving. */
    int superstep() {
        return superstep;
    }

    SocketChannel channel() {
        return channel;
    }

    /**
     * Reads what the connection holds and delivers what is complete: up to {@link #READS_PER_TURN} reads, so that one
     * busy sender does not keep the others waiting, and a turn costs one wait in the selector, not one per read.
     *
     * @throws EOFException when the other end has closed
     * @throws ProtocolException when it broke the framing
     */
    void readable() throws IOException {
        for (int reads = 0; reads < READS_PER_TURN; reads++) {
            if (gathering != null) {
                if (channel.read(gathering) < 0) {
                    throw new EOFException();
                }
                if (gathering.hasRemaining()) {
                    return;
                }
                ByteBuffer message = gathering.flip();
                gathering = null;
                peer.deliver(source, superstep, message);
                peer.ledger().add(source, superstep, message.limit());
            }
            int read = channel.read(buffer);
            if (read < 0) {
                throw new EOFException();
            }
            buffer.flip();
            deliverComplete();
            buffer.compact();
            stopAfterLargeMessage();
            if (read == 0) {
                return;
            }
        }
    }

    private void deliverComplete() throws IOException {
        long delivered = 0;
        try {
            while (buffer.remaining() >= Frames.HEADER && gathering == null) {
                int start = buffer.position();
                int limit = buffer.limit();
                int header = buffer.getInt(start);
                if (header > BspPeer.MAX_MESSAGE_BYTES) {
                    throw new ProtocolException("sent a message of " + header + " bytes, more than the "
                            + BspPeer.MAX_MESSAGE_BYTES + " a message may have");
                }
                if (header >= 0) {
                    if (superstep < 0) {
                        throw new ProtocolException("sent a message before saying its superstep");
                    }
                    if (limit - start - Frames.HEADER >= header) {
                        int end = start + Frames.HEADER + header;
                        buffer.limit(end).position(start + Frames.HEADER);
                        peer.deliver(source, superstep, buffer);
                        buffer.limit(limit).position(end);
                        delivered += header;
                    } else if (Frames.HEADER + header > buffer.capacity()) {
                        buffer.position(start + Frames.HEADER);
                        gather(header);
                    } else {
                        break;
                    }
                } else {
                    if (limit - start < Frames.MARKER) {
                        break;
                    }
                    int step = buffer.getInt(start + Frames.HEADER);
                    buffer.position(start + Frames.MARKER);
                    peer.ledger().add(source, superstep, delivered);
                    delivered = 0;
                    marker(header, step);
                }
            }
        } finally {
            peer.ledger().add(source, superstep, delivered);
        }
    }

    private void marker(int marker, int step) throws IOException {
        if (marker == Frames.STEP) {
            // A sender is never ahead of this peer by more than the superstep after this one.
            if (step <= superstep || step > peer.superstepNow() + 1) {
                throw new ProtocolException("sent messages of superstep " + step + " in superstep " + superstep);
            }
            superstep = step;
        } else if (marker == Frames.FLUSH) {
            if (step != superstep) {
                throw new ProtocolException("asked for the delivery of superstep " + step + " in superstep "
                        + superstep);
            }
            acknowledge(step);
        } else if (marker == Frames.BARRIER) {
            if (round < 0 || !peer.ledger().token(round, step)) {
                throw new ProtocolException("sent a barrier token of superstep " + step + " it was not due");
            }
        } else if (marker == Frames.END) {
            if (!direct || !peer.ledger().ended(source, step)) {
                throw new ProtocolException("ended superstep " + step + " out of turn");
            }
        } else {
            throw new ProtocolException("sent marker " + marker + " of superstep " + step);
        }
    }

    /**
     * When the buffer starts with a message of a quarter of it or more, the next read stops after that message and the
     * next header, so the next compaction moves a header, not the start of another large message. Smaller messages
     * are read as many at a time as fit: their partial ends are cheap to move.
     */
    private void stopAfterLargeMessage() {
        if (buffer.position() < Frames.HEADER) {
            return;
        }
        int header = buffer.getInt(0);
        if (header >= buffer.capacity() / 4 && 2 * Frames.HEADER + header <= buffer.capacity()) {
            buffer.limit(2 * Frames.HEADER + header);
        }
    }

    /** The buffer holds the start of a message too large for it: the rest is read into a buffer of its size. */
    private void gather(int length) {
        ByteBuffer message;
        if (length <= KEPT_LARGE_BYTES) {
            if (large.capacity() < length) {
                large = ByteBuffer.allocateDirect(Math.max(length, Math.min(2 * large.capacity(), KEPT_LARGE_BYTES)));
            }
            message = large;
            message.clear().limit(length);
        } else {
            message = ByteBuffer.allocate(length);
        }
        message.put(buffer);
        gathering = message;
    }

    /**
     * Writes the acknowledgement. The sender waits for each before it sends another FLUSH, so at most four bytes are
     * ever on their way back and the socket's send buffer always takes them at once.
     */
    private void acknowledge(int step) throws IOException {
        ack.clear();
        ack.putInt(0, step);
        while (ack.hasRemaining()) {
            if (channel.write(ack) == 0) {
                Thread.onSpinWait();
            }
        }
    }

    void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with this link.
        }
    }
}
