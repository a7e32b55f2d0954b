package io.hbench.bsp.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.testing.RecordingSocket;
import io.hbench.bsp.testing.Refusals;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.LinkDecorator;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.transport.PeerAddress;
import io.hbench.bsp.trust.Handshake;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.testing.Await;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random and hostile bytes thrown at the coordinator and at peers while a job runs: every connection that does not
 * prove the run's secret, or proves it and then asks for what the job does not have, is closed and reported in one
 * line naming its address (the first from each address; the later ones are counted); the job's messages all arrive
 * once, byte for byte; and when the job ends no runtime thread is left and the heap has not grown. A peer of the job that breaks the protocol fails the job with a message that says how, before anything
 * it announced is read.
 */
@Timeout(120)
class HostileConnectionsTest {
    private static final int PEERS = 4;
    /** How long a job of these tests may take to start or to end: a few seconds when nothing is wrong. */
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final RunSecret SECRET = RunSecret.generate();
    private static final LinkSettings LINKS = new LinkSettings(4096, Barrier.AUTO);
    /** Each attack comes from an address of its own, 127.0.0.10 on, so that each is told in full. */
    private static final String FROM = "refused a connection from 127\\.0\\.0\\.\\d+:\\d+, which ";
    private static final String COUNTED = "refused \\d+ more connections? from 127\\.0\\.0\\.\\d+ in [\\d.]+ s";

