package io.hbench.perf;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.RuntimeCensus;
import io.hbench.bsp.SuperstepTiming;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.hadoop.conf.Configuration;

/**
 * How the BSP runtime's costs grow with the number of peers (issue 23): for each job size, all peers threads of this
 * JVM over loopback TCP ({@link LocalBspRunner}), a program that only synchronizes measures the set-up (from the
 * runner's call to the end of the first barrier at the slowest peer), the barrier's p50 and p99 (empty supersteps:
 * flush and barrier, per peer and superstep), the same with one 1-byte message per peer to one of four partners in turn, the
 * most runtime threads any one peer ran, the JVM's peak threads, and sockets per peer at the end. Then it fits the
 * p50s against log2 N and against N. A benchmark, not a test: see docs/performance.md.
 *
 * <p>Every peer shares this machine's cores, so at large N the figures measure the scheduler as much as the runtime;
 * the counts (rounds, threads, sockets) do not depend on that.
 */
public final class BspScaling {
    private static final String USAGE = "BspScaling [-peers 2,4,8,16,32,64] [-supersteps 400] [-warmup 200]"
            + " [-bundle 65536] [-timeout 120] [-barrier auto|direct|dissemination]";

    private BspScaling() {
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("BspScaling", USAGE, args, "peers", "supersteps", "warmup", "bundle",
                "timeout", "barrier");
        int[] sizes = Arrays.stream(flags.text("peers", "2,4,8,16,32,64").split(",")).map(String::trim)
                .mapToInt(Integer::parseInt).toArray();
        int supersteps = flags.whole("supersteps", 400, 1);
        int warmup = flags.whole("warmup", 200, 0);
        int bundle = flags.whole("bundle", BspSettings.DEFAULT_BUNDLE_SIZE, 1024);
        int timeout = flags.whole("timeout", 120, 1);
        String barrier = flags.text("barrier", "auto");
        if (!List.of("auto", "direct", "dissemination").contains(barrier)) {
            flags.refuse("-barrier '" + barrier + "': expected auto, direct or dissemination");
        }
        PrintStream out = System.out;
        out.println("BspScaling: " + MachineFacts.summary());
        out.printf(Locale.ROOT, "%d warm-up + %d empty supersteps, then %d with one 1-byte message per peer; bundle %d"
                + " bytes; barrier %s; times per peer and superstep (flush + barrier)%n", warmup, supersteps, supersteps,
                bundle, barrier);
        out.println("| peers | rounds | set-up ms | empty p50 ms | empty p99 ms | 1-msg p50 ms | 1-msg p99 ms"
                + " | threads/peer (max) | JVM peak threads | sockets/peer, barrier only | sockets/peer at the end |");
        out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        SimpleRegression byLog = new SimpleRegression();
        SimpleRegression byCount = new SimpleRegression();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // Not counted: loads and compiles the runtime's classes, which the first size would pay for alone.
        runJob(4, bundle, barrier, timeout, Math.min(warmup, 50), Math.min(supersteps, 50));
        for (int peers : sizes) {
            long socketsBefore = sockets();
            threads.resetPeakThreadCount();
            long start = System.nanoTime();
            BspJobResult result = runJob(peers, bundle, barrier, timeout, warmup, supersteps);
            Histogram empty = new Histogram(3);
            Histogram oneMessage = new Histogram(3);
            long setUpEnd = Long.MIN_VALUE;
            int maxThreads = 0;
            long barrierSockets = 0;
            long sockets = 0;
            for (BspJobResult.PeerReport report : result.reports()) {
                ByteBuffer bytes = ByteBuffer.wrap(report.report());
                setUpEnd = Math.max(setUpEnd, bytes.getLong());
                maxThreads = Math.max(maxThreads, bytes.getInt());
                barrierSockets = Math.max(barrierSockets, bytes.getLong());
                sockets = Math.max(sockets, bytes.getLong());
                empty.add(decode(bytes));
                oneMessage.add(decode(bytes));
            }
            double rounds = 32 - Integer.numberOfLeadingZeros(peers - 1);
            double p50 = empty.getValueAtPercentile(50) / 1e6;
            out.printf(Locale.ROOT, "| %d | %.0f | %.1f | %.3f | %.3f | %.3f | %.3f | %d | %d | %.1f | %.1f |%n", peers,
                    rounds,
                    (setUpEnd - start) / 1e6, p50, empty.getValueAtPercentile(99) / 1e6,
                    oneMessage.getValueAtPercentile(50) / 1e6, oneMessage.getValueAtPercentile(99) / 1e6, maxThreads,
                    threads.getPeakThreadCount(), (barrierSockets - socketsBefore) / (double) peers,
                    (sockets - socketsBefore) / (double) peers);
            byLog.addData(Math.log(peers) / Math.log(2), p50);
            byCount.addData(peers, p50);
        }
        if (sizes.length > 2) {
            out.printf(Locale.ROOT, "fit of the empty superstep's p50: %.4f + %.4f x log2(N) ms (R^2 %.3f); %.4f + %.5f"
                    + " x N ms (R^2 %.3f)%n", byLog.getIntercept(), byLog.getSlope(), byLog.getRSquare(),
                    byCount.getIntercept(), byCount.getSlope(), byCount.getRSquare());
        }
    }

