package io.hbench.units;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
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

    /**
     * {@code host=rate[,host=rate...]}: each host's rate in bits per second, in the order given; throws
     * {@link IllegalArgumentException} with a message that says what is wrong (a message about a rate names its host).
     */
    public static Map<String, Long> parseHostRates(String text) {
        Map<String, Long> rates = new LinkedHashMap<>();
        for (String entry : (text == null ? "" : text).split(",", -1)) {
            int equals = entry.indexOf('=');
            String host = equals < 0 ? "" : entry.substring(0, equals).trim();
            if (host.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "' is not host=rate[,host=rate...], e.g."
                        + " w2=20Mbit,w3=1Gbit");
            }
            long rate;
            try {
                rate = parseBitsPerSecond(entry.substring(equals + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(host + ": " + e.getMessage(), e);
            }
            if (rates.put(host, rate) != null) {
                throw new IllegalArgumentException("'" + text + "' gives " + host + " twice");
            }
        }
        return rates;
    }

    /** Bits per second in bytes per second, the unit of every rate in a result. */
    public static double toBytesPerSecond(long bitsPerSecond) {
        return bitsPerSecond / 8.0;
    }
}
