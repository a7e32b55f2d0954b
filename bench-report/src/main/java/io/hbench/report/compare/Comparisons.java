package io.hbench.report.compare;

import io.hbench.environment.EnvironmentProbe;
import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.SuiteRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Two sides compared: one comparison when each side ran one workload; otherwise one per {@link Workload} both sides
 * ran, or one per step of two suites, each under its name. Failed runs are left out, and so is a workload or step only
 * one side has, and a capacity curve's steps the sides offered at other rates; each is named in a note, one line that
 * says why.
 */
public final class Comparisons {
    /** How the comparisons are grouped. */
    public enum Grouping {
        /** One comparison, with no name. */
        NONE(""),
        /** One per step of two suites, named by the step: "dfsio-write". */
        STEPS("step"),
        /** One per workload, named by it: "TPCx-HS run (scale_factor 3)". */
        WORKLOADS("workload");

        private final String word;

        Grouping(String word) {
            this.word = word;
        }

        /** What one comparison is, as JSON and CSV call it: "step", "workload". */
        public String word() {
            return word;
        }
    }

    /** One comparison under its name. */
    public static final class Named {
        private final Grouping grouping;
        private final String name;
        private final Comparison comparison;

        Named(Grouping grouping, String name, Comparison comparison) {
            this.grouping = requireNonNull(grouping, "grouping is null");
            this.name = requireNonNull(name, "name is null");
            this.comparison = requireNonNull(comparison, "comparison is null");
        }

        /** "dfsio-write", "TPCx-HS run (scale_factor 3)"; empty for the one comparison of {@link Grouping#NONE}. */
        public String name() {
            return name;
        }

        /** The name as a heading says it: "step dfsio-write", "TPCx-HS run (scale_factor 3)". */
        public String title() {
            return grouping == Grouping.STEPS ? "step " + name : name;
        }

        public Comparison comparison() {
            return comparison;
        }
    }

    private final Grouping grouping;
    private final List<Named> all;

    private Comparisons(Grouping grouping, List<Named> all) {
        this.grouping = grouping;
        this.all = List.copyOf(all);
    }

    /**
     * Compares the results of {@code base} and {@code next}: files or directories, or on both sides directories Suite
     * wrote, which are compared step by step.
     *
     * @param notes takes each line that says what is left out and why
     * @throws IOException if a result cannot be read
     * @throws IllegalArgumentException in one line, if there is nothing to compare or the sides may not be compared
     */
    public static Comparisons of(List<Path> base, List<Path> next, Comparer comparer, Consumer<String> notes)
            throws IOException {
        boolean baseSuites = base.stream().allMatch(SuiteRecord::isSuite);
        boolean nextSuites = next.stream().allMatch(SuiteRecord::isSuite);
        boolean anySuite = base.stream().anyMatch(SuiteRecord::isSuite)
                || next.stream().anyMatch(SuiteRecord::isSuite);
        if (anySuite && !(baseSuites && nextSuites)) {
            throw new IllegalArgumentException("give suite directories on both sides, or results on both: a suite's steps"
                    + " are compared step by step with another suite's");
        }
        return anySuite ? ofSuites(base, next, comparer, notes)
                : ofResults(ResultFiles.read(base), ResultFiles.read(next), comparer, notes);
    }

    /**
     * Compares two sets of results that are no suites' steps: their passed runs, workload by workload.
     *
     * @param notes takes each line that says what is left out and why
     * @throws IllegalArgumentException in one line, if there is nothing to compare or the sides may not be compared
     */
    public static Comparisons ofResults(List<LoadedResult> base, List<LoadedResult> next, Comparer comparer,
            Consumer<String> notes) {
        List<LoadedResult> basePassed = passed(base, notes);
        List<LoadedResult> nextPassed = passed(next, notes);
        requireOneSuiteDefinition(basePassed, nextPassed);
        WorkloadPairs pairs = WorkloadPairs.of(basePassed, nextPassed, comparer.force());
        pairs.leftOut().forEach(notes);
        Grouping grouping = pairs.single() ? Grouping.NONE : Grouping.WORKLOADS;
        List<Named> all = new ArrayList<>();
        for (WorkloadPairs.Pair pair : pairs.pairs()) {
            Comparison comparison = comparer.compare(pair.base(), pair.next());
            comparison.leftOut().forEach(notes);
            all.add(new Named(grouping, pair.name(), comparison));
        }
        return new Comparisons(grouping, all);
    }

