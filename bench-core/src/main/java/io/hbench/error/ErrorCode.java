package io.hbench.error;

import static java.util.Objects.requireNonNull;

/**
 * Every error hbench reports on purpose. The numeric code is stable: scripts may match on it
 * (it appears in JSON results), so codes are never reused or renumbered.
 */
public enum ErrorCode {
    INVALID_ARGUMENT(0x0001, ErrorKind.USER_ERROR),
    UNKNOWN_OPTION(0x0002, ErrorKind.USER_ERROR),
    MISSING_OPTION(0x0003, ErrorKind.USER_ERROR),
    CONFLICTING_OPTIONS(0x0004, ErrorKind.USER_ERROR),
    /** Input the benchmark needs is absent, e.g. a read with nothing written. */
    MISSING_INPUT(0x0005, ErrorKind.USER_ERROR),
    /** A directory hbench was asked to write into or delete holds data hbench did not create. */
    UNSAFE_DIRECTORY(0x0006, ErrorKind.USER_ERROR),
    EMBEDDED_DIRECTORY_IN_USE(0x0007, ErrorKind.USER_ERROR),
    NOT_SUPPORTED_BY_FILE_SYSTEM(0x0008, ErrorKind.USER_ERROR),
    UNKNOWN_PROGRAM(0x0009, ErrorKind.USER_ERROR),
    /** No cluster is configured and this classpath cannot start an embedded one (no hadoop-minicluster). */
    NO_CLUSTER(0x000A, ErrorKind.USER_ERROR),

    VERIFICATION_FAILED(0x1001, ErrorKind.BENCHMARK_FAILURE),
    JOB_FAILED(0x1002, ErrorKind.BENCHMARK_FAILURE),
    /** A BSP peer died, failed or stopped answering while the job ran. */
    PEER_FAILED(0x1003, ErrorKind.BENCHMARK_FAILURE),

    CLUSTER_UNAVAILABLE(0x2001, ErrorKind.EXTERNAL),
    FILE_SYSTEM_ERROR(0x2002, ErrorKind.EXTERNAL),
    EMBEDDED_CLUSTER_FAILED(0x2003, ErrorKind.EXTERNAL),
    /** A BSP peer or its coordinator could not be reached over the network. */
    PEER_UNREACHABLE(0x2004, ErrorKind.EXTERNAL),

    INTERNAL_ERROR(0x3001, ErrorKind.INTERNAL);

    private final int code;
    private final ErrorKind kind;

    ErrorCode(int code, ErrorKind kind) {
        this.code = code;
        this.kind = requireNonNull(kind, "kind is null");
    }

    public int code() {
        return code;
    }

    public ErrorKind kind() {
        return kind;
    }
}
