package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.ClassicFigures;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.LoadOutcome;
import io.hbench.result.Distribution;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The figures of one operation of a run (one step of {@code -op all}): Hadoop's counts and times,
 * then the latency distribution, per kind for a mix.
 */
public final class OpResult {
    /** The figures of one kind of operation within a mix, or of the single operation otherwise. */
    public static final class Kind {
        private final String name;
        private final long operations;
        private final long cumulativeNanos;
        private final Distribution latency;
        private final Histogram histogram;

        public Kind(String name, long operations, long cumulativeNanos, Distribution latency) {
            this(name, operations, cumulativeNanos, latency, null);
        }

        /** @param histogram the latency recorded, in nanoseconds, that {@code latency} summarises; null if not kept */
        Kind(String name, long operations, long cumulativeNanos, Distribution latency, Histogram histogram) {
            this.name = requireNonNull(name, "name is null");
            if (operations < 0 || cumulativeNanos < 0) {
                throw new IllegalArgumentException("negative operations or time: " + operations + ", " + cumulativeNanos);
            }
            this.operations = operations;
            this.cumulativeNanos = cumulativeNanos;
            this.latency = requireNonNull(latency, "latency is null");
            this.histogram = histogram;
        }

        public String name() {
            return name;
        }

        public long operations() {
            return operations;
        }

        public long cumulativeNanos() {
            return cumulativeNanos;
        }

        /** Latency in microseconds; empty (count 0) when histograms were off. */
        public Distribution latency() {
            return latency;
        }

        /** The latency recorded, in nanoseconds, to merge with others' (per NameNode role); empty if not kept. */
        Optional<Histogram> histogram() {
            return Optional.ofNullable(histogram);
        }
    }

    private final NnOperation operation;
    private final List<String> inputLines;
    private final List<String> extraLines;
    private final ClassicFigures figures;
    private final Map<String, Kind> kinds;
    private final Distribution completeLatency;
    private final long warmupOperations;
    private final boolean stoppedByDuration;
    private final List<String> notes;
    private final LoadOutcome openLoop;
    /** When the counted calls completed, as the run recorded it; null if it did not. */
    private final CompletionTimeline recorded;
    /** Whether the result gives {@link #recorded}: for a run on an HA nameservice. */
    private final boolean timelineShown;
    private final Distribution readAfterWrite;

    /**
     * @param inputLines Hadoop's input lines, after "--- op inputs ---"
     * @param extraLines lines Hadoop prints after the stats (replication's)
     * @param completeLatency latency of complete after each create with -close, or null
     */
    public OpResult(NnOperation operation, List<String> inputLines, List<String> extraLines, long operations,
            long elapsedNanos, long cumulativeNanos, List<Kind> kinds, Distribution completeLatency,
            long warmupOperations, boolean stoppedByDuration, List<String> notes) {
        this(operation, inputLines, extraLines, operations, elapsedNanos, cumulativeNanos, kinds, completeLatency,
                warmupOperations, stoppedByDuration, notes, null);
    }

    /**
     * @param openLoop what the schedule of a {@code -rate} run did (the kinds' latency counts from intended starts);
     *     null for a closed loop
     */
    public OpResult(NnOperation operation, List<String> inputLines, List<String> extraLines, long operations,
            long elapsedNanos, long cumulativeNanos, List<Kind> kinds, Distribution completeLatency,
            long warmupOperations, boolean stoppedByDuration, List<String> notes, LoadOutcome openLoop) {
        this.operation = requireNonNull(operation, "operation is null");
        this.inputLines = List.copyOf(inputLines);
        this.extraLines = List.copyOf(extraLines);
        if (warmupOperations < 0) {
            throw new IllegalArgumentException("negative warm-up count: " + warmupOperations);
        }
        this.figures = new ClassicFigures(operations, elapsedNanos, cumulativeNanos);
        Map<String, Kind> byName = new LinkedHashMap<>();
        for (Kind kind : kinds) {
            if (byName.put(kind.name(), kind) != null) {
                throw new IllegalArgumentException("duplicate kind " + kind.name());
            }
        }
        this.kinds = java.util.Collections.unmodifiableMap(byName);
        this.completeLatency = completeLatency;
        this.warmupOperations = warmupOperations;
        this.stoppedByDuration = stoppedByDuration;
        this.notes = List.copyOf(notes);
        this.openLoop = openLoop;
        this.recorded = null;
        this.timelineShown = false;
        this.readAfterWrite = null;
    }

