package io.hbench.hs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * Orders serialized Text keys as unsigned bytes, as Text's own comparator does, with the sort's common case made
 * short: a TPCx-HS key's first 8 bytes read as one big-endian long and compared unsigned, then the rest byte by byte.
 * The sort calls it about 20 times per record; Text's comparator goes through the general byte comparison each time.
 */
public final class KeyComparator extends WritableComparator {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    public KeyComparator() {
        super(Text.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
        int n1 = WritableUtils.decodeVIntSize(b1[s1]);
        int n2 = WritableUtils.decodeVIntSize(b2[s2]);
        return compareKeys(b1, s1 + n1, l1 - n1, b2, s2 + n2, l2 - n2);
    }

    /** Two keys' bytes in this order, for a sort of keys not serialized as Text (Spark's). */
    public static int compareKeys(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
        int a = s1;
        int b = s2;
        int aLength = l1;
        int bLength = l2;
        if (aLength >= Long.BYTES && bLength >= Long.BYTES) {
            int c = Long.compareUnsigned((long) LONG.get(b1, a), (long) LONG.get(b2, b));
            if (c != 0) {
                return c;
            }
            a += Long.BYTES;
            b += Long.BYTES;
            aLength -= Long.BYTES;
            bLength -= Long.BYTES;
        }
        return Records.compare(b1, a, aLength, b2, b, bLength);
    }
}
