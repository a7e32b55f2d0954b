package io.hbench.result.format;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A moment as people read it wherever hbench writes for them: to the second, with the zone, "2026-11-24 22:43:31 UTC".
 * JSON keeps ISO-8601 with its fraction.
 */
public final class PeopleTime {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'",
            Locale.ROOT).withZone(ZoneOffset.UTC);

    private PeopleTime() {
    }

    public static String format(Instant instant) {
        return FORMAT.format(requireNonNull(instant, "instant is null"));
    }
}