    private OpResult(OpResult op, CompletionTimeline recorded, boolean timelineShown, Distribution readAfterWrite) {
        this.operation = op.operation;
        this.inputLines = op.inputLines;
        this.extraLines = op.extraLines;
        this.figures = op.figures;
        this.kinds = op.kinds;
        this.completeLatency = op.completeLatency;
        this.warmupOperations = op.warmupOperations;
        this.stoppedByDuration = op.stoppedByDuration;
        this.notes = op.notes;
        this.openLoop = op.openLoop;
        this.recorded = recorded;
        this.timelineShown = timelineShown;
        this.readAfterWrite = readAfterWrite;
    }

    /** This result with {@code timeline}, when its counted calls completed, given as a run on an HA nameservice. */
    public OpResult withTimeline(CompletionTimeline timeline) {
        return new OpResult(this, requireNonNull(timeline, "timeline is null"), true, readAfterWrite);
    }

    /** This result with what its run recorded of when its calls completed (null: nothing), not given yet. */
    OpResult recording(CompletionTimeline timeline) {
        return new OpResult(this, timeline, false, readAfterWrite);
    }

    /** This result giving the timeline its run recorded, if any: for a run on an HA nameservice. */
    OpResult showingTimeline() {
        return new OpResult(this, recorded, true, readAfterWrite);
    }

    /**
     * When the counted calls completed, with the longest stretch without a completion (a run from clients merges
     * theirs); only for a run on an HA nameservice ({@link io.hbench.namenode.Nameservice#isLogical}).
     */
    public Optional<CompletionTimeline> timeline() {
        return timelineShown ? Optional.ofNullable(recorded) : Optional.empty();
    }

    /** These figures with the latency of a mix's reads after its writes ({@code -readAfterWrite}). */
    OpResult withReadAfterWrite(Distribution readAfterWrite) {
        return new OpResult(this, recorded, timelineShown, requireNonNull(readAfterWrite, "readAfterWrite is null"));
    }

    public NnOperation operation() {
        return operation;
    }

    public List<String> inputLines() {
        return inputLines;
    }

    public List<String> extraLines() {
        return extraLines;
    }

    /** Hadoop's four figures: # operations, Elapsed Time, Ops per sec, Average Time. */
    public ClassicFigures figures() {
        return figures;
    }

    /** Hadoop's "# operations". */
    public long operations() {
        return figures.operations();
    }

    public long elapsedNanos() {
        return figures.elapsedNanos();
    }

    /** Hadoop's "Elapsed Time", in whole milliseconds. */
    public long elapsedMillis() {
        return figures.elapsedMillis();
    }

    /** Hadoop's "Ops per sec". */
    public double opsPerSecond() {
        return figures.opsPerSecond();
    }

    /** Hadoop's "Average Time", in whole milliseconds. */
    public long averageMillis() {
        return figures.averageMillis();
    }

    /** The average time of a call in seconds, unrounded. */
    public double averageSeconds() {
        return figures.averageSeconds();
    }

    public long cumulativeNanos() {
        return figures.cumulativeNanos();
    }

    /** The figures per kind of operation: one kind named as the operation, or one per mixed operation. */
    public Map<String, Kind> kinds() {
        return kinds;
    }

    public Optional<Distribution> completeLatency() {
        return Optional.ofNullable(completeLatency);
    }

    public long warmupOperations() {
        return warmupOperations;
    }

    public boolean stoppedByDuration() {
        return stoppedByDuration;
    }

    /** What the schedule of a {@code -rate} run did; empty for a closed loop. */
    public Optional<LoadOutcome> openLoop() {
        return Optional.ofNullable(openLoop);
    }

    /** With {@code -readAfterWrite}: the latency of the reads that followed the mix's creates and mkdirs. */
    public Optional<Distribution> readAfterWrite() {
        return Optional.ofNullable(readAfterWrite);
    }

    /** hbench's remarks on how this operation was measured. */
    public List<String> notes() {
        return notes;
    }
}
