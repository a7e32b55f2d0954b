package io.hbench.bsp.bench;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of the BSP benchmarks' command-line values; every message quotes the value and names the flag. */
public final class BspArgs {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([A-Za-z]*)");
    private static final Pattern HOST_PORT = Pattern.compile("(.*):(\\d{1,5})");

    private BspArgs() {
    }

    public static int wholeNumber(String flag, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw invalid(flag + " '" + text + "' is not a whole number");
        }
    }

    public static long seed(String flag, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw invalid(flag + " '" + text + "' is not a seed: use a whole number from " + Long.MIN_VALUE + " to "
                    + Long.MAX_VALUE);
        }
    }

    /**
     * A size in bytes, as Hama's and Netgauge's sizes are: a plain number is bytes; B, KB, MB and GB are
     * binary (1KB = 1024 bytes), as everywhere in hbench.
     */
    public static long bytes(String flag, String text) {
        Matcher matcher = SIZE.matcher(text.trim());
        long multiplier = matcher.matches() ? multiplier(matcher.group(2)) : -1;
        if (multiplier < 0) {
            throw invalid(flag + " '" + text + "' is not a size: use a whole number of bytes, optionally with KB, MB"
                    + " or GB (1KB = 1024 bytes), e.g. 65536 or 64KB");
        }
        try {
            return Math.multiplyExact(Long.parseLong(matcher.group(1)), multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid(flag + " '" + text + "' is too large");
        }
    }

    private static long multiplier(String unit) {
        switch (unit.toUpperCase(Locale.ROOT)) {
            case "":
            case "B":
                return 1;
            case "KB":
            case "K":
                return 1L << 10;
            case "MB":
            case "M":
                return 1L << 20;
            case "GB":
            case "G":
                return 1L << 30;
            default:
                return -1;
        }
    }

    /** {@code host:port}; the host is resolved only when the runner binds to it. */
    public static InetSocketAddress hostPort(String flag, String text) {
        Matcher matcher = HOST_PORT.matcher(text.trim());
        int port = matcher.matches() ? Integer.parseInt(matcher.group(2)) : -1;
        if (port < 0 || port > 65535) {
            throw invalid(flag + " '" + text + "' is not host:port, e.g. 0.0.0.0:7077");
        }
        String host = matcher.group(1);
        return InetSocketAddress.createUnresolved(host.isEmpty() ? "0.0.0.0" : host, port);
    }

    private static BenchException invalid(String message) {
        return new BenchException(ErrorCode.INVALID_ARGUMENT, message);
    }
}
