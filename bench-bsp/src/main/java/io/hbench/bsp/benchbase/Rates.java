package io.hbench.bsp.benchbase;

/** The rates of the BSP benchmarks: bytes over nanoseconds. How people read them is {@code DisplayUnit}'s business. */
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
}
