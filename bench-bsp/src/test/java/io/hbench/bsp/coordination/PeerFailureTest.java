package io.hbench.bsp.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.testing.Refusals;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A failing, hanging, dying or absent peer ends the job with a message naming it and the superstep; never a hang. */
@Timeout(60)
class PeerFailureTest {
    private static final Duration SHORT = Duration.ofSeconds(2);
    private static final RunSecret SECRET = RunSecret.generate();
    private static final LinkSettings LINKS = new LinkSettings(4096, Barrier.AUTO);

    @Test
    void aProgramThatThrowsFailsTheJobNamingThePeerAndTheSuperstep() {
        BspJobSpec spec = BspJobSpec.builder("throws", TestPrograms.ThrowsOnce.class).peers(3)
                .arguments(TestPrograms.text("1 2")).build();

        BenchException failure = catchThrowableOfType(() -> new LocalBspRunner(new Configuration(false)).run(spec),
                BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
        assertThat(failure.getMessage())
                .matches("peer 1 \\(127\\.0\\.0\\.1:\\d+\\) failed in superstep 2: IllegalStateException: boom");
    }

    @ParameterizedTest(name = "{0} barrier")
    @ValueSource(strings = {"direct", "dissemination"})
    void aPeerThatHangsFailsTheJobWithinTheTimeoutNamingItAndTheSuperstep(String barrier) {
        // The peers waiting in the barrier tell the coordinator, which knows who has entered it and names who has not.
        BspJobSpec spec = BspJobSpec.builder("hangs", TestPrograms.HangsOnce.class).peers(3)
                .arguments(TestPrograms.text("1 1")).failureTimeout(SHORT).build();

        BenchException failure = catchThrowableOfType(() -> new LocalBspRunner(barrier(barrier)).run(spec),
                BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
        assertThat(failure.getMessage())
                .matches("peer 1 \\(127\\.0\\.0\\.1:\\d+\\) did not reach the barrier of superstep 1 within 2 s");
    }

    @Test
    void aTimeoutReadsInSecondsAsItWasSetEvenWhenNotWhole() {
        assertThat(RuntimeSupport.seconds(60_000)).isEqualTo("60 s");
        assertThat(RuntimeSupport.seconds(1_500)).isEqualTo("1.5 s");
        assertThat(RuntimeSupport.seconds(250)).isEqualTo("0.25 s");
    }

    @ParameterizedTest(name = "{0} barrier")
    @ValueSource(strings = {"direct", "dissemination"})
    void aPeerThatEndsItsProgramWhileOthersWaitInABarrierFailsTheJobWithoutWaitingForTheTimeout(String barrier) {
        // The timeout is far beyond this test's own: only the coordinator's bookkeeping of barriers can end it.
        BspJobSpec spec = BspJobSpec.builder("ends early", TestPrograms.EndsEarly.class).peers(3)
                .arguments(TestPrograms.text("1 1")).failureTimeout(Duration.ofMinutes(5)).build();

        BenchException failure = catchThrowableOfType(() -> new LocalBspRunner(barrier(barrier)).run(spec),
                BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
        // Whether the others' notes of the barrier come before the report or after decides who is named as waiting.
        assertThat(failure.getMessage()).matches("peer 1 \\(127\\.0\\.0\\.1:\\d+\\) ended its program after superstep 1"
                + " while (peer [02] \\(127\\.0\\.0\\.1:\\d+\\) waits|peers 0 \\(127\\.0\\.0\\.1:\\d+\\), 2"
                + " \\(127\\.0\\.0\\.1:\\d+\\) wait) in the barrier of superstep 1");
    }

    @Test
    void aPeerWhoseConnectionClosesFailsTheJobAsDeadInItsSuperstep() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("dies", TestPrograms.Hello.class).peers(2).build();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals())) {
            Thread real = RuntimeSupport.daemon(() -> {
                try {
                    PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), 0, "127.0.0.1",
                            new int[] {0, 0}, LinkDecorator.NONE, SECRET, new Refusals());
                } catch (BenchException | InterruptedException e) {
                    // The job fails, as the test expects.
                }
            }, "real peer");
            real.start();
            try (Socket fake = proven(coordinator)) {
                DataOutputStream out = new DataOutputStream(fake.getOutputStream());
                out.writeByte(ControlChannel.REGISTER);
                out.writeInt(1);
                out.writeUTF("127.0.0.1");
                out.writeInt(9);
                out.flush();
                assertThat(new DataInputStream(fake.getInputStream()).readByte()).isEqualTo(ControlChannel.START);
            }

            BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);

            assertThat(failure.getMessage()).isEqualTo("peer 1 (127.0.0.1:9) died; last heard of in superstep 0");
            real.join();
        }
    }

    @Test
    void aPeerThatReportsAnImpossibleRunTimeFailsTheJobAtOnce() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("garbled", TestPrograms.Hello.class).peers(2).build();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals());
                Socket peer0 = registered(coordinator, 0);
                Socket peer1 = registered(coordinator, 1)) {
            awaitStart(peer0);
            awaitStart(peer1);
            DataOutputStream out = new DataOutputStream(peer1.getOutputStream());
            out.writeByte(ControlChannel.REPORT);
            out.writeLong(0);
            out.writeInt(2_000_000_000);
            out.writeLong(1);
            out.writeInt(0);
            out.flush();

            assertThat(coordinator.awaitEnd(SHORT.toMillis())).as("the job ended without waiting for a timeout")
                    .isTrue();
            BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);
            assertThat(failure.getMessage()).isEqualTo("peer 1 (127.0.0.1:9) reported an impossible run: start 0 s"
                    + " 2000000000 ns, 1 ns long, 0 supersteps in superstep 0");
        }
    }

    private static Configuration barrier(String barrier) {
        Configuration conf = new Configuration(false);
        conf.set(BspSettings.BARRIER_KEY, barrier);
        return conf;
    }

    /** A fake peer, registered as {@code index}; the caller waits for the start and closes it. */
    private static Socket registered(Coordinator coordinator, int index) throws Exception {
        Socket socket = proven(coordinator);
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        out.writeByte(ControlChannel.REGISTER);
        out.writeInt(index);
        out.writeUTF("127.0.0.1");
        out.writeInt(8 + index);
        out.flush();
        return socket;
    }

    /** A connection to the coordinator that has proven the run's secret. */
    private static Socket proven(Coordinator coordinator) throws Exception {
        Socket socket = new Socket("127.0.0.1", coordinator.port());
        Handshake.connect(socket, SECRET, Handshake.CONTROL, -1);
        return socket;
    }

    /** The coordinator sends START once every peer registered; a report before it would be a peer leaving early. */
    private static void awaitStart(Socket peer) throws Exception {
        assertThat(new DataInputStream(peer.getInputStream()).readByte()).isEqualTo(ControlChannel.START);
    }

    @Test
    void peersThatNeverJoinAreNamedWhenTheTimeoutPasses() {
        BspJobSpec spec = BspJobSpec.builder("alone", TestPrograms.Hello.class).peers(3).failureTimeout(SHORT).build();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals())) {
            BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);

            assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_FAILED);
            assertThat(failure.getMessage()).isEqualTo("only 0 of 3 peers joined the BSP coordinator at 127.0.0.1:"
                    + coordinator.port() + " within 2 s (missing: peers 0, 1, 2)");
        }
    }
}
