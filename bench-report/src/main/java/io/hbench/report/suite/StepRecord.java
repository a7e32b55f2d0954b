package io.hbench.report.suite;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/** How one step of a suite ended: what {@code suite.json} keeps of it, so that {@code -resume} knows. */
public final class StepRecord {
    /** How a step ended. */
    public enum Status {
        NOT_RUN, PASSED, FAILED, TIMED_OUT;

        public String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Status parse(String text) {
            for (Status status : values()) {
                if (status.text().equals(text)) {
                    return status;
                }
            }
            throw new IllegalArgumentException("unknown step status " + text);
        }
    }

    private final String id;
    private final Status status;
    private final int exitStatus;
    private final double seconds;

    public StepRecord(String id, Status status, int exitStatus, double seconds) {
        this.id = requireNonNull(id, "id is null");
        this.status = requireNonNull(status, "status is null");
        this.exitStatus = exitStatus;
        this.seconds = seconds;
        if (seconds < 0) {
            throw new IllegalArgumentException("step " + id + " took negative time");
        }
    }

    public static StepRecord notRun(String id) {
        return new StepRecord(id, Status.NOT_RUN, 0, 0);
    }

    public String id() {
        return id;
    }

    public Status status() {
        return status;
    }

    /** The program's exit status; meaningless unless it ran to its end. */
    public int exitStatus() {
        return exitStatus;
    }

    public double seconds() {
        return seconds;
    }

    /** Whether {@code -resume} leaves it be: it ran to a verdict, good or bad. */
    public boolean finished() {
        return status != Status.NOT_RUN;
    }
}
