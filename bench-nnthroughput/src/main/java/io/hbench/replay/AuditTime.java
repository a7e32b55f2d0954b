package io.hbench.replay;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The time at the start of an audit line, as log4j's ISO8601 layout writes it: {@code 2026-01-05 10:00:00,123}. Read
 * as UTC: the log does not say its zone, and only the differences between lines count.
 */
final class AuditTime {
    /** How long a line's timestamp is: {@code yyyy-MM-dd HH:mm:ss,SSS}. */
    static final int LENGTH = 23;

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private AuditTime() {
    }

    /**
     * The milliseconds since the epoch of the timestamp at the start of {@code text}, parsed by hand: a log has
     * millions of lines. Empty unless it starts with a valid {@code yyyy-MM-dd HH:mm:ss,SSS}.
     */
    static OptionalLong parse(String text) {
        if (text.length() < LENGTH || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != ' '
                || text.charAt(13) != ':' || text.charAt(16) != ':' || text.charAt(19) != ',') {
            return OptionalLong.empty();
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        int millis = digits(text, 20, 3);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
                || second > 59 || millis < 0) {
            return OptionalLong.empty();
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(epochDay * MILLIS_PER_DAY + ((hour * 60L + minute) * 60 + second) * 1000 + millis);
    }

    /** {@code millis} since the epoch as a line's timestamp, {@code yyyy-MM-dd HH:mm:ss,SSS}. */
    static String format(long millis) {
        return FORMAT.format(Instant.ofEpochMilli(millis));
    }

    /** The number written in {@code count} digits from {@code start}; -1 when one of them is not a digit. */
    private static int digits(String text, int start, int count) {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
