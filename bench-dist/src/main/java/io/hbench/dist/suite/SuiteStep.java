package io.hbench.dist.suite;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;

/** One step of a suite: a program of bench.jar with its arguments, run within a time bound. */
public final class SuiteStep {
    private final String id;
    private final List<String> command;
    private final Duration timeout;
    private final boolean writesResult;

    /**
     * @param id a short name, unique in the suite, that names the step's files
     * @param command the program's name and its arguments
     * @param writesResult whether the step gets {@code -json} (a cleanup step has no figures)
     */
    public SuiteStep(String id, List<String> command, Duration timeout, boolean writesResult) {
        this.id = requireNonNull(id, "id is null");
        this.command = List.copyOf(requireNonNull(command, "command is null"));
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.writesResult = writesResult;
        if (!id.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("step id " + id + " is not lower-case letters, digits and dashes");
        }
        if (this.command.isEmpty()) {
            throw new IllegalArgumentException("step " + id + " has no program");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("step " + id + " has no time to run");
        }
    }

    public String id() {
        return id;
    }

    /** The program's name and its arguments, without the result file. */
    public List<String> command() {
        return command;
    }

    public String program() {
        return command.get(0);
    }

    public Duration timeout() {
        return timeout;
    }

    public boolean writesResult() {
        return writesResult;
    }

    @Override
    public String toString() {
        return id + ": " + String.join(" ", command);
    }
}
