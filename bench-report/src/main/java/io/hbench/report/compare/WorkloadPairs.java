package io.hbench.report.compare;

import io.hbench.report.LoadedResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Two sides' runs, each side's grouped by {@link Workload}, and the groups paired across the sides: a workload both
 * sides ran is compared with itself. With {@code force}, a program's one workload left unpaired on each side is paired
 * with the other's although their parameters differ. Every group left unpaired is named in {@link #leftOut()}, with
 * why. When each side holds one workload, the two are paired whatever they are, and {@link Comparer} refuses or forces
 * them, naming what differs.
 */
final class WorkloadPairs {
    private static final int SHOWN_FILES = 2;
    private static final int SHOWN_WORKLOADS = 3;

    /** The runs of one workload on each side, under the name that tells it from the others. */
    static final class Pair {
        private final String name;
        private final List<LoadedResult> base;
        private final List<LoadedResult> next;

        Pair(String name, List<LoadedResult> base, List<LoadedResult> next) {
            this.name = requireNonNull(name, "name is null");
            this.base = List.copyOf(base);
            this.next = List.copyOf(next);
        }

        /** "TPCx-HS run (scale_factor 3)"; empty when each side held one workload. */
        String name() {
            return name;
        }

        List<LoadedResult> base() {
            return base;
        }

        List<LoadedResult> next() {
            return next;
        }
    }

    private final boolean single;
    private final List<Pair> pairs;
    private final List<String> leftOut;

    private WorkloadPairs(boolean single, List<Pair> pairs, List<String> leftOut) {
        this.single = single;
        this.pairs = List.copyOf(pairs);
        this.leftOut = List.copyOf(leftOut);
    }

    /**
     * @throws IllegalArgumentException in one line, if no group of one side pairs with one of the other
     */
    static WorkloadPairs of(List<LoadedResult> base, List<LoadedResult> next, boolean force) {
        SortedMap<Workload, List<LoadedResult>> baseGroups = byWorkload(base);
        SortedMap<Workload, List<LoadedResult>> nextGroups = byWorkload(next);
        if (baseGroups.size() == 1 && nextGroups.size() == 1) {
            return new WorkloadPairs(true, List.of(new Pair("", base, next)), List.of());
        }
        SortedMap<Workload, Workload> paired = new TreeMap<>();
        baseGroups.keySet().stream().filter(nextGroups::containsKey).forEach(workload -> paired.put(workload, workload));
        Map<Workload, Workload> forcible = forcible(baseGroups.keySet(), nextGroups.keySet(), paired);
        if (force) {
            paired.putAll(forcible);
        }
        Set<Workload> all = new HashSet<>(baseGroups.keySet());
        all.addAll(nextGroups.keySet());
        Map<String, Set<String>> shown = distinguishing(all);
        if (paired.isEmpty()) {
            throw new IllegalArgumentException("the two sides ran no workload (program and parameters) in common: base"
                    + " ran " + names(baseGroups.keySet(), shown) + "; new ran " + names(nextGroups.keySet(), shown)
                    + (forcible.isEmpty() ? "" : " (-force to compare a program's runs whose parameters differ)"));
        }
        List<Pair> pairs = new ArrayList<>();
        paired.forEach((baseWorkload, nextWorkload) -> pairs.add(new Pair(baseWorkload.name(
                shown.get(baseWorkload.program()), nextWorkload), baseGroups.get(baseWorkload),
                nextGroups.get(nextWorkload))));
        List<String> leftOut = new ArrayList<>();
        leftOut(baseGroups, "base", nextGroups.keySet(), paired.keySet(), forcible.keySet(), shown, leftOut);
        leftOut(nextGroups, "new", baseGroups.keySet(), paired.values(), forcible.values(), shown, leftOut);
        return new WorkloadPairs(false, pairs, leftOut);
    }

    /** Whether each side held one workload: then the one pair has no name, and nothing is left out. */
    boolean single() {
        return single;
    }

