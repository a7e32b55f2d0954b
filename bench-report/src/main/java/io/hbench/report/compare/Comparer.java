package io.hbench.report.compare;

import io.hbench.error.InvalidOptionException;
import io.hbench.report.LoadedResult;
import io.hbench.result.BenchResult;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Compares two sets of runs. Runs within a side are repetitions of one run; both sides must have run the same program
 * with the same parameters, or the comparison is refused, naming what differs, unless it is forced.
 */
public final class Comparer {
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

    /** @throws IllegalArgumentException naming what differs, if the runs are not comparable and not forced */
    public Comparison compare(List<LoadedResult> base, List<LoadedResult> next) {
        requireNonNull(base, "base is null");
        requireNonNull(next, "next is null");
        if (base.isEmpty() || next.isEmpty()) {
            throw new IllegalArgumentException("each side needs at least one result");
        }
        List<String> differences = new ArrayList<>();
        differences.addAll(differencesWithin("base", base));
        differences.addAll(differencesWithin("new", next));
        differences.addAll(differencesBetween(base.get(0).result(), next.get(0).result()));
        if (!differences.isEmpty() && !force) {
            throw new IllegalArgumentException(String.join("; ", differences) + " (-force to compare anyway)");
        }
        Map<MetricKey, List<Metric>> baseMetrics = metricsByKey(base);
        Map<MetricKey, List<Metric>> nextMetrics = metricsByKey(next);
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
        return new Comparison(name(base.get(0).result()), name(next.get(0).result()), files(base), files(next), alpha,
                differences, rows, missing(baseMetrics, nextMetrics), missing(nextMetrics, baseMetrics));
    }

    private static List<String> differencesWithin(String side, List<LoadedResult> results) {
        BenchResult first = results.get(0).result();
        Set<String> differences = new LinkedHashSet<>();
        for (LoadedResult loaded : results.subList(1, results.size())) {
            for (String difference : differencesBetween(first, loaded.result())) {
                differences.add("the " + side + " runs differ: " + difference + " (" + results.get(0).file() + " vs "
                        + loaded.file() + ")");
            }
        }
        return new ArrayList<>(differences);
    }

    /** What differs between the programs and parameters of two runs, each said in a few words. */
    static List<String> differencesBetween(BenchResult base, BenchResult next) {
        List<String> differences = new ArrayList<>();
        if (!name(base).equals(name(next))) {
            differences.add("base ran " + name(base) + " and new ran " + name(next));
            return differences;
        }
        Set<String> names = new TreeSet<>(base.parameters().keySet());
        names.addAll(next.parameters().keySet());
        List<String> parameters = new ArrayList<>();
        for (String parameter : names) {
            String baseValue = base.parameters().getOrDefault(parameter, "(none)");
            String nextValue = next.parameters().getOrDefault(parameter, "(none)");
            if (!baseValue.equals(nextValue)) {
                parameters.add(parameter + " " + baseValue + " vs " + nextValue);
            }
        }
        if (!parameters.isEmpty()) {
            differences.add("different parameters: " + String.join(", ", parameters));
        }
        return differences;
    }

    private static String name(BenchResult result) {
        return result.benchmark() + " " + result.operation();
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
