package io.hbench.load;

import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words the load programs print alike: a run at a rate's lines and note, and a distribution's line. hbench's
 * numbers are "#.##" with {@link Locale#ROOT}, its times in the unit they read in everywhere ({@link DisplayUnit}).
 */
public final class LoadReport {
    /** How a run at {@code -rate} measured, in its notes: NNThroughputBenchmark's and FsMetadata's. */
    public static final String OPEN_LOOP_NOTE = "open loop at -rate: latency counts from each operation's intended start on"
            + " the schedule, service time from its actual start; Elapsed Time runs from the schedule's start to the"
            + " last completion";
    /** Service time, from each operation's actual start. */
    public static final DisplayUnit SERVICE_TIME = DisplayUnit.of("service_time", Unit.SECONDS);
    /** How far behind its schedule a run ended. */
    public static final DisplayUnit BEHIND = DisplayUnit.of("behind_schedule", Unit.SECONDS);

    private LoadReport() {
    }

    /**
     * The lines of a run at {@code -rate}: NNThroughputBenchmark's and FsMetadata's.
     *
     * @param serviceTimeLabels each kind's service time line's label, in the order of the kinds, e.g. "Service time"
     */
    public static List<String> openLoopLines(LoadOutcome load, List<String> serviceTimeLabels, long seed) {
        DecimalFormat df = twoDecimals();
        List<String> lines = new ArrayList<>();
        lines.add("Rate ops/s: target " + df.format(load.targetRate()) + ", achieved " + df.format(load.achievedRate())
                + " (" + load.arrivals().label() + " arrivals" + (load.arrivals() == Schedule.Arrivals.POISSON
                        ? ", seed " + seed : "") + ", " + load.pool() + ")");
        for (int kind = 0; kind < serviceTimeLabels.size(); kind++) {
            lines.add(serviceTimeLabels.get(kind) + " " + SERVICE_TIME.symbol() + ": "
                    + distribution(load.serviceTimeDistribution(kind), SERVICE_TIME));
        }
        lines.add("Behind schedule at end " + BEHIND.symbol() + ": " + BEHIND.format(load.behindNanos() / 1e9) + " ("
                + df.format(load.behindFraction() * 100) + " % of the schedule's " + BEHIND.format(
                        load.scheduledNanos() / 1e9) + " " + BEHIND.symbol() + ")");
        if (load.keptSchedule()) {
            lines.add("Schedule: kept, within " + df.format(LoadOutcome.BEHIND_TOLERANCE * 100) + " % at the end");
        } else if (load.poolLimited()) {
            lines.add("Schedule: fell behind: the load generator limited this run: " + load.pool()
                    + " at the mean service time of " + SERVICE_TIME.text(load.meanServiceNanos() / 1e9)
                    + " issue at most " + df.format(load.poolCapacity()) + " ops/s; raise -threads");
        } else {
            lines.add("Schedule: fell behind with workers to spare: the load generator could not issue the operations"
                    + " on time on " + (load.clients() == 1 ? "this host" : "the clients' hosts (each client's line"
                    + " says how far behind it fell)"));
        }
        return lines;
    }

    /**
     * A latency distribution in {@code unit}: three decimals, three significant digits below 0.1. Every load program's lines
     * give theirs in the same words.
     */
    public static String distribution(Distribution distribution, DisplayUnit unit) {
        if (distribution.count() == 0) {
            return "none (-noHistograms, or no operations)";
        }
        DecimalFormat percentiles = twoDecimals();
        StringBuilder text = new StringBuilder("min ").append(unit.format(distribution.min()));
        for (Map.Entry<Double, Double> percentile : distribution.percentiles().entrySet()) {
            text.append(", p").append(percentiles.format(percentile.getKey())).append(' ')
                    .append(unit.format(percentile.getValue()));
        }
        return text.append(", max ").append(unit.format(distribution.max())).toString();
    }

    /** "#.##" with {@link Locale#ROOT}, rounding half to even: hbench's ops/s and percentile labels. */
    public static DecimalFormat twoDecimals() {
        DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_EVEN);
        return df;
    }
}
