package io.hbench.hs;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.Locale;

/** A row count as TeraGen and the TPCx-HS kit write it: a whole number, optionally with k, m, b or t. */
final class RowCount {
    private RowCount() {
    }

    /**
     * The rows {@code text} stands for, the suffixes decimal (k thousands, m millions, b billions, t trillions).
     *
     * @throws BenchException naming {@code flag}, for a text that is no row count or one past a long's limit
     */
    static long parse(String flag, String text) {
        String trimmed = text.trim().toLowerCase(Locale.ROOT);
        long multiplier = trimmed.isEmpty() ? 1 : multiplier(trimmed.charAt(trimmed.length() - 1));
        String digits = multiplier == 1 ? trimmed : trimmed.substring(0, trimmed.length() - 1);
        if (!digits.matches("\\d+")) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' is not a row count: use a"
                    + " whole number, optionally with k, m, b or t (thousands, millions, billions, trillions)");
        }
        try {
            return Math.multiplyExact(Long.parseLong(digits), multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' is too large: at most "
                    + Long.MAX_VALUE + " rows");
        }
    }

    private static long multiplier(char suffix) {
        switch (suffix) {
            case 'k':
                return 1_000L;
            case 'm':
                return 1_000_000L;
            case 'b':
                return 1_000_000_000L;
            case 't':
                return 1_000_000_000_000L;
            default:
                return 1;
        }
    }
}
