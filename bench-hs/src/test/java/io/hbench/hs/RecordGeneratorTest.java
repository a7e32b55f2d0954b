package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class RecordGeneratorTest {
    private static final BigInteger MOD = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger A = new BigInteger("2360ed051fc65da44385df649fccf645", 16);
    private static final BigInteger C = new BigInteger("4a696d47726179524950202020202001", 16);

    private static BigInteger value(Lcg128 lcg) {
        return new BigInteger(Long.toUnsignedString(lcg.high())).shiftLeft(64)
                .add(new BigInteger(Long.toUnsignedString(lcg.low())));
    }

    @Test
    void skipAheadLandsWhereSteppingDoes() {
        Lcg128 stepping = Lcg128.atRow(0);
        BigInteger expected = BigInteger.ZERO;
        for (long row = 1; row <= 5000; row++) {
            stepping.next();
            expected = expected.multiply(A).add(C).mod(MOD);
            assertThat(value(stepping)).isEqualTo(expected);
            if (row % 997 == 0) {
                assertThat(value(Lcg128.atRow(row))).as("row %d", row).isEqualTo(expected);
            }
        }
    }

    @Test
    void skipAheadWorksForLargeRowNumbers() {
        // x_n = C (A^n - 1) / (A - 1) mod 2^128; A - 1 is even, so compute via the modular series sum.
        long row = 123_456_789_012L;
        BigInteger x = BigInteger.ZERO;
        BigInteger mul = A;
        BigInteger add = C;
        for (long n = row; n != 0; n >>>= 1) {
            if ((n & 1) != 0) {
                x = x.multiply(mul).add(add).mod(MOD);
            }
            add = mul.multiply(add).add(add).mod(MOD);
            mul = mul.multiply(mul).mod(MOD);
        }
        assertThat(value(Lcg128.atRow(row))).isEqualTo(x);
    }

    @Test
    void recordLayoutIsGensorts() {
        byte[] record = new byte[100];
        new RecordGenerator(0x1234ABCDL, KeySkew.NONE).next(record);

        assertThat(new String(record, 12, 32, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("000000000000000000000000" + "1234ABCD");
        assertThat(record[10]).isEqualTo((byte) 0x00);
        assertThat(record[11]).isEqualTo((byte) 0x11);
        assertThat(Records.hex(record, 44, 4)).isEqualTo("88 99 aa bb");
        assertThat(Records.hex(record, 96, 4)).isEqualTo("cc dd ee ff");
        for (int i = 0; i < 12; i++) {
            int at = 48 + 4 * i;
            assertThat(record[at + 1]).isEqualTo(record[at]);
            assertThat(record[at + 3]).isEqualTo(record[at]);
        }
    }

    @Test
    void rowsAreSplitEvenlyAsTeraGenSplitsThem() {
        assertThat(RowRangeInputFormat.boundaries(10_000, 2)).containsExactly(0, 5000, 10_000);
        assertThat(RowRangeInputFormat.boundaries(10, 3)).containsExactly(0, 4, 7, 10);
        assertThat(RowRangeInputFormat.boundaries(7, 1)).containsExactly(0, 7);
    }

    @Test
    void skewSendsHalfTheRecordsToFourHotKeys() {
        RecordGenerator generator = new RecordGenerator(0, KeySkew.HOT_KEYS);
        byte[] record = new byte[100];
        int hot = 0;
        for (int i = 0; i < 10_000; i++) {
            generator.next(record);
            for (int k = 0; k < KeySkew.HOT_KEY_COUNT; k++) {
                if (Records.compare(record, 0, 10, KeySkew.hotKey(k), 0, 10) == 0) {
                    hot++;
                }
            }
        }
        assertThat(hot).isBetween(4_500, 5_500);
    }
}
