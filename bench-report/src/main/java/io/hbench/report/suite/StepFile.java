package io.hbench.report.suite;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a step's files have in a suite's directory: its number from 1, in at least two digits, and its id, as in
 * {@code 01-dfsio-write.json} for the result and {@code 01-dfsio-write.log} for what the step said. Suite writes them,
 * Compare and Report find the results by them; this class is the one place that knows the rule, both ways.
 */
public final class StepFile implements Comparable<StepFile> {
    // The numbers that result() writes: 01 to 99, then 100 and on.
    private static final Pattern RESULT = Pattern.compile("(0[1-9]|[1-9][0-9]{1,8})-([a-z0-9-]+)\\.json");
    private static final Comparator<StepFile> ORDER = Comparator.comparingInt(StepFile::index)
            .thenComparing(StepFile::stepId);

    private final int index;
    private final String stepId;

    private StepFile(int index, String stepId) {
        if (index < 0) {
            throw new IllegalArgumentException("step index is negative: " + index);
        }
        this.index = index;
        this.stepId = requireNonNull(stepId, "stepId is null");
    }

    /** The files of step {@code index} (from 0, as the suite's list of steps counts) of id {@code stepId}. */
    public static StepFile of(int index, String stepId) {
        return new StepFile(index, stepId);
    }

    /** The step whose result {@code fileName} is, or empty if it is not named as a step's result. */
    public static Optional<StepFile> ofResult(String fileName) {
        Matcher matcher = RESULT.matcher(requireNonNull(fileName, "fileName is null"));
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new StepFile(Integer.parseInt(matcher.group(1)) - 1, matcher.group(2)));
    }

    /** The step's place in the suite, from 0. */
    public int index() {
        return index;
    }

    public String stepId() {
        return stepId;
    }

    /** {@code 01-dfsio-write.json}. */
    public String result() {
        return name() + ".json";
    }

    /** {@code 01-dfsio-write.log}. */
    public String log() {
        return name() + ".log";
    }

    private String name() {
        return String.format(Locale.ROOT, "%02d-%s", index + 1, stepId);
    }

    /** In the suite's order: step 100 after step 99, where the names' alphabetical order would put it before 11. */
    @Override
    public int compareTo(StepFile other) {
        return ORDER.compare(this, other);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StepFile && index == ((StepFile) other).index
                && stepId.equals(((StepFile) other).stepId);
    }

    @Override
    public int hashCode() {
        return 31 * index + stepId.hashCode();
    }

    @Override
    public String toString() {
        return result();
    }
}
