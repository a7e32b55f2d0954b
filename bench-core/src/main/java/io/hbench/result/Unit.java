package io.hbench.result;

import static java.util.Objects.requireNonNull;

/**
 * The unit of a {@link Metric}, {@link Distribution} or {@link TimeSeries}. Writers print {@link #symbol()}.
 */
public enum Unit {
    COUNT(""),
    BYTES("B"),
    MEBIBYTES("MiB"),
    SECONDS("s"),
    MILLISECONDS("ms"),
    MICROSECONDS("us"),
    MEBIBYTES_PER_SECOND("MiB/s"),
    BYTES_PER_SECOND("B/s"),
    OPERATIONS_PER_SECOND("ops/s"),
    PERCENT("%");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    /** The symbol printed after a value; empty for {@link #COUNT}, which is a plain number. */
    public String symbol() {
        return symbol;
    }

    /** The unit printed as {@code symbol}; readers use this to map a written symbol back to its unit. */
    public static Unit bySymbol(String symbol) {
        requireNonNull(symbol, "symbol is null");
        for (Unit unit : values()) {
            if (unit.symbol.equals(symbol)) {
                return unit;
            }
        }
        throw new IllegalArgumentException("unknown unit symbol: " + symbol);
    }
}
