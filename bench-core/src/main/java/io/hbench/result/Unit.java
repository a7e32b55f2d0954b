package io.hbench.result;

import static java.util.Objects.requireNonNull;

/**
 * The unit of a {@link Metric}, {@link Distribution} or {@link TimeSeries}, from the schema's own vocabulary.
 * Values are stored in base units only (bytes, not MiB; seconds, not milliseconds): prefixes, decimal or binary, are
 * the business of whoever presents them. {@link #symbol()} is how the JSON spells the unit.
 */
public enum Unit {
    /** A plain number of things: files, rows, messages. */
    COUNT("count"),
    BYTES("bytes"),
    SECONDS("seconds"),
    BYTES_PER_SECOND("bytes/s"),
    OPERATIONS_PER_SECOND("ops/s"),
    /** Events of the kind the metric names per second: context switches, packets, disk requests, pages swapped. */
    PER_SECOND("1/s"),
    /** A dimensionless quotient of two figures of the same unit, such as relative bandwidth. */
    RATIO("ratio"),
    PERCENT("percent"),
    /** Scale factors per hour: TPCx-HS's HSph@SF. */
    SCALE_FACTORS_PER_HOUR("sf/h"),
    /** Price per HSph@SF, in whatever currency the price was given in. */
    PRICE_PER_SCALE_FACTOR_PER_HOUR("price/(sf/h)");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    /** How the schema writes this unit. */
    public String symbol() {
        return symbol;
    }

    /** The unit written as {@code symbol}. */
    public static Unit bySymbol(String symbol) {
        requireNonNull(symbol, "symbol is null");
        for (Unit unit : values()) {
            if (unit.symbol.equals(symbol)) {
                return unit;
            }
        }
        throw new IllegalArgumentException("unknown unit: " + symbol);
    }
}
