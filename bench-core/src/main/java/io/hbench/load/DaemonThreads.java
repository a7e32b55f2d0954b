package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Names a pool's threads {@code <prefix>0}, {@code <prefix>1}, ...; daemons, so none keeps a JVM alive. It keeps the
 * threads it made so that {@link #awaitEnd} can wait for them to end: a pool's {@code awaitTermination} returns once
 * its tasks are done, while its threads may still be running their last lines.
 */
public final class DaemonThreads implements ThreadFactory {
    private final String prefix;
    private final List<Thread> threads = new ArrayList<>();

    public DaemonThreads(String prefix) {
        this.prefix = requireNonNull(prefix, "prefix is null");
    }

    @Override
    public synchronized Thread newThread(Runnable runnable) {
        Thread thread = new Thread(runnable, prefix + threads.size());
        thread.setDaemon(true);
        threads.add(thread);
        return thread;
    }

    /** Waits up to {@code timeout} for every thread made so far to end; returns whether all did. */
    public boolean awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        List<Thread> made;
        synchronized (this) {
            made = new ArrayList<>(threads);
        }
        for (Thread thread : made) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, left);
            }
            if (thread.isAlive()) {
                return false;
            }
        }
        return true;
    }
}
