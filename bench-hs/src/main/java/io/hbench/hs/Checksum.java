package io.hbench.hs;

import java.math.BigInteger;

/**
 * A running sum of records' CRC32 values, exact to 128 bits (gensort's and TeraValidate's
 * checksum). Written as TeraValidate writes it: lower-case hex, no leading zeros.
 */
public final class Checksum {
    private long high;
    private long low;

    public void add(long crc) {
        long sum = low + crc;
        if (Long.compareUnsigned(sum, low) < 0) {
            high++;
        }
        low = sum;
    }

    long high() {
        return high;
    }

    long low() {
        return low;
    }

    public BigInteger value() {
        return new BigInteger(Long.toUnsignedString(high)).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
    }

    public static String format(BigInteger value) {
        return value.toString(16);
    }

    static BigInteger parse(String hex) {
        return new BigInteger(hex.trim(), 16);
    }
}
