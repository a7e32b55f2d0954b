package io.hbench.hs;

/**
 * How keys are distributed. {@link #NONE} is gensort's uniform distribution, the only one TPCx-HS
 * allows for a metric. {@link #HOT_KEYS} replaces half of the keys by one of four hot keys (each
 * about 12.5% of all records, chosen by bits of the row's random number that the key does not
 * use), so a range partitioner that sends each key to one reducer overloads four of them.
 */
public enum KeySkew {
    NONE,
    HOT_KEYS;

    static final int HOT_KEY_COUNT = 4;

    /** The hot keys, spread over the key space so that they fall into different partitions. */
    static byte[] hotKey(int index) {
        byte[] key = new byte[Records.KEY_LENGTH];
        key[0] = (byte) (0x20 + 0x40 * index);
        for (int i = 1; i < key.length; i++) {
            key[i] = (byte) 0x5a;
        }
        return key;
    }

    private static final byte[][] HOT = {hotKey(0), hotKey(1), hotKey(2), hotKey(3)};

    void apply(byte[] record, long low) {
        // Bits 16..18 of the low word: not part of the key (the top 80 bits), independent of it.
        int pick = (int) (low >>> 16) & 7;
        if (pick < HOT_KEY_COUNT) {
            System.arraycopy(HOT[pick], 0, record, 0, Records.KEY_LENGTH);
        }
    }
}
