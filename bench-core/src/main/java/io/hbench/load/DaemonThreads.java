package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Names a pool's threads {@code <prefix>0}, {@code <prefix>1}, ...; daemons, so none keeps a JVM alive. */
public final class DaemonThreads implements ThreadFactory {
    private final String prefix;
    private final AtomicInteger next = new AtomicInteger();

    public DaemonThreads(String prefix) {
        this.prefix = requireNonNull(prefix, "prefix is null");
    }

    @Override
    public Thread newThread(Runnable runnable) {
        Thread thread = new Thread(runnable, prefix + next.getAndIncrement());
        thread.setDaemon(true);
        return thread;
    }
}
