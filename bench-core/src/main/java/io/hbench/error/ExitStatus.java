package io.hbench.error;

import java.util.Optional;

/** The exit statuses every hbench program uses (see DESIGN.md). */
public enum ExitStatus {
    SUCCESS(0),
    /** The benchmark ran and found a failure, or the cluster failed it. */
    FAILURE(1),
    /** Bad usage or bad input; nothing was written or deleted. */
    USAGE(2),
    /** Stopped by Ctrl-C (SIGINT): 128 + 2, as a shell reports a process a signal ended. */
    INTERRUPTED(130),
    /** Stopped by SIGTERM: 128 + 15. */
    TERMINATED(143);

    private final int code;

    ExitStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The status after the JVM was stopped by the signal of this name ("INT", "TERM"); empty for any other. */
    public static Optional<ExitStatus> afterSignal(String signal) {
        switch (signal) {
            case "INT":
                return Optional.of(INTERRUPTED);
            case "TERM":
                return Optional.of(TERMINATED);
            default:
                return Optional.empty();
        }
    }
}
