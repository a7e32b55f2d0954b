package io.hbench.hs;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.Locale;

/** Parsing of command-line values shared by the programs; every message names the flag. */
final class HsArgs {
    private HsArgs() {
    }

    static int wholeNumber(String flag, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' is not a whole number");
        }
    }

    /** A row count: a whole number, optionally with TeraGen's decimal suffixes k, m, b or t. */
    static long rows(String flag, String text) {
        String trimmed = text.trim().toLowerCase(Locale.ROOT);
        long multiplier = 1;
        if (!trimmed.isEmpty()) {
            switch (trimmed.charAt(trimmed.length() - 1)) {
                case 'k':
                    multiplier = 1_000L;
                    break;
                case 'm':
                    multiplier = 1_000_000L;
                    break;
                case 'b':
                    multiplier = 1_000_000_000L;
                    break;
                case 't':
                    multiplier = 1_000_000_000_000L;
                    break;
                default:
                    break;
            }
        }
        String digits = multiplier == 1 ? trimmed : trimmed.substring(0, trimmed.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' is not a row count: use a"
                    + " whole number, optionally with k, m, b or t (thousands, millions, billions, trillions)");
        }
    }
}
