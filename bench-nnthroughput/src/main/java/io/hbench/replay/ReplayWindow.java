package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The part of a log AuditReplay replays, {@code [from, to)}: lines logged from {@code from} on and before {@code to},
 * either end open. Both are times in the log's own format, read as UTC as its lines are. Immutable.
 */
public final class ReplayWindow {
    public static final String FROM = "from";
    public static final String TO = "to";
    /** How a window's end is written: the log's timestamp, its seconds and milliseconds optional. */
    public static final String TIME_FORMAT = "yyyy-MM-dd HH:mm[:ss[,SSS]]";

    public static final ReplayWindow WHOLE_LOG = new ReplayWindow(OptionalLong.empty(), OptionalLong.empty());

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm[:ss[,SSS]]",
            Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);

    private final OptionalLong fromMillis;
    private final OptionalLong toMillis;

    private ReplayWindow(OptionalLong fromMillis, OptionalLong toMillis) {
        this.fromMillis = fromMillis;
        this.toMillis = toMillis;
    }

    /**
     * The window of {@code from} and {@code to} as the user wrote them.
     *
     * @throws InvalidOptionException naming {@code from} or {@code to} for a time not written as {@link #TIME_FORMAT},
     *         naming both when {@code from} is not before {@code to}
     */
    public static ReplayWindow parse(Optional<String> from, Optional<String> to) {
        requireNonNull(from, "from is null");
        requireNonNull(to, "to is null");
        return of(time(FROM, from), time(TO, to));
    }

    /**
     * The window from {@code fromMillis} to {@code toMillis}, either open.
     *
     * @throws InvalidOptionException naming {@code from} and {@code to} when {@code from} is not before {@code to}
     */
    public static ReplayWindow of(OptionalLong fromMillis, OptionalLong toMillis) {
        requireNonNull(fromMillis, "fromMillis is null");
        requireNonNull(toMillis, "toMillis is null");
        if (fromMillis.isPresent() && toMillis.isPresent() && fromMillis.getAsLong() >= toMillis.getAsLong()) {
            throw new InvalidOptionException("{} " + AuditTime.format(fromMillis.getAsLong()) + " is not before {} "
                    + AuditTime.format(toMillis.getAsLong()) + ": the window holds no line", FROM, TO);
        }
        return new ReplayWindow(fromMillis, toMillis);
    }

    private static OptionalLong time(String option, Optional<String> text) {
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(LocalDateTime.parse(text.get().trim(), FORMAT).toInstant(ZoneOffset.UTC)
                    .toEpochMilli());
        } catch (DateTimeParseException e) {
            throw new InvalidOptionException("{} '" + text.get() + "' is not a time of the log: write " + TIME_FORMAT
                    + ", e.g. 2026-01-05 10:00:00", option);
        }
    }

    /** The first millisecond in the window; empty from the log's start. */
    public OptionalLong fromMillis() {
        return fromMillis;
    }

    /** The first millisecond after the window; empty to the log's end. */
    public OptionalLong toMillis() {
        return toMillis;
    }

    /** Whether a line logged at {@code millis} is in the window. */
    public boolean contains(long millis) {
        return (fromMillis.isEmpty() || millis >= fromMillis.getAsLong())
                && (toMillis.isEmpty() || millis < toMillis.getAsLong());
    }

    /** {@code [2026-01-05 10:00:00,000, 2026-01-05 11:00:00,000)}, an open end written as {@code ...}. */
    @Override
    public String toString() {
        return "[" + end(fromMillis) + ", " + end(toMillis) + ")";
    }

    private static String end(OptionalLong millis) {
        return millis.isPresent() ? AuditTime.format(millis.getAsLong()) : "...";
    }
}
