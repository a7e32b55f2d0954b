package io.hbench.load;

import java.util.concurrent.locks.LockSupport;

/** The time an open-loop run reads and waits on: the system's monotonic clock, or a test's fake. */
public interface LoadClock {
    /** The system's monotonic clock ({@link System#nanoTime}); waits park the thread. */
    LoadClock SYSTEM = new LoadClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadline) throws InterruptedException {
            for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(left);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }
    };

    /** Now, in nanoseconds from an arbitrary origin; only differences mean anything. */
    long nanoTime();

    /** Returns once {@link #nanoTime} has reached {@code deadline}, never before; at once if it has. */
    void sleepUntil(long deadline) throws InterruptedException;
}
