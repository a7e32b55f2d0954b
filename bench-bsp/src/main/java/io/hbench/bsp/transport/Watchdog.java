package io.hbench.bsp.transport;

import io.hbench.bsp.RuntimeSupport;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * Watches the one blocking network operation a peer's program thread may be in (writing to or
 * awaiting an acknowledgement from another peer) and calls back, once, when it has made no progress
 * for the failure timeout. Marking costs two volatile writes, so every write of a bundle can afford it.
 *
 * <p>Lifecycle: the constructor starts one timer thread; {@link #close} stops it.
 */
public final class Watchdog implements AutoCloseable {
    private final long timeoutNanos;
    private final IntConsumer onSilentPeer;
    private final ScheduledExecutorService timer;
    private volatile long since;
    private volatile int peer = -1;
    private boolean fired;

    public Watchdog(String name, long timeoutMillis, IntConsumer onSilentPeer) {
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.onSilentPeer = onSilentPeer;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> RuntimeSupport.daemon(runnable, name));
        long period = Math.max(10, Math.min(1000, timeoutMillis / 4));
        timer.scheduleWithFixedDelay(this::check, period, period, TimeUnit.MILLISECONDS);
    }

    /** The program thread is about to block on {@code destination}. */
    void blockedOn(int destination) {
        since = System.nanoTime();
        peer = destination;
    }

    void unblocked() {
        peer = -1;
    }

    private void check() {
        int silent = peer;
        if (silent >= 0 && !fired && System.nanoTime() - since > timeoutNanos) {
            fired = true;
            onSilentPeer.accept(silent);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
