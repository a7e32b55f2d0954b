package io.hbench.report.compare;

import io.hbench.error.InvalidOptionException;
import io.hbench.report.LoadedResult;
import io.hbench.result.BenchResult;
import io.hbench.result.Engine;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Compares two sets of runs. Runs within a side are repetitions of one run; both sides must have run the same
 * {@link Workload} (program and parameters), or the comparison is refused, naming what differs, unless it is forced.
 * The steps of capacity curves are compared where the sides offered them at one rate ({@link RampSteps}). Runs of one
 * workload on two engines (TPCx-HS on MapReduce and on Spark) measured the same work and are compared, each side named
 * with its engine: "TPCx-HS run [mapreduce 3.4.2 on yarn]"; within a side, runs on another engine are no repetitions.
 */
public final class Comparer {
    private static final int SHOWN_FILES = 2;

    private final double alpha;
    private final boolean force;

    public Comparer(double alpha, boolean force) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new InvalidOptionException("{} must be between 0 and 1, not " + alpha, "alpha");
        }
        this.alpha = alpha;
        this.force = force;
    }

    /** The significance level a difference must reach. */
    public double alpha() {
        return alpha;
    }

    /** Whether runs of different workloads are compared all the same. */
    public boolean force() {
        return force;
    }

    /** @throws IllegalArgumentException naming what differs, if the runs are not comparable and not forced */
    public Comparison compare(List<LoadedResult> base, List<LoadedResult> next) {
        requireNonNull(base, "base is null");
        requireNonNull(next, "next is null");
        if (base.isEmpty() || next.isEmpty()) {
            throw new IllegalArgumentException("each side needs at least one result");
        }
        List<String> differences = new ArrayList<>();
        differencesWithin("base", base).ifPresent(differences::add);
        differencesWithin("new", next).ifPresent(differences::add);
        differences.addAll(differencesBetween(base.get(0).result(), next.get(0).result()));
        if (!differences.isEmpty() && !force) {
            throw new IllegalArgumentException(String.join("; ", differences) + " (-force to compare anyway)");
        }
        Map<MetricKey, List<Metric>> baseMetrics = metricsByKey(base);
        Map<MetricKey, List<Metric>> nextMetrics = metricsByKey(next);
        RampSteps steps = RampSteps.of(Workload.of(base.get(0).result()).program(), baseMetrics, base.size(),
                nextMetrics, next.size());
        baseMetrics.keySet().removeIf(key -> !steps.compared(key));
        nextMetrics.keySet().removeIf(key -> !steps.compared(key));
        Set<String> primaryIds = new TreeSet<>();
        base.forEach(loaded -> primaryIds.add(loaded.result().primaryMetric()));
        next.forEach(loaded -> primaryIds.add(loaded.result().primaryMetric()));
        List<MetricComparison> rows = new ArrayList<>();
        for (Map.Entry<MetricKey, List<Metric>> entry : baseMetrics.entrySet()) {
            List<Metric> nextValues = nextMetrics.get(entry.getKey());
            if (nextValues == null) {
                continue;
            }
            Metric first = entry.getValue().get(0);
            rows.add(new MetricComparison(entry.getKey(), first.unit(), first.better(),
                    primaryIds.contains(entry.getKey().id()), sample(entry.getValue()), sample(nextValues), alpha));
        }
        rows.sort(Comparator.comparing((MetricComparison row) -> !row.primary()).thenComparing(MetricComparison::key));
        Optional<Engine> baseEngine = base.get(0).result().engine();
        Optional<Engine> nextEngine = next.get(0).result().engine();
        return new Comparison(name(base.get(0).result(), !baseEngine.equals(nextEngine)),
                name(next.get(0).result(), !baseEngine.equals(nextEngine)), files(base), files(next), alpha, differences, rows, missing(baseMetrics, nextMetrics),
                missing(nextMetrics, baseMetrics), steps.note().stream().collect(Collectors.toList()));
    }

    /** What a side ran, with its engine where the sides' engines differ: "TPCx-HS run [spark 4.1.3 on yarn]". */
    private static String name(BenchResult result, boolean withEngine) {
        String program = Workload.of(result).program();
        if (!withEngine) {
            return program;
        }
        return program + " [" + result.engine().map(Engine::describe).orElse("engine not recorded") + "]";
    }

    /**
     * Whether the runs of one side, which should be repetitions of one run, ran other workloads than its first: said
     * once, with the first that differs, the files that differ and how many more do ("the base side's runs are no
     * repetitions of one run: nrFiles 4 vs 8 (a.json vs c.json, d.json and 2 more)").
     */
    private static Optional<String> differencesWithin(String side, List<LoadedResult> results) {
        Workload first = Workload.of(results.get(0).result());
        Optional<Engine> engine = results.get(0).result().engine();
        List<LoadedResult> differing = results.stream().filter(loaded -> !Workload.of(loaded.result()).equals(first)
                || !loaded.result().engine().equals(engine)).collect(Collectors.toList());
        if (differing.isEmpty()) {
            return Optional.empty();
        }
        Workload other = Workload.of(differing.get(0).result());
        String difference = !first.program().equals(other.program()) ? first.program() + " vs " + other.program()
                : !first.equals(other) ? first.parameterDifferences(other)
                : "engine " + engineName(engine) + " vs " + engineName(differing.get(0).result().engine());
        List<String> files = new ArrayList<>();
        differing.forEach(loaded -> files.add(loaded.file().toString()));
        return Optional.of("the " + side + " side's runs are no repetitions of one run: " + difference + " ("
                + results.get(0).file() + " vs " + WorkloadPairs.atMost(files, SHOWN_FILES) + ")");
    }

    private static String engineName(Optional<Engine> engine) {
        return engine.map(Engine::describe).orElse("not recorded");
    }

    /** What differs between the workloads of two runs, each said in a few words. */
    private static List<String> differencesBetween(BenchResult base, BenchResult next) {
        List<String> differences = new ArrayList<>();
        Workload baseWorkload = Workload.of(base);
        Workload nextWorkload = Workload.of(next);
        if (!baseWorkload.program().equals(nextWorkload.program())) {
            differences.add("base ran " + baseWorkload.program() + " and new ran " + nextWorkload.program());
            return differences;
        }
        String parameters = baseWorkload.parameterDifferences(nextWorkload);
        if (!parameters.isEmpty()) {
            differences.add("different parameters: " + parameters);
        }
        return differences;
    }

    private static Map<MetricKey, List<Metric>> metricsByKey(List<LoadedResult> results) {
        Map<MetricKey, List<Metric>> byKey = new TreeMap<>();
        for (LoadedResult loaded : results) {
            for (Metric metric : loaded.result().metrics()) {
                byKey.computeIfAbsent(metric.key(), key -> new ArrayList<>()).add(metric);
            }
        }
        return byKey;
    }

    private static Sample sample(List<Metric> metrics) {
        return new Sample(metrics.stream().mapToDouble(Metric::value).toArray());
    }

    private static List<Path> files(List<LoadedResult> results) {
        return results.stream().map(LoadedResult::file).collect(Collectors.toList());
    }

    private static List<MetricKey> missing(Map<MetricKey, List<Metric>> present, Map<MetricKey, List<Metric>> other) {
        return present.keySet().stream().filter(key -> !other.containsKey(key)).collect(Collectors.toList());
    }
}
