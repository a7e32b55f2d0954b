package io.hbench.load;

import java.util.Map;

/**
 * A target whose operations take a known service time on a {@link FakeClock}, some of them longer (a stall); it
 * records when each operation started, relative to the clock's time at construction.
 */
final class FakeTarget implements OpenLoop.Operation {
    private final FakeClock clock;
    private final long serviceNanos;
    private final Map<Integer, Long> stalls;
    final long[] startedAt;
    private final long origin;

    FakeTarget(FakeClock clock, long serviceNanos, Map<Integer, Long> stalls, int operations) {
        this.clock = clock;
        this.serviceNanos = serviceNanos;
        this.stalls = stalls;
        this.startedAt = new long[operations];
        this.origin = clock.nanoTime();
    }

    @Override
    public long run(int worker, int index) {
        startedAt[index] = clock.nanoTime() - origin;
        long nanos = stalls.getOrDefault(index, serviceNanos);
        clock.advance(nanos);
        return nanos;
    }

    @Override
    public String describe(int index) {
        return "operation " + index;
    }
}
