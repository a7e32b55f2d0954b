package io.hbench.bsp.bench;

import static java.util.Objects.requireNonNull;

import java.util.Random;

/**
 * Random bytes for message payloads, filled once per peer: fresh random bytes for every message would
 * make the benchmark measure the random generator. Messages are slices at random offsets, so
 * consecutive messages differ. No byte is zero, so no payload is a run of zeros that a compressing
 * link or file system could shrink.
 */
public final class PayloadPool {
    /** Extra bytes beyond the longest slice, so that slices start at many different offsets. */
    static final int SLACK = 64 * 1024;

    private final byte[] bytes;
    private final int sliceLength;
    private final Random random;

    /** A pool for slices of {@code sliceLength} bytes, filled from {@code random}, which also picks offsets. */
    public PayloadPool(int sliceLength, Random random) {
        if (sliceLength < 1 || sliceLength > Integer.MAX_VALUE - SLACK) {
            throw new IllegalArgumentException("slice length out of range: " + sliceLength);
        }
        this.random = requireNonNull(random, "random is null");
        this.sliceLength = sliceLength;
        this.bytes = new byte[sliceLength + SLACK];
        random.nextBytes(bytes);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                // 1..255: one value fewer than uniform bytes, still incompressible.
                bytes[i] = (byte) (1 + random.nextInt(255));
            }
        }
    }

    /** The pool's bytes; a slice is {@code bytes()[offset, offset + length)}. Not a copy: do not change it. */
    public byte[] bytes() {
        return bytes;
    }

    /** A random offset at which a slice of up to {@code sliceLength} bytes fits. */
    public int nextOffset() {
        return random.nextInt(SLACK + 1);
    }

    public int sliceLength() {
        return sliceLength;
    }
}
