package io.hbench.error;

/** The exit statuses every hbench program uses (see DESIGN.md). */
public enum ExitStatus {
    SUCCESS(0),
    /** The benchmark ran and found a failure, or the cluster failed it. */
    FAILURE(1),
    /** Bad usage or bad input; nothing was written or deleted. */
    USAGE(2);

    private final int code;

    ExitStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
