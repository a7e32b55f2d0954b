package io.hbench.report.html;

import io.hbench.load.CapacityAnswer;
import io.hbench.load.LoadOutcome;
import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * One operation's capacity curve, from a result with offered rates per step ({@code target_ops_per_second{operation,
 * step}}): latency against the offered rate, a line per percentile the steps' {@code latency} distributions carry (for
 * a mix, a chart per call), the objective's bound, and the answer in words, "fileStatus: sustains 23,400 ops/s at p99
 * <= 10 ms (knee between 24,000 and 28,000 ops/s)", from the sustained rate, the knee and the step below the knee.
 */
public final class CapacityCurve {
    private static final String OFFERED = "target_ops_per_second";
    private static final String LATENCY = "latency";
    private static final String STEP = "step";
    private static final String OPERATION = "operation";
    private static final String CALL = "call";

    /** The latencies of one chart: the operation's, or for a mix one call's; a line per percentile. */
    public static final class Chart {
        private final String name;
        private final Map<String, List<Double>> lines;

        Chart(String name, Map<String, List<Double>> lines) {
            this.name = requireNonNull(name, "name is null");
            this.lines = requireNonNull(lines, "lines is null");
        }

        /** "fileStatus", "mix create". */
        public String name() {
            return name;
        }

        /**
         * By percentile ("p50", "p99.9"), lowest first: the latency in seconds at each offered rate, in the order of
         * {@link CapacityCurve#offered()}; null where a step has no such percentile.
         */
        public Map<String, List<Double>> lines() {
            return lines;
        }
    }

    private final String operation;
    private final List<Double> offered;
    private final List<Chart> charts;
    private final OptionalDouble boundSeconds;
    private final Optional<String> objective;
    private final Optional<String> answer;

    private CapacityCurve(String operation, List<Double> offered, List<Chart> charts, OptionalDouble boundSeconds,
            Optional<String> objective, Optional<String> answer) {
        this.operation = operation;
        this.offered = List.copyOf(offered);
        this.charts = List.copyOf(charts);
        this.boundSeconds = boundSeconds;
        this.objective = objective;
        this.answer = answer;
    }

    /** The curves of {@code result}, one per operation that ran steps; none for a run without steps. */
    public static List<CapacityCurve> of(BenchResult result) {
        requireNonNull(result, "result is null");
        Map<String, List<Metric>> stepsByOperation = new LinkedHashMap<>();
        result.metrics(OFFERED).stream().filter(metric -> metric.labels().containsKey(STEP))
                .forEach(metric -> stepsByOperation.computeIfAbsent(metric.labels().getOrDefault(OPERATION, ""),
                        operation -> new ArrayList<>()).add(metric));
        List<CapacityCurve> curves = new ArrayList<>();
        stepsByOperation.forEach((operation, steps) -> curves.add(of(result, operation, steps)));
        return curves;
    }

    private static CapacityCurve of(BenchResult result, String operation, List<Metric> steps) {
        List<Metric> byRate = steps.stream().sorted(Comparator.comparingDouble(Metric::value))
                .collect(Collectors.toList());
        List<Double> offered = byRate.stream().map(Metric::value).collect(Collectors.toList());
        // One chart per call of a mix, or the operation's one; by call name.
        Map<String, List<Distribution>> byCall = new LinkedHashMap<>();
        result.distributions().stream().filter(d -> d.id().equals(LATENCY) && d.key().labels().containsKey(STEP)
                        && operation.equals(d.key().labels().getOrDefault(OPERATION, "")))
                .sorted(Comparator.comparing(d -> d.key().labels().getOrDefault(CALL, "")))
                .forEach(d -> byCall.computeIfAbsent(d.key().labels().getOrDefault(CALL, ""), call -> new ArrayList<>())
                        .add(d));
        List<Chart> charts = new ArrayList<>();
        byCall.forEach((call, distributions) -> charts.add(chart(call.isEmpty() ? operation : operation + " " + call,
                byRate, distributions)));
        OptionalDouble bound = result.metric(key("slo_seconds", operation)).map(m -> OptionalDouble.of(m.value()))
                .orElse(OptionalDouble.empty());
        String slo = result.parameters().get("slo");
        DisplayUnit latency = DisplayUnit.of(LATENCY, Unit.SECONDS);
        Optional<String> objective = slo == null || bound.isEmpty() ? Optional.empty()
                : Optional.of(CapacityAnswer.objective(slo.split("=", 2)[0], latency.convert(bound.getAsDouble())));
        return new CapacityCurve(operation, offered, charts, bound, objective,
                objective.flatMap(text -> answer(result, operation, byRate, text)));
    }

