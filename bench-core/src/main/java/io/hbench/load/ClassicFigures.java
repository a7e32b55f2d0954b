package io.hbench.load;

import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import java.util.List;

/**
 * NNThroughputBenchmark's four figures of one operation, from its count and its times in nanoseconds, and the
 * stats block Hadoop's tool prints them in. FsMetadata prints its operations' figures in the same block, so that the
 * two programs' lines read alike and mean the same.
 */
public final class ClassicFigures {
    private final long operations;
    private final long elapsedNanos;
    private final long cumulativeNanos;

    /**
     * @param elapsedNanos from the start of the first timed call to the end of the last
     * @param cumulativeNanos the timed calls' own times, summed over every thread
     */
    public ClassicFigures(long operations, long elapsedNanos, long cumulativeNanos) {
        if (operations < 0 || elapsedNanos < 0 || cumulativeNanos < 0) {
            throw new IllegalArgumentException("negative count or time: " + operations + ", " + elapsedNanos + ", "
                    + cumulativeNanos);
        }
        this.operations = operations;
        this.elapsedNanos = elapsedNanos;
        this.cumulativeNanos = cumulativeNanos;
    }

    /** Hadoop's "# operations". */
    public long operations() {
        return operations;
    }

    public long elapsedNanos() {
        return elapsedNanos;
    }

    public long cumulativeNanos() {
        return cumulativeNanos;
    }

    /** Hadoop's "Elapsed Time", in whole milliseconds. */
    public long elapsedMillis() {
        return elapsedNanos / 1_000_000;
    }

    /** Hadoop's "Ops per sec": operations over the elapsed time (measured in nanoseconds here). */
    public double opsPerSecond() {
        return elapsedNanos == 0 ? 0 : operations * 1e9 / elapsedNanos;
    }

    /** Hadoop's "Average Time": the sum of the timed calls over the operations, in whole milliseconds. */
    public long averageMillis() {
        return operations == 0 ? 0 : cumulativeNanos / operations / 1_000_000;
    }

    /**
     * The average time of a call in seconds, unrounded: a NameNode call takes microseconds,
     * which Hadoop's whole-millisecond "Average Time" shows as 0.
     */
    public double averageSeconds() {
        return operations == 0 ? 0 : (double) cumulativeNanos / operations / 1e9;
    }

    /**
     * The four figures as metrics of operation {@code operation} (labelled operation=...), in base units: times in
     * seconds unrounded, where the stats block rounds them down to whole milliseconds.
     */
    public List<Metric> metrics(String operation) {
        return List.of(labelled("ops", operations, Unit.COUNT, Better.NEITHER, operation),
                labelled("elapsed_time", elapsedNanos / 1e9, Unit.SECONDS, Better.LOWER, operation),
                labelled("ops_per_second", opsPerSecond(), Unit.OPERATIONS_PER_SECOND, Better.HIGHER, operation),
                labelled("average_time", averageSeconds(), Unit.SECONDS, Better.LOWER, operation));
    }

    private static Metric labelled(String id, double value, Unit unit, Better better, String operation) {
        return Metric.of(id, value, unit, better).withLabel("operation", operation);
    }

    /**
     * Hadoop's stats block of operation {@code label}, label for label ("stats" is followed by two spaces); its numbers
     * are Java's own ({@code long}s and {@link Double#toString}), which never depend on the locale.
     */
    public List<String> statsLines(String label) {
        return List.of("--- " + label + " stats  ---",
                "# operations: " + operations,
                "Elapsed Time: " + elapsedMillis(),
                " Ops per sec: " + opsPerSecond(),
                "Average Time: " + averageMillis());
    }
}