    private static Comparisons ofSuites(List<Path> base, List<Path> next, Comparer comparer, Consumer<String> notes)
            throws IOException {
        Map<StepFile, List<LoadedResult>> baseSteps = SuiteRuns.bySteps(base);
        Map<StepFile, List<LoadedResult>> nextSteps = SuiteRuns.bySteps(next);
        requireOneSuiteDefinition(flatten(baseSteps), flatten(nextSteps));
        Set<StepFile> steps = new TreeSet<>(baseSteps.keySet());
        steps.addAll(nextSteps.keySet());
        List<Named> all = new ArrayList<>();
        for (StepFile step : steps) {
            String id = step.stepId();
            List<LoadedResult> baseRuns = passedOnly(baseSteps.getOrDefault(step, List.of()));
            List<LoadedResult> nextRuns = passedOnly(nextSteps.getOrDefault(step, List.of()));
            if (baseRuns.isEmpty() || nextRuns.isEmpty()) {
                notes.accept("leaving out step " + id + ": it left no passed result on one side");
            } else {
                Comparison comparison = comparer.compare(baseRuns, nextRuns);
                comparison.leftOut().forEach(notes);
                all.add(new Named(Grouping.STEPS, id, comparison));
            }
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no step of the suites passed on both sides: nothing to compare");
        }
        return new Comparisons(Grouping.STEPS, all);
    }

    public Grouping grouping() {
        return grouping;
    }

    /** Every comparison, in order: one for {@link Grouping#NONE}. */
    public List<Named> all() {
        return all;
    }

    /**
     * Refuses runs of suites of different definitions (Suite records its definition in every step's result): their
     * steps were sized and chosen differently, so a difference between them says nothing about the clusters.
     */
    private static void requireOneSuiteDefinition(List<LoadedResult> base, List<LoadedResult> next) {
        LoadedResult first = null;
        String definition = null;
        List<LoadedResult> all = new ArrayList<>(base);
        all.addAll(next);
        for (LoadedResult loaded : all) {
            String own = loaded.result().environment().configuration().get(EnvironmentProbe.SUITE_DEFINITION_KEY);
            if (own == null) {
                continue;
            }
            if (definition == null) {
                first = loaded;
                definition = own;
            } else if (!definition.equals(own)) {
                throw new IllegalArgumentException(first.file() + " is of suite " + definition + " and "
                        + loaded.file() + " of suite " + own + ": suites of different definitions ran different steps"
                        + " and sizes, so their figures are not compared");
            }
        }
    }

    private static List<LoadedResult> flatten(Map<StepFile, List<LoadedResult>> steps) {
        List<LoadedResult> all = new ArrayList<>();
        steps.values().forEach(all::addAll);
        return all;
    }

    /** A suite step's runs that passed; a step left with none on a side is left out as a whole. */
    private static List<LoadedResult> passedOnly(List<LoadedResult> runs) {
        return runs.stream().filter(loaded -> loaded.result().failures().isEmpty()).collect(Collectors.toList());
    }

    /** The runs that passed; a failed run's figures are not compared, and a note says which were left out. */
    private static List<LoadedResult> passed(List<LoadedResult> results, Consumer<String> notes) {
        List<LoadedResult> passed = new ArrayList<>();
        for (LoadedResult loaded : results) {
            if (loaded.result().failures().isEmpty()) {
                passed.add(loaded);
            } else {
                notes.accept("leaving out " + loaded.file() + ": the run failed ("
                        + loaded.result().failures().get(0).lines().findFirst().orElse("") + ")");
            }
        }
        if (passed.isEmpty()) {
            throw new IllegalArgumentException("no passed run on one side: nothing to compare");
        }
        return passed;
    }
}
