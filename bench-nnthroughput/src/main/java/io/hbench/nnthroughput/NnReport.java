package io.hbench.nnthroughput;

import io.hbench.result.Distribution;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lines NNThroughputBenchmark logs, label for label, then hbench's block. Hadoop's tool sends
 * them to its log (with the logger's prefix); hbench prints them bare on stdout. Hadoop's numbers
 * are Java's own ({@code long}s and {@link Double#toString}), which never depend on the locale;
 * hbench's are "#.##" with {@link Locale#ROOT}. No hbench label contains a classic one.
 */
public final class NnReport {
    private NnReport() {
    }

    /** Hadoop's block for each operation: an empty line, the inputs, the stats and any extra lines. */
    public static List<String> classicLines(NnResult result) {
        List<String> lines = new ArrayList<>();
        for (OpResult op : result.operations()) {
            lines.add("");
            lines.add("--- " + op.operation().label() + " inputs ---");
            lines.addAll(op.inputLines());
            lines.add("--- " + op.operation().label() + " stats  ---");
            lines.add("# operations: " + op.operations());
            lines.add("Elapsed Time: " + op.elapsedMillis());
            lines.add(" Ops per sec: " + op.opsPerSecond());
            lines.add("Average Time: " + op.averageMillis());
            lines.addAll(op.extraLines());
        }
        return lines;
    }

    /** What Hadoop's tool never told: latency percentiles, what the timed call covers, warm-up, mix figures. */
    public static List<String> hbenchLines(NnResult result) {
        DecimalFormat df = twoDecimals();
        List<String> lines = new ArrayList<>();
        for (OpResult op : result.operations()) {
            lines.add("");
            lines.add("--- hbench " + op.operation().label() + " --- NameNode: " + result.nameNode());
            boolean mix = op.kinds().size() > 1 || op.operation() == NnOperation.MIX;
            for (OpResult.Kind kind : op.kinds().values()) {
                String label = mix ? kind.name() + " latency usec: " : "Latency usec: ";
                lines.add(label + distribution(kind.latency(), df));
                if (mix) {
                    lines.add(kind.name() + " count: " + kind.operations() + ", ops/s "
                            + df.format(op.elapsedNanos() == 0 ? 0 : kind.operations() * 1e9 / op.elapsedNanos())
                            + ", mean call usec " + df.format(kind.operations() == 0 ? 0
                                    : kind.cumulativeNanos() / 1e3 / kind.operations()));
                }
            }
            op.completeLatency().ifPresent(d -> lines.add("Complete latency usec: " + distribution(d, df)));
            lines.add("Mean call usec: " + df.format(op.averageMicros()) + "  (Average Time in microseconds)");
            lines.add("Throughput ops/s: " + df.format(op.opsPerSecond()));
            if (op.warmupOperations() > 0) {
                lines.add("Warm-up: " + op.warmupOperations() + " operations before timing, not counted");
            }
            if (result.options().duration().isPresent() && op.operation() != NnOperation.CLEAN) {
                lines.add("Run ended: " + (op.stoppedByDuration() ? "at -duration" : "when the inputs ran out, before"
                        + " -duration"));
            }
            for (String note : op.notes()) {
                lines.add("Note: " + note);
            }
        }
        return lines;
    }

    static String distribution(Distribution distribution, DecimalFormat df) {
        if (distribution.count() == 0) {
            return "none (-noHistograms, or no operations)";
        }
        StringBuilder text = new StringBuilder("min ").append(df.format(micros(distribution.min())));
        for (Map.Entry<Double, Double> percentile : distribution.percentiles().entrySet()) {
            text.append(", p").append(df.format(percentile.getKey())).append(' ')
                    .append(df.format(micros(percentile.getValue())));
        }
        return text.append(", max ").append(df.format(micros(distribution.max()))).toString();
    }

    /**
     * Seconds as microseconds. Latencies are recorded in whole nanoseconds: rounding back to them first makes the
     * figure exactly the recorded nanoseconds / 1000, however the division to seconds rounded.
     */
    private static double micros(double seconds) {
        return Math.round(seconds * 1e9) / 1e3;
    }

    static DecimalFormat twoDecimals() {
        DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_EVEN);
        return df;
    }
}
