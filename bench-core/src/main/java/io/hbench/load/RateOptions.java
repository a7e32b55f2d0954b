package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.util.Optional;

/**
 * The options that put a load program's operations on a {@link Schedule}, named alike in every program's options:
 * {@code rate} (operations per second for the whole run), {@code arrivals} and {@code seed}. One check for all of
 * them, so that NNThroughputBenchmark and FsMetadata refuse the same values in the same words. Immutable.
 */
public final class RateOptions {
    public static final String RATE = "rate";
    public static final String ARRIVALS = "arrivals";
    public static final String SEED = "seed";

    private final double rate;
    private final Schedule.Arrivals arrivals;
    private final long seed;

    private RateOptions(double rate, Schedule.Arrivals arrivals, long seed) {
        this.rate = rate;
        this.arrivals = arrivals;
        this.seed = seed;
    }

    /**
     * The options of a run at a rate, or none for a closed loop.
     *
     * @param rate operations per second; null for a closed loop
     * @param arrivalsGiven whether the arrivals were set; they mean nothing without a rate
     * @param seedGiven whether the seed was set; it means nothing without a rate
     * @throws InvalidOptionException as {@link #check} does
     */
    public static Optional<RateOptions> of(Double rate, Schedule.Arrivals arrivals, boolean arrivalsGiven,
            long seed, boolean seedGiven) {
        requireNonNull(arrivals, "arrivals is null");
        check(rate, arrivalsGiven, seedGiven);
        return rate == null ? Optional.empty() : Optional.of(new RateOptions(rate, arrivals, seed));
    }

    /**
     * Checks a rate and the options that shape its schedule.
     *
     * @param rate operations per second; null for a closed loop
     * @throws InvalidOptionException naming {@code rate}, for a rate that is not a finite number above 0; naming
     *         {@code arrivals} or {@code seed} and {@code rate}, for either given without a rate
     */
    public static void check(Double rate, boolean arrivalsGiven, boolean seedGiven) {
        if (rate == null) {
            if (arrivalsGiven) {
                throw withoutRate(ARRIVALS);
            }
            if (seedGiven) {
                throw withoutRate(SEED);
            }
            return;
        }
        if (!(rate > 0) || rate.isInfinite()) {
            throw new InvalidOptionException("{} must be more than 0 operations per second, got " + rate, RATE);
        }
    }

    private static InvalidOptionException withoutRate(String option) {
        return new InvalidOptionException("{} shapes the schedule of a {}: give {} too", option, RATE, RATE);
    }

    /** Operations per second for the whole run. */
    public double rate() {
        return rate;
    }

    /** How the operations arrive: evenly spaced (the default) or as a Poisson process. */
    public Schedule.Arrivals arrivals() {
        return arrivals;
    }

    /** The seed of a Poisson schedule's gaps. */
    public long seed() {
        return seed;
    }

    /** When each of {@code operations} operations is due at this rate. */
    public Schedule schedule(int operations) {
        return Schedule.of(arrivals, rate, operations, seed);
    }

    @Override
    public String toString() {
        return "rate=" + rate + ", arrivals=" + arrivals.label() + ", seed=" + seed;
    }
}
