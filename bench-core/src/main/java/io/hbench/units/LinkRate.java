package io.hbench.units;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A network link's rate as NICs, switches and {@code tc} state it: a number and a decimal bit rate, {@code 20Mbit} =
 * 20 * 10^6 bits per second. A plain number is refused: bits or bytes, nobody could tell.
 */
public final class LinkRate {
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)bit(?:/s)?");

    private LinkRate() {
    }

    /**
     * Parses a rate into bits per second; throws {@link IllegalArgumentException} with a message that quotes the text
     * and says what is accepted.
     */
    public static long parseBitsPerSecond(String text) {
        Matcher matcher = RATE.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a link rate: use a number and bit, Kbit, Mbit,"
                    + " Gbit or Tbit (decimal: 1Mbit = 10^6 bits per second), e.g. 20Mbit or 10Gbit");
        }
        int thousands = matcher.group(2).isEmpty() ? 0 : "kmgt".indexOf(matcher.group(2)) + 1;
        BigDecimal bits = new BigDecimal(matcher.group(1)).scaleByPowerOfTen(3 * thousands);
        if (bits.signum() == 0) {
            throw new IllegalArgumentException("'" + text + "' is no link rate: a link carries more than 0 bits per"
                    + " second");
        }
        try {
            return bits.setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is too large: the largest rate is " + Long.MAX_VALUE
                    + " bits per second");
        }
    }

    /** Bits per second in bytes per second, the unit of every rate in a result. */
    public static double toBytesPerSecond(long bitsPerSecond) {
        return bitsPerSecond / 8.0;
    }
}
