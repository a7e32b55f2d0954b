package io.hbench.bsp.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;

/**
 * This peer's connection to one other peer, opened when the first message or barrier token goes
 * there and used only by the program thread: messages are copied into one bundle buffer and written
 * when it is full or flushed, so memory is bounded by the bundle size and a full connection blocks
 * the sender (TCP's flow control is ours). Large messages in direct buffers are written from where
 * they are. The link tags its messages with their superstep ({@link Frames#STEP}) and knows whether
 * anything has been sent since the destination last acknowledged a FLUSH.
 */
public final class OutboundLink {
    private final PeerAddress destination;
    private final SocketChannel channel;
    private final WritableByteChannel writer;
    private final Watchdog watchdog;
    private final ByteBuffer bundle;
    private final ByteBuffer ack = ByteBuffer.allocateDirect(Integer.BYTES);
    /** The superstep the messages last sent belong to, as the destination was told; -1: none sent yet. */
    private int taggedStep = -1;
    /** Whether a message has been sent since the last acknowledged FLUSH. */
    private boolean unacknowledged;

    public OutboundLink(PeerAddress destination, SocketChannel channel, WritableByteChannel writer, Watchdog watchdog,
            int bundleSize) {
        this.destination = destination;
        this.channel = channel;
        this.writer = writer;
        this.watchdog = watchdog;
        this.bundle = ByteBuffer.allocateDirect(bundleSize);
    }

    public PeerAddress destination() {
        return destination;
    }

    /** The superstep is over, so everything sent in it is delivered by the barrier's account (the direct barrier's). */
    public void ended() {
        unacknowledged = false;
    }

    /** Whether a message has been sent since the destination last acknowledged that all before was delivered. */
    public boolean unacknowledged() {
        return unacknowledged;
    }

    /**
     * Sends the remaining bytes of {@code message} as a message of {@code superstep}. A direct buffer of half a bundle
     * or more is written where it is, after what is bundled and its length, in one gathering write when the link
     * allows it; anything else is bundled.
     */
    public void send(ByteBuffer message, int superstep) throws IOException {
        unacknowledged = true;
        if (taggedStep != superstep) {
            if (bundle.remaining() < Frames.MARKER) {
                writeBundle();
            }
            bundle.putInt(Frames.STEP).putInt(superstep);
            taggedStep = superstep;
        }
        int length = message.remaining();
        if (!message.isDirect() || length < bundle.capacity() / 2) {
            if (bundle.remaining() < Frames.HEADER) {
                writeBundle();
            }
            bundle.putInt(length);
            while (message.hasRemaining()) {
                if (!bundle.hasRemaining()) {
                    writeBundle();
                }
                int limit = message.limit();
                message.limit(message.position() + Math.min(message.remaining(), bundle.remaining()));
                bundle.put(message);
                message.limit(limit);
            }
            return;
        }
        if (bundle.remaining() < Frames.HEADER) {
            writeBundle();
        }
        bundle.putInt(length).flip();
        if (writer instanceof GatheringByteChannel) {
            ByteBuffer[] both = {bundle, message};
            while (message.hasRemaining()) {
                watchdog.blockedOn(destination.index());
                try {
                    ((GatheringByteChannel) writer).write(both);
                } finally {
                    watchdog.unblocked();
                }
            }
        } else {
            writeFully(bundle);
            writeFully(message);
        }
        bundle.clear();
    }

    /** Writes what is bundled and a marker; the destination acknowledges it after delivering the rest. */
    public void mark(int marker, int superstep) throws IOException {
        if (bundle.remaining() < Frames.MARKER) {
            writeBundle();
        }
        bundle.putInt(marker).putInt(superstep);
        writeBundle();
    }

    public void awaitAcknowledgement(int superstep) throws IOException {
        ack.clear();
        while (ack.hasRemaining()) {
            watchdog.blockedOn(destination.index());
            try {
                if (channel.read(ack) < 0) {
                    throw new EOFException("connection closed");
                }
            } finally {
                watchdog.unblocked();
            }
        }
        int acknowledged = ack.getInt(0);
        if (acknowledged != superstep) {
            throw new IOException("acknowledgement of superstep " + acknowledged + " in superstep " + superstep);
        }
        unacknowledged = false;
    }

    private void writeBundle() throws IOException {
        bundle.flip();
        writeFully(bundle);
        bundle.clear();
    }

    private void writeFully(ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            watchdog.blockedOn(destination.index());
            try {
                writer.write(buffer);
            } finally {
                watchdog.unblocked();
            }
        }
    }

    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with this link.
        }
    }
}