    private static Chart chart(String name, List<Metric> steps, List<Distribution> distributions) {
        SortedSet<Double> percentiles = new TreeSet<>();
        distributions.forEach(d -> percentiles.addAll(d.percentiles().keySet()));
        Map<String, List<Double>> lines = new LinkedHashMap<>();
        for (double percentile : percentiles) {
            List<Double> line = new ArrayList<>();
            for (Metric step : steps) {
                String number = step.labels().get(STEP);
                line.add(distributions.stream().filter(d -> number.equals(d.key().labels().get(STEP))).findFirst()
                        .map(d -> d.percentiles().get(percentile)).orElse(null));
            }
            lines.put("p" + plain(percentile), line);
        }
        return new Chart(name, lines);
    }

    /**
     * "fileStatus: sustains 23,400 ops/s at p99 <= 10 ms (knee between 24,000 and 28,000 ops/s)", in the words the
     * program printed ({@link CapacityAnswer}); empty without the sustained rate (a run that failed before its summary).
     * A step failed when it ended more than {@link LoadOutcome#BEHIND_TOLERANCE} of its length behind or its latency
     * at the objective's percentile passed the bound; what the program alone knew (a load generator that limited a
     * step) it says and the page does not.
     */
    private static Optional<String> answer(BenchResult result, String operation, List<Metric> steps,
            String objective) {
        Optional<Metric> sustained = result.metric(key("sustained_ops_per_second", operation));
        if (sustained.isEmpty() || steps.isEmpty()) {
            return Optional.empty();
        }
        Optional<Double> knee = result.metric(key("knee_ops_per_second", operation)).map(Metric::value);
        if (sustained.get().value() == 0) {
            return Optional.of(CapacityAnswer.notSustained(operation, steps.get(0).value(), objective,
                    whyFailed(result, operation, steps.get(0))));
        }
        double offered = knee.map(rate -> steps.stream().mapToDouble(Metric::value).filter(r -> r < rate).max()
                .orElse(rate)).orElse(steps.get(steps.size() - 1).value());
        List<Double> missedBelow = steps.stream().filter(step -> step.value() < offered
                && !whyFailed(result, operation, step).isEmpty()).map(Metric::value).collect(Collectors.toList());
        return Optional.of(CapacityAnswer.sustained(operation, sustained.get().value(), objective, offered, knee,
                missedBelow, ""));
    }

    /** Why {@code step} failed, in the program's words; "" when it passed, or its figures do not say. */
    private static String whyFailed(BenchResult result, String operation, Metric step) {
        MetricKey behindKey = key("behind_schedule", operation).withLabel(STEP, step.labels().get(STEP));
        double stepSeconds = Double.parseDouble(result.parameters().getOrDefault("stepDuration", "0"));
        Optional<Double> behind = result.metric(behindKey).map(Metric::value)
                .filter(seconds -> stepSeconds > 0 && seconds / stepSeconds > LoadOutcome.BEHIND_TOLERANCE);
        if (behind.isPresent()) {
            return CapacityAnswer.saturated(behind.get() / stepSeconds);
        }
        String[] slo = result.parameters().getOrDefault("slo", "").split("=", 2);
        OptionalDouble bound = result.metric(key("slo_seconds", operation)).map(m -> OptionalDouble.of(m.value()))
                .orElse(OptionalDouble.empty());
        if (!slo[0].startsWith("p") || bound.isEmpty()) {
            return "";
        }
        double percentile = Double.parseDouble(slo[0].substring(1));
        return result.distributions().stream().filter(d -> d.id().equals(LATENCY)
                        && step.labels().get(STEP).equals(d.key().labels().get(STEP))
                        && operation.equals(d.key().labels().getOrDefault(OPERATION, ""))
                        && !d.key().labels().containsKey(CALL))
                .findFirst().map(d -> d.percentiles().get(percentile))
                .filter(value -> value > bound.getAsDouble())
                .map(value -> CapacityAnswer.missed(slo[0], value)).orElse("");
    }

    /** The operation's figure {@code id}; "" is the operation of steps without an operation label. */
    private static MetricKey key(String id, String operation) {
        return operation.isEmpty() ? MetricKey.of(id) : MetricKey.of(id).withLabel(OPERATION, operation);
    }

    /** 50 for 50.0, 99.9. */
    private static String plain(double percentile) {
        return BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    }

    /** The operation, as its steps' labels name it. */
    public String operation() {
        return operation;
    }

    /** The steps' offered rates in ops/s, lowest first: the x of every line. */
    public List<Double> offered() {
        return offered;
    }

    public List<Chart> charts() {
        return charts;
    }

    /** The objective's latency bound in seconds, when the result states one. */
    public OptionalDouble boundSeconds() {
        return boundSeconds;
    }

    /** The objective as the answer states it, "p99 <= 10 ms", when the result states one. */
    public Optional<String> objective() {
        return objective;
    }

    /** The answer in words, when the result has its figures. */
    public Optional<String> answer() {
        return answer;
    }
}
