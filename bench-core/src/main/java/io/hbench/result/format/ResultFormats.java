package io.hbench.result.format;

import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** The result formats by the names a command line uses for them. */
public final class ResultFormats {
    private static final List<String> NAMES = List.of("json", "text");

    private ResultFormats() {}

    /** Names accepted by {@link #byName(String)}. */
    public static List<String> names() {
        return NAMES;
    }

    /** The format called {@code name} ("json" or "text", any case). */
    public static ResultFormat byName(String name) {
        requireNonNull(name, "name is null");
        switch (name.toLowerCase(Locale.ROOT)) {
            case "json":
                return new JsonResultFormat();
            case "text":
                return new TextResultFormat();
            default:
                throw new IllegalArgumentException("unknown result format: " + name + " (expected one of " + NAMES + ")");
        }
    }
}
