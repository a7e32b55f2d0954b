package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A capacity curve's answer in words, one sentence wherever it is stated: the program's last line, Report's page and
 * the suite's first screen, e.g. {@code fileStatus: sustains 23,400 ops/s at p99 <= 10 ms (knee between 24,000 and
 * 28,000 ops/s)}. Rates are whole operations per second, grouped, in {@link Locale#ROOT}.
 */
public final class CapacityAnswer {
    private CapacityAnswer() {
    }

    /**
     * The answer of a curve whose highest passing step offered {@code offered} and achieved {@code achieved}.
     *
     * @param objective as people read it, "p99 <= 10 ms"
     * @param knee the offered rate of the first step above that failed; empty when that step was the highest
     * @param missedBelow the offered rates of lower steps that missed (a cold start, a stall), in order
     * @param kneeNote what the failing step adds, "; the load generator ... saturated there: ..." or ""
     */
    public static String sustained(String operation, double achieved, String objective, double offered,
            Optional<Double> knee, List<Double> missedBelow, String kneeNote) {
        requireNonNull(knee, "knee is null");
        requireNonNull(kneeNote, "kneeNote is null");
        String answer = requireNonNull(operation, "operation is null") + ": sustains " + rate(achieved) + " ops/s at "
                + requireNonNull(objective, "objective is null");
        String below = missedBelow.isEmpty() ? "" : "; " + (missedBelow.size() == 1 ? "the step" : "the steps") + " at "
                + rates(missedBelow) + " ops/s missed it";
        if (knee.isEmpty()) {
            return answer + (missedBelow.isEmpty() ? " (every step up to " + rate(offered) + " ops/s met it; the knee is"
                    + " above)" : " (the last step, " + rate(offered) + " ops/s, met it and the knee is above" + below
                    + ")");
        }
        return answer + " (knee between " + rate(offered) + " and " + rate(knee.get()) + " ops/s" + below + kneeNote
                + ")";
    }

    /**
     * The answer of a curve none of whose steps passed: its first offered {@code offered} and failed for {@code why}
     * ("" when the figures at hand do not say).
     */
    public static String notSustained(String operation, double offered, String objective, String why) {
        return requireNonNull(operation, "operation is null") + ": does not sustain " + rate(offered) + " ops/s at "
                + requireNonNull(objective, "objective is null") + (requireNonNull(why, "why is null").isEmpty() ? ""
                        : " (" + why + ")");
    }

    /** The objective as the answer states it: "p99 <= 10 ms", the bound in milliseconds. */
    public static String objective(String percentileName, double boundMillis) {
        return requireNonNull(percentileName, "percentileName is null") + " <= " + millis(boundMillis) + " ms";
    }

    /** Why a step saturated, from how far behind its schedule it ended (a fraction of the schedule's length). */
    public static String saturated(double behindFraction) {
        DecimalFormat percent = new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        percent.setRoundingMode(RoundingMode.HALF_EVEN);
        return "saturated: " + percent.format(behindFraction * 100) + " % behind its schedule at its end";
    }

    /** Why a step missed the objective: "p99 was 14.2 ms". */
    public static String missed(String percentileName, double seconds) {
        return percentileName + " was " + millis(seconds * 1e3) + " ms";
    }

    /** Milliseconds to three decimals at most, grouped: 10, 0.5, 1,500. */
    private static String millis(double millis) {
        DecimalFormat format = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setRoundingMode(RoundingMode.HALF_EVEN);
        return format.format(millis);
    }

    /** "23,400": whole operations per second. */
    public static String rate(double opsPerSecond) {
        return new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(opsPerSecond);
    }

    /** "500", "500 and 1,000", "500, 1,000 and 2,000". */
    private static String rates(List<Double> offered) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < offered.size(); i++) {
            text.append(i == 0 ? "" : i == offered.size() - 1 ? " and " : ", ").append(rate(offered.get(i)));
        }
        return text.toString();
    }
}
