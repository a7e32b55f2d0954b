package io.hbench.result;

import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** Argument checks shared by the value classes; every message names the offending field. */
final class Checks {
    private Checks() {}

    static void checkArgument(boolean condition, String messageFormat, Object... arguments) {
        if (!condition) {
            // Locale.ROOT so that a message never depends on where the benchmark runs.
            throw new IllegalArgumentException(String.format(Locale.ROOT, messageFormat, arguments));
        }
    }

    static String checkNotBlank(String value, String field) {
        requireNonNull(value, field + " is null");
        checkArgument(!value.isBlank(), "%s is blank", field);
        return value;
    }

    static double checkFinite(double value, String field) {
        checkArgument(Double.isFinite(value), "%s is not finite: %s", field, value);
        return value;
    }
}
