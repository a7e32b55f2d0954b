package io.hbench.bsp.coordination;

import io.hbench.bsp.transport.HostAddresses;
import io.hbench.bsp.trust.Handshake;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.Socket;
import java.time.Instant;

/**
 * A peer's end of its control connection to the coordinator, once {@link Handshake} has proven it
 * ({@link ControlConnection} is the coordinator's): small typed messages, each a type byte and a body,
 * sent at once (TCP_NODELAY, flushed per message) so that the coordinator hears of a failure when it
 * happens. Any thread may send; one thread reads.
 *
 * <pre>
 * REGISTER peer->coordinator  int index (-1: any free one), UTF host, int data port
 * START    coordinator->peer  int index, int count, long timeout ms, int bundle size, byte barrier (its ordinal:
 *                             DIRECT or DISSEMINATION), UTF program class,
 *                             int length + argument bytes, count x (UTF host, int port), long resource sampling
 *                             interval ms (0: none)
 * ENTER    peer->coordinator  int superstep            (this peer has waited in the barrier of s for a while;
 *                                                      unanswered, and never sent in a fast superstep)
 * STALLED  peer->coordinator  int superstep, int peer  (this peer has waited the failure timeout in the barrier
 *                                                      of s for a token from that peer)
 * REPORT   peer->coordinator  long epoch second, int nano, long elapsed ns (when the program started on the
 *                             peer's clock, how long it ran), int supersteps (the barriers it passed), UTF
 *                             host name (as its host's samples and every
 *                             task name the host), int length + bytes (the program's result),
 *                             int length + bytes (the host's resource samples handed to this peer; 0: none)
 * FAILED   peer->coordinator  int error code, UTF message naming the peer at fault and the superstep
 * FINISH   coordinator->peer                           (every report is in: close and leave)
 * ABORT    coordinator->peer  int error code, UTF message (the job failed: stop)
 * </pre>
 */
final class ControlChannel implements Closeable {
    static final byte REGISTER = 1;
    static final byte START = 2;
    static final byte ENTER = 3;
    static final byte STALLED = 4;
    static final byte REPORT = 5;
    static final byte FAILED = 6;
    static final byte FINISH = 7;
    static final byte ABORT = 8;

    /** writeUTF takes at most 64 KiB; a one-line reason is far shorter, a program's message may not be. */
    private static final int MAX_TEXT = 2000;
    /**
     * The largest report or set of resource samples a peer may send: an hour's samples at one a second are a few
     * megabytes. A larger length is a broken peer's, and is refused before anything is allocated for it.
     */
    static final int MAX_BYTES = 128 << 20;

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    ControlChannel(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /** For the one reading thread. */
    DataInputStream in() {
        return in;
    }

    String remote() {
        return HostAddresses.remote(socket);
    }

    synchronized void sendRegister(int index, String host, int port) throws IOException {
        out.writeByte(REGISTER);
        out.writeInt(index);
        out.writeUTF(host);
        out.writeInt(port);
        out.flush();
    }

    synchronized void sendStep(byte type, int superstep) throws IOException {
        out.writeByte(type);
        out.writeInt(superstep);
        out.flush();
    }

    synchronized void sendStalled(int superstep, int peer) throws IOException {
        out.writeByte(STALLED);
        out.writeInt(superstep);
        out.writeInt(peer);
        out.flush();
    }

    synchronized void sendReport(Instant start, long elapsedNanos, int supersteps, String hostName, byte[] report,
            byte[] resources) throws IOException {
        out.writeByte(REPORT);
        out.writeLong(start.getEpochSecond());
        out.writeInt(start.getNano());
        out.writeLong(elapsedNanos);
        out.writeInt(supersteps);
        out.writeUTF(line(hostName));
        out.writeInt(report.length);
        out.write(report);
        out.writeInt(resources.length);
        out.write(resources);
        out.flush();
    }

    synchronized void sendFailure(int errorCode, String message) throws IOException {
        out.writeByte(FAILED);
        out.writeInt(errorCode);
        out.writeUTF(line(message));
        out.flush();
    }

    /** A message cut to what a control message carries. */
    static String line(String message) {
        return message.length() > MAX_TEXT ? message.substring(0, MAX_TEXT) : message;
    }

    static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] bytes = new byte[length(in)];
        in.readFully(bytes);
        return bytes;
    }

    /** The length before a run of bytes, refused before anything is allocated for it if it is beyond the bound. */
    static int length(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_BYTES) {
            throw new ProtocolException("sent a length of " + length + " bytes, not from 0 to " + MAX_BYTES);
        }
        return length;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do with this connection.
        }
    }
}