    private static BspJobResult runJob(int peers, int bundle, String barrier, int timeout, int warmup,
            int supersteps) throws InterruptedException {
        Configuration conf = new Configuration(false);
        conf.setInt(BspSettings.BUNDLE_SIZE_KEY, bundle);
        conf.set(BspSettings.BARRIER_KEY, barrier);
        return new LocalBspRunner(conf).run(BspJobSpec.builder("scaling", BarrierProbe.class).peers(peers)
                .failureTimeout(Duration.ofSeconds(timeout))
                .arguments(ByteBuffer.allocate(8).putInt(warmup).putInt(supersteps).array()).build());
    }

    private static Histogram decode(ByteBuffer bytes) throws DataFormatException {
        // A buffer of its own: HdrHistogram reads the array of a heap buffer from its start.
        byte[] encoded = new byte[bytes.getInt()];
        bytes.get(encoded);
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
    }

    /** Sockets this JVM holds; 0 where they cannot be counted. */
    static long sockets() {
        return RuntimeCensus.sockets().orElse(0);
    }

    /**
     * Synchronizes: the first barrier (the set-up's end), one more empty one, warm-up supersteps with one 1-byte
     * message to one of four partners in turn, measured empty supersteps, then measured supersteps with one message. Reports:
     * when the first barrier ended (this JVM's nanoTime), the most threads of its own runtime it saw, the JVM's sockets
     * before the second barrier and at the end (peer 0 only, while every peer still holds its links), and two
     * histograms of flush + barrier nanoseconds.
     */
    public static final class BarrierProbe implements BspProgram {
        @Override
        public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
            ByteBuffer args = ByteBuffer.wrap(arguments);
            int warmup = args.getInt();
            int supersteps = args.getInt();
            peer.sync();
            long setUpEnd = System.nanoTime();
            int maxThreads = RuntimeCensus.threadsOf(peer.index());
            // Nobody sends before this barrier: peer 0 counts the links the barrier alone needs.
            long barrierSockets = peer.index() == 0 ? sockets() : 0;
            peer.sync();
            int[] partners = partners(peer.count());
            ByteBuffer message = ByteBuffer.allocate(1);
            for (int i = 0; i < warmup; i++) {
                peer.send(partner(peer, partners, i), message.clear());
                peer.sync();
            }
            Histogram empty = new Histogram(3);
            for (int i = 0; i < supersteps; i++) {
                SuperstepTiming timing = peer.sync();
                empty.recordValue(timing.flushNanos() + timing.barrierNanos());
            }
            maxThreads = Math.max(maxThreads, RuntimeCensus.threadsOf(peer.index()));
            Histogram oneMessage = new Histogram(3);
            for (int i = 0; i < supersteps; i++) {
                peer.send(partner(peer, partners, i), message.clear());
                SuperstepTiming timing = peer.sync();
                oneMessage.recordValue(timing.flushNanos() + timing.barrierNanos());
            }
            maxThreads = Math.max(maxThreads, RuntimeCensus.threadsOf(peer.index()));
            long sockets = peer.index() == 0 ? sockets() : 0;
            List<ByteBuffer> encoded = new ArrayList<>();
            for (Histogram histogram : List.of(empty, oneMessage)) {
                ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
                int length = histogram.encodeIntoCompressedByteBuffer(buffer);
                encoded.add(buffer.clear().limit(length));
            }
            ByteBuffer report = ByteBuffer.allocate(28 + encoded.stream().mapToInt(b -> 4 + b.remaining()).sum());
            report.putLong(setUpEnd).putInt(maxThreads).putLong(barrierSockets).putLong(sockets);
            for (ByteBuffer each : encoded) {
                report.putInt(each.remaining()).put(each);
            }
            return report.array();
        }

        /**
         * Distances to the partners of successive supersteps, the same for every peer, as in a shift pattern: at most
         * four, so that the links a large job opens are the barrier's and these, not every pair's.
         */
        private static int[] partners(int count) {
            Random random = new Random(count);
            return random.ints(1, count).distinct().limit(Math.min(4, count - 1)).toArray();
        }

        private static int partner(BspPeer peer, int[] partners, int superstep) {
            return (peer.index() + partners[superstep % partners.length]) % peer.count();
        }

    }
}
