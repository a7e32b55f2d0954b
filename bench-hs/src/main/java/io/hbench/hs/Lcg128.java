package io.hbench.hs;

/**
 * gensort's 128-bit linear congruential generator, x' = A x + C (mod 2^128), starting from 0, with
 * skip-ahead: {@link #atRow} jumps to the state of any row in at most 128 steps, so every map task
 * starts where its rows start. The jump table (the map applied 2^i times, itself an affine map) is
 * computed here by repeated squaring from A and C. Mutable; not thread-safe.
 */
final class Lcg128 {
    static final long A_HIGH = 0x2360ed051fc65da4L;
    static final long A_LOW = 0x4385df649fccf645L;
    static final long C_HIGH = 0x4a696d4772617952L;
    static final long C_LOW = 0x4950202020202001L;

    /** For i in 0..127: the map applied 2^i times is x -> MUL[i] x + ADD[i]; each as {high, low}. */
    private static final long[][] MUL = new long[128][];
    private static final long[][] ADD = new long[128][];

    static {
        long[] a = {A_HIGH, A_LOW};
        long[] c = {C_HIGH, C_LOW};
        for (int i = 0; i < 128; i++) {
            MUL[i] = a;
            ADD[i] = c;
            // Applying (a, c) twice: a (a x + c) + c = a^2 x + (a c + c).
            long[] ac = multiply(a[0], a[1], c[0], c[1]);
            c = add(ac[0], ac[1], c[0], c[1]);
            a = multiply(a[0], a[1], a[0], a[1]);
        }
    }

    private long high;
    private long low;

    private Lcg128(long high, long low) {
        this.high = high;
        this.low = low;
    }

    /**
     * The generator positioned so that the next {@link #next} yields row {@code row}'s number:
     * the state after {@code row} steps from 0 (rows below 2^64, as unsigned).
     */
    static Lcg128 atRow(long row) {
        Lcg128 lcg = new Lcg128(0, 0);
        for (int i = 0; i < 64; i++) {
            if ((row >>> i & 1) != 0) {
                lcg.apply(MUL[i], ADD[i]);
            }
        }
        return lcg;
    }

    /** Advances one step; the new state is the row's random number. Allocation-free: it runs once per record. */
    void next() {
        long productLow = low * A_LOW;
        long productHigh = unsignedMultiplyHigh(low, A_LOW) + high * A_LOW + low * A_HIGH;
        long sumLow = productLow + C_LOW;
        long carry = Long.compareUnsigned(sumLow, productLow) < 0 ? 1 : 0;
        high = productHigh + C_HIGH + carry;
        low = sumLow;
    }

    long high() {
        return high;
    }

    long low() {
        return low;
    }

    private void apply(long[] mul, long[] add) {
        long[] product = multiply(mul[0], mul[1], high, low);
        long[] sum = add(product[0], product[1], add[0], add[1]);
        high = sum[0];
        low = sum[1];
    }

    /** (xh:xl) * (yh:yl) mod 2^128. */
    static long[] multiply(long xh, long xl, long yh, long yl) {
        long lowProduct = xl * yl;
        long high = unsignedMultiplyHigh(xl, yl) + xh * yl + xl * yh;
        return new long[] {high, lowProduct};
    }

    static long[] add(long xh, long xl, long yh, long yl) {
        long low = xl + yl;
        long carry = Long.compareUnsigned(low, xl) < 0 ? 1 : 0;
        return new long[] {xh + yh + carry, low};
    }

    static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }
}
