package io.hbench.error;

/**
 * What kind of thing went wrong, which decides the exit status and how it is reported.
 * Each kind owns a range of error codes, so a code alone tells who has to act.
 */
public enum ErrorKind {
    /** Bad usage or bad input: the user fixes the command line. Exit status 2. */
    USER_ERROR(0x0000, ExitStatus.USAGE),
    /** The benchmark ran and found a failure: verification, validation, a failed job. Exit status 1. */
    BENCHMARK_FAILURE(0x1000, ExitStatus.FAILURE),
    /** The cluster or file system could not do what was asked. Exit status 1. */
    EXTERNAL(0x2000, ExitStatus.FAILURE),
    /** A bug in hbench. Exit status 1. */
    INTERNAL(0x3000, ExitStatus.FAILURE);

    /** Codes of one kind lie in [base, base + RANGE). */
    public static final int RANGE = 0x1000;

    private final int base;
    private final ExitStatus exitStatus;

    ErrorKind(int base, ExitStatus exitStatus) {
        this.base = base;
        this.exitStatus = exitStatus;
    }

    public int base() {
        return base;
    }

    public ExitStatus exitStatus() {
        return exitStatus;
    }
}
