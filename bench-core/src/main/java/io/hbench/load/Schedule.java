package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * When each operation of an open-loop run is due, as an offset from the run's start t0: operation i at i/R
 * ({@link Arrivals#FIXED}), after exponential gaps of mean 1/R drawn from a seed ({@link Arrivals#POISSON}), so a
 * run repeats exactly, or at offsets a log gives ({@link Arrivals#LOGGED}). Immutable; the offsets are computed once,
 * before the run starts.
 */
public final class Schedule {
    /** How operations arrive. */
    public enum Arrivals {
        /** Evenly spaced: operation i at i/R. */
        FIXED("fixed"),
        /** A Poisson process: exponential gaps of mean 1/R, as independent clients arrive. */
        POISSON("poisson"),
        /** When a log says, as a replay issues what a cluster did; never chosen with {@code -arrivals}. */
        LOGGED("logged");

        private final String label;

        Arrivals(String label) {
            this.label = label;
        }

        /** The name on the command line and in results. */
        public String label() {
            return label;
        }

        /** The arrivals named exactly {@code label}. */
        public static Optional<Arrivals> byLabel(String label) {
            return Arrays.stream(values()).filter(arrivals -> arrivals.label.equals(label)).findFirst();
        }
    }

    /** A log's timestamps are in milliseconds: a log whose lines all share one spans at least that. */
    private static final long LOGGED_RESOLUTION_NANOS = 1_000_000L;

    private final double rate;
    private final Arrivals arrivals;
    private final long[] offsetNanos;

    private Schedule(double rate, Arrivals arrivals, long[] offsetNanos) {
        this.rate = rate;
        this.arrivals = arrivals;
        this.offsetNanos = offsetNanos;
    }

    /**
     * {@code operations} operations at {@code rate} per second.
     *
     * @param seed draws a Poisson schedule's gaps; a fixed schedule does not use it
     */
    public static Schedule of(Arrivals arrivals, double rate, int operations, long seed) {
        requireNonNull(arrivals, "arrivals is null");
        if (arrivals == Arrivals.LOGGED) {
            throw new IllegalArgumentException("a logged schedule comes from its offsets, not from a rate");
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a finite number above 0, got " + rate);
        }
        if (operations < 0) {
            throw new IllegalArgumentException("operations must be at least 0, got " + operations);
        }
        double gapNanos = 1e9 / rate;
        long[] offsets = new long[operations];
        if (arrivals == Arrivals.FIXED) {
            for (int i = 0; i < operations; i++) {
                offsets[i] = Math.round(i * gapNanos);
            }
        } else {
            Random random = new Random(seed);
            double due = 0;
            for (int i = 0; i < operations; i++) {
                offsets[i] = Math.round(due);
                // 1 - nextDouble() is in (0, 1]: the logarithm is finite.
                due += -Math.log(1 - random.nextDouble()) * gapNanos;
            }
        }
        return new Schedule(rate, arrivals, offsets);
    }

    /**
     * Operations due at the given offsets from t0, in nanoseconds, as a log gives them: in order, none negative. Its
     * rate is the operations over the last offset (at least {@link #LOGGED_RESOLUTION_NANOS}), so that the schedule's
     * length at that rate is the log's span.
     */
    public static Schedule logged(long[] offsetNanos) {
        long[] offsets = requireNonNull(offsetNanos, "offsetNanos is null").clone();
        if (offsets.length == 0) {
            throw new IllegalArgumentException("a logged schedule needs at least one operation");
        }
        for (int i = 0; i < offsets.length; i++) {
            if (offsets[i] < 0 || (i > 0 && offsets[i] < offsets[i - 1])) {
                throw new IllegalArgumentException("offsets must be in order and not negative, got " + offsets[i]
                        + " at " + i);
            }
        }
        long span = Math.max(offsets[offsets.length - 1], LOGGED_RESOLUTION_NANOS);
        return new Schedule(offsets.length * 1e9 / span, Arrivals.LOGGED, offsets);
    }

    /** The target rate, operations per second. */
    public double rate() {
        return rate;
    }

    public Arrivals arrivals() {
        return arrivals;
    }

    public int operations() {
        return offsetNanos.length;
    }

    /** When operation {@code index} is due, in nanoseconds after the run's start. */
    public long offsetNanos(int index) {
        return offsetNanos[index];
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Schedule{%d operations at %s/s, %s}", offsetNanos.length, rate,
                arrivals.label());
    }
}
