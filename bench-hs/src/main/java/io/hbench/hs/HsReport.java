package io.hbench.hs;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.Locale;

/** Number formats of the programs' lines: always Locale.ROOT, so "0.50" in every country. */
final class HsReport {
    private HsReport() {
    }

    /** Exactly two decimals, half-up (the kit's printf "%.2f" in the C locale). */
    static String twoDecimals(double value) {
        DecimalFormat df = new DecimalFormat("0.00", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_UP);
        return df.format(value);
    }

    /** Whole milliseconds as seconds with three decimals, so it agrees with every "ms" figure printed. */
    static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return String.format(Locale.ROOT, "%d.%03d", millis / 1000, millis % 1000);
    }

    static String mibPerSecond(long bytes, Duration duration) {
        long nanos = duration.toNanos();
        return twoDecimals(nanos == 0 ? 0 : bytes / 1048576.0 / (nanos / 1e9));
    }
}
