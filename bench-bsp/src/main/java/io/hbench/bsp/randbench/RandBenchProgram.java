package io.hbench.bsp.randbench;

import io.hbench.bsp.BspPeer;
import io.hbench.bsp.BspProgram;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.bench.PayloadPool;
import io.hbench.bsp.bench.Timings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One RandBench peer: after one setup superstep (payload pool filled, nothing sent), {@code warmup + supersteps}
 * supersteps in each of which it sends {@code messagesPerSuperstep} messages of {@code messageSize} bytes, each to
 * a peer chosen uniformly at random (all peers, as Hama's RandBench, or all but itself with {@code noSelf}).
 * Reports the timings of the measured supersteps.
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
        for (int step = 0; step < args.warmup + args.supersteps; step++) {
            for (int i = 0; i < args.messagesPerSuperstep; i++) {
                peer.send(destination(random, peer.index(), peer.count(), args.noSelf), pool.next(args.messageSize));
            }
            SuperstepTiming timing = peer.sync();
            if (step >= args.warmup) {
                measured.add(timing);
            }
        }
        return Timings.encode(measured);
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
