package io.hbench.result;

import java.util.Locale;

import static java.util.Objects.requireNonNull;

/** Which way a metric improves, so that a comparison can say "better" or "worse" rather than "up" or "down". */
public enum Better {
    /** Throughput, operations per second. */
    HIGHER,
    /** Time, latency. */
    LOWER,
    /** A count that describes the run rather than judges it, such as the number of files. */
    NEITHER;

    /** How the schema writes it: "higher", "lower" or "neither". */
    public String symbol() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Better bySymbol(String symbol) {
        requireNonNull(symbol, "symbol is null");
        for (Better better : values()) {
            if (better.symbol().equals(symbol)) {
                return better;
            }
        }
        throw new IllegalArgumentException("unknown direction: " + symbol + " (expected higher, lower or neither)");
    }
}
