package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The steps of a capacity curve ({@code -rates} or {@code -ramp}): the offered rates in increasing order, how long
 * each step lasts and the latency objective the steps are held to. Immutable; {@link NnOptions.Builder} checks the
 * values and names the flags.
 */
public final class CurvePlan {
    private final List<Double> rates;
    private final Duration stepDuration;
    private final LatencyObjective slo;

    CurvePlan(List<Double> rates, Duration stepDuration, LatencyObjective slo) {
        this.rates = List.copyOf(requireNonNull(rates, "rates is null"));
        this.stepDuration = requireNonNull(stepDuration, "stepDuration is null");
        this.slo = requireNonNull(slo, "slo is null");
        if (this.rates.isEmpty() || stepDuration.isNegative() || stepDuration.isZero()) {
            throw new IllegalArgumentException("a curve has at least one rate and steps longer than 0, got " + rates
                    + " and " + stepDuration);
        }
    }

    /**
     * {@code steps} rates from {@code from} to {@code to}, both included, each the one before times the same factor,
     * rounded to whole operations per second: 1000..64000 in 7 steps is 1000, 2000, 4000, ... 64000.
     */
    static double[] ramp(long from, long to, int steps) {
        double[] rates = new double[steps];
        double factor = Math.pow((double) to / from, 1.0 / (steps - 1));
        for (int i = 0; i < steps; i++) {
            rates[i] = i == steps - 1 ? to : Math.round(from * Math.pow(factor, i));
        }
        return rates;
    }

    /** The offered rates, operations per second, increasing. */
    public List<Double> rates() {
        return rates;
    }

    public Duration stepDuration() {
        return stepDuration;
    }

    public LatencyObjective slo() {
        return slo;
    }

    /** The operations a step at {@code rate} does: the rate times the step's duration, rounded. */
    public long operations(double rate) {
        return Math.round(rate * stepDuration.toNanos() / 1e9);
    }

    /** A rate as a plain number, "2000" or "0.5", as the result's parameters and the steps' lines give it. */
    static String plain(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }

    /** The step's duration in seconds, as a plain number: "30", "0.5". */
    String stepSeconds() {
        return BigDecimal.valueOf(stepDuration.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
        return "CurvePlan{rates=" + rates.stream().map(CurvePlan::plain).collect(Collectors.joining(","))
                + ", stepDuration=" + stepSeconds() + "s, slo=" + slo + "}";
    }
}
