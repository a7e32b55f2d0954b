package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What an open-loop run did: per kind of operation its count, timed nanoseconds, latency (completion minus intended
 * start), service time (completion minus actual start) and lateness (actual start minus intended start), in
 * nanoseconds; the measured time (from the schedule's
 * start to the last completion) and how late the schedule's last operation started.
 */
public final class LoadOutcome {
    /** A run whose last operation started later than this fraction of the schedule's length fell behind it. */
    public static final double BEHIND_TOLERANCE = 0.01;

    private final double targetRate;
    private final Schedule.Arrivals arrivals;
    private final int workers;
    private final int clients;
    private final long[] operations;
    private final long[] timedNanos;
    private final Histogram[] latency;
    private final Histogram[] serviceTime;
    private final Histogram[] lateness;
    private final long serviceNanos;
    private final long measuredNanos;
    private final long behindNanos;
    private final CompletionTimeline timeline;

    /**
     * @param workers the bound of the pool, all clients' pools together
     * @param clients how many processes issued the load, each with an equal share of the workers
     */
    LoadOutcome(double targetRate, Schedule.Arrivals arrivals, int workers, int clients, long[] operations,
            long[] timedNanos, Histogram[] latency, Histogram[] serviceTime, Histogram[] lateness, long serviceNanos,
            long measuredNanos, long behindNanos) {
        this(targetRate, arrivals, workers, clients, operations, timedNanos, latency, serviceTime, lateness,
                serviceNanos, measuredNanos, behindNanos, null);
    }

    /** As the other constructor, with the completions' timeline, or null. */
    LoadOutcome(double targetRate, Schedule.Arrivals arrivals, int workers, int clients, long[] operations,
            long[] timedNanos, Histogram[] latency, Histogram[] serviceTime, Histogram[] lateness, long serviceNanos,
            long measuredNanos, long behindNanos, CompletionTimeline timeline) {
        if (!(targetRate > 0) || workers < 1 || serviceNanos < 0 || measuredNanos < 0 || behindNanos < 0) {
            throw new IllegalArgumentException("targetRate " + targetRate + " and workers " + workers + " must be"
                    + " positive, serviceNanos " + serviceNanos + ", measuredNanos " + measuredNanos
                    + " and behindNanos " + behindNanos + " not negative");
        }
        if (clients < 1 || workers % clients != 0) {
            throw new IllegalArgumentException(clients + " clients cannot share " + workers + " workers equally");
        }
        int kinds = requireNonNull(operations, "operations is null").length;
        if (kinds == 0 || requireNonNull(timedNanos, "timedNanos is null").length != kinds
                || requireNonNull(latency, "latency is null").length != kinds
                || requireNonNull(serviceTime, "serviceTime is null").length != kinds
                || requireNonNull(lateness, "lateness is null").length != kinds) {
            throw new IllegalArgumentException("one count, timed sum and three histograms per kind of operation");
        }
        this.targetRate = targetRate;
        this.arrivals = requireNonNull(arrivals, "arrivals is null");
        this.workers = workers;
        this.clients = clients;
        this.operations = operations.clone();
        this.timedNanos = timedNanos.clone();
        this.latency = latency.clone();
        this.serviceTime = serviceTime.clone();
        this.lateness = lateness.clone();
        this.serviceNanos = serviceNanos;
        this.measuredNanos = measuredNanos;
        this.behindNanos = behindNanos;
        this.timeline = timeline;
    }

    /**
     * When the operations completed, counted from the start the run's clients agreed on; empty for a run that did not
     * record it, or whose clients did not all.
     */
    public Optional<CompletionTimeline> timeline() {
        return Optional.ofNullable(timeline);
    }

    /** Operations per second the schedule asked for. */
    public double targetRate() {
        return targetRate;
    }

    public Schedule.Arrivals arrivals() {
        return arrivals;
    }

    /** The bound of the pool that issued the operations: every client's pool together. */
    public int workers() {
        return workers;
    }

    /** How many processes issued the operations, each with {@link #workers} over this many workers: 1 for one. */
    public int clients() {
        return clients;
    }

    /** The pool as its users set it: "-threads 8", or "4 clients of -threads 2". */
    public String pool() {
        return clients == 1 ? "-threads " + workers : clients + " clients of -threads " + workers / clients;
    }

