package io.hbench.metadata;

import static java.util.Objects.requireNonNull;

import io.hbench.load.ClassicFigures;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.LoadOutcome;
import io.hbench.result.Distribution;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The figures of one operation of a run (one step of {@code -op all}): NNThroughputBenchmark's count and times, the
 * latency of every call, and what the run checked of the file system afterwards.
 */
public final class FsOpResult {
    private final FsOperation operation;
    private final List<String> inputLines;
    private final ClassicFigures figures;
    private final Distribution latency;
    private final String checked;
    private final List<String> failures;
    private final LoadOutcome openLoop;
    private final CompletionTimeline timeline;
    private final Histogram histogram;

    /**
     * @param inputLines the lines after "--- op inputs ---", in NNThroughputBenchmark's words
     * @param latency of each timed call, in seconds
     * @param checked what the run checked afterwards, said as found when it held, e.g. "200 files listed under their
     *     names, as created"; the lines show it only then
     * @param failures what it found instead: a count that does not match what was made; empty if none
     */
    public FsOpResult(FsOperation operation, List<String> inputLines, ClassicFigures figures, Distribution latency,
            String checked, List<String> failures) {
        this(operation, inputLines, figures, latency, checked, failures, null);
    }

    /**
     * @param openLoop what the schedule of a run at a rate did (the latency counts from intended starts); null for a
     *     closed loop
     */
    public FsOpResult(FsOperation operation, List<String> inputLines, ClassicFigures figures, Distribution latency,
            String checked, List<String> failures, LoadOutcome openLoop) {
        this(operation, inputLines, figures, latency, checked, failures, openLoop, null);
    }

    /**
     * @param timeline when the counted calls completed, for a run on an HA nameservice ({@link
     *     io.hbench.namenode.Nameservice#isLogical}); null otherwise
     */
    public FsOpResult(FsOperation operation, List<String> inputLines, ClassicFigures figures, Distribution latency,
            String checked, List<String> failures, LoadOutcome openLoop, CompletionTimeline timeline) {
        this(operation, inputLines, figures, latency, checked, failures, openLoop, timeline, null);
    }

    /** @param histogram the latency recorded, in nanoseconds, that {@code latency} summarises; null if not kept */
    FsOpResult(FsOperation operation, List<String> inputLines, ClassicFigures figures, Distribution latency,
            String checked, List<String> failures, LoadOutcome openLoop, CompletionTimeline timeline,
            Histogram histogram) {
        this.operation = requireNonNull(operation, "operation is null");
        if (operation == FsOperation.ALL) {
            throw new IllegalArgumentException("all is a sequence of operations, not one");
        }
        this.inputLines = List.copyOf(inputLines);
        this.figures = requireNonNull(figures, "figures is null");
        this.latency = requireNonNull(latency, "latency is null");
        this.checked = requireNonNull(checked, "checked is null");
        this.failures = List.copyOf(failures);
        this.openLoop = openLoop;
        this.timeline = timeline;
        this.histogram = histogram;
    }

    public FsOperation operation() {
        return operation;
    }

    public List<String> inputLines() {
        return inputLines;
    }

    /** # operations, Elapsed Time, Ops per sec and Average Time, as NNThroughputBenchmark works them out. */
    public ClassicFigures figures() {
        return figures;
    }

    public Distribution latency() {
        return latency;
    }

    /** The latency recorded, in nanoseconds, to merge with others' (per NameNode role); empty if not kept. */
    Optional<Histogram> histogram() {
        return Optional.ofNullable(histogram);
    }

    /** What was checked, said as found when it held: shown only when {@link #passed}. */
    public String checked() {
        return checked;
    }

    public List<String> failures() {
        return failures;
    }

    /** When the counted calls completed, with the longest stretch without a completion; on an HA nameservice only. */
    public Optional<CompletionTimeline> timeline() {
        return Optional.ofNullable(timeline);
    }

    /** What the schedule of a run at a rate did; empty for a closed loop. */
    public Optional<LoadOutcome> openLoop() {
        return Optional.ofNullable(openLoop);
    }

}
