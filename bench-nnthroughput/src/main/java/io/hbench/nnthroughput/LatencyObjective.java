package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.CapacityAnswer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * A latency objective of a capacity curve, as {@code -slo p99=10ms} writes it: a percentile of the open-loop latency
 * (from each operation's intended start) and the bound it must not pass. Immutable.
 */
public final class LatencyObjective {
    private static final Pattern TEXT = Pattern.compile("p(\\d+(?:\\.\\d+)?)=(\\d+(?:\\.\\d+)?)(us|ms|s)");
    private static final BigDecimal NANOS_PER_MILLI = BigDecimal.valueOf(1_000_000);
    /** What a curve aims at unless told otherwise: p99 at most 10 ms. */
    public static final LatencyObjective DEFAULT = parse("-slo", "p99=10ms");

    private final double percentile;
    private final long boundNanos;
    private final String text;

    private LatencyObjective(double percentile, long boundNanos, String text) {
        if (!(percentile > 0 && percentile <= 100) || boundNanos < 1) {
            throw new IllegalArgumentException("percentile " + percentile + " must be above 0 and at most 100, bound "
                    + boundNanos + " ns at least 1 ns");
        }
        this.percentile = percentile;
        this.boundNanos = boundNanos;
        this.text = text;
    }

    /** Percentile {@code percentile} (e.g. 99.9) at most {@code bound}; it reads in milliseconds. */
    public static LatencyObjective of(double percentile, Duration bound) {
        long nanos = bound.toNanos();
        return new LatencyObjective(percentile, nanos, "p" + plain(BigDecimal.valueOf(percentile)) + "="
                + plain(BigDecimal.valueOf(nanos).divide(NANOS_PER_MILLI)) + "ms");
    }

    /**
     * Reads {@code p<percentile>=<bound><unit>}, the unit us, ms or s, e.g. p99=10ms, p99.9=500us, p50=0.5s.
     *
     * @throws BenchException naming {@code flag}, for a text that is no objective
     */
    public static LatencyObjective parse(String flag, String given) {
        Matcher matcher = TEXT.matcher(given.trim().toLowerCase(Locale.ROOT).replace(" ", ""));
        if (matcher.matches()) {
            BigDecimal percentile = new BigDecimal(matcher.group(1));
            BigDecimal amount = new BigDecimal(matcher.group(2));
            String unit = matcher.group(3);
            BigDecimal perUnit = unit.equals("us") ? BigDecimal.valueOf(1000)
                    : unit.equals("ms") ? NANOS_PER_MILLI : BigDecimal.valueOf(1_000_000_000);
            BigDecimal nanos = amount.multiply(perUnit).setScale(0, RoundingMode.HALF_UP);
            if (percentile.signum() > 0 && percentile.compareTo(BigDecimal.valueOf(100)) <= 0 && nanos.signum() > 0
                    && nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                return new LatencyObjective(percentile.doubleValue(), nanos.longValueExact(),
                        "p" + plain(percentile) + "=" + plain(amount) + unit);
            }
        }
        throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + given + "' is not a latency objective:"
                + " write a percentile above 0 and at most 100, '=' and a bound above 0 in us, ms or s, e.g."
                + " p99=10ms or p99.9=500us");
    }

    private static String plain(BigDecimal number) {
        return number.stripTrailingZeros().toPlainString();
    }

    /** The percentile, e.g. 99.9. */
    public double percentile() {
        return percentile;
    }

    public long boundNanos() {
        return boundNanos;
    }

    /** The percentile of {@code latencyNanos} the objective bounds, in nanoseconds. */
    public long valueNanos(Histogram latencyNanos) {
        return latencyNanos.getValueAtPercentile(percentile);
    }

    /** Whether {@code latencyNanos} meets the objective: its percentile at most the bound. */
    public boolean metBy(Histogram latencyNanos) {
        return valueNanos(latencyNanos) <= boundNanos;
    }

    /** The percentile's name: p99, p99.9. */
    public String percentileName() {
        return "p" + plain(BigDecimal.valueOf(percentile));
    }

    /** For people: "p99 <= 10 ms", in milliseconds as every latency hbench prints. */
    public String describe() {
        return CapacityAnswer.objective(percentileName(), boundNanos / 1e6);
    }

    /** As the user would type it, normalised: p99=10ms. */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LatencyObjective)) {
            return false;
        }
        LatencyObjective other = (LatencyObjective) o;
        return other.percentile == percentile && other.boundNanos == boundNanos;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(percentile) * 31 + Long.hashCode(boundNanos);
    }
}
