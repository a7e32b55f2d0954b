package io.hbench.bsp;

import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Another peer's connection to this one, read by its own thread into one fixed buffer: every
 * complete message is handed to the peer's handler straight from that buffer, and markers are
 * acknowledged once everything before them has been delivered. Nothing queues: while the handler
 * is slow, the buffer stays full and TCP holds the sender back. A message larger than the buffer
 * is gathered in an array of its own size. A frame that breaks {@link Frames} (a length above
 * {@link BspPeer#MAX_MESSAGE_BYTES}, an unknown marker, a marker of another superstep) closes the link.
 *
 * <p>Lifecycle: {@link #run} ends when the connection closes, from either side.
 */
final class InboundLink implements Runnable {
    /**
     * Messages larger than the receive buffer but at most this size are read into one buffer kept for
     * the next; larger ones get a buffer of their own, so a link never holds more than this between
     * messages.
     */
    static final int KEPT_LARGE_BYTES = 1 << 20;

    private final PeerRuntime peer;
    private final SocketChannel channel;
    private final ByteBuffer buffer;
    private final ByteBuffer ack = ByteBuffer.allocateDirect(Integer.BYTES);
    /** Kept for the next message larger than {@link #buffer}, up to {@link #KEPT_LARGE_BYTES}. */
    private ByteBuffer large = ByteBuffer.allocateDirect(0);
    private final int source;
    private int superstep;

    /** @param source the peer at the other end, as it proved in the handshake */
    InboundLink(PeerRuntime peer, SocketChannel channel, int source, int bufferSize) {
        this.peer = peer;
        this.channel = channel;
        this.source = source;
        this.buffer = ByteBuffer.allocateDirect(bufferSize);
    }

    int source() {
        return source;
    }

    @Override
    public void run() {
        try {
            peer.awaitHandlerFixed();
            while (channel.read(buffer) >= 0) {
                buffer.flip();
                deliverComplete();
                buffer.compact();
                stopAfterLargeMessage();
            }
        } catch (ProtocolException e) {
            peer.linkBroke(source, e.getMessage());
        } catch (IOException e) {
            // Closed, by this peer at its end or by the sender; the coordinator hears of any death.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            peer.handlerFailed(superstep, e);
        } finally {
            close();
        }
    }

    private void deliverComplete() throws IOException {
        long delivered = 0;
        while (buffer.remaining() >= Frames.HEADER) {
            int start = buffer.position();
            int limit = buffer.limit();
            int header = buffer.getInt(start);
            if (header > BspPeer.MAX_MESSAGE_BYTES) {
                throw new ProtocolException("sent a message of " + header + " bytes, more than the "
                        + BspPeer.MAX_MESSAGE_BYTES + " a message may have");
            }
            if (header >= 0) {
                if (limit - start - Frames.HEADER >= header) {
                    int end = start + Frames.HEADER + header;
                    buffer.limit(end).position(start + Frames.HEADER);
                    peer.deliver(source, superstep, buffer);
                    buffer.limit(limit).position(end);
                    delivered += header;
                } else if (Frames.HEADER + header > buffer.capacity()) {
                    buffer.position(start + Frames.HEADER);
                    deliverLarge(header);
                    delivered += header;
                } else {
                    break;
                }
            } else {
                if (limit - start < Frames.MARKER) {
                    break;
                }
                int step = buffer.getInt(start + Frames.HEADER);
                if (header != Frames.FLUSH && header != Frames.END_OF_STEP || step != superstep) {
                    throw new ProtocolException("sent marker " + header + " of superstep " + step + " in superstep "
                            + superstep);
                }
                buffer.position(start + Frames.MARKER);
                peer.ledger().add(source, delivered);
                delivered = 0;
                if (header == Frames.END_OF_STEP) {
                    peer.ledger().endStep(source, step);
                    superstep = step + 1;
                } else {
                    acknowledge(step);
                }
            }
        }
        peer.ledger().add(source, delivered);
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

    /** The buffer holds the start of a message too large for it: the rest comes straight from the socket. */
    private void deliverLarge(int length) throws IOException {
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
        while (message.hasRemaining()) {
            if (channel.read(message) < 0) {
                throw new EOFException();
            }
        }
        message.flip();
        peer.deliver(source, superstep, message);
    }

    private void acknowledge(int step) throws IOException {
        ack.clear();
        ack.putInt(0, step);
        while (ack.hasRemaining()) {
            channel.write(ack);
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
