package io.hbench.cli;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.Schedule;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code -rate}, {@code -arrivals} and {@code -seed} as every load program reads them ({@link
 * io.hbench.load.RateOptions} names and checks the options they set): one text for the usage line and for
 * {@code -help}, one reading of each value, and the seed a run at a rate draws when none is given.
 */
public final class RateFlags {
    /** The flags in a program's usage line. */
    public static final String USAGE = "[-rate R [-arrivals fixed|poisson] [-seed N]]";
    public static final String RATE_ARGUMENT = "R";
    public static final String RATE_HELP = "operations per second for the whole run, each due at its time (open"
            + " loop): latency counts from then, service time from the call's start";
    public static final String ARRIVALS_ARGUMENT = "fixed|poisson";
    public static final String ARRIVALS_HELP = "with -rate: evenly spaced (default) or exponential gaps of mean 1/R";
    public static final String SEED_ARGUMENT = "N";
    public static final String SEED_HELP = "with -arrivals poisson: seed of the gaps, so a run can be repeated"
            + " (default: random, printed)";

    private RateFlags() {
    }

    /** Adds the three flags, for a program that declares its flags one by one. */
    public static void addTo(Options options) {
        options.addOption(FlagParser.valued("rate", RATE_ARGUMENT, RATE_HELP));
        options.addOption(FlagParser.valued("arrivals", ARRIVALS_ARGUMENT, ARRIVALS_HELP));
        options.addOption(FlagParser.valued("seed", SEED_ARGUMENT, SEED_HELP));
    }

    /** The rate as given; the options check that it is above 0. */
    public static double rate(String flag, String text) {
        return FlagValues.decimal(flag, text);
    }

    public static Schedule.Arrivals arrivals(String flag, String text) {
        return Schedule.Arrivals.byLabel(text).filter(arrivals -> arrivals != Schedule.Arrivals.LOGGED)
                .orElseThrow(() -> new BenchException(ErrorCode.INVALID_ARGUMENT,
                flag + " " + text + ": give fixed or poisson"));
    }

    public static long seed(String flag, String text) {
        return FlagValues.seed(flag, text);
    }

    /**
     * The seed of a run whose command line gives {@code -rate} (or another of the program's {@code scheduleFlags},
     * such as a capacity curve's) without {@code -seed}: drawn at random, and printed with the results so that the run
     * can be repeated; empty when the line gives a seed or no schedule.
     */
    public static OptionalLong drawnSeed(CommandLine line, String... scheduleFlags) {
        boolean scheduled = line.hasOption("rate") || Arrays.stream(scheduleFlags).anyMatch(line::hasOption);
        return scheduled && !line.hasOption("seed") ? OptionalLong.of(ThreadLocalRandom.current().nextLong())
                : OptionalLong.empty();
    }
}
