package io.hbench.bsp.randbench;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.benchbase.PayloadPool;
import io.hbench.bsp.benchbase.Timings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One RandBench peer: after one setup superstep (payload pool filled, nothing sent), {@code warmup + supersteps}
 * supersteps in each of which it sends {@code messagesPerSuperstep} messages of {@code messageSize} bytes, each to
 * a peer chosen uniformly at random (all peers, as Hama's RandBench, or all but itself with {@code noSelf}).
 * Reports the timings of the measured supersteps and the payload bytes it sent to each peer in them, so that the
 * submitter, which learns where each peer ran, can tell the bytes that crossed hosts from those that did not.
 */
public final class RandBenchProgram implements BspProgram {
    /** Spreads one seed over the peers, so no two peers draw the same destinations. */
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    @Override
    public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
        Arguments args = Arguments.decode(arguments);
        Random random = random(args.seed, peer.index());
        PayloadPool pool = new PayloadPool(args.messageSize, random);
        // The runtime counts what arrives; RandBench needs nothing more of the messages.
        peer.setMessageHandler((source, superstep, message) -> { });
        // Setup superstep: the first measured one starts when every peer has its pool, at one barrier's end.
        peer.sync();
        List<SuperstepTiming> measured = new ArrayList<>(args.supersteps);
        long[] bytesTo = new long[peer.count()];
        for (int step = 0; step < args.warmup + args.supersteps; step++) {
            for (int i = 0; i < args.messagesPerSuperstep; i++) {
                int destination = destination(random, peer.index(), peer.count(), args.noSelf);
                peer.send(destination, pool.next(args.messageSize));
                if (step >= args.warmup) {
                    bytesTo[destination] += args.messageSize;
                }
            }
            SuperstepTiming timing = peer.sync();
            if (step >= args.warmup) {
                measured.add(timing);
            }
        }
        return Report.encode(measured, bytesTo);
    }

    static Random random(long seed, int peer) {
        return new Random(seed + GOLDEN_GAMMA * (peer + 1));
    }

    /** Uniform over all peers, or over all but {@code self}. */
    static int destination(Random random, int self, int peers, boolean noSelf) {
        if (!noSelf) {
            return random.nextInt(peers);
        }
        int other = random.nextInt(peers - 1);
        return other >= self ? other + 1 : other;
    }

    static byte[] arguments(RandBenchOptions options) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(options.messageSize());
            out.writeInt(options.messagesPerSuperstep());
            out.writeInt(options.warmup());
            out.writeInt(options.supersteps());
            out.writeBoolean(options.noSelf());
            out.writeLong(options.settings().seed());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * What a peer reports: its measured supersteps' timings, and the payload bytes it sent to each peer in them, for the
     * peers it sent to alone: a large job's peers each send to a few.
     */
    static final class Report {
        final List<SuperstepTiming> timings;
        /** The payload bytes sent to each peer it sent to, this peer included, in the measured supersteps. */
        final Map<Integer, Long> bytesTo;

        private Report(List<SuperstepTiming> timings, Map<Integer, Long> bytesTo) {
            this.timings = timings;
            this.bytesTo = bytesTo;
        }

        /** @param bytesTo element i: the payload bytes sent to peer i */
        static byte[] encode(List<SuperstepTiming> timings, long[] bytesTo) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                Timings.write(timings, out);
                out.writeInt((int) Arrays.stream(bytesTo).filter(sent -> sent > 0).count());
                for (int peer = 0; peer < bytesTo.length; peer++) {
                    if (bytesTo[peer] > 0) {
                        out.writeInt(peer);
                        out.writeLong(bytesTo[peer]);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot happen: writing to memory", e);
            }
            return bytes.toByteArray();
        }

        /** Throws IllegalArgumentException if {@code report} is not what {@link #encode} wrote. */
        static Report decode(byte[] report) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(report))) {
                List<SuperstepTiming> timings = Timings.read(in, report.length);
                int peers = in.readInt();
                if (peers < 0 || peers > report.length) {
                    throw new IllegalArgumentException("a peer report claims " + peers + " destinations");
                }
                Map<Integer, Long> bytesTo = new HashMap<>();
                for (int i = 0; i < peers; i++) {
                    bytesTo.put(in.readInt(), in.readLong());
                }
                if (in.read() != -1) {
                    throw new IllegalArgumentException("a peer report has bytes after its " + peers + " destinations");
                }
                return new Report(timings, bytesTo);
            } catch (IOException e) {
                throw new IllegalArgumentException("a peer report is truncated", e);
            }
        }
    }

    private static final class Arguments {
        final int messageSize;
        final int messagesPerSuperstep;
        final int warmup;
        final int supersteps;
        final boolean noSelf;
        final long seed;

        private Arguments(DataInputStream in) throws IOException {
            this.messageSize = in.readInt();
            this.messagesPerSuperstep = in.readInt();
            this.warmup = in.readInt();
            this.supersteps = in.readInt();
            this.noSelf = in.readBoolean();
            this.seed = in.readLong();
        }

        static Arguments decode(byte[] arguments) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(arguments))) {
                return new Arguments(in);
            }
        }
    }
}
