package io.hbench.hs;

/** Counters of the HSGen, HSSort and HSValidate jobs. */
public enum HsCounter {
    /** Records written. */
    ROWS,
    /** Bytes written, for progress. */
    BYTES,
    /** The sum of the records' CRC32 modulo 2^64: TeraGen's CHECKSUM counter. */
    CHECKSUM,
    /** Bits 0-31 of each map's 128-bit checksum, summed: with the next two, the exact total. */
    CHECKSUM_BITS_0_31,
    CHECKSUM_BITS_32_63,
    CHECKSUM_BITS_64_127;

    /** Adds a task's 128-bit checksum to the three exact counters. */
    static void addExact(org.apache.hadoop.mapreduce.TaskInputOutputContext<?, ?, ?, ?> context, long high, long low) {
        context.getCounter(CHECKSUM).increment(low);
        context.getCounter(CHECKSUM_BITS_0_31).increment(low & 0xffffffffL);
        context.getCounter(CHECKSUM_BITS_32_63).increment(low >>> 32);
        context.getCounter(CHECKSUM_BITS_64_127).increment(high);
    }

    /** The exact sum from the three counters of a finished job. */
    static java.math.BigInteger exact(org.apache.hadoop.mapreduce.Counters counters) {
        java.math.BigInteger sum = java.math.BigInteger.valueOf(counters.findCounter(CHECKSUM_BITS_0_31).getValue());
        sum = sum.add(java.math.BigInteger.valueOf(counters.findCounter(CHECKSUM_BITS_32_63).getValue()).shiftLeft(32));
        return sum.add(java.math.BigInteger.valueOf(counters.findCounter(CHECKSUM_BITS_64_127).getValue()).shiftLeft(64));
    }
}
