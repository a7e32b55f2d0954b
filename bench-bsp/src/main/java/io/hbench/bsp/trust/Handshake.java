package io.hbench.bsp.trust;

import io.hbench.bsp.RuntimeSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;

/**
 * How every connection of a BSP run proves that both ends know the run's {@link RunSecret}, before
 * either reads anything else from it. The JDK's HMAC-SHA-256 does the cryptography; the exchange is
 * ours because no library in a Hadoop classpath offers a pre-shared-key handshake for plain sockets
 * (the JDK's TLS has no PSK suites, and Hadoop's SASL needs its RPC server).
 *
 * <pre>
 * server -> client  "HBSP", version, server nonce (16 bytes)
 * client -> server  purpose, int peer index (data links: the connecting peer's; control: -1),
 *                   client nonce (16 bytes), HMAC(secret, "hbench-bsp client" | purpose | index | nonces)
 * server -> client  HMAC(secret, "hbench-bsp server" | purpose | index | nonces)
 * </pre>
 *
 * <p>Both nonces are fresh, so no proof seen on the wire is worth anything on another connection,
 * and the two directions are keyed with different labels, so neither proof can be reflected. The
 * server reads a fixed number of bytes within {@link #TIMEOUT} (less when its listener is crowded:
 * {@link Admission}) and answers only a client that has proven the secret. A server that closes or
 * leaves unanswered a connection before it has answered the client's proof may only be crowded, so
 * the client may try again ({@link Unanswered}). The messages after the handshake are not signed:
 * authentication costs once per connection, not per message (see docs/security.md for what that
 * leaves to the network).
 */
public final class Handshake {
    public static final byte CONTROL = 1;
    public static final byte DATA = 2;
    /** How long either end waits for the other's part of the handshake (a crowded listener less: {@link Admission}). */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    /**
     * The most connections one listener holds in their handshake at once, unless a test says otherwise
     * ({@link Admission}); one more makes room by closing one of them ({@link ProvingListener}). A handshake in
     * progress costs a listener a buffer, not a thread, so a job's peers may all connect to the coordinator at once.
     */
    public static final int MAX_PENDING = 1024;

    private static final byte[] MAGIC = "HBSP".getBytes(StandardCharsets.US_ASCII);
    /**
     * 3: peers connect where their messages go, tag messages with their superstep and end a superstep with a
     * dissemination barrier.
     */
    private static final byte VERSION = 3;
    private static final int NONCE = 16;
    private static final int PROOF = 32;
    /** The client's hello: purpose, index, nonce and proof. */
    private static final int HELLO = 1 + Integer.BYTES + NONCE + PROOF;
    private static final byte[] CLIENT = "hbench-bsp client".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER = "hbench-bsp server".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

    /**
     * The server's side, on a blocking connection just accepted: returns the peer index the client claims, proven with
     * the secret but not yet checked against the job. Listeners use {@link Server} on their selector thread instead.
     *
     * @throws ProtocolException if the client did not prove the secret or asked for another purpose; the caller closes
     *     the connection and reports the message, which says what the client did ("did not prove the run's secret")
     */
    public static int accept(Socket socket, RunSecret secret, byte purpose) throws IOException {
        Server server = new Server(secret, purpose);
        int timeout = socket.getSoTimeout();
        try {
            OutputStream out = socket.getOutputStream();
            out.write(server.greeting());
            out.flush();
            byte[] hello = new byte[HELLO];
            readFully(socket, hello, deadline());
            server.hello.put(hello);
            int index = server.verify();
            out.write(server.answer());
            out.flush();
            return index;
        } finally {
            socket.setSoTimeout(timeout);
        }
    }

    /**
     * The server's side of one handshake as a value, so that a listener's selector thread can hold many at once and
     * needs no thread per connection: send {@link #greeting}, gather the client's hello into {@link #hello} (the
     * listener keeps the time), {@link #verify} it, send {@link #answer}.
     */
    static final class Server {
        private final RunSecret secret;
        private final byte purpose;
        private final byte[] serverNonce = nonce();
        final ByteBuffer hello = ByteBuffer.allocate(HELLO);
        private byte[] answer;

        Server(RunSecret secret, byte purpose) {
            this.secret = secret;
            this.purpose = purpose;
        }

        byte[] greeting() {
            return ByteBuffer.allocate(MAGIC.length + 1 + NONCE).put(MAGIC).put(VERSION).put(serverNonce).array();
        }

        /**
         * Checks the hello gathered in {@link #hello}: returns the peer index the client claims, proven with the secret,
         * and makes the {@link #answer}.
         *
         * @throws ProtocolException if the client did not prove the secret or asked for another purpose
         */
        int verify() throws ProtocolException {
            ByteBuffer fields = hello.duplicate().flip();
            byte claimedPurpose = fields.get();
            int index = fields.getInt();
            byte[] clientNonce = new byte[NONCE];
            fields.get(clientNonce);
            byte[] proof = new byte[PROOF];
            fields.get(proof);
            Mac mac = secret.newMac();
            if (!MessageDigest.isEqual(proof, sign(mac, CLIENT, claimedPurpose, index, serverNonce, clientNonce))) {
                throw new ProtocolException("did not prove the run's secret");
            }
            if (claimedPurpose != purpose) {
                throw new ProtocolException("asked for a " + name(claimedPurpose) + " connection at a " + name(purpose)
                        + " port");
            }
            answer = sign(mac, SERVER, purpose, index, serverNonce, clientNonce);
            return index;
        }

        /** The server's proof, once {@link #verify} has passed. */
        byte[] answer() {
            return answer;
        }

