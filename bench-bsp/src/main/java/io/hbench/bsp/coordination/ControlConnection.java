package io.hbench.bsp.coordination;

import io.hbench.bsp.transport.HostAddresses;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The coordinator's end of one peer's control connection ({@link ControlChannel} is the peer's), in non-blocking
 * mode, so that the coordinator's one thread serves every peer: {@link #readable} gathers bytes until a whole message
 * is there and hands out each whole message as a stream; sends write the whole message before they return.
 */
final class ControlConnection {
    /** The largest message a peer sends: a report with its program's result and its host's samples, and headers. */
    private static final int MAX_MESSAGE = 2 * ControlChannel.MAX_BYTES + 64 * 1024;
    /**
     * The largest registration, a connection's first message: its type, index, host and port fit with room to spare,
     * so a connection that has not registered holds no more than this buffer.
     */
    private static final int MAX_REGISTRATION = 4096;
    /** How long a send waits for a peer that does not read; a live peer reads at once. */
    private static final long SEND_PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final SocketChannel channel;
    private final String remote;
    private ByteBuffer in = ByteBuffer.allocate(MAX_REGISTRATION);
    private Coordinator.Slot slot;

    ControlConnection(SocketChannel channel) {
        this.channel = channel;
        this.remote = HostAddresses.remote(channel.socket());
    }

    SocketChannel channel() {
        return channel;
    }

    String remote() {
        return remote;
    }

    /** The peer this connection registered as; null before it has. */
    Coordinator.Slot slot() {
        return slot;
    }

    void registered(Coordinator.Slot slot) {
        this.slot = slot;
    }

    /** What the coordinator does with one whole message, read from {@code message}, which holds nothing else. */
    @FunctionalInterface
    interface Handler {
        void handle(ControlConnection connection, DataInputStream message) throws IOException;
    }

    /**
     * Reads what the connection holds and hands every whole message to {@code handler}. A message is whole when the
     * handler reads it without running out of bytes; one that runs out leaves its bytes for the next read, so a
     * handler must read a message completely before it acts on it.
     *
     * @throws EOFException when the peer closed the connection
     * @throws ProtocolException when it sent more than any message may be, or text that is not text
     */
    void readable(Handler handler) throws IOException {
        if (!in.hasRemaining()) {
            if (slot == null) {
                throw new ProtocolException("sent a registration of more than " + MAX_REGISTRATION + " bytes");
            }
            if (in.capacity() >= MAX_MESSAGE) {
                throw new ProtocolException("sent a message of more than " + MAX_MESSAGE + " bytes");
            }
            ByteBuffer larger = ByteBuffer.allocate(Math.min(MAX_MESSAGE, 2 * in.capacity()));
            larger.put(in.flip());
            in = larger;
        }
        if (channel.read(in) < 0) {
            throw new EOFException("closed");
        }
        in.flip();
        try {
            while (in.hasRemaining()) {
                ByteBuffer view = in.duplicate();
                try {
                    handler.handle(this, new DataInputStream(new Remaining(view)));
                } catch (UTFDataFormatException e) {
                    throw new ProtocolException("sent text that is not modified UTF-8");
                } catch (EOFException e) {
                    break;
                }
                in.position(view.position());
            }
        } finally {
            in.compact();
        }
    }

    /**
     * A run of bytes in a message, after its length; fails as if the message were incomplete while they are not all
     * there, so that a large report is not copied again at every read that brings more of it.
     */
    static byte[] readBytes(DataInputStream message) throws IOException {
        int length = ControlChannel.length(message);
        if (message.available() < length) {
            throw new EOFException("incomplete");
        }
        byte[] bytes = new byte[length];
        message.readFully(bytes);
        return bytes;
    }

    void sendStart(int index, byte[] start) throws IOException {
        send(ByteBuffer.allocate(1 + Integer.BYTES + start.length).put(ControlChannel.START).putInt(index).put(start)
                .flip());
    }

    void sendFinish() throws IOException {
        send(ByteBuffer.wrap(new byte[] {ControlChannel.FINISH}));
    }

    /** ABORT, with its error code and one line. */
    void sendAbort(int errorCode, String message) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(ControlChannel.ABORT);
        out.writeInt(errorCode);
        out.writeUTF(ControlChannel.line(message));
        send(ByteBuffer.wrap(bytes.toByteArray()));
    }

    private synchronized void send(ByteBuffer message) throws IOException {
        long deadline = System.nanoTime() + SEND_PATIENCE_NANOS;
        while (message.hasRemaining()) {
            if (channel.write(message) == 0) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("the peer at " + remote + " took nothing for "
                            + TimeUnit.NANOSECONDS.toSeconds(SEND_PATIENCE_NANOS) + " s");
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }

    void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with it.
        }
    }

    /** The bytes of a buffer as a stream that ends where they do. */
    private static final class Remaining extends InputStream {
        private final ByteBuffer buffer;

        Remaining(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public int read() {
            return buffer.hasRemaining() ? buffer.get() & 0xff : -1;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (!buffer.hasRemaining()) {
                return -1;
            }
            int count = Math.min(length, buffer.remaining());
            buffer.get(bytes, offset, count);
            return count;
        }

        @Override
        public int available() {
            return buffer.remaining();
        }
    }
}
