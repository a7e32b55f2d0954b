package io.hbench.result.format;

import io.hbench.result.Unit;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How a figure in base units is shown to people: bytes and bytes/s with binary prefixes (MiB/s, as TestDFSIO
 * speaks), seconds as s, ms or us, the rest as they are. Chosen once per row, from its largest value, so that both
 * sides of a comparison read in the same unit.
 */
public final class DisplayUnit {
    private final String symbol;
    private final double divisor;

    private DisplayUnit(String symbol, double divisor) {
        this.symbol = symbol;
        this.divisor = divisor;
    }

    public static DisplayUnit of(Unit unit, double largest) {
        double magnitude = Math.abs(largest);
        switch (unit) {
            case BYTES:
                return binary(magnitude, "B", "KiB", "MiB", "GiB", "TiB");
            case BYTES_PER_SECOND:
                return binary(magnitude, "B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s");
            case SECONDS:
                return magnitude >= 1 || magnitude == 0 ? new DisplayUnit("s", 1)
                        : magnitude >= 1e-3 ? new DisplayUnit("ms", 1e-3) : new DisplayUnit("us", 1e-6);
            case PERCENT:
                return new DisplayUnit("%", 1);
            case COUNT:
            case RATIO:
                return new DisplayUnit("", 1);
            default:
                return new DisplayUnit(unit.symbol(), 1);
        }
    }

    private static DisplayUnit binary(double magnitude, String... symbols) {
        int power = 0;
        while (power < symbols.length - 1 && magnitude >= Math.pow(1024, power + 1)) {
            power++;
        }
        return new DisplayUnit(symbols[power], Math.pow(1024, power));
    }

    public String symbol() {
        return symbol;
    }

    /**
     * {@code value} in this unit with three decimals, rounded half up, '.' as decimal point, no grouping; below 0.1, three
     * significant digits instead, so that a small figure (a tiny scale factor's HSph@SF) never reads as 0.000.
     */
    public String format(double value) {
        double scaled = value / divisor;
        if (scaled != 0 && Math.abs(scaled) < 0.1) {
            return new BigDecimal(scaled).round(new MathContext(3, RoundingMode.HALF_UP)).toPlainString();
        }
        return fixed(scaled, 3);
    }

    /**
     * {@code value} of {@code unit} as people read it everywhere hbench writes for them (console, summary, report,
     * Compare): "17.465 MiB/s", "2.500 ms", "93.100 %", "4.000".
     */
    public static String text(double value, Unit unit) {
        DisplayUnit display = of(unit, value);
        return display.format(value) + (display.symbol.isEmpty() ? "" : " " + display.symbol);
    }

    public static String fixed(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }
}
