package io.hbench.bsp.bench;

import java.util.Locale;

/**
 * The units of the BSP benchmarks, said in the label: MiB/s is 2^20 bytes per second, as every hbench output reads
 * bytes per second; Gbit/s, 10^9 bits per second, stands beside it to hold a figure to a link's nominal rate.
 * Figures are formatted with Locale.ROOT, so output never depends on the default locale.
 */
public final class Rates {
    private Rates() {
    }

    /** Bytes per second, or 0 if no time passed. */
    public static double bytesPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes * 1e9 / nanos;
    }

    public static double mebibytesPerSecond(double bytesPerSecond) {
        return bytesPerSecond / (1 << 20);
    }

    public static double gigabitsPerSecond(double bytesPerSecond) {
        return bytesPerSecond * 8 / 1e9;
    }

    /** {@code value} with {@code decimals} decimals, '.' as the point and no grouping. */
    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    public static String millis(long nanos) {
        return fixed(nanos / 1e6, 3);
    }
}
