package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.MetricKey;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * When the counted operations of one run completed: per second from the counted run's start (for the clients of a run
 * from many, the start they agreed, before their schedules' own), how many completed and the mean and largest latency
 * of those (as the run counts latency: the timed call in a closed loop, from the intended start in an open loop; 0 in
 * a second with none), and the longest stretch with no completion ({@link CompletionGap}).
 * A run records it ({@link Workers.Outcome#timeline}, {@link LoadOutcome#timeline}); a run from many clients merges
 * theirs ({@link #merge}), each counted from the start they agreed at a barrier: their clocks differ, so the merged
 * one is on that start's axis, true to the barrier's spread (a network round trip), and starts when client w0's clock
 * read it.
 */
public final class CompletionTimeline {
    private static final Duration SECOND = Duration.ofSeconds(1);

    private final Instant start;
    private final long[] completed;
    private final long[] latencySumNanos;
    private final long[] latencyMaxNanos;
    private final CompletionGap longestGap;
    /** The stretches the run held, to merge with its other clients'; null for a timeline given whole. */
    private final CompletionStretches stretches;

    /**
     * @param start the counted run's start
     * @param completed per second from {@code start}, the operations that completed in it
     * @param latencySumNanos per second, their latencies summed
     * @param latencyMaxNanos per second, the largest of their latencies
     */
    public CompletionTimeline(Instant start, long[] completed, long[] latencySumNanos, long[] latencyMaxNanos,
            CompletionGap longestGap) {
        this(start, completed, latencySumNanos, latencyMaxNanos, requireNonNull(longestGap, "longestGap is null"),
                null);
    }

    /** As a recorded run's, whose longest stretch is the longest of {@code stretches}, from {@code start}. */
    CompletionTimeline(Instant start, long[] completed, long[] latencySumNanos, long[] latencyMaxNanos,
            CompletionStretches stretches) {
        this(start, completed, latencySumNanos, latencyMaxNanos, requireNonNull(stretches, "stretches is null")
                .longest(requireNonNull(start, "start is null")), stretches);
    }

    private CompletionTimeline(Instant start, long[] completed, long[] latencySumNanos, long[] latencyMaxNanos,
            CompletionGap longestGap, CompletionStretches stretches) {
        this.start = requireNonNull(start, "start is null");
        int seconds = requireNonNull(completed, "completed is null").length;
        if (requireNonNull(latencySumNanos, "latencySumNanos is null").length != seconds
                || requireNonNull(latencyMaxNanos, "latencyMaxNanos is null").length != seconds) {
            throw new IllegalArgumentException("one count, latency sum and maximum per second");
        }
        this.completed = completed.clone();
        this.latencySumNanos = latencySumNanos.clone();
        this.latencyMaxNanos = latencyMaxNanos.clone();
        this.longestGap = longestGap;
        this.stretches = stretches;
    }

    /**
     * The timelines of clients counted from one start they agreed on, as one run's: per second, their counts and
     * latency sums added and their maxima the largest; their stretches merged ({@link CompletionStretches#merge}), so
     * the longest stretch is exact, or said to be a lower bound ({@link CompletionGap#exact}). It starts at the first
     * client's start.
     */
    static CompletionTimeline merge(List<CompletionTimeline> clients) {
        requireNonNull(clients, "clients is null");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no client's timeline to merge");
        }
        int seconds = 0;
        List<CompletionStretches> stretches = new ArrayList<>();
        for (CompletionTimeline client : clients) {
            seconds = Math.max(seconds, client.completed.length);
            stretches.add(client.recordedStretches());
        }
        long[] completed = new long[seconds];
        long[] latencySum = new long[seconds];
        long[] latencyMax = new long[seconds];
        for (CompletionTimeline client : clients) {
            for (int s = 0; s < client.completed.length; s++) {
                completed[s] += client.completed[s];
                latencySum[s] += client.latencySumNanos[s];
                latencyMax[s] = Math.max(latencyMax[s], client.latencyMaxNanos[s]);
            }
        }
        return new CompletionTimeline(clients.get(0).start, completed, latencySum, latencyMax,
                CompletionStretches.merge(stretches));
    }

    /** Writes what {@link #read} reads back: a recorded timeline, with its stretches. */
    void write(DataOutput out) throws IOException {
        CompletionStretches recorded = recordedStretches();
        out.writeLong(start.getEpochSecond());
        out.writeInt(start.getNano());
        out.writeInt(completed.length);
        for (int s = 0; s < completed.length; s++) {
            out.writeLong(completed[s]);
            out.writeLong(latencySumNanos[s]);
            out.writeLong(latencyMaxNanos[s]);
        }
        recorded.write(out);
    }

    /**
     * The timeline {@link #write} wrote, from at most {@code available} more bytes.
     *
     * @throws IllegalArgumentException if it is none
     */
    static CompletionTimeline read(DataInput in, int available) throws IOException {
        Instant start;
        try {
            start = Instant.ofEpochSecond(in.readLong(), in.readInt());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("not a timeline: its start is no instant", e);
        }
        int seconds = CompletionStretches.count(in.readInt(), available, "seconds");
        long[] completed = new long[seconds];
        long[] latencySum = new long[seconds];
        long[] latencyMax = new long[seconds];
        for (int s = 0; s < seconds; s++) {
            completed[s] = in.readLong();
            latencySum[s] = in.readLong();
            latencyMax[s] = in.readLong();
        }
        return new CompletionTimeline(start, completed, latencySum, latencyMax,
                CompletionStretches.read(in, available));
    }

    /** The stretches the run held; null for a timeline given whole. */
    CompletionStretches stretches() {
        return stretches;
    }

    private CompletionStretches recordedStretches() {
        if (stretches == null) {
            throw new IllegalArgumentException("a timeline given whole holds no stretches to merge or send");
        }
        return stretches;
    }

    /** The counted run's start: the first second's. */
    public Instant start() {
        return start;
    }

    public CompletionGap longestGap() {
        return longestGap;
    }

    /**
     * Per second: {@code completed_ops} (count), {@code latency_mean} and {@code latency_max} (seconds), each with
     * {@code labels}.
     */
    public List<TimeSeries> timeSeries(Map<String, String> labels) {
        List<Double> counts = new ArrayList<>();
        List<Double> means = new ArrayList<>();
        List<Double> maxima = new ArrayList<>();
        for (int s = 0; s < completed.length; s++) {
            counts.add((double) completed[s]);
            means.add(completed[s] == 0 ? 0 : latencySumNanos[s] / 1e9 / completed[s]);
            maxima.add(latencyMaxNanos[s] / 1e9);
        }
        return List.of(new TimeSeries(new MetricKey("completed_ops", labels), Unit.COUNT, start, SECOND, counts),
                new TimeSeries(new MetricKey("latency_mean", labels), Unit.SECONDS, start, SECOND, means),
                new TimeSeries(new MetricKey("latency_max", labels), Unit.SECONDS, start, SECOND, maxima));
    }

    /** Adds the time series and the longest stretch's figures ({@link CompletionGap#addTo}), each with {@code labels}. */
    public void addTo(BenchResult.Builder builder, Map<String, String> labels) {
        timeSeries(labels).forEach(builder::timeSeries);
        longestGap.addTo(builder, labels);
    }
}
