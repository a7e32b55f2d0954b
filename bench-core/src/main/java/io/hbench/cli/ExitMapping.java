package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import io.hbench.error.ExitStatus;
import io.hbench.error.InvalidOptionException;
import io.hbench.fs.StoreFailures;
import io.hbench.security.KerberosFailures;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The one mapping from what a program threw to its exit status, said on stderr: 2 for bad usage or input, 1 for a
 * failure while running. A refusal is its reason in one line, {@code program: reason}; a refusal of the command line's
 * shape adds one line pointing to {@code -help}. A stack trace only for a bug, and only with
 * {@code -D hbench.debug=true}.
 */
public final class ExitMapping {
    /** Set {@code -D hbench.debug=true} to see the stack trace of an unexpected error. */
    public static final String DEBUG_KEY = "hbench.debug";
    /** The refusals of the command line's shape, the ones the program's help answers. */
    private static final Set<ErrorCode> USAGE_ERRORS = EnumSet.of(ErrorCode.INVALID_ARGUMENT,
            ErrorCode.UNKNOWN_OPTION, ErrorCode.MISSING_OPTION, ErrorCode.CONFLICTING_OPTIONS);

    private final String program;
    private final PrintStream err;
    private final FlagNames flagNames;
    private final boolean debug;
    /** Where Hadoop logged while the program ran, if it warned there: a failure's line names it. */
    private final Optional<Path> hadoopLog;

    /**
     * @param flagNames how the program's command line names the options a refusal of its options' builder names
     * @param debug whether a stack trace follows an unexpected error's line
     */
    public ExitMapping(String program, PrintStream err, FlagNames flagNames, boolean debug) {
        this(program, err, flagNames, debug, Optional.empty());
    }

    private ExitMapping(String program, PrintStream err, FlagNames flagNames, boolean debug,
            Optional<Path> hadoopLog) {
        this.program = requireNonNull(program, "program is null");
        this.err = requireNonNull(err, "err is null");
        this.flagNames = requireNonNull(flagNames, "flagNames is null");
        this.debug = debug;
        this.hadoopLog = requireNonNull(hadoopLog, "hadoopLog is null");
    }

    /**
     * This mapping, its line for a failure while running (exit 1) ending with where Hadoop's log of the run is, if
     * there is one: "(Hadoop's log: /tmp/hbench-alice/logs/TestDFSIO-20261127-104512-1234.log)".
     */
    ExitMapping namingHadoopLog(Optional<Path> log) {
        return new ExitMapping(program, err, flagNames, debug, log);
    }

    /**
     * The exit status of a program that threw {@code thrown}, said in one line.
     *
     * @param running whether the program itself had started: from then on a bad argument is a bug or bad data, not
     *     bad usage
     */
    public int statusOf(Exception thrown, boolean running) {
        try {
            throw thrown;
        } catch (InvalidOptionException e) {
            // Refused by the options' builder, or by their resolution against the cluster once the program runs.
            return usageError(e.messageNaming(flagNames::flagOf));
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof UnknownHostException) {
                // Hadoop's clients wrap a host name that does not resolve (a typo in fs.defaultFS, say) so.
                err.println(program + ": cannot resolve the host name " + e.getCause().getMessage()
                        + " (check fs.defaultFS, -fs and the cluster's configuration)");
                return ErrorCode.CLUSTER_UNAVAILABLE.kind().exitStatus().code();
            }
            if (running) {
                // Not the user's input but a bug or bad data met while running: exit 1, as any other.
                return internalError(e);
            }
            return usageError(e.getMessage());
        } catch (BenchException e) {
            if (USAGE_ERRORS.contains(e.errorCode())) {
                return usageError(e.getMessage());
            }
            return oneLine(e);
        } catch (IOException e) {
            Optional<BenchException> credentials = credentialFailure(e);
            if (credentials.isPresent()) {
                return oneLine(credentials.get());
            }
            ProgramMessages.error(err, program, ErrorText.firstLine(e) + hadoopLogNote());
            debugTrace(e);
            return ExitStatus.FAILURE.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(program + ": interrupted");
            return ExitStatus.FAILURE.code();
        } catch (Exception e) {
            return internalError(e);
        }
    }

    /**
     * The exit status of a program that could not read or write what the user named (Compare's results, Suite's
     * directory): the user's to fix, so exit 2, in one line.
     */
    public int inputRefused(IOException e) {
        ProgramMessages.error(err, program, e.getMessage());
        debugTrace(e);
        return ExitStatus.USAGE.code();
    }

    /** Refuses the command line: the reason, then where to read the usage; exit 2. */
    public int usageError(String message) {
        return ProgramMessages.usageError(err, program, message);
    }

    /** A failure whose cause is Kerberos or an object store's credentials, said in one line; empty for the rest. */
    private static Optional<BenchException> credentialFailure(Throwable e) {
        Optional<BenchException> kerberos = KerberosFailures.whileRunning(e);
        return kerberos.isPresent() ? kerberos : StoreFailures.whileRunning(e);
    }

    private int oneLine(BenchException e) {
        ProgramMessages.error(err, program, e.getMessage()
                + (e.exitStatus() == ExitStatus.FAILURE ? hadoopLogNote() : ""));
        debugTrace(e);
        return e.exitStatus().code();
    }

    private int internalError(Exception e) {
        // Hadoop's clients throw some authentication failures unchecked ("Failed to specify server's Kerberos
        // principal name"); those are the user's to fix, not a bug.
        Optional<BenchException> credentials = credentialFailure(e);
        if (credentials.isPresent()) {
            return oneLine(credentials.get());
        }
        err.println(program + ": internal error: " + ErrorText.firstLine(e)
                + (debug ? "" : " (rerun with -D " + DEBUG_KEY + "=true for details)") + hadoopLogNote());
        debugTrace(e);
        return ExitStatus.FAILURE.code();
    }

    private String hadoopLogNote() {
        return hadoopLog.map(log -> " (Hadoop's log: " + log + ")").orElse("");
    }

    private void debugTrace(Throwable e) {
        if (debug) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
    }
}
