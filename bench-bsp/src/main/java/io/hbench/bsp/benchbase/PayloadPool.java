package io.hbench.bsp.benchbase;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * Random bytes for message payloads, filled once per peer: fresh random bytes for every message would
 * make the benchmark measure the random generator. Messages are slices at random offsets, so
 * consecutive messages differ. No byte is zero, so no payload is a run of zeros that a compressing
 * link or file system could shrink. The bytes live outside the heap, so that the runtime can hand a
 * slice to the network without copying it ({@link io.hbench.bsp.BspPeer#send(int, ByteBuffer)}).
 */
public final class PayloadPool {
    /** Extra bytes beyond the longest slice, so that slices start at many different offsets. */
    static final int SLACK = 64 * 1024;

    private final ByteBuffer bytes;
    private final int sliceLength;
    private final Random random;

    /** A pool for slices of {@code sliceLength} bytes, filled from {@code random}, which also picks offsets. */
    public PayloadPool(int sliceLength, Random random) {
        if (sliceLength < 1 || sliceLength > Integer.MAX_VALUE - SLACK) {
            throw new IllegalArgumentException("slice length out of range: " + sliceLength);
        }
        this.random = requireNonNull(random, "random is null");
        this.sliceLength = sliceLength;
        byte[] filled = new byte[sliceLength + SLACK];
        random.nextBytes(filled);
        for (int i = 0; i < filled.length; i++) {
            if (filled[i] == 0) {
                // 1..255: one value fewer than uniform bytes, still incompressible.
                filled[i] = (byte) (1 + random.nextInt(255));
            }
        }
        this.bytes = ByteBuffer.allocateDirect(filled.length).put(filled).flip().asReadOnlyBuffer();
    }

    /** A copy of the pool's bytes, for a look at them; a slice is {@code bytes()[offset, offset + length)}. */
    public byte[] bytes() {
        byte[] copy = new byte[bytes.capacity()];
        bytes.duplicate().get(copy);
        return copy;
    }

    /** A random offset at which a slice of up to {@code sliceLength} bytes fits. */
    public int nextOffset() {
        return random.nextInt(SLACK + 1);
    }

    /** The next payload: {@code length} (at most {@link #sliceLength}) of the pool's bytes from {@link #nextOffset}. */
    public ByteBuffer next(int length) {
        if (length < 0 || length > sliceLength) {
            throw new IllegalArgumentException("a slice of " + length + " bytes from a pool of slices of " + sliceLength);
        }
        int offset = nextOffset();
        ByteBuffer slice = bytes.duplicate();
        slice.limit(offset + length).position(offset);
        return slice;
    }

    public int sliceLength() {
        return sliceLength;
    }
}
