package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records when the counted operations of one run complete, for its {@link CompletionTimeline}: per second, how many
 * completed and their latencies; and, exactly, the longest stretch with no completion and the operations that waited
 * through it.
 *
 * <p>Completions are ordered by one atomic instant: a worker reads the clock between reading and swapping it, so the
 * instants it holds rise in the order they are recorded, and each swap knows the stretch it closes, the one between
 * the previous completion and this one. A stretch longer than every earlier one becomes the longest while the instant
 * is held locked, so any completion recorded after it sees it. An operation that waited through the run's longest
 * stretch completes after it and before any longer one (there is none), so counting each operation that waited
 * through the longest stretch known when it completes counts exactly those. Memory stays bounded: per worker one
 * count, sum and maximum per second; no allocation per operation.
 */
final class CompletionRecorder {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The completion instant while a new longest stretch is being published. */
    private static final long LOCKED = Long.MIN_VALUE;

    private final LoadClock clock;
    private final long t0;
    private final Instant start;
    private final AtomicLong lastCompletion;
    private volatile Stretch longest;

    /**
     * @param t0 the counted run's start on {@code clock}
     * @param start the same instant on the wall clock, for the time series
     */
    CompletionRecorder(LoadClock clock, long t0, Instant start) {
        this.clock = requireNonNull(clock, "clock is null");
        this.t0 = t0;
        this.start = requireNonNull(start, "start is null");
        this.lastCompletion = new AtomicLong(t0);
        this.longest = new Stretch(t0, t0);
    }

    /** What one worker records; only that worker writes it, until {@link #finish} reads it. */
    final class Track {
        private long[] completed = new long[4];
        private long[] latencySum = new long[4];
        private long[] latencyMax = new long[4];

        /**
         * Records the completion of an operation issued at {@code issued} on the run's clock, whose latency, as the
         * run counts it, is {@code latencyNanos}; returns the instant recorded as its completion.
         */
        long completed(long issued, long latencyNanos) {
            long end = register();
            Stretch stretch = longest;
            if (issued < stretch.start && end >= stretch.end) {
                stretch.waited.incrementAndGet();
            }
            int second = (int) (Math.max(0, end - t0) / NANOS_PER_SECOND);
            if (second >= completed.length) {
                int length = Math.max(second + 1, completed.length * 2);
                completed = Arrays.copyOf(completed, length);
                latencySum = Arrays.copyOf(latencySum, length);
                latencyMax = Arrays.copyOf(latencyMax, length);
            }
            completed[second]++;
            latencySum[second] += latencyNanos;
            latencyMax[second] = Math.max(latencyMax[second], latencyNanos);
            return end;
        }
    }

    Track track() {
        return new Track();
    }

    private long register() {
        while (true) {
            long previous = lastCompletion.get();
            if (previous == LOCKED) {
                Thread.onSpinWait();
                continue;
            }
            long now = clock.nanoTime();
            if (now - previous > longest.length()) {
                if (lastCompletion.compareAndSet(previous, LOCKED)) {
                    longest = new Stretch(previous, now);
                    lastCompletion.set(now);
                    return now;
                }
            } else if (lastCompletion.compareAndSet(previous, now)) {
                return now;
            }
        }
    }

    /** The timeline of a run that ended at {@code end} on the run's clock, once every worker has stopped. */
    CompletionTimeline finish(long end, List<Track> tracks) {
        long last = lastCompletion.get();
        Stretch stretch = longest;
        long waited = stretch.waited.get();
        if (end - last > stretch.length()) {
            stretch = new Stretch(last, end);
            waited = 0;
        }
        int seconds = (int) ((Math.max(0, end - t0) + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND);
        for (Track track : tracks) {
            for (int s = track.completed.length - 1; s >= seconds; s--) {
                if (track.completed[s] > 0) {
                    seconds = s + 1;
                    break;
                }
            }
        }
        long[] completed = new long[seconds];
        long[] latencySum = new long[seconds];
        long[] latencyMax = new long[seconds];
        for (Track track : tracks) {
            for (int s = 0; s < Math.min(seconds, track.completed.length); s++) {
                completed[s] += track.completed[s];
                latencySum[s] += track.latencySum[s];
                latencyMax[s] = Math.max(latencyMax[s], track.latencyMax[s]);
            }
        }
        CompletionGap gap = new CompletionGap(start.plusNanos(stretch.start - t0),
                Duration.ofNanos(stretch.length()), waited);
        return new CompletionTimeline(start, completed, latencySum, latencyMax, gap);
    }

    /** A stretch between two completions (or the run's start or end), and the operations that waited through it. */
    private static final class Stretch {
        final long start;
        final long end;
        final AtomicLong waited = new AtomicLong();

        Stretch(long start, long end) {
            this.start = start;
            this.end = end;
        }

        long length() {
            return end - start;
        }
    }
}
