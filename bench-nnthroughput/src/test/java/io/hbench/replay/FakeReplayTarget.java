package io.hbench.replay;

import io.hbench.load.FakeClock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A target whose commands take a known or drawn service time on a {@link FakeClock}, some longer (a stall, by logged
 * path), some failing (by logged path); it records when each path's command started, relative to the clock's time at
 * construction.
 */
final class FakeReplayTarget implements ReplayTarget {
    private final FakeClock clock;
    private final LongSupplier serviceNanos;
    private final Map<String, Long> stalls;
    private final Map<String, Exception> failures;
    private final long origin;
    final Map<String, Long> startedAt = new ConcurrentHashMap<>();
    boolean closed;

    FakeReplayTarget(FakeClock clock, long serviceNanos, Map<String, Long> stalls, Map<String, Exception> failures) {
        this(clock, () -> serviceNanos, stalls, failures);
    }

    /** @param serviceNanos each command's service time, drawn as it is issued */
    FakeReplayTarget(FakeClock clock, LongSupplier serviceNanos, Map<String, Long> stalls,
            Map<String, Exception> failures) {
        this.clock = clock;
        this.serviceNanos = serviceNanos;
        this.stalls = stalls;
        this.failures = failures;
        this.origin = clock.nanoTime();
    }

    @Override
    public boolean issue(ReplayCall call) throws Exception {
        startedAt.put(call.path(), clock.nanoTime() - origin);
        Long stall = stalls.get(call.path());
        clock.advance(stall != null ? stall : serviceNanos.getAsLong());
        Exception failure = failures.get(call.path());
        if (failure != null) {
            throw failure;
        }
        return !call.path().startsWith("/false");
    }

    @Override
    public void close() {
        closed = true;
    }
}
