package io.hbench.report.compare;

import io.hbench.result.Metric;
import io.hbench.result.MetricKey;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The steps of capacity curves (figures labelled {@code step=i}) whose figures are compared: those that every run of
 * both sides offered at one rate, {@code target_ops_per_second{operation,step}}. Step i of two ramps of other rates
 * measured other loads, so a row of it would set unlike figures side by side: those steps are left out, and one note
 * says which and why. The sustained rate, which has no step, is compared whatever the ramps were.
 */
final class RampSteps {
    private static final String STEP = "step";
    private static final String OPERATION = "operation";
    private static final String OFFERED = "target_ops_per_second";
    private static final int SHOWN_STEPS = 3;
    /** By operation, then step 2 before step 10. */
    private static final Comparator<MetricKey> IN_ORDER = Comparator
            .comparing((MetricKey step) -> step.labels().getOrDefault(OPERATION, ""))
            .thenComparingInt(step -> step.labels().get(STEP).length())
            .thenComparing(step -> step.labels().get(STEP));

    private final Set<MetricKey> leftOut;
    private final Optional<String> note;

    private RampSteps(Set<MetricKey> leftOut, Optional<String> note) {
        this.leftOut = Set.copyOf(leftOut);
        this.note = requireNonNull(note, "note is null");
    }

    /**
     * @param program what the sides ran, "NNThroughputBenchmark fileStatus", for the note
     * @param base the base side's figures by key, one value per run that has it
     * @param baseRuns how many runs the base side has
     */
    static RampSteps of(String program, Map<MetricKey, List<Metric>> base, int baseRuns,
            Map<MetricKey, List<Metric>> next, int nextRuns) {
        SortedSet<MetricKey> steps = new TreeSet<>(IN_ORDER);
        base.keySet().stream().map(RampSteps::stepOf).flatMap(Optional::stream).forEach(steps::add);
        next.keySet().stream().map(RampSteps::stepOf).flatMap(Optional::stream).forEach(steps::add);
        Set<MetricKey> leftOut = new HashSet<>();
        List<String> numbers = new ArrayList<>();
        List<String> rates = new ArrayList<>();
        for (MetricKey step : steps) {
            Set<BigDecimal> baseRates = rates(base.getOrDefault(step, List.of()), baseRuns);
            Set<BigDecimal> nextRates = rates(next.getOrDefault(step, List.of()), nextRuns);
            if (!(baseRates.size() == 1 && baseRates.equals(nextRates))) {
                leftOut.add(step);
                numbers.add(step.labels().get(STEP));
                rates.add(text(baseRates) + " vs " + text(nextRates));
            }
        }
        if (leftOut.isEmpty()) {
            return new RampSteps(leftOut, Optional.empty());
        }
        String shown = String.join(", ", rates.subList(0, Math.min(SHOWN_STEPS, rates.size()))) + " ops/s"
                + (rates.size() > SHOWN_STEPS ? " and " + (rates.size() - SHOWN_STEPS) + " more" : "");
        return new RampSteps(leftOut, Optional.of("leaving out " + (numbers.size() == 1 ? "step " : "steps ")
                + String.join(", ", numbers) + " of " + program + ": the sides offered " + (numbers.size() == 1
                ? "it" : "them") + " at different rates (" + shown + "), and a step's figures are compared only at"
                + " one rate"));
    }

    /** Whether a figure is compared: it belongs to no step, or to one every run offered at one rate. */
    boolean compared(MetricKey key) {
        return stepOf(key).map(step -> !leftOut.contains(step)).orElse(true);
    }

    /** One line naming the steps left out and their rates, when any is. */
    Optional<String> note() {
        return note;
    }

    /** The offered rate's key of the step a figure belongs to, {@code target_ops_per_second{operation,step}}. */
    private static Optional<MetricKey> stepOf(MetricKey key) {
        String step = key.labels().get(STEP);
        if (step == null) {
            return Optional.empty();
        }
        Map<String, String> labels = new TreeMap<>();
        labels.put(STEP, step);
        String operation = key.labels().get(OPERATION);
        if (operation != null) {
            labels.put(OPERATION, operation);
        }
        return Optional.of(new MetricKey(OFFERED, labels));
    }

    /** The rates a side offered at a step; empty when one of its runs did not run the step. */
    private static Set<BigDecimal> rates(List<Metric> offered, int runs) {
        if (offered.size() != runs) {
            return Set.of();
        }
        return offered.stream().map(metric -> BigDecimal.valueOf(metric.value()).stripTrailingZeros())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** "4000", "4000/4500" for repetitions at several rates, "none" for a step a run did not run. */
    private static String text(Set<BigDecimal> rates) {
        return rates.isEmpty() ? "none"
                : rates.stream().map(BigDecimal::toPlainString).collect(Collectors.joining("/"));
    }
}