    @Test
    void hostileConnectionsAreRefusedOneByOneAndTheJobDeliversEveryMessageOnce() throws Exception {
        Random random = new Random(20261123);
        byte[] arguments = TestPrograms.Checksummed.arguments(random.nextLong(), 30, 20);
        BspJobSpec spec = BspJobSpec.builder("fuzzed", TestPrograms.Checksummed.class).peers(PEERS)
                .arguments(arguments).build();
        Refusals atCoordinator = new Refusals();
        Refusals atPeers = new Refusals();
        byte[] replay = recordedHandshake();
        long heapBefore = usedHeapAfterGc();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec,
                new LinkSettings(TestPrograms.Checksummed.BUNDLE, Barrier.AUTO), SECRET, atCoordinator)) {
            List<Future<?>> peers = new ArrayList<>();
            for (int i = 0; i < PEERS - 1; i++) {
                peers.add(startPeer(threads, coordinator, i, atPeers));
            }
            Await.until("the registration of the first " + (PEERS - 1) + " peers", BOUND,
                    () -> coordinator.registered().size() >= PEERS - 1);
            // The first three peers listen for data but accept only once the job starts: the attacks wait there.
            List<Thread> attacks = new ArrayList<>();
            for (PeerAddress peer : coordinator.registered()) {
                attacks.addAll(attackDataPort(peer, random(peer.index()), replay));
            }
            attackCoordinator(coordinator.port(), random(99), replay);
            peers.add(startPeer(threads, coordinator, PEERS - 1, atPeers));
            // And while the job runs, more at the coordinator, which listens to the end.
            Random during = random(100);
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (!coordinator.awaitEnd(20)) {
                assertThat(System.nanoTime() - deadline).as("waited " + BOUND.toSeconds() + " s for the job's end")
                        .isNegative();
                sendAndClose(new Socket("127.0.0.1", coordinator.port()), randomBytes(during, 1 + during.nextInt(300)));
            }

            BspJobResult result = coordinator.awaitResult();

            assertThat(result.reports()).extracting(report -> TestPrograms.text(report.report()))
                    .containsOnly("ok").hasSize(PEERS);
            for (Thread attack : attacks) {
                attack.join();
            }
            for (Future<?> peer : peers) {
                peer.get(30, TimeUnit.SECONDS);
            }
            List<String> coordinatorLines = atCoordinator.lines();
            assertThat(coordinatorLines).allSatisfy(line -> assertThat(line).matches("the BSP coordinator at 127\\.0\\.0"
                    + "\\.1:\\d+ (" + FROM + ".*|" + COUNTED + ")|.* \\(refused the registration from"
                    + " 127\\.0\\.0\\.\\d+:\\d+\\)"));
            assertThat(coordinatorLines).anyMatch(line -> line.endsWith("which did not prove the run's secret"))
                    .anyMatch(line -> line.endsWith("which closed the connection during the handshake"))
                    .anyMatch(line -> line.endsWith("which asked for a data connection at a control port"))
                    .anyMatch(line -> line.endsWith("which sent message type 77 before registering"))
                    .anyMatch(line -> line.endsWith("which sent a registration of more than 4096 bytes"))
                    .anyMatch(line -> line.matches("peer index 9 is not in the BSP job at .* of 4 peers \\(refused.*"))
                    .anyMatch(line -> line.matches("peer 0 has already joined the BSP job at .*"));
            for (PeerAddress peer : coordinator.registered().subList(0, PEERS - 1)) {
                String self = Pattern.quote("BSP " + peer + " ");
                assertThat(atPeers.lines().stream().filter(line -> line.matches(self + ".*")))
                        .allSatisfy(line -> assertThat(line).matches(self + FROM + ".*|" + self + COUNTED))
                        .anyMatch(line -> line.endsWith("which did not prove the run's secret"))
                        .anyMatch(line -> line.endsWith("which closed the connection during the handshake"))
                        .anyMatch(line -> line.endsWith("which asked for a control connection at a data port"))
                        .anyMatch(line -> line.endsWith("which claimed to be peer 99, not one of the other peers of"
                                + " this job of 4"))
                        .anyMatch(line -> line.endsWith("which claimed to be peer -1, not one of the other peers of"
                                + " this job of 4"))
                        .anyMatch(line -> line.endsWith("which claimed to be peer " + peer.index() + ", not one of the"
                                + " other peers of this job of 4"));
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(runtimeThreadsLeft()).as("runtime threads alive after the job").isEmpty();
        // The attacks announced gigabytes; what the runtime kept of them is nothing beyond its buffers.
        assertThat(usedHeapAfterGc() - heapBefore).as("heap kept after the job").isLessThan(64L << 20);
    }

    private static long usedHeapAfterGc() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    @Test
    void aFloodFromOneAddressIsToldInFullOnceAndThenCountedToTheLast() throws Exception {
        int flood = 500;
        BspJobSpec spec = BspJobSpec.builder("flooded", TestPrograms.Hello.class).peers(2).build();
        Refusals refusals = new Refusals();
        long start = System.nanoTime();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, refusals)) {
            for (int i = 0; i < flood; i++) {
                sendAndClose(new Socket("127.0.0.1", coordinator.port()), new byte[] {1, 2, 3});
            }
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        List<String> lines = refusals.lines();
        assertThat(lines.get(0)).matches("the BSP coordinator at 127\\.0\\.0\\.1:\\d+ refused a connection from"
                + " 127\\.0\\.0\\.1:\\d+, which closed the connection during the handshake");
        Pattern counted = Pattern.compile("the BSP coordinator at 127\\.0\\.0\\.1:\\d+ refused (\\d+) more"
                + " connections? from 127\\.0\\.0\\.1 in [\\d.]+ s");
        long total = 0;
        for (String line : lines.subList(1, lines.size())) {
            Matcher matcher = counted.matcher(line);
            assertThat(matcher.matches()).as(line).isTrue();
            total += Long.parseLong(matcher.group(1));
        }
        assertThat(total).as("every refusal after the first, counted").isEqualTo(flood - 1);
        assertThat(lines).as("a count at most every 5 s, and the last").hasSizeLessThanOrEqualTo(2 + (int) seconds / 5);
    }

    @Test
    void theCoordinatorListensOnTheAddressItAdvertisesAndNoOther() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("bound", TestPrograms.Hello.class).peers(2).build();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals())) {
            assertThat(coordinator.where()).isEqualTo("127.0.0.1:" + coordinator.port());
            try (Socket advertised = new Socket("127.0.0.1", coordinator.port())) {
                assertThat(advertised.isConnected()).isTrue();
            }
            // Linux answers all of 127/8; a listener on every interface would take this connection too.
            assertThat(catchThrowableOfType(() -> new Socket("127.0.0.2", coordinator.port()).close(),
                    java.net.ConnectException.class)).isNotNull();
        }
    }

    @Test
    void aPeerThatAnnouncesAnOversizedMessageFailsTheJobBeforeItsBodyIsRead() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("oversized", TestPrograms.Hello.class).peers(2).build();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals());
                ServerSocket fakeData = new ServerSocket(0);
                Socket fake = proven(coordinator.port(), Handshake.CONTROL, -1)) {
            threads.submit(() -> {
                try {
                    PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), 0, "127.0.0.1",
                            new int[] {0, 0}, LinkDecorator.NONE, SECRET, new Refusals());
                } catch (BenchException | InterruptedException e) {
                    // The job fails, as the test expects.
                }
                return null;
            });
            FakePeer.register(fake, 1, fakeData.getLocalPort());
            DataInputStream in = new DataInputStream(fake.getInputStream());
            assertThat(in.readByte()).isEqualTo(ControlChannel.START);
            in.readInt();
            PeerAddress real = JobStart.read(in).peer(0);
            threads.submit(() -> {
                try (Socket fromReal = fakeData.accept()) {
                    Handshake.accept(fromReal, SECRET, Handshake.DATA);
                    fromReal.getInputStream().readAllBytes();
                }
                return null;
            });
            try (Socket toReal = proven(real.port(), Handshake.DATA, 1)) {
                toReal.getOutputStream().write(ByteBuffer.allocate(4).putInt(BspPeer.MAX_MESSAGE_BYTES + 1).array());

                BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);

                assertThat(failure.getMessage()).matches("peer 0 \\(127\\.0\\.0\\.1:\\d+\\) closed its data connection"
                        + " from peer 1 \\(127\\.0\\.0\\.1:" + fakeData.getLocalPort() + "\\), which sent a message of"
                        + " 67108865 bytes, more than the 67108864 a message may have");
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aPeerThatReportsMoreThanTheBoundFailsTheJobBeforeTheReportIsRead() throws Exception {
        BspJobSpec spec = BspJobSpec.builder("huge report", TestPrograms.Hello.class).peers(2).build();
        try (Coordinator coordinator = Coordinator.start("127.0.0.1", 0, spec, LINKS, SECRET, new Refusals());
                Socket peer0 = proven(coordinator.port(), Handshake.CONTROL, -1);
                Socket peer1 = proven(coordinator.port(), Handshake.CONTROL, -1)) {
            FakePeer.register(peer0, 0, 9);
            FakePeer.register(peer1, 1, 9);
            for (Socket peer : List.of(peer0, peer1)) {
                assertThat(new DataInputStream(peer.getInputStream()).readByte()).isEqualTo(ControlChannel.START);
            }
            DataOutputStream out = new DataOutputStream(peer1.getOutputStream());
            out.writeByte(ControlChannel.REPORT);
            out.writeLong(1);
            out.writeInt(0);
            out.writeLong(1);
            out.writeInt(0);
            out.writeUTF("node-1");
            out.writeInt(Integer.MAX_VALUE);
            out.flush();

            BenchException failure = catchThrowableOfType(coordinator::awaitResult, BenchException.class);

            assertThat(failure.getMessage()).isEqualTo("peer 1 (127.0.0.1:9) sent a length of 2147483647 bytes, not"
                    + " from 0 to 134217728 in superstep 0");
        }
    }

    private static Future<?> startPeer(ExecutorService threads, Coordinator coordinator, int index,
            Refusals refusals) {
        return threads.submit(() -> {
            PeerBootstrap.join(new InetSocketAddress("127.0.0.1", coordinator.port()), index, "127.0.0.1",
                    new int[] {0, 0}, LinkDecorator.NONE, SECRET, refusals);
            return null;
        });
    }

    /**
     * Everything a stranger, or a holder of the secret who asks for the wrong thing, may try at a peer's data port.
     * Every attack connects before this returns, so each waits in the listener's queue ahead of the job's own links;
     * the rest of each runs on a thread of its own, as an attacker's would.
     */
    private static List<Thread> attackDataPort(PeerAddress peer, Random random, byte[] replay) throws IOException {
        List<Attack> attacks = new ArrayList<>(List.of(
                socket -> sendAndClose(socket, randomBytes(random, 5000)),
                socket -> sendAndClose(socket, hugeLengths()),
                socket -> sendAndClose(socket, new byte[0]),
                socket -> afterGreeting(socket, Arrays.copyOf(replay, 10)),
                socket -> afterGreeting(socket, replay),
                socket -> claim(socket, Handshake.DATA, 99),
                socket -> claim(socket, Handshake.DATA, -1),
                socket -> claim(socket, Handshake.DATA, peer.index()),
                socket -> claim(socket, Handshake.CONTROL, -1)));
        for (int i = 0; i < 10; i++) {
            byte[] bytes = randomBytes(random, random.nextInt(200));
            attacks.add(socket -> sendAndClose(socket, bytes));
        }
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < attacks.size(); i++) {
            Attack attack = attacks.get(i);
            Socket socket = fromStranger(i, peer.port());
            Thread thread = new Thread(() -> attack.on(socket), "attack on " + peer);
            thread.start();
            running.add(thread);
        }
        return running;
    }

    private static void attackCoordinator(int port, Random random, byte[] replay) throws IOException {
        List<Attack> attacks = List.of(
                socket -> sendAndClose(socket, randomBytes(random, 5000)),
                socket -> sendAndClose(socket, hugeLengths()),
                socket -> afterGreeting(socket, Arrays.copyOf(replay, 30)),
                socket -> afterGreeting(socket, replay),
                socket -> claim(socket, Handshake.DATA, 0),
                socket -> register(socket, new byte[] {77}),
                socket -> register(socket, FakePeer.registration(9, 9)),
                socket -> register(socket, FakePeer.registration(0, 9)),
                socket -> register(socket, FakePeer.registration(1, "h".repeat(60_000), 9)));
        for (int i = 0; i < attacks.size(); i++) {
            attacks.get(i).on(fromStranger(i, port));
        }
    }

    /** A connection to {@code port} from the {@code i}th stranger's address, 127.0.0.(10 + i). */
    private static Socket fromStranger(int i, int port) throws IOException {
        return new Socket(InetAddress.getLoopbackAddress(), port, InetAddress.getByAddress(new byte[] {127, 0, 0,
                (byte) (10 + i)}), 0);
    }

    /** One hostile use of a connected socket, which it closes; what the other end does to it ends the attack. */
    @FunctionalInterface
    private interface Attack {
        void on(Socket socket);
    }

    /** Proves the secret at a control port, then sends {@code message} and reads until the coordinator closes. */
    private static void register(Socket socket, byte[] message) {
        try (socket) {
            Handshake.connect(socket, SECRET, Handshake.CONTROL, -1);
            socket.getOutputStream().write(message);
            socket.getInputStream().readAllBytes();
        } catch (IOException e) {
            // Reset by the coordinator that refused it.
        }
    }

    /** Proves the secret for {@code purpose} as peer {@code index}, then waits for the other end to close. */
    private static void claim(Socket socket, byte purpose, int index) {
        try (socket) {
            Handshake.connect(socket, SECRET, purpose, index);
            socket.getInputStream().readAllBytes();
        } catch (IOException e) {
            // Refused before the proof was answered, or closed after it: either way the attack is over.
        }
    }

    private static Socket proven(int port, byte purpose, int index) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        Handshake.connect(socket, SECRET, purpose, index);
        return socket;
    }

    private static void afterGreeting(Socket socket, byte[] bytes) {
        try (socket) {
            socket.getInputStream().readNBytes(21);
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            socket.getInputStream().readAllBytes();
        } catch (IOException e) {
            // Reset by the listener that refused it.
        }
    }

    private static void sendAndClose(Socket socket, byte[] bytes) {
        try (socket) {
            socket.getOutputStream().write(bytes);
            socket.shutdownOutput();
            socket.getInputStream().readAllBytes();
        } catch (IOException e) {
            // Reset by the listener that refused it, or the listener has closed: a peer's, once every peer is linked.
        }
    }

    /** What a client sends in a handshake with the secret, to replay on a connection of its own. */
    private static byte[] recordedHandshake() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Future<Integer> serving = Executors.newSingleThreadExecutor().submit(() -> {
                try (Socket socket = server.accept()) {
                    return Handshake.accept(socket, SECRET, Handshake.CONTROL);
                }
            });
            try (Socket client = new Socket("127.0.0.1", server.getLocalPort())) {
                RecordingSocket recording = new RecordingSocket(client);
                Handshake.connect(recording, SECRET, Handshake.CONTROL, -1);
                serving.get(30, TimeUnit.SECONDS);
                return recording.written();
            }
        }
    }

    private static byte[] hugeLengths() {
        ByteBuffer bytes = ByteBuffer.allocate(4096);
        while (bytes.remaining() >= 4) {
            bytes.putInt(Integer.MAX_VALUE);
        }
        return bytes.array();
    }

    private static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static Random random(int stream) {
        return new Random(20261123L * 31 + stream);
    }

    private static List<String> runtimeThreadsLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Handshake.TIMEOUT.toSeconds() + 5);
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                    .filter(name -> name.startsWith("bsp-")).collect(Collectors.toList());
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(50);
        } while (System.nanoTime() - deadline < 0);
        return left;
    }
}