    /** Operations per second done: operations over {@link #measuredNanos}, exactly; 0 when nothing was measured. */
    public double achievedRate() {
        return measuredNanos == 0 ? 0 : totalOperations() * 1e9 / measuredNanos;
    }

    /** From the schedule's start to the completion of its last operation. */
    public long measuredNanos() {
        return measuredNanos;
    }

    /** How late the schedule's last operation started: how far behind schedule the run was at its end. */
    public long behindNanos() {
        return behindNanos;
    }

    /** The schedule's length: the time it gives its operations at the target rate. */
    public long scheduledNanos() {
        return Math.round(totalOperations() * 1e9 / targetRate);
    }

    /** {@link #behindNanos} as a fraction of {@link #scheduledNanos}. */
    public double behindFraction() {
        long scheduled = scheduledNanos();
        return scheduled == 0 ? 0 : (double) behindNanos / scheduled;
    }

    /** Whether the run ended no further behind than {@link #BEHIND_TOLERANCE} of its schedule. */
    public boolean keptSchedule() {
        return behindFraction() <= BEHIND_TOLERANCE;
    }

    /**
     * The most operations per second the pool can issue at the mean service time: {@link #workers} over it (Little's
     * law); infinite when no time was measured.
     */
    public double poolCapacity() {
        return serviceNanos == 0 ? Double.POSITIVE_INFINITY : workers * totalOperations() * 1e9 / serviceNanos;
    }

    /** Every operation's service time, summed. */
    long serviceNanos() {
        return serviceNanos;
    }

    /** The mean service time, exactly (the histograms' is within their precision); 0 without operations. */
    public double meanServiceNanos() {
        long operations = totalOperations();
        return operations == 0 ? 0 : (double) serviceNanos / operations;
    }

    /**
     * Whether the generator's pool is what the run fell behind on: it fell behind, and at the service times the
     * target gave, its workers could not issue the target rate. The target's service time is measured apart: open
     * loop with workers to spare never falls behind on it.
     */
    public boolean poolLimited() {
        return !keptSchedule() && poolCapacity() < targetRate;
    }

    public int kinds() {
        return operations.length;
    }

    public long operations(int kind) {
        return operations[kind];
    }

    public long totalOperations() {
        return Arrays.stream(operations).sum();
    }

    /** The timed parts of the operations of {@code kind}, as the operation returned them, summed. */
    public long timedNanos(int kind) {
        return timedNanos[kind];
    }

    public long totalTimedNanos() {
        return Arrays.stream(timedNanos).sum();
    }

    /** Completion minus intended start of the operations of {@code kind}, in nanoseconds. */
    public Histogram latency(int kind) {
        return latency[kind].copy();
    }

    /** Completion minus actual start of the operations of {@code kind}, in nanoseconds. */
    public Histogram serviceTime(int kind) {
        return serviceTime[kind].copy();
    }

    /** Actual start minus intended start of the operations of {@code kind}: how late each was issued, in nanoseconds. */
    public Histogram lateness(int kind) {
        return lateness[kind].copy();
    }

    /** Completion minus actual start of the operations of {@code kind}, in seconds, as a result's distribution. */
    public Distribution serviceTimeDistribution(int kind) {
        return Histograms.toDistribution("service_time", Unit.SECONDS, serviceTime(kind), 1e9);
    }

    /**
     * The schedule's figures as a result's metrics of operation {@code operation} (labelled operation=...): the target
     * rate, and how far behind schedule the run ended, in seconds.
     */
    public List<Metric> metrics(String operation) {
        return List.of(Metric.of("target_ops_per_second", targetRate, Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                        .withLabel("operation", operation),
                Metric.of("behind_schedule", behindNanos / 1e9, Unit.SECONDS, Better.LOWER)
                        .withLabel("operation", operation));
    }

    /** Every kind's latency, merged. */
    public Histogram latency() {
        return merged(latency);
    }

    /** Every kind's service time, merged. */
    public Histogram serviceTime() {
        return merged(serviceTime);
    }

    /** Every kind's lateness, merged. */
    public Histogram lateness() {
        return merged(lateness);
    }

    private static Histogram merged(Histogram[] histograms) {
        Histogram all = Histograms.newHistogram();
        for (Histogram histogram : histograms) {
            all.add(histogram);
        }
        return all;
    }
}
