package io.hbench.bsp.testing;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.SuperstepTiming;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/** BSP programs for the runtime's tests. State they share with a test lives in static fields, reset by the test. */
public final class TestPrograms {
    private TestPrograms() {
    }

    public static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Counts arrivals per superstep before each sync and checks after it that every peer had arrived. */
    public static final class CountingBarrier implements BspProgram {
        public static final int STEPS = 5;
        public static final AtomicIntegerArray ARRIVED = new AtomicIntegerArray(STEPS);

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            StringBuilder early = new StringBuilder();
            for (int step = 0; step < STEPS; step++) {
                ARRIVED.incrementAndGet(step);
                SuperstepTiming timing = peer.sync();
                int arrived = ARRIVED.get(step);
                if (arrived != peer.count() || timing.superstep() != step || peer.superstep() != step + 1) {
                    early.append(" step ").append(step).append(" left with ").append(arrived).append(" arrived");
                }
            }
            return text("peer " + peer.index() + " of " + peer.count() + early);
        }
    }

    /**
     * Sends every peer (itself too) messages of random sizes, 0 to three bundles long, over two
     * supersteps (or as many as the arguments say, with a pause in each), and checks that what arrived
     * from each source is exactly what that source sent: count, bytes and a CRC over the sequence.
     */
    public static final class Checksummed implements BspProgram {
        public static final int BUNDLE = 4096;

        /** Arguments for {@code steps} supersteps, each paused {@code pauseMillis} before its sync. */
        public static byte[] arguments(long seed, int steps, int pauseMillis) {
            return ByteBuffer.allocate(16).putLong(seed).putInt(steps).putInt(pauseMillis).array();
        }

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            ByteBuffer args = ByteBuffer.wrap(arguments);
            long seed = args.getLong();
            int steps = args.remaining() >= 8 ? args.getInt() : 2;
            int pauseMillis = args.remaining() >= 4 ? args.getInt() : 0;
            int peers = peer.count();
            CRC32[] received = new CRC32[peers];
            long[] messages = new long[peers];
            peer.setMessageHandler((source, superstep, message) -> {
                if (received[source] == null) {
                    received[source] = new CRC32();
                }
                received[source].update(message.remaining());
                received[source].update(message);
                messages[source]++;
            });
            StringBuilder problems = new StringBuilder();
            for (int step = 0; step < steps; step++) {
                long[] sentBytes = new long[peers];
                for (int destination = 0; destination < peers; destination++) {
                    for (byte[] message : messages(seed, peer.index(), destination, step)) {
                        peer.send(destination, message, 0, message.length);
                        sentBytes[destination] += message.length;
                    }
                }
                Thread.sleep(pauseMillis);
                if (step == 1) {
                    // Bundled messages leave when the bundle fills or at a flush; then they can be awaited.
                    peer.flush();
                    for (int source = 0; source < peers; source++) {
                        peer.awaitReceived(source, expectedBytes(seed, source, peer.index(), step));
                    }
                }
                SuperstepTiming timing = peer.sync();
                long expectedReceived = 0;
                for (int source = 0; source < peers; source++) {
                    expectedReceived += expectedBytes(seed, source, peer.index(), step);
                }
                if (timing.bytesReceived() != expectedReceived) {
                    problems.append(" step ").append(step).append(" received ").append(timing.bytesReceived())
                            .append(" not ").append(expectedReceived);
                }
                if (timing.bytesSentLocal() != sentBytes[peer.index()]) {
                    problems.append(" step ").append(step).append(" local ").append(timing.bytesSentLocal());
                }
            }
            for (int source = 0; source < peers; source++) {
                CRC32 expected = new CRC32();
                long count = 0;
                for (int step = 0; step < steps; step++) {
                    for (byte[] message : messages(seed, source, peer.index(), step)) {
                        expected.update(message.length);
                        expected.update(message);
                        count++;
                    }
                }
                long got = received[source] == null ? new CRC32().getValue() : received[source].getValue();
                if (messages[source] != count || got != expected.getValue()) {
                    problems.append(" from ").append(source).append(": ").append(messages[source]).append(" of ")
                            .append(count).append(" messages, crc ").append(got == expected.getValue() ? "ok" : "wrong");
                }
            }
            return text(problems.length() == 0 ? "ok" : problems.toString().trim());
        }

        static byte[][] messages(long seed, int source, int destination, int step) {
            Random random = new Random(seed ^ (source * 1_000_003L + destination * 1009L + step * 17L));
            byte[][] messages = new byte[10 + random.nextInt(20)][];
            for (int i = 0; i < messages.length; i++) {
                int kind = random.nextInt(10);
                int size = kind == 0 ? 0 : kind == 1 ? BUNDLE + random.nextInt(2 * BUNDLE) : random.nextInt(1500);
                messages[i] = new byte[size];
                random.nextBytes(messages[i]);
            }
            return messages;
        }

        static long expectedBytes(long seed, int source, int destination, int step) {
            long total = 0;
            for (byte[] message : messages(seed, source, destination, step)) {
                total += message.length;
            }
            return total;
        }
    }

    /** Peer 0 sends {@link #TOTAL} bytes to peer 1, whose handler blocks until {@link #RELEASE} opens. */
    public static final class SlowReceiver implements BspProgram {
        public static final long TOTAL = 256L << 20;
        public static final AtomicLong ACCEPTED = new AtomicLong();
        public static volatile CountDownLatch release = new CountDownLatch(1);

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            AtomicLong received = new AtomicLong();
            CountDownLatch gate = release;
            peer.setMessageHandler((source, superstep, message) -> {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                received.addAndGet(message.remaining());
            });
            if (peer.index() == 0) {
                byte[] message = new byte[1024];
                for (long sent = 0; sent < TOTAL; sent += message.length) {
                    peer.send(1, message, 0, message.length);
                    ACCEPTED.addAndGet(message.length);
                }
            }
            peer.sync();
            return text(Long.toString(received.get()));
        }
    }

    /** Throws on the peer and in the superstep its arguments name ("1 2"). */
    public static final class ThrowsOnce implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            String[] where = text(arguments).split(" ");
            for (int step = 0; step < 4; step++) {
                peer.send((peer.index() + 1) % peer.count(), new byte[100], 0, 100);
                if (peer.index() == Integer.parseInt(where[0]) && step == Integer.parseInt(where[1])) {
                    throw new IllegalStateException("boom");
                }
                peer.sync();
            }
            return new byte[0];
        }
    }

    /** Blocks, until interrupted, on the peer and in the superstep its arguments name ("1 1"). */
    public static final class HangsOnce implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            String[] where = text(arguments).split(" ");
            for (int step = 0; step < 3; step++) {
                if (peer.index() == Integer.parseInt(where[0]) && step == Integer.parseInt(where[1])) {
                    new CountDownLatch(1).await();
                }
                peer.sync();
            }
            return new byte[0];
        }
    }

    /** Ends its program, on the peer its arguments name ("1 1"), after that many supersteps; the others go on. */
    public static final class EndsEarly implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            String[] where = text(arguments).split(" ");
            for (int step = 0; step < 3; step++) {
                if (peer.index() == Integer.parseInt(where[0]) && step == Integer.parseInt(where[1])) {
                    break;
                }
                peer.sync();
            }
            return new byte[0];
        }
    }

    /** Reports its index and host after one superstep. */
    public static final class Hello implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            peer.send((peer.index() + 1) % peer.count(), arguments, 0, arguments.length);
            peer.sync();
            return text("hello from " + peer.index() + " of " + peer.count());
        }
    }

    /**
     * In superstep s, sends one 8-byte message to the peer {@code (s + 1) * STRIDE} places on and checks that exactly
     * the one from as many places back arrived; at each sync, counts the threads of its own runtime. Reports
     * "ok, at most T threads" or what went wrong.
     */
    public static final class Partners implements BspProgram {
        public static final int STEPS = 3;
        static final int STRIDE = 37;

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            int count = peer.count();
            long[] arrivals = new long[STEPS + 1];
            int[] lastSource = new int[STEPS + 1];
            peer.setMessageHandler((source, superstep, message) -> {
                if (message.remaining() == Long.BYTES && message.getLong(message.position()) == superstep) {
                    arrivals[superstep]++;
                    lastSource[superstep] = source;
                }
            });
            int peakThreads = 0;
            StringBuilder wrong = new StringBuilder();
            for (int step = 0; step < STEPS; step++) {
                int distance = (step + 1) * STRIDE % count;
                peer.send((peer.index() + distance) % count, ByteBuffer.allocate(Long.BYTES).putLong(0, step));
                peer.sync();
                peakThreads = Math.max(peakThreads, RuntimeCensus.threadsOf(peer.index()));
                int expected = Math.floorMod(peer.index() - distance, count);
                if (arrivals[step] != 1 || lastSource[step] != expected) {
                    wrong.append(" step ").append(step).append(": ").append(arrivals[step]).append(" arrived");
                }
            }
            return text(wrong.length() == 0 ? "ok, at most " + peakThreads + " threads" : wrong.toString().trim());
        }

    }

    /**
     * {@link Partners}, and then peer 0 counts the JVM's sockets while every peer still holds its links (none closes
     * before every report is in).
     */
    public static final class SocketCount implements BspProgram {
        public static final AtomicLong BEFORE = new AtomicLong();
        public static final AtomicLong PEAK = new AtomicLong();

        public static void reset() {
            BEFORE.set(RuntimeCensus.sockets().orElseThrow());
            PEAK.set(0);
        }

        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            byte[] report = new Partners().run(peer, arguments);
            if (peer.index() == 0) {
                PEAK.set(RuntimeCensus.sockets().orElseThrow());
            }
            return report;
        }
    }
}