    /** In the order of their base workloads: by program, then parameter by parameter. */
    List<Pair> pairs() {
        return pairs;
    }

    /** One line per group left unpaired, "leaving out ...: why". */
    List<String> leftOut() {
        return leftOut;
    }

    private static SortedMap<Workload, List<LoadedResult>> byWorkload(List<LoadedResult> runs) {
        SortedMap<Workload, List<LoadedResult>> groups = new TreeMap<>();
        for (LoadedResult run : runs) {
            groups.computeIfAbsent(Workload.of(run.result()), workload -> new ArrayList<>()).add(run);
        }
        return groups;
    }

    /** The pairs -force adds: for each program, its one unpaired workload on each side, if each side has just one. */
    private static Map<Workload, Workload> forcible(Set<Workload> base, Set<Workload> next,
            Map<Workload, Workload> paired) {
        Map<String, List<Workload>> baseLeft = byProgram(base, paired.keySet());
        Map<String, List<Workload>> nextLeft = byProgram(next, paired.values());
        Map<Workload, Workload> forcible = new TreeMap<>();
        baseLeft.forEach((program, workloads) -> {
            List<Workload> others = nextLeft.getOrDefault(program, List.of());
            if (workloads.size() == 1 && others.size() == 1) {
                forcible.put(workloads.get(0), others.get(0));
            }
        });
        return forcible;
    }

    private static Map<String, List<Workload>> byProgram(Set<Workload> workloads, Collection<Workload> paired) {
        Map<String, List<Workload>> byProgram = new TreeMap<>();
        workloads.stream().filter(workload -> !paired.contains(workload))
                .forEach(workload -> byProgram.computeIfAbsent(workload.program(), p -> new ArrayList<>()).add(workload));
        return byProgram;
    }

    /** Per program, the parameters whose values are not the same in all its workloads: those that name one. */
    private static Map<String, Set<String>> distinguishing(Set<Workload> workloads) {
        Map<String, Workload> first = new TreeMap<>();
        Map<String, Set<String>> shown = new TreeMap<>();
        for (Workload workload : workloads) {
            Workload one = first.computeIfAbsent(workload.program(), program -> workload);
            shown.computeIfAbsent(workload.program(), program -> new TreeSet<>())
                    .addAll(one.differingParameters(workload));
        }
        return shown;
    }

    private static void leftOut(SortedMap<Workload, List<LoadedResult>> groups, String side, Set<Workload> other,
            Collection<Workload> paired, Collection<Workload> forcible, Map<String, Set<String>> shown,
            List<String> lines) {
        String otherSide = side.equals("base") ? "new" : "base";
        groups.forEach((workload, runs) -> {
            if (paired.contains(workload)) {
                return;
            }
            boolean programRan = other.stream().anyMatch(each -> each.program().equals(workload.program()));
            lines.add("leaving out " + workload.name(shown.get(workload.program())) + ", " + runs(runs.size())
                    + " on the " + side + " side (" + files(runs) + "): the " + otherSide + " side "
                    + (programRan ? "ran " + workload.program() + " only with other parameters" : "did not run "
                    + workload.program()) + (forcible.contains(workload) ? " (-force to compare them anyway)" : ""));
        });
    }

    private static String names(Set<Workload> workloads, Map<String, Set<String>> shown) {
        List<String> names = workloads.stream().map(workload -> workload.name(shown.get(workload.program())))
                .collect(Collectors.toList());
        return atMost(names, SHOWN_WORKLOADS);
    }

    private static String files(List<LoadedResult> runs) {
        return atMost(runs.stream().map(run -> run.file().toString()).collect(Collectors.toList()), SHOWN_FILES);
    }

    /** "a, b and 3 more": a line names a few and counts the rest. */
    static String atMost(List<String> items, int shown) {
        if (items.size() <= shown) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, shown)) + " and " + (items.size() - shown) + " more";
    }

    private static String runs(int count) {
        return count + (count == 1 ? " run" : " runs");
    }
}
