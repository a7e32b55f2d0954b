package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.junit.jupiter.api.Test;

class KeyComparatorTest {
    private static final Text.Comparator TEXT = new Text.Comparator();

    /** A serialized Text of {@code key} at offset 3 of a larger buffer, as keys sit in the sort buffer. */
    private static byte[] serialized(byte[] key) throws IOException {
        DataOutputBuffer out = new DataOutputBuffer();
        out.write(new byte[3]);
        new Text(key).write(out);
        out.write(new byte[5]);
        return Arrays.copyOf(out.getData(), out.getLength());
    }

    private static int compare(WritableComparator comparator, byte[] a, byte[] b) throws IOException {
        byte[] x = serialized(a);
        byte[] y = serialized(b);
        return comparator.compare(x, 3, x.length - 8, y, 3, y.length - 8);
    }

    private static List<byte[]> keys() {
        Random random = new Random(23);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] key = new byte[Records.KEY_LENGTH];
            random.nextBytes(key);
            keys.add(key);
            // The same first 8 bytes, other last bytes: only the tail decides.
            byte[] tail = key.clone();
            tail[9] = (byte) (tail[9] ^ 0x80);
            keys.add(tail);
            keys.add(key.clone());
        }
        // Bytes at and above 0x80 are above 0x7f (unsigned), in the long part and in the tail.
        keys.add(new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        keys.add(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
            (byte) 0xff, (byte) 0xff, (byte) 0xff});
        keys.add(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80});
        keys.add(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7f});
        // Keys of other lengths: a prefix orders below the longer key.
        keys.add(new byte[] {1, 2, 3});
        keys.add(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        keys.add(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        keys.add(new byte[0]);
        return keys;
    }

    @Test
    void ordersEveryPairOfKeysAsTextsComparatorDoes() throws IOException {
        KeyComparator comparator = new KeyComparator();
        List<byte[]> keys = keys();
        for (byte[] a : keys) {
            for (byte[] b : keys) {
                assertThat(Integer.signum(compare(comparator, a, b)))
                        .as("%s vs %s", Records.hex(a, 0, a.length), Records.hex(b, 0, b.length))
                        .isEqualTo(Integer.signum(compare(TEXT, a, b)));
            }
        }
    }

    @Test
    void aKeyThatDiffersOnlyInItsLastByteOrdersByThatByteUnsigned() throws IOException {
        KeyComparator comparator = new KeyComparator();
        byte[] low = {5, 5, 5, 5, 5, 5, 5, 5, 5, 0x7f};
        byte[] high = {5, 5, 5, 5, 5, 5, 5, 5, 5, (byte) 0x80};

        assertThat(compare(comparator, low, high)).isNegative();
        assertThat(compare(comparator, high, low)).isPositive();
        assertThat(compare(comparator, low, low.clone())).isZero();
    }
}
