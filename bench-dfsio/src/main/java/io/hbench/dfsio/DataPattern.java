package io.hbench.dfsio;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The bytes hbench writes: a function of the file name and the offset, so any reader can check
 * any byte without having seen the write, and random-looking, so neither a compressing codec nor a
 * deduplicating store can shrink them (a buffer of zeros or of a short repeating text, as Hadoop's
 * TestDFSIO writes, flatters such systems).
 *
 * <p>Word {@code i} (the eight bytes at offset {@code 8i}, little-endian) is
 * {@code block[i mod 8192] XOR (i * golden ratio)}, where {@code block} is 64 KiB of random bits
 * seeded by the file name. The XOR with a per-word counter means no stretch ever repeats, and it
 * costs a multiply per eight bytes, so generating data does not slow the writer down.
 */
public final class DataPattern {
    private static final int BLOCK_WORDS = 8192;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] block = new long[BLOCK_WORDS];

    private DataPattern(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BLOCK_WORDS; i++) {
            block[i] = random.nextLong();
        }
    }

    public static DataPattern forFile(String fileName) {
        // FNV-1a over the name's bytes: stable across JVMs, unlike String.hashCode's 32 bits.
        long hash = 0xcbf29ce484222325L;
        for (byte b : fileName.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        return new DataPattern(hash);
    }

    private long word(long index) {
        return block[(int) (index & (BLOCK_WORDS - 1))] ^ (index * GOLDEN);
    }

    private byte byteAt(long offset) {
        return (byte) (word(offset >>> 3) >>> ((offset & 7) * 8));
    }

    /** Fills {@code buffer[from, from + length)} with the bytes at file offset {@code fileOffset} onwards. */
    public void fill(long fileOffset, byte[] buffer, int from, int length) {
        int i = 0;
        while (i < length && ((fileOffset + i) & 7) != 0) {
            buffer[from + i] = byteAt(fileOffset + i);
            i++;
        }
        long wordIndex = (fileOffset + i) >>> 3;
        for (; i + 8 <= length; i += 8) {
            LONGS.set(buffer, from + i, word(wordIndex++));
        }
        for (; i < length; i++) {
            buffer[from + i] = byteAt(fileOffset + i);
        }
    }

    /**
     * Compares {@code data[from, from + length)} with the pattern at {@code fileOffset}.
     *
     * @param scratch a buffer at least {@code length} long, overwritten
     * @return the file offset of the first byte that differs, or -1 if all match
     */
    public long firstMismatch(long fileOffset, byte[] data, int from, int length, byte[] scratch) {
        fill(fileOffset, scratch, 0, length);
        int mismatch = Arrays.mismatch(data, from, from + length, scratch, 0, length);
        return mismatch < 0 ? -1 : fileOffset + mismatch;
    }

    /** The byte the pattern has at {@code offset}, for error messages. */
    public int expectedByte(long offset) {
        return byteAt(offset) & 0xff;
    }
}
