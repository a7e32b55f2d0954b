package io.hbench.bsp;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * Where one peer's program ran and when, as the peer itself named its host and timed it: hosts' clocks differ, and
 * the job's span is not any peer's. Every peer's report carries one ({@link BspJobResult.PeerReport}), and the
 * benchmarks keep them beside their own figures.
 */
public final class PeerSpan {
    private final int peer;
    private final String host;
    private final Instant start;
    private final Duration duration;

    /**
     * @param host the name of the host the peer ran on, as its host's resource samples name it
     * @param start when the peer's program started, on the peer's own wall clock
     * @param duration how long it ran until it returned, on the peer's monotonic clock
     */
    public PeerSpan(int peer, String host, Instant start, Duration duration) {
        if (peer < 0) {
            throw new IllegalArgumentException("peer is negative");
        }
        this.peer = peer;
        this.host = requireNonNull(host, "host is null");
        this.start = requireNonNull(start, "start is null");
        this.duration = requireNonNull(duration, "duration is null");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("peer " + peer + " ran for a negative time: " + duration);
        }
    }

    public int peer() {
        return peer;
    }

    public String host() {
        return host;
    }

    public Instant start() {
        return start;
    }

    public Duration duration() {
        return duration;
    }

    public Instant end() {
        return start.plus(duration);
    }

    @Override
    public String toString() {
        return "peer " + peer + " on " + host + ": started " + start + ", ran " + duration;
    }
}
