package io.hbench.report.compare;

import io.hbench.result.BenchResult;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import static java.util.Objects.requireNonNull;

/**
 * What a run measured: its program, operation and parameters. Runs of one workload are repetitions of one run; runs of
 * two workloads measured different things. Locations are no part of it (where a run kept its data does not change what
 * it measured), nor is the seed of a BSP program's random choices: a run without {@code -seed} draws one, and runs
 * that differ only in their draws are repetitions of one workload. Nor are the offered rates of a capacity curve's
 * steps: the ramp is how the sustained rate was sought, and two ramps seek the same answer ({@link RampSteps} compares
 * only the steps they share).
 */
public final class Workload implements Comparable<Workload> {
    /** Parameters that a run draws for itself rather than take from the operator. */
    private static final Set<String> DRAWN = Set.of("seed");
    /** The offered rates of a capacity curve's steps, "2000,4000,8000". */
    private static final String RAMP = "rates";
    /** A value longer than this is cut short in a message, so that a message stays one readable line. */
    private static final int SHOWN_VALUE = 40;
    private static final int SHOWN_PARAMETERS = 3;

    private final String benchmark;
    private final String operation;
    private final SortedMap<String, String> parameters;

    private Workload(String benchmark, String operation, SortedMap<String, String> parameters) {
        this.benchmark = requireNonNull(benchmark, "benchmark is null");
        this.operation = requireNonNull(operation, "operation is null");
        this.parameters = Collections.unmodifiableSortedMap(new TreeMap<>(parameters));
    }

    public static Workload of(BenchResult result) {
        requireNonNull(result, "result is null");
        SortedMap<String, String> parameters = new TreeMap<>(result.parameters());
        parameters.keySet().removeAll(DRAWN);
        parameters.remove(RAMP);
        return new Workload(result.benchmark(), result.operation(), parameters);
    }

    /** The program and operation, "TestDFSIO write". */
    public String program() {
        return benchmark + " " + operation;
    }

    public SortedMap<String, String> parameters() {
        return parameters;
    }

    /**
     * The program with the values of {@code shown}, those that tell its workloads apart: "TPCx-HS run (scale_factor 3)";
     * the program alone if there are none. Long values are cut short, as in every message.
     */
    String name(Set<String> shown) {
        return name(shown, this);
    }

    /** The name of this workload paired with {@code that} of the same program: "TestDFSIO write (nrFiles 4 vs 8)". */
    String name(Set<String> shown, Workload that) {
        List<String> values = new ArrayList<>();
        for (String parameter : shown) {
            String value = shown(parameters.get(parameter));
            String other = shown(that.parameters.get(parameter));
            values.add(parameter + " " + value + (value.equals(other) ? "" : " vs " + other));
        }
        return values.isEmpty() ? program() : program() + " (" + String.join(", ", values) + ")";
    }

    /** The names of the parameters whose values differ between this and {@code that}, or that only one has. */
    Set<String> differingParameters(Workload that) {
        Set<String> names = new TreeSet<>(parameters.keySet());
        names.addAll(that.parameters.keySet());
        names.removeIf(name -> Objects.equals(parameters.get(name), that.parameters.get(name)));
        return names;
    }

    /**
     * The parameters that differ, each as "nrFiles 4 vs 8", at most three and then how many more; empty if none. Long
     * values are cut short: a file may hold anything.
     */
    String parameterDifferences(Workload that) {
        List<String> differences = new ArrayList<>();
        for (String name : differingParameters(that)) {
            differences.add(name + " " + shown(parameters.get(name)) + " vs " + shown(that.parameters.get(name)));
        }
        if (differences.size() <= SHOWN_PARAMETERS) {
            return String.join(", ", differences);
        }
        return String.join(", ", differences.subList(0, SHOWN_PARAMETERS)) + " and "
                + (differences.size() - SHOWN_PARAMETERS) + " more";
    }

    private static String shown(String value) {
        if (value == null) {
            return "(none)";
        }
        return value.length() <= SHOWN_VALUE ? value : value.substring(0, SHOWN_VALUE - 3) + "...";
    }

    /** By program, then parameter by parameter, numbers by value: scale factor 3 before 10. */
    @Override
    public int compareTo(Workload that) {
        int byProgram = benchmark.equals(that.benchmark) ? operation.compareTo(that.operation)
                : benchmark.compareTo(that.benchmark);
        if (byProgram != 0) {
            return byProgram;
        }
        Set<String> names = new TreeSet<>(parameters.keySet());
        names.addAll(that.parameters.keySet());
        for (String name : names) {
            int byValue = compareValues(parameters.get(name), that.parameters.get(name));
            if (byValue != 0) {
                return byValue;
            }
        }
        return 0;
    }

    private static int compareValues(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        BigDecimal numberA = number(a);
        BigDecimal numberB = number(b);
        if (numberA != null && numberB != null && numberA.compareTo(numberB) != 0) {
            return numberA.compareTo(numberB);
        }
        return a.compareTo(b);
    }

    private static BigDecimal number(String value) {
        try {
            return new BigDecimal(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Workload)) {
            return false;
        }
        Workload that = (Workload) obj;
        return benchmark.equals(that.benchmark) && operation.equals(that.operation) && parameters.equals(that.parameters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(benchmark, operation, parameters);
    }

    @Override
    public String toString() {
        return program() + " " + parameters;
    }
}
