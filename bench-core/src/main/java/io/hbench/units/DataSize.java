package io.hbench.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as TestDFSIO spells them: a whole number and a binary unit, {@code 16GB} = 16 * 2^30 bytes.
 * A number without a unit is in MB, as in TestDFSIO.
 */
public final class DataSize {
    public static final long KB = 1L << 10;
    public static final long MB = 1L << 20;
    public static final long GB = 1L << 30;
    public static final long TB = 1L << 40;

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([A-Za-z]*)");

    private DataSize() {
    }

    /**
     * Parses a size; throws {@link IllegalArgumentException} with a message that quotes the text
     * and says what is accepted.
     */
    public static long parse(String text) {
        return parse(text, MB);
    }

    /** Parses a size as Hama's and Netgauge's tools read sizes: as {@link #parse}, but a plain number is bytes. */
    public static long parseBytes(String text) {
        return parse(text, 1);
    }

    private static long parse(String text, long unitless) {
        Matcher matcher = SIZE.matcher(text == null ? "" : text.trim());
        if (!matcher.matches()) {
            throw notASize(text, unitless);
        }
        long multiplier = matcher.group(2).isEmpty() ? unitless : multiplier(matcher.group(2), text, unitless);
        try {
            return Math.multiplyExact(Long.parseLong(matcher.group(1)), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large: the largest size is "
                    + Long.MAX_VALUE + " bytes");
        }
    }

    private static long multiplier(String unit, String text, long unitless) {
        switch (unit.toUpperCase(Locale.ROOT)) {
            case "MB":
            case "M":
                return MB;
            case "B":
                return 1;
            case "KB":
            case "K":
                return KB;
            case "GB":
            case "G":
                return GB;
            case "TB":
            case "T":
                return TB;
            default:
                throw notASize(text, unitless);
        }
    }

    private static IllegalArgumentException notASize(String text, long unitless) {
        boolean mebibytes = unitless == MB;
        return new IllegalArgumentException("'" + text + "' is not a size: use a whole number and B, KB, MB, GB or TB"
                + " (binary: 1KB = 1024 bytes; no unit means " + (mebibytes ? "MB" : "bytes") + "), e.g. "
                + (mebibytes ? "16GB" : "64KB"));
    }

    /** Bytes in MiB (2^20), the unit of TestDFSIO's "MBytes" and "mb/sec". */
    public static double toMebibytes(long bytes) {
        return bytes / (double) MB;
    }

}
