package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records when the counted operations of one run complete, for its {@link CompletionTimeline}: per second from the
 * origin (the run's start, or the start its clients agreed on), how many completed and their latencies; and, exactly,
 * the {@link #KEPT_STRETCHES} longest stretches with no completion, each with the operations that waited through it
 * and the issue instants of those issued inside it, which the clients of one run merge ({@link CompletionStretches}).
 *
 * <p>Completions are ordered by one atomic instant: a worker reads the clock between reading and swapping it, so the
 * instants it holds rise in the order they are recorded, and each swap knows the stretch it closes, the one between
 * the previous completion and this one. A stretch longer than the shortest kept one (any, while fewer are kept)
 * enters the kept ones, and the shortest leaves, while the instant is held locked, so any completion recorded after it
 * sees it. A stretch that leaves never comes back (only a closing stretch enters), and every stretch longer than the
 * shortest kept at the end was kept from its close on. An operation that completes at or after a kept stretch's end
 * is recorded after it closed, so it sees the stretch, unless the stretch has left: counting each operation against
 * the kept stretches it sees when it completes (issued before one: it waited through it; issued inside one: its issue
 * instant) counts exactly those of the stretches kept at the end. At most one operation per worker is issued inside a
 * stretch and completes after it (a worker issues its next only once one completes), so each kept stretch holds as
 * many issue instants as there are workers at most. Memory stays bounded: per worker one count, sum and maximum per
 * second, and that many instants per kept stretch; no allocation per operation.
 */
final class CompletionRecorder {
    /** How many of the longest stretches a run keeps, for its clients' timelines to merge exactly. */
    static final int KEPT_STRETCHES = 32;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The completion instant while a new stretch is being kept. */
    private static final long LOCKED = Long.MIN_VALUE;

    private final LoadClock clock;
    private final long origin;
    private final Instant start;
    private final int workers;
    private final AtomicLong lastCompletion;
    private volatile Kept kept = new Kept(new Stretch[0]);

    /**
     * @param origin the instant the timeline counts from on {@code clock}: the counted run's start, or the start its
     *     clients agreed on, before it
     * @param start the same instant on the wall clock, for the time series
     * @param workers how many workers record completions: each holds one {@link Track}
     */
    CompletionRecorder(LoadClock clock, long origin, Instant start, int workers) {
        this.clock = requireNonNull(clock, "clock is null");
        this.origin = origin;
        this.start = requireNonNull(start, "start is null");
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.workers = workers;
        this.lastCompletion = new AtomicLong(origin);
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
            Kept current = kept;
            if (current.latestEnd > issued) {
                count(current.stretches, issued, end);
            }
            int second = (int) (Math.max(0, end - origin) / NANOS_PER_SECOND);
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

    /**
     * Counts an operation issued at {@code issued} and completed at {@code end} against the kept {@code stretches}
     * it waited through or was issued inside: in time order, only the last ones can end after it was issued.
     */
    private static void count(Stretch[] stretches, long issued, long end) {
        for (int k = stretches.length - 1; k >= 0 && stretches[k].end > issued; k--) {
            Stretch stretch = stretches[k];
            if (end >= stretch.end) {
                if (issued < stretch.start) {
                    stretch.waited.incrementAndGet();
                } else {
                    stretch.issued[stretch.issuedCount.getAndIncrement()] = issued;
                }
            }
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
            Kept current = kept;
            if (now - previous > current.threshold) {
                if (lastCompletion.compareAndSet(previous, LOCKED)) {
                    kept = current.with(new Stretch(previous, now, workers));
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
        int seconds = (int) ((Math.max(0, end - origin) + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND);
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
        Stretch[] stretches = kept.stretches;
        int count = stretches.length;
        long[] starts = new long[count];
        long[] ends = new long[count];
        long[] waited = new long[count];
        long[][] issued = new long[count][];
        for (int k = 0; k < count; k++) {
            Stretch stretch = stretches[k];
            starts[k] = stretch.start - origin;
            ends[k] = stretch.end - origin;
            waited[k] = stretch.waited.get();
            issued[k] = Arrays.copyOf(stretch.issued, stretch.issuedCount.get());
            for (int i = 0; i < issued[k].length; i++) {
                issued[k][i] -= origin;
            }
        }
        long last = lastCompletion.get() - origin;
        return new CompletionTimeline(start, completed, latencySum, latencyMax, new CompletionStretches(
                kept.threshold, starts, ends, waited, issued, last, Math.max(last, end - origin)));
    }

    /**
     * The kept stretches, in time order, the end of the latest (so that a completion with none to count against reads
     * one field), and the length a closing stretch must pass to enter them.
     */
    private static final class Kept {
        final Stretch[] stretches;
        final long latestEnd;
        final long threshold;

        Kept(Stretch[] stretches) {
            this.stretches = stretches;
            this.latestEnd = stretches.length == 0 ? Long.MIN_VALUE : stretches[stretches.length - 1].end;
            long shortest = Long.MAX_VALUE;
            for (Stretch stretch : stretches) {
                shortest = Math.min(shortest, stretch.length());
            }
            this.threshold = stretches.length < KEPT_STRETCHES ? 0 : shortest;
        }

        /** These with {@code closed}, the latest, and without the shortest if there were {@link #KEPT_STRETCHES}. */
        Kept with(Stretch closed) {
            Stretch[] next = Arrays.copyOf(stretches, stretches.length + 1);
            next[stretches.length] = closed;
            if (next.length > KEPT_STRETCHES) {
                int shortest = 0;
                for (int k = 1; k < stretches.length; k++) {
                    if (stretches[k].length() < stretches[shortest].length()) {
                        shortest = k;
                    }
                }
                System.arraycopy(next, shortest + 1, next, shortest, next.length - shortest - 1);
                next = Arrays.copyOf(next, KEPT_STRETCHES);
            }
            return new Kept(next);
        }
    }

    /**
     * A stretch between two completions (or the origin and the first), the operations that waited through it, and
     * the issue instants of those issued inside it: at most one per worker.
     */
    private static final class Stretch {
        final long start;
        final long end;
        final AtomicLong waited = new AtomicLong();
        final long[] issued;
        final AtomicInteger issuedCount = new AtomicInteger();

        Stretch(long start, long end, int workers) {
            this.start = start;
            this.end = end;
            this.issued = new long[workers];
        }

        long length() {
            return end - start;
        }
    }
}
