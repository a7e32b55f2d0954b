package io.hbench.bsp.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hbench.bsp.testing.RecordingSocket;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Both ends of a connection prove the run's secret, and nothing that does not know it gets an answer. */
@Timeout(60)
class HandshakeTest {
    private static final RunSecret SECRET = RunSecret.generate();

    @Test
    void endsThatShareTheSecretAgreeOnTheClaimedPeer() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Integer> claimed = serve(server, SECRET, Handshake.DATA);
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                Handshake.connect(client, SECRET, Handshake.DATA, 3);
            }

            assertThat(claimed.get(30, TimeUnit.SECONDS)).isEqualTo(3);
        }
    }

    @Test
    void aClientWithAnotherSecretIsRefusedAndHearsSo() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Integer> claimed = serve(server, SECRET, Handshake.CONTROL);
            Throwable clientSide;
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                clientSide = catchThrowable(() -> Handshake.connect(client, RunSecret.generate(), Handshake.CONTROL, -1));
            }

            assertThat(refusal(claimed)).isEqualTo("did not prove the run's secret");
            assertThat(clientSide).isInstanceOf(ProtocolException.class)
                    .hasMessage("refused this peer's proof of the run's secret (a peer of another run?)");
        }
    }

    @Test
    void aServerWithAnotherSecretIsNotBelieved() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            // A peer pointed at another run's coordinator: that coordinator refuses the proof, and says nothing.
            CompletableFuture<Integer> claimed = serve(server, RunSecret.generate(), Handshake.CONTROL);
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                Throwable clientSide = catchThrowable(() -> Handshake.connect(client, SECRET, Handshake.CONTROL, -1));

                assertThat(clientSide).isInstanceOf(ProtocolException.class)
                        .hasMessage("refused this peer's proof of the run's secret (a peer of another run?)");
            }
            assertThat(refusal(claimed)).isEqualTo("did not prove the run's secret");
        }
    }

    @Test
    void aRecordedHandshakeReplayedOnANewConnectionIsRefused() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Integer> first = serve(server, SECRET, Handshake.DATA);
            byte[] recorded;
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                RecordingSocket recording = new RecordingSocket(client);
                Handshake.connect(recording, SECRET, Handshake.DATA, 1);
                recorded = recording.written();
            }
            assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(1);

            CompletableFuture<Integer> replay = serve(server, SECRET, Handshake.DATA);
            try (Socket attacker = new Socket("127.0.0.1", server.getLocalPort())) {
                attacker.getInputStream().readNBytes(21);
                attacker.getOutputStream().write(recorded);

                assertThat(refusal(replay)).isEqualTo("did not prove the run's secret");
                assertThat(attacker.getInputStream().read()).as("no answer, only the close").isEqualTo(-1);
            }
        }
    }

    @Test
    void aDataConnectionAtAControlPortIsRefusedEvenWithTheSecret() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Integer> claimed = serve(server, SECRET, Handshake.CONTROL);
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                catchThrowable(() -> Handshake.connect(client, SECRET, Handshake.DATA, 0));
            }

            assertThat(refusal(claimed)).isEqualTo("asked for a data connection at a control port");
        }
    }

    @Test
    void aClientThatStopsHalfWayIsRefusedWithoutWaitingForTheTimeout() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Integer> claimed = serve(server, SECRET, Handshake.CONTROL);
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                client.getInputStream().readNBytes(21);
                client.getOutputStream().write(new byte[10]);
            }

            assertThat(refusal(claimed)).isEqualTo("closed the connection during the handshake");
        }
    }

    @Test
    void aListenerThatIsNotOursIsNamedAsSuch() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Void> http = CompletableFuture.runAsync(() -> {
                try (Socket socket = server.accept()) {
                    socket.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    socket.getInputStream().read();
                } catch (IOException e) {
                    // The client has gone.
                }
            });
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                assertThat(catchThrowable(() -> Handshake.connect(client, SECRET, Handshake.CONTROL, -1)))
                        .isInstanceOf(ProtocolException.class).hasMessage("is not an hbench BSP listener");
            }
            http.get(30, TimeUnit.SECONDS);
        }
    }

    /** Accepts one connection and runs the server's side of the handshake on it. */
    private static CompletableFuture<Integer> serve(ServerSocket server, RunSecret secret, byte purpose) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket socket = server.accept()) {
                return Handshake.accept(socket, secret, purpose);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
    }

    /** The message the server refused with. */
    private static String refusal(CompletableFuture<Integer> claimed) throws Exception {
        try {
            return "accepted peer " + claimed.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause().getCause()).isInstanceOf(ProtocolException.class);
            return e.getCause().getCause().getMessage();
        }
    }
}
