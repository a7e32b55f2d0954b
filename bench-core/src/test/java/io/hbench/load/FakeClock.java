package io.hbench.load;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told: waiting moves it to the deadline, a fake target advances it by its work. Public
 * for the load programs' tests, whose runs at a rate it makes exact.
 */
public final class FakeClock implements LoadClock {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public void sleepUntil(long deadline) {
        now.accumulateAndGet(deadline, Math::max);
    }

    public void advance(long nanos) {
        now.addAndGet(nanos);
    }
}
