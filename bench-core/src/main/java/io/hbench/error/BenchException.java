package io.hbench.error;

import static java.util.Objects.requireNonNull;

/**
 * An error with a message meant for the person at the console: one line, saying what is wrong
 * and, where it can, what to do. Programs print the message, never the stack trace, for every
 * kind but {@link ErrorKind#INTERNAL}.
 */
public class BenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;

    public BenchException(ErrorCode errorCode, String message) {
        super(requireNonNull(message, "message is null"));
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public BenchException(ErrorCode errorCode, String message, Throwable cause) {
        super(requireNonNull(message, "message is null"), cause);
        this.errorCode = requireNonNull(errorCode, "errorCode is null");
    }

    public ErrorCode errorCode() {
        return errorCode;
    }

    public ExitStatus exitStatus() {
        return errorCode.kind().exitStatus();
    }
}
