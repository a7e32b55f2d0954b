package io.hbench.hs;

import java.util.zip.CRC32;

/**
 * Generates the records of a row range, byte for byte as gensort's binary mode (and Hadoop's
 * TeraGen) does: the key is the top 10 bytes of the row's 128-bit random number; the value holds
 * the row number as 32 hexadecimal digits and a filler from the random number's low 48 bits,
 * between fixed break bytes. In skewed mode ({@link KeySkew}), some keys are replaced by a few hot
 * keys; the value is unchanged, so every record stays unique.
 */
public final class RecordGenerator {
    private static final byte[] HEX_UPPER = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final Lcg128 random;
    private final KeySkew skew;
    private final CRC32 crc = new CRC32();
    private long row;

    /** A generator whose first record is row {@code firstRow}. */
    public RecordGenerator(long firstRow, KeySkew skew) {
        this.random = Lcg128.atRow(firstRow);
        this.skew = skew;
        this.row = firstRow;
    }

    /** Writes the next row's record into {@code record[0..100)} and returns its CRC32. */
    public long next(byte[] record) {
        random.next();
        long high = random.high();
        long low = random.low();
        for (int i = 0; i < 8; i++) {
            record[i] = (byte) (high >>> (56 - 8 * i));
        }
        record[8] = (byte) (low >>> 56);
        record[9] = (byte) (low >>> 48);
        record[10] = 0x00;
        record[11] = 0x11;
        // The row number as a 128-bit value in 32 upper-case hex digits; rows fit in the low 64 bits.
        for (int i = 0; i < 16; i++) {
            record[12 + i] = '0';
        }
        for (int i = 0; i < 16; i++) {
            record[28 + i] = HEX_UPPER[(int) (row >>> (60 - 4 * i)) & 0xf];
        }
        record[44] = (byte) 0x88;
        record[45] = (byte) 0x99;
        record[46] = (byte) 0xAA;
        record[47] = (byte) 0xBB;
        for (int i = 0; i < 12; i++) {
            byte digit = HEX_UPPER[(int) (low >>> (44 - 4 * i)) & 0xf];
            int at = 48 + 4 * i;
            record[at] = digit;
            record[at + 1] = digit;
            record[at + 2] = digit;
            record[at + 3] = digit;
        }
        record[96] = (byte) 0xCC;
        record[97] = (byte) 0xDD;
        record[98] = (byte) 0xEE;
        record[99] = (byte) 0xFF;
        if (skew != KeySkew.NONE) {
            skew.apply(record, low);
        }
        row++;
        crc.reset();
        crc.update(record, 0, Records.RECORD_LENGTH);
        return crc.getValue();
    }
}
