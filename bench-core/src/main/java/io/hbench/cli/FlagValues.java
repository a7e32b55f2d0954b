package io.hbench.cli;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.LocalOutput;
import io.hbench.units.DataSize;
import io.hbench.units.LinkRate;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way every program of bench.jar, and bench-perf, reads a flag's value. Each method takes the flag as the
 * user wrote it ({@code -nrFiles}, or {@code <msgSize>} for a positional argument) and the text given; a text that is
 * not such a value throws a {@link BenchException} of {@link ErrorCode#INVALID_ARGUMENT} whose one-line message names
 * the flag, quotes the text and says what is accepted. Ranges that belong to an option (at least one file) are the
 * options' builders' to check; the limits here are those of the value's type, said as numbers. An output file's
 * refusals are {@link LocalOutput}'s, of their own error codes.
 */
public final class FlagValues {
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");
    private static final Pattern HOST_PORT = Pattern.compile("(.*):(\\d{1,5})");

    private FlagValues() {
    }

    /** A whole number that fits in an {@code int}. */
    public static int wholeNumber(String flag, String text) {
        return wholeNumber(flag, text, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** A whole number from {@code min} to {@code max}, both included. */
    public static int wholeNumber(String flag, String text, int min, int max) {
        return (int) longNumber(flag, text, min, max);
    }

    /** A whole number from {@code min} to {@code max}, both included, that fits in a {@code long}. */
    public static long longNumber(String flag, String text, long min, long max) {
        String trimmed = text.trim();
        if (!WHOLE.matcher(trimmed).matches()) {
            throw invalid(flag, text, "is not a whole number");
        }
        // BigInteger, so that a number past the type's limits is said to be too large, not to be no number.
        BigInteger value = new BigInteger(trimmed);
        if (value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw invalid(flag, text, "is too large: at most " + max);
        }
        if (value.compareTo(BigInteger.valueOf(min)) < 0) {
            throw invalid(flag, text, "is too small: at least " + min);
        }
        return value.longValue();
    }

    /** A random generator's seed: any whole number a {@code long} holds. */
    public static long seed(String flag, String text) {
        return longNumber(flag, text, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A decimal number, e.g. a significance level or a percentage. */
    public static double decimal(String flag, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below, with the flag
        }
        throw invalid(flag, text, "is not a number");
    }

    /** A size as TestDFSIO writes it ({@link DataSize#parse}): binary units, a plain number is MB. */
    public static long size(String flag, String text) {
        try {
            return DataSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " " + e.getMessage());
        }
    }

    /** A size as Hama's and Netgauge's tools write it: binary units, a plain number is bytes. */
    public static long bytes(String flag, String text) {
        try {
            return DataSize.parseBytes(text);
        } catch (IllegalArgumentException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " " + e.getMessage());
        }
    }

    /** A duration: a whole number and ms, s, m or h; a plain number is seconds. */
    public static Duration duration(String flag, String text) {
        Matcher matcher = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw invalid(flag, text, "is not a duration: use a whole number and ms, s, m or h (no unit means"
                    + " seconds), e.g. 30s");
        }
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        long amount = longNumber(flag, matcher.group(1), 0, Long.MAX_VALUE);
        try {
            switch (unit) {
                case "ms":
                    return Duration.ofMillis(amount);
                case "m":
                    return Duration.ofMinutes(amount);
                case "h":
                    return Duration.ofHours(amount);
                default:
                    return Duration.ofSeconds(amount);
            }
        } catch (ArithmeticException e) {
            throw invalid(flag, text, "is too long");
        }
    }

    /**
     * {@code host:port}, the host left unresolved (it is resolved only where it is bound or dialled); an empty host is
     * every interface.
     */
    public static InetSocketAddress hostPort(String flag, String text) {
        Matcher matcher = HOST_PORT.matcher(text.trim());
        int port = matcher.matches() ? Integer.parseInt(matcher.group(2)) : -1;
        if (port < 0 || port > 65535) {
            throw invalid(flag, text, "is not host:port with a port from 0 to 65535, e.g. 0.0.0.0:7077");
        }
        String host = matcher.group(1);
        return InetSocketAddress.createUnresolved(host.isEmpty() ? "0.0.0.0" : host, port);
    }

    /**
     * {@code host=rate[,host=rate...]}, each rate as {@link LinkRate} reads it ({@code 20Mbit}, {@code 10Gbit}): each
     * host's link rate in bits per second, in the order given. A host given twice is refused.
     */
    public static Map<String, Long> hostRates(String flag, String text) {
        try {
            return LinkRate.parseHostRates(text);
        } catch (IllegalArgumentException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " " + e.getMessage());
        }
    }

    /**
     * A local file the program will write, checked before anything runs ({@link LocalOutput#check}): one that cannot be
     * written, or that exists and hbench did not write (unless {@code overwrite}), is refused naming the flag.
     */
    public static LocalOutput outputFile(String flag, String text, LocalOutput.Kind kind, boolean overwrite) {
        return LocalOutput.check(flag, Paths.get(text), kind, overwrite);
    }

    private static BenchException invalid(String flag, String text, String reason) {
        return new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' " + reason);
    }
}
