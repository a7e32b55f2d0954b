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
    /** Kerberos is on and the ticket cache holds no ticket-granting ticket for this user. */
    KERBEROS_NO_TICKET(0x000B, ErrorKind.USER_ERROR),
    /** Kerberos is on and the ticket cache's ticket-granting ticket has expired. */
    KERBEROS_TICKET_EXPIRED(0x000C, ErrorKind.USER_ERROR),
    /** The file given with -keytab is missing, unreadable or not a keytab. */
    KEYTAB_UNREADABLE(0x000D, ErrorKind.USER_ERROR),
    /** The keytab holds no key for the principal given with -principal. */
    KEYTAB_LACKS_PRINCIPAL(0x000E, ErrorKind.USER_ERROR),
    /** The login with -principal and -keytab failed: KDC unreachable, principal unknown, key refused, no krb5.conf. */
    KERBEROS_LOGIN_FAILED(0x000F, ErrorKind.USER_ERROR),
    /** The operation must authenticate as the cluster's DataNodes do, and this run's principal is not theirs. */
    DATANODE_PRINCIPAL_REQUIRED(0x0010, ErrorKind.USER_ERROR),
    /** This client cannot do what its configuration asks, e.g. shuffle in-process with Kerberos on and no native library. */
    UNSUPPORTED_CONFIGURATION(0x0011, ErrorKind.USER_ERROR),
    /** A local output (-json, -resFile, -out) cannot be written: no such directory, a directory, permission denied. */
    OUTPUT_NOT_WRITABLE(0x0012, ErrorKind.USER_ERROR),
    /** A local output exists and hbench did not write it; it is replaced only with -overwrite. */
    OUTPUT_NOT_HBENCH(0x0013, ErrorKind.USER_ERROR),
    /** An object store refused the run's credentials, or there were none to give it. */
    STORE_CREDENTIALS(0x0014, ErrorKind.USER_ERROR),
    /** {@code -fs} names an HDFS nameservice the client's configuration does not make reachable (no failover proxy
     * provider, no NameNodes listed), or a name that is neither a nameservice nor a host. */
    NAMESERVICE_NOT_CONFIGURED(0x0015, ErrorKind.USER_ERROR),

    VERIFICATION_FAILED(0x1001, ErrorKind.BENCHMARK_FAILURE),
    JOB_FAILED(0x1002, ErrorKind.BENCHMARK_FAILURE),
    /** A BSP peer died, failed or stopped answering while the job ran. */
    PEER_FAILED(0x1003, ErrorKind.BENCHMARK_FAILURE),

    CLUSTER_UNAVAILABLE(0x2001, ErrorKind.EXTERNAL),
    FILE_SYSTEM_ERROR(0x2002, ErrorKind.EXTERNAL),
    EMBEDDED_CLUSTER_FAILED(0x2003, ErrorKind.EXTERNAL),
    /** A BSP peer or its coordinator could not be reached over the network. */
    PEER_UNREACHABLE(0x2004, ErrorKind.EXTERNAL),
    /** A server refused this run's Kerberos credentials or tokens while it ran, e.g. a ticket that expired meanwhile. */
    KERBEROS_AUTHENTICATION_FAILED(0x2005, ErrorKind.EXTERNAL),
    /** A path hbench removed is still there: the file system said it was deleted and kept some of it. */
    CLEANUP_INCOMPLETE(0x2006, ErrorKind.EXTERNAL),
    /** The store a run was to write to failed the check made before the run: it mangled, lost or kept an object. */
    STORE_CHECK_FAILED(0x2007, ErrorKind.EXTERNAL),

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
