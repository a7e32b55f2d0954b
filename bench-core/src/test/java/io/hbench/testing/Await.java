package io.hbench.testing;

import java.time.Duration;

/**
 * Waits for what a test needs before it asserts, never a fixed time: on a busy machine a sleep may end too early, and
 * the assertion then passes or fails without testing anything. A wait that does not end fails, naming what it waited
 * for.
 */
public final class Await {
    private static final long POLL_MILLIS = 10;

    /** What a test waits for; it may throw, as a failed task it watches does. */
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    /** Returns once {@code condition} holds; fails once {@code bound} has passed without it, naming {@code what}. */
    public static void until(String what, Duration bound, Condition condition) throws Exception {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + (bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s"
                        : bound.toMillis() + " ms") + " for " + what);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
