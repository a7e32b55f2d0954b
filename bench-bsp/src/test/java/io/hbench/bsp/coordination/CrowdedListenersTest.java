package io.hbench.bsp.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.testing.Refusals;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.transport.PeerAddress;
import io.hbench.bsp.trust.Admission;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.Await;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Strangers who crowd a run's listeners cannot keep it from starting: connections held idle give their places to new
 * ones, and peers whose handshake was cut try again.
 */
@Timeout(120)
class CrowdedListenersTest {
    private static final int PEERS = 4;
    private static final int IDLE = 200;
    private static final RunSecret SECRET = RunSecret.generate();

    @ParameterizedTest(name = "{0} places")
    @ValueSource(ints = {8, Handshake.MAX_PENDING})
    void aRunStartsAndFinishesExactlyWhileIdleSocketsAreHeldOnEveryListeningPort(int places) throws Exception {
        Admission admission = new Admission(places, Handshake.TIMEOUT, BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
        BspJobSpec spec = BspJobSpec.builder("crowded", TestPrograms.Checksummed.class).peers(PEERS)
                .arguments(TestPrograms.Checksummed.arguments(20261123, 3, 0)).failureTimeout(Duration.ofSeconds(30))
                .build();
        List<Socket> idle = new ArrayList<>();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec,
                new LinkSettings(TestPrograms.Checksummed.BUNDLE, Barrier.AUTO), SECRET, new Refusals(), admission)) {
            // Just before the peers arrive, and on each peer's data port before the job starts.
            idle.addAll(holdIdle(coordinator.port()));
            List<Future<?>> peers = new ArrayList<>();
            for (int i = 0; i < PEERS - 1; i++) {
                peers.add(startPeer(threads, coordinator, i, admission));
            }
            awaitRegistered(coordinator, peers);
            for (PeerAddress peer : coordinator.registered()) {
                idle.addAll(holdIdle(peer.port()));
            }
            peers.add(startPeer(threads, coordinator, PEERS - 1, admission));

            BspJobResult result = coordinator.awaitResult();

            assertThat(result.reports()).extracting(report -> TestPrograms.text(report.report()))
                    .as("every message arrived once, byte for byte").containsOnly("ok").hasSize(PEERS);
            awaitFinished(peers);
        } finally {
            closeAll(idle);
            threads.shutdownNow();
        }
    }

    @Test
    void whenEveryPlaceIsTakenTheOldestConnectionOfTheAddressThatHoldsTheMostMakesRoom() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("crowded", TestPrograms.Hello.class).peers(2).build();
        // Time enough that nothing is closed for being slow, even while half the places are taken.
        Admission fourPlaces = new Admission(4, Duration.ofSeconds(60), BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
        InetAddress stranger = InetAddress.getByName("127.0.0.2");
        Refusals refusals = new Refusals();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, new LinkSettings(4096, Barrier.AUTO),
                SECRET, refusals, fourPlaces);
                // The listener takes connections in the order they came: the peer's is the oldest.
                Socket peer = new Socket("127.0.0.1", coordinator.port());
                Socket first = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(), stranger, 0);
                Socket second = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(), stranger, 0);
                Socket third = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(), stranger, 0);
                Socket fifth = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(), stranger, 0)) {

            first.setSoTimeout(30_000);
            assertThat(first.getInputStream().readNBytes(22)).as("greeted, then closed").hasSize(21);
            Handshake.connect(peer, SECRET, Handshake.CONTROL, -1);

            assertThat(refusals.await(1)).singleElement().asString().matches("the BSP coordinator at .* refused a"
                    + " connection from 127\\.0\\.0\\.2:" + first.getLocalPort() + ", which had not finished the"
                    + " handshake when all 4 places for handshakes were taken, and was the oldest of the address that"
                    + " held the most");
        }
    }

    @Test
    void whileHalfThePlacesAreTakenAHandshakeGetsAFifthOfItsTime() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("pressed", TestPrograms.Hello.class).peers(2).build();
        Admission pressedAtTwo = new Admission(4, Duration.ofSeconds(5), BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
        Refusals refusals = new Refusals();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, new LinkSettings(4096, Barrier.AUTO),
                SECRET, refusals, pressedAtTwo);
                // From addresses of their own, so that each refusal is told in full.
                Socket first = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(),
                        InetAddress.getByName("127.0.0.2"), 0);
                Socket second = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(),
                        InetAddress.getByName("127.0.0.3"), 0);
                Socket third = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(),
                        InetAddress.getByName("127.0.0.4"), 0)) {
            // Two of the three are closed at 1 s; the third, alone then, has the whole 5 s.
            for (Socket idle : List.of(first, second)) {
                idle.setSoTimeout(30_000);
                assertThat(idle.getInputStream().readNBytes(22)).as("greeted, then closed").hasSize(21);
            }

            assertThat(refusals.await(2).subList(0, 2)).allSatisfy(line -> assertThat(line).endsWith(", which did not"
                    + " finish the handshake within 1 s, the time a handshake has while half the 4 places or more are"
                    + " taken"));
        }
    }

    @Test
    void provenConnectionsThatNeverRegisterAreBoundedAndClosedInTimeWithoutAThreadEach() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("unregistered", TestPrograms.Hello.class).peers(2)
                .arguments(TestPrograms.text("hi")).build();
        Admission fourPlaces = new Admission(4, Duration.ofSeconds(2), BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
        Refusals refusals = new Refusals();
        List<Socket> silent = new ArrayList<>();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, new LinkSettings(4096, Barrier.AUTO),
                SECRET, refusals, fourPlaces)) {
            long threadsBefore = coordinatorThreads();
            for (int i = 0; i < 6; i++) {
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), coordinator.port(),
                        InetAddress.getByName("127.0.0." + (2 + i)), 0);
                silent.add(socket);
                Handshake.connect(socket, SECRET, Handshake.CONTROL, -1);
            }
            assertThat(coordinatorThreads()).as("the coordinators' threads").isLessThanOrEqualTo(threadsBefore);

            for (Socket socket : silent) {
                socket.setSoTimeout(30_000);
                assertThat(socket.getInputStream().read()).as("closed").isEqualTo(-1);
            }
            List<String> lines = refusals.await(6);
            for (int i = 0; i < 6; i++) {
                assertThat(lines).as("the line of 127.0.0." + (2 + i)).containsOnlyOnce("the BSP coordinator at "
                        + coordinator.where() + " refused a connection from 127.0.0." + (2 + i) + ":"
                        + silent.get(i).getLocalPort() + ", which proved the run's secret but "
                        + (i < 2 ? "had not registered when 4 others waited to" : "did not register within 2 s"));
            }
            List<Future<?>> peers = List.of(startPeer(threads, coordinator, 0, fourPlaces),
                    startPeer(threads, coordinator, 1, fourPlaces));
            assertThat(coordinator.awaitResult().reports()).as("the run's own peers still join").hasSize(2);
            awaitFinished(peers);
        } finally {
            closeAll(silent);
            threads.shutdownNow();
        }
    }

    private static long coordinatorThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(thread -> thread.getName().startsWith("bsp-coordinator")).count();
    }

    @Test
    void aPeerWhoseHandshakeWithItsCoordinatorIsCutTriesAgain() throws Exception {
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ServerSocket coordinator = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Future<?> serving = threads.submit(() -> {
                // As a crowded coordinator does to connections it makes room with, twice; then it lets the peer in.
                coordinator.accept().close();
                coordinator.accept().close();
                try (Socket socket = coordinator.accept()) {
                    Handshake.accept(socket, SECRET, Handshake.CONTROL);
                    DataInputStream in = new DataInputStream(socket.getInputStream());
                    assertThat(in.readByte()).isEqualTo(ControlChannel.REGISTER);
                    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                    out.writeByte(ControlChannel.ABORT);
                    out.writeInt(ErrorCode.PEER_FAILED.code());
                    out.writeUTF("joined at the third try");
                    out.flush();
                    in.readAllBytes();
                }
                return null;
            });

            BenchException failure = catchThrowableOfType(() -> PeerBootstrap.join(
                    new InetSocketAddress("127.0.0.1", coordinator.getLocalPort()), 0, "127.0.0.1", new int[] {0, 0},
                    LinkDecorator.NONE, SECRET, new Refusals()), BenchException.class);

            assertThat(failure).hasMessage("joined at the third try");
            serving.get(30, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aPeerCutOffEveryTimeGivesUpWhenItsPatienceRunsOutInOneLineNamingItsCoordinator() throws Exception {
        Admission impatient = new Admission(Handshake.MAX_PENDING, Handshake.TIMEOUT, Duration.ofSeconds(1));
        AtomicInteger cut = new AtomicInteger();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ServerSocket coordinator = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            threads.submit(() -> {
                while (true) {
                    try (Socket socket = coordinator.accept()) {
                        cut.incrementAndGet();
                    }
                }
            });

            BenchException failure = catchThrowableOfType(() -> PeerBootstrap.join(
                    new InetSocketAddress("127.0.0.1", coordinator.getLocalPort()), 0, "127.0.0.1", new int[] {0, 0},
                    LinkDecorator.NONE, SECRET, new Refusals(), impatient), BenchException.class);

            assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_UNREACHABLE);
            assertThat(failure.getMessage()).matches("cannot connect to the BSP coordinator at 127\\.0\\.0\\.1:"
                    + coordinator.getLocalPort() + " within 1 s \\((\\d+) tries\\): closed the connection during the"
                    + " handshake");
            assertThat(failure.getMessage()).contains("(" + cut.get() + " tries)");
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aPeerWhoseDataConnectionIsCutTriesAgain() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("cut", TestPrograms.Hello.class).peers(2).build();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, new LinkSettings(4096, Barrier.AUTO),
                SECRET, new Refusals());
                ServerSocket fakeData = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket fake = new Socket("127.0.0.1", coordinator.port())) {
            Handshake.connect(fake, SECRET, Handshake.CONTROL, -1);
            FakePeer.register(fake, 1, fakeData.getLocalPort());
            Future<Integer> linked = threads.submit(() -> {
                fakeData.accept().close();
                fakeData.accept().close();
                try (Socket socket = fakeData.accept()) {
                    return Handshake.accept(socket, SECRET, Handshake.DATA);
                }
            });
            threads.submit(() -> {
                PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), 0, "127.0.0.1",
                        new int[] {0, 0}, LinkDecorator.NONE, SECRET, new Refusals());
                return null;
            });

            assertThat(linked.get(30, TimeUnit.SECONDS)).as("the peer that linked at the third try").isZero();
            coordinator.fail(ErrorCode.PEER_FAILED, "the test has seen the link");
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aPeerCutOffEveryTimeByAnotherGivesUpWithinTheFailureTimeoutInOneLineNamingIt() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("cut", TestPrograms.Hello.class).peers(2)
                .failureTimeout(Duration.ofSeconds(2)).build();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, new LinkSettings(4096, Barrier.AUTO),
                SECRET, new Refusals());
                ServerSocket fakeData = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket fake = new Socket("127.0.0.1", coordinator.port())) {
            Handshake.connect(fake, SECRET, Handshake.CONTROL, -1);
            FakePeer.register(fake, 1, fakeData.getLocalPort());
            threads.submit(() -> {
                while (true) {
                    fakeData.accept().close();
                }
            });
            threads.submit(() -> {
                PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), 0, "127.0.0.1",
                        new int[] {0, 0}, LinkDecorator.NONE, SECRET, new Refusals());
                return null;
            });

            BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);

            assertThat(failure.errorCode()).isEqualTo(ErrorCode.PEER_UNREACHABLE);
            assertThat(failure.getMessage()).matches("peer 0 \\(127\\.0\\.0\\.1:\\d+\\) cannot connect to peer 1 at"
                    + " 127\\.0\\.0\\.1:" + fakeData.getLocalPort() + " in superstep 0 within 2 s \\(\\d+ tries\\):"
                    + " closed the connection during the handshake");
        } finally {
            threads.shutdownNow();
        }
    }

    /** Waits until every peer started has registered; a peer that failed instead fails the test with its reason. */
    private static void awaitRegistered(Coordinator coordinator, List<Future<?>> peers) throws Exception {
        Await.until("the registration of " + peers.size() + " peers", Duration.ofSeconds(60), () -> {
            for (Future<?> peer : peers) {
                if (peer.isDone()) {
                    peer.get();
                }
            }
            return coordinator.registered().size() >= peers.size();
        });
    }

    /** Waits for every peer's runtime to return; a peer that failed fails the test with its reason. */
    private static void awaitFinished(List<Future<?>> peers) throws Exception {
        for (Future<?> peer : peers) {
            peer.get(30, TimeUnit.SECONDS);
        }
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    /** {@link #IDLE} connections to {@code port} that say nothing. */
    private static List<Socket> holdIdle(int port) throws IOException {
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < IDLE; i++) {
            sockets.add(new Socket("127.0.0.1", port));
        }
        return sockets;
    }

    private static Future<?> startPeer(ExecutorService threads, Coordinator coordinator, int index,
            Admission admission) {
        return threads.submit(() -> {
            PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), index, "127.0.0.1",
                    new int[] {0, 0}, LinkDecorator.NONE, SECRET, new Refusals(), admission);
            return null;
        });
    }
}