        /** The failure of a client that has not sent its hello within {@code timeout}. */
        static ProtocolException tooSlow(Duration timeout) {
            return new ProtocolException("did not finish the handshake within "
                    + RuntimeSupport.seconds(timeout.toMillis()));
        }

        /** The failure of a client that closed its connection before its hello was whole. */
        static ProtocolException closedEarly() {
            return new ClosedEarly();
        }
    }

    /**
     * The client's side, on a connection just made to {@code server}'s listener.
     *
     * @throws Unanswered if the server closed the connection, or left it unanswered, before it answered this end's
     *     proof: a crowded listener does that to the connections it makes room with, and another try may pass
     * @throws ProtocolException if the other end is not an hbench BSP listener of this version, refused this end's
     *     proof or did not prove the secret; the message says what the server did ("did not prove the run's secret")
     */
    public static void connect(Socket socket, RunSecret secret, byte purpose, int index) throws IOException {
        byte[] greeting = new byte[MAGIC.length + 1 + NONCE];
        byte[] serverProof = new byte[PROOF];
        int timeout = socket.getSoTimeout();
        long deadline = deadline();
        try {
            try {
                readFromServer(socket, greeting, deadline);
            } catch (ClosedEarly e) {
                throw new Unanswered(e.getMessage());
            }
            ByteBuffer fields = ByteBuffer.wrap(greeting);
            byte[] magic = new byte[MAGIC.length];
            fields.get(magic);
            if (!MessageDigest.isEqual(magic, MAGIC)) {
                throw new ProtocolException("is not an hbench BSP listener");
            }
            byte version = fields.get();
            if (version != VERSION) {
                throw new ProtocolException("speaks version " + version + " of the BSP protocol, this peer " + VERSION
                        + ": run the same hbench everywhere");
            }
            byte[] serverNonce = new byte[NONCE];
            fields.get(serverNonce);
            byte[] clientNonce = nonce();
            Mac mac = secret.newMac();
            ByteBuffer hello = ByteBuffer.allocate(HELLO).put(purpose).putInt(index)
                    .put(clientNonce).put(sign(mac, CLIENT, purpose, index, serverNonce, clientNonce));
            try {
                OutputStream out = socket.getOutputStream();
                out.write(hello.array());
                out.flush();
            } catch (IOException e) {
                throw new Unanswered("broke the connection during the handshake: " + RuntimeSupport.describe(e));
            }
            try {
                readFromServer(socket, serverProof, deadline);
            } catch (ClosedEarly e) {
                // A listener reads a proof that has arrived before it closes a connection to make room.
                throw new ProtocolException("refused this peer's proof of the run's secret (a peer of another run?)");
            }
            if (!MessageDigest.isEqual(serverProof, sign(mac, SERVER, purpose, index, serverNonce, clientNonce))) {
                throw new ProtocolException("did not prove the run's secret");
            }
        } finally {
            socket.setSoTimeout(timeout);
        }
    }

    private static byte[] sign(Mac mac, byte[] label, byte purpose, int index, byte[] serverNonce,
            byte[] clientNonce) {
        mac.update(label);
        mac.update(purpose);
        mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(index).array());
        mac.update(serverNonce);
        mac.update(clientNonce);
        return mac.doFinal();
    }

    /**
     * Reads a part of the server's handshake by {@code deadline} (a nanoTime): a server that breaks the connection or
     * keeps silent is {@link Unanswered}; one that closes it, the caller says what that means.
     */
    private static void readFromServer(Socket socket, byte[] bytes, long deadline) throws ClosedEarly, Unanswered {
        try {
            readFully(socket, bytes, deadline);
        } catch (ClosedEarly e) {
            throw e;
        } catch (ProtocolException e) {
            // Too slow: the only other failure readFully makes its own.
            throw new Unanswered(e.getMessage());
        } catch (IOException e) {
            throw new Unanswered("broke the connection during the handshake: " + RuntimeSupport.describe(e));
        }
    }

    /**
     * Reads a part of the handshake by {@code deadline} (a nanoTime), however slowly the other end trickles it; its
     * failures read as what the other end did, like every message here.
     */
    private static void readFully(Socket socket, byte[] bytes, long deadline) throws IOException {
        InputStream in = socket.getInputStream();
        int read = 0;
        while (read < bytes.length) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw Server.tooSlow(TIMEOUT);
            }
            socket.setSoTimeout((int) left);
            int count;
            try {
                count = in.read(bytes, read, bytes.length - read);
            } catch (SocketTimeoutException e) {
                continue;
            }
            if (count < 0) {
                throw new ClosedEarly();
            }
            read += count;
        }
    }

    /**
     * The server closed the connection, broke it or kept silent before it answered this end's proof: what a crowded
     * listener does to the connections it makes room with, so another try may pass. The message says what the server
     * did.
     */
    public static final class Unanswered extends ProtocolException {
        private static final long serialVersionUID = 1L;

        Unanswered(String message) {
            super(message);
        }
    }

    /** The other end closed the connection in the middle of the handshake. */
    private static final class ClosedEarly extends ProtocolException {
        private static final long serialVersionUID = 1L;

        ClosedEarly() {
            super("closed the connection during the handshake");
        }
    }

    private static long deadline() {
        return System.nanoTime() + TIMEOUT.toNanos();
    }

    private static byte[] nonce() {
        byte[] nonce = new byte[NONCE];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    private static String name(byte purpose) {
        return purpose == CONTROL ? "control" : purpose == DATA ? "data" : "unknown (" + purpose + ")";
    }
}
