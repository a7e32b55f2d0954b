package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A TPCx-HS scale factor: terabytes of data (10^12 bytes, 10^10 records). Valid factors are 1, 3,
 * 10, 30, 100, 300, 1000, 3000 and 10000; a factor below 1 is accepted for testing and marked so.
 */
public final class ScaleFactor {
    public static final List<BigDecimal> VALID = List.of(new BigDecimal("1"), new BigDecimal("3"),
            new BigDecimal("10"), new BigDecimal("30"), new BigDecimal("100"), new BigDecimal("300"),
            new BigDecimal("1000"), new BigDecimal("3000"), new BigDecimal("10000"));
    public static final BigDecimal ROWS_PER_UNIT = new BigDecimal("10000000000");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?|\\.[0-9]+");

    private final BigDecimal value;
    private final long rows;

    /** How messages name a scale factor; the command line's flag is -sf. */
    static final String OPTION = "scaleFactor";

    private ScaleFactor(BigDecimal value, long rows) {
        this.value = value;
        this.rows = rows;
    }

    /** Parses a scale factor ({@code -sf}): a plain positive decimal, valid or below 1. */
    public static ScaleFactor parse(String text) {
        String trimmed = text.trim();
        if (!DECIMAL.matcher(trimmed).matches()) {
            throw new InvalidOptionException("{} '" + text + "' is not a scale factor: use a plain decimal number"
                    + " of terabytes, such as 1, 3, 10, or 0.0001 for a test run", OPTION);
        }
        BigDecimal value = new BigDecimal(trimmed).stripTrailingZeros();
        if (value.signum() <= 0) {
            throw new InvalidOptionException("{} must be above 0, got " + text, OPTION);
        }
        if (value.compareTo(BigDecimal.ONE) >= 0 && !isValid(value)) {
            throw new InvalidOptionException("{} " + text + " is not a TPCx-HS scale factor: use 1, 3, 10, 30, 100,"
                    + " 300, 1000, 3000 or 10000, or one below 1 for a test run", OPTION);
        }
        BigDecimal rows = value.multiply(ROWS_PER_UNIT);
        if (rows.stripTrailingZeros().scale() > 0) {
            throw new InvalidOptionException("{} " + text + " is not a whole number of 100-byte records ("
                    + rows.stripTrailingZeros().toPlainString() + ")", OPTION);
        }
        return new ScaleFactor(value, rows.longValueExact());
    }

    /** The scale factor of {@code rows} records (rows / 10^10). */
    public static ScaleFactor ofRows(long rows) {
        if (rows < 1) {
            throw new InvalidOptionException("{} must be at least 1, got " + rows, "rows");
        }
        return new ScaleFactor(new BigDecimal(rows).divide(ROWS_PER_UNIT).stripTrailingZeros(), rows);
    }

    private static boolean isValid(BigDecimal value) {
        return VALID.stream().anyMatch(valid -> valid.compareTo(value) == 0);
    }

    public BigDecimal value() {
        return value;
    }

    public long rows() {
        return rows;
    }

    /** Whether a metric at this factor may be reported as TPCx-HS's. */
    public boolean isValid() {
        return isValid(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScaleFactor && ((ScaleFactor) o).value.compareTo(value) == 0;
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    /** E.g. "1" or "0.0001 (test only, not a valid scale factor)". */
    @Override
    public String toString() {
        return value.toPlainString() + (isValid() ? "" : " (test only, not a valid scale factor)");
    }
}
