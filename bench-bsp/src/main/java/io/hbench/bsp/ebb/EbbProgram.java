package io.hbench.bsp.ebb;

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
import java.util.List;
import java.util.Random;

/**
 * One EBB peer: after a setup superstep (payload pool filled, handlers in place), one superstep per size and
 * round in which it sends {@code size} bytes to each of its destinations, flushes, and waits for {@code size}
 * bytes from each of its sources. That superstep's send time, from the end of the previous barrier, when all
 * peers start at once, to the call of sync, is the peer's exchange time. Reports one timing per round.
 */
public final class EbbProgram implements BspProgram {
    /** Large exchanges go as messages of at most this many bytes, so no peer holds a whole one twice. */
    static final int CHUNK = 1 << 20;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    @Override
    public byte[] run(BspPeer peer, byte[] arguments) throws Exception {
        Arguments args = Arguments.decode(arguments);
        Random matchings = new Random(args.seed);
        long largest = args.sizes.stream().mapToLong(Long::longValue).max().orElseThrow();
        PayloadPool pool = new PayloadPool((int) Math.min(largest, CHUNK),
                new Random(args.seed + GOLDEN_GAMMA * (peer.index() + 1)));
        peer.setMessageHandler((source, superstep, message) -> { });
        peer.sync();
        List<SuperstepTiming> timings = new ArrayList<>();
        for (long size : args.sizes) {
            for (int round = 0; round < args.rounds; round++) {
                int[] matching = args.pattern.nextMatching(peer.count(), matchings);
                for (int destination : args.pattern.destinations(peer.index(), peer.count(), matching)) {
                    for (long sent = 0; sent < size; sent += CHUNK) {
                        peer.send(destination, pool.next((int) Math.min(CHUNK, size - sent)));
                    }
                }
                peer.flush();
                for (int source : args.pattern.sources(peer.index(), peer.count(), matching)) {
                    peer.awaitReceived(source, size);
                }
                timings.add(peer.sync());
            }
        }
        return Timings.encode(timings);
    }

    static byte[] arguments(EbbPattern pattern, List<Long> sizes, int rounds, long seed) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(pattern.name());
            out.writeInt(sizes.size());
            for (long size : sizes) {
                out.writeLong(size);
            }
            out.writeInt(rounds);
            out.writeLong(seed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    private static final class Arguments {
        final EbbPattern pattern;
        final List<Long> sizes = new ArrayList<>();
        final int rounds;
        final long seed;

        private Arguments(DataInputStream in) throws IOException {
            this.pattern = EbbPattern.valueOf(in.readUTF());
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                sizes.add(in.readLong());
            }
            this.rounds = in.readInt();
            this.seed = in.readLong();
        }

        static Arguments decode(byte[] arguments) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(arguments))) {
                return new Arguments(in);
            }
        }
    }
}
