package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.federation.Subcluster;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An NNThroughputBenchmark run through Routers, one subcluster after the other ({@code -perSubcluster},
 * {@code -subClusterPath}): each subcluster's run, as it would be alone under its base directory.
 */
public final class SubclustersResult implements ProgramResult {
    public static final String LABEL = "subcluster";

    private final NnOptions options;
    private final Map<Subcluster, NnResult> runs;

    /** @param runs each subcluster's run, in the order they ran */
    public SubclustersResult(NnOptions options, Map<Subcluster, NnResult> runs) {
        this.options = requireNonNull(options, "options is null");
        requireNonNull(runs, "runs is null");
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no subcluster ran");
        }
        this.runs = Collections.unmodifiableMap(new LinkedHashMap<>(runs));
    }

    public Map<Subcluster, NnResult> runs() {
        return runs;
    }

    /**
     * One result whose figures are each subcluster's, labelled {@code subcluster=<ns>} (the path given, with
     * {@code -subClusterPath}); its parameters are the first run's (every run has the same), its time from the first
     * start to the last end, and each subcluster's base directory a location {@code baseDirName{subcluster=<ns>}}.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        List<BenchResult> each = new ArrayList<>();
        runs.values().forEach(run -> each.add(run.toBenchResult(environment)));
        BenchResult first = each.get(0);
        BenchResult.Builder result = BenchResult.builder(first.benchmark(), first.operation())
                .primaryMetric(first.primaryMetric())
                .environment(environment)
                .start(first.start())
                .end(each.get(each.size() - 1).end())
                .location("nameNode", first.locations().get("nameNode"))
                .location("baseDirName", options.baseDirName());
        first.parameters().forEach(result::parameter);
        int index = 0;
        for (Subcluster subcluster : runs.keySet()) {
            BenchResult run = each.get(index++);
            result.location("baseDirName{" + LABEL + "=" + subcluster.name() + "}", subcluster.baseDir());
            run.metrics().forEach(metric -> result.metric(metric.withLabel(LABEL, subcluster.name())));
            run.distributions().forEach(d -> result.distribution(d.withLabel(LABEL, subcluster.name())));
        }
        return result.build();
    }

    /** The runs were sampled one by one: no one sample covers them all. */
    @Override
    public Optional<ResourceUsage> resources() {
        return Optional.empty();
    }

    /** For each subcluster, a heading naming it and its base directory, then its run's lines as alone. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        runs.forEach((subcluster, run) -> {
            lines.add("");
            lines.add("=== " + LABEL + " " + subcluster.name() + ": " + subcluster.baseDir() + " ===");
            lines.addAll(NnReport.classicLines(run));
            lines.addAll(NnReport.hbenchLines(run));
        });
        return lines;
    }
}
