package io.hbench.hs;

/**
 * The TPCx-HS record: 100 bytes, a 10-byte key then a 90-byte value, in gensort's binary layout
 * (the layout of Hadoop's TeraGen and of the TPCx-HS kit). Keys compare as unsigned bytes.
 */
public final class Records {
    public static final int KEY_LENGTH = 10;
    public static final int VALUE_LENGTH = 90;
    public static final int RECORD_LENGTH = KEY_LENGTH + VALUE_LENGTH;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Records() {
    }

    /** Unsigned lexicographic comparison of two byte ranges. */
    public static int compare(byte[] a, int aOffset, int aLength, byte[] b, int bOffset, int bLength) {
        int n = Math.min(aLength, bLength);
        for (int i = 0; i < n; i++) {
            int x = a[aOffset + i] & 0xff;
            int y = b[bOffset + i] & 0xff;
            if (x != y) {
                return x - y;
            }
        }
        return aLength - bLength;
    }

    /** Bytes as TeraValidate prints keys: two lower-case hex digits per byte, separated by spaces. */
    public static String hex(byte[] bytes, int offset, int length) {
        StringBuilder text = new StringBuilder(length * 3);
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                text.append(' ');
            }
            int b = bytes[offset + i] & 0xff;
            text.append(HEX[b >>> 4]).append(HEX[b & 0xf]);
        }
        return text.toString();
    }

    /** Bytes as compact lower-case hex, two digits per byte. */
    static String compactHex(byte[] bytes, int offset, int length) {
        StringBuilder text = new StringBuilder(length * 2);
        for (int i = 0; i < length; i++) {
            int b = bytes[offset + i] & 0xff;
            text.append(HEX[b >>> 4]).append(HEX[b & 0xf]);
        }
        return text.toString();
    }

    static byte[] fromCompactHex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
