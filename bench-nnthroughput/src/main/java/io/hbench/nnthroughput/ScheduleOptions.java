package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.RateOptions;
import io.hbench.load.Schedule;
import java.util.Optional;
import java.util.Set;

/**
 * The schedule a run's operations keep: its rate, if it has one ({@link RateOptions}), and how the operations of a
 * rate or of each step of a capacity curve arrive. Immutable; {@link NnOptions.Builder} checks the values and names
 * the flags.
 */
final class ScheduleOptions {
    static final ScheduleOptions DEFAULT = new ScheduleOptions(null, Schedule.Arrivals.FIXED, 0);

    private final Optional<RateOptions> rate;
    private final Schedule.Arrivals arrivals;
    private final long seed;

    /** @param rate operations per second for the whole run; null: each thread as fast as it can */
    ScheduleOptions(Double rate, Schedule.Arrivals arrivals, long seed) {
        this.arrivals = requireNonNull(arrivals, "arrivals is null");
        this.rate = RateOptions.of(rate, arrivals, false, seed, false);
        this.seed = seed;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    ScheduleOptions keeping(Set<NnOption> own) {
        return new ScheduleOptions(own.contains(NnOption.RATE) ? rate().orElse(null) : null,
                own.contains(NnOption.ARRIVALS) ? arrivals : DEFAULT.arrivals,
                own.contains(NnOption.SEED) ? seed : DEFAULT.seed);
    }

    /** Operations per second for the whole run; empty: each thread as fast as it can. */
    Optional<Double> rate() {
        return rate.map(RateOptions::rate);
    }

    Schedule.Arrivals arrivals() {
        return arrivals;
    }

    long seed() {
        return seed;
    }
}
