package io.hbench.bsp;

import io.hbench.error.ErrorCode;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * What every part of the BSP runtime (its transport, trust, coordination and runners) does alike: word a failure in
 * one line and a timeout in seconds, read an error code off the wire, make its threads daemons and close what is
 * left. Public only because those parts live in packages of their own; a program has no use for it.
 */
public final class RuntimeSupport {
    private RuntimeSupport() {
    }

    /** A timeout in s, as every duration reads, exactly as it was set: "60 s", "1.5 s". */
    public static String seconds(long millis) {
        return BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + " s";
    }

    /** The error code that {@code code} names on the wire; PEER_FAILED for a code this runtime does not know. */
    public static ErrorCode errorCode(int code) {
        for (ErrorCode each : ErrorCode.values()) {
            if (each.code() == code) {
                return each;
            }
        }
        return ErrorCode.PEER_FAILED;
    }

    /** The first line of {@code e}'s message, or its class's name when it has none. */
    public static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName()
                : message.lines().findFirst().orElse(message);
    }

    /** A daemon thread, not yet started. */
    public static Thread daemon(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    /** Closes {@code closeable}, if there is one, ignoring its failure: closing is all that is left to do with it. */
    public static void closeQuietly(Closeable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (IOException ignored) {
                // Nothing to release, or nothing more to do with it.
            }
        }
    }
}
