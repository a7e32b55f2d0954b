package io.hbench.nnthroughput;

import io.hbench.load.CapacityAnswer;
import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadReport;
import io.hbench.load.Schedule;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The lines NNThroughputBenchmark logs, label for label, then hbench's block. Hadoop's tool sends
 * them to its log (with the logger's prefix); hbench prints them bare on stdout. Hadoop's numbers
 * are Java's own ({@code long}s and {@link Double#toString}), which never depend on the locale;
 * hbench's are "#.##" with {@link Locale#ROOT}, and its times read in the unit they read in
 * everywhere ({@link DisplayUnit}), which the labels say. No hbench label contains a classic one.
 */
public final class NnReport {
    private static final DisplayUnit LATENCY = DisplayUnit.of("latency", Unit.SECONDS);
    private static final DisplayUnit COMPLETE_LATENCY = DisplayUnit.of("complete_latency", Unit.SECONDS);
    private static final DisplayUnit READ_AFTER_WRITE = DisplayUnit.of("read_after_write_latency", Unit.SECONDS);
    private static final DisplayUnit AVERAGE_TIME = DisplayUnit.of("average_time", Unit.SECONDS);
    private static final DisplayUnit SERVICE_TIME = LoadReport.SERVICE_TIME;
    private static final DisplayUnit BEHIND = LoadReport.BEHIND;
    /** The latency percentiles of a curve's step lines, with the objective's. */
    private static final List<Double> STEP_PERCENTILES = List.of(50.0, 99.0, 99.9);

    private NnReport() {
    }

    /** Hadoop's block for each operation: an empty line, the inputs, the stats and any extra lines. */
    public static List<String> classicLines(NnResult result) {
        List<String> lines = new ArrayList<>();
        for (OpResult op : result.operations()) {
            lines.add("");
            lines.add("--- " + op.operation().label() + " inputs ---");
            lines.addAll(op.inputLines());
            lines.addAll(op.figures().statsLines(op.operation().label()));
            lines.addAll(op.extraLines());
        }
        return lines;
    }

    /**
     * What Hadoop's tool never told: latency percentiles, what the timed call covers, warm-up, mix figures; for a
     * capacity curve, its steps and the answer ({@link #curveLines}).
     */
    public static List<String> hbenchLines(NnResult result) {
        Optional<CapacityCurve> curve = result.curve();
        if (curve.isPresent()) {
            return curveLines(result, curve.get());
        }
        DecimalFormat df = LoadReport.twoDecimals();
        List<String> lines = new ArrayList<>();
        for (OpResult op : result.operations()) {
            lines.add("");
            lines.add("--- hbench " + op.operation().label() + " --- NameNode: " + result.nameNode());
            boolean mix = op.kinds().size() > 1 || op.operation() == NnOperation.MIX;
            for (OpResult.Kind kind : op.kinds().values()) {
                String label = (mix ? kind.name() + " latency " : "Latency ") + LATENCY.symbol() + ": ";
                lines.add(label + LoadReport.distribution(kind.latency(), LATENCY));
                if (mix) {
                    lines.add(kind.name() + " count: " + kind.operations() + ", ops/s "
                            + df.format(op.elapsedNanos() == 0 ? 0 : kind.operations() * 1e9 / op.elapsedNanos())
                            + ", mean call " + AVERAGE_TIME.symbol() + " " + AVERAGE_TIME.format(kind.operations() == 0
                                    ? 0 : kind.cumulativeNanos() / 1e9 / kind.operations()));
                }
            }
            op.completeLatency().ifPresent(d -> lines.add("Complete latency " + COMPLETE_LATENCY.symbol() + ": "
                    + LoadReport.distribution(d, COMPLETE_LATENCY)));
            op.readAfterWrite().ifPresent(d -> lines.add("Read after write latency " + READ_AFTER_WRITE.symbol()
                    + ": " + LoadReport.distribution(d, READ_AFTER_WRITE) + ", reads " + d.count()));
            lines.add("Mean call " + AVERAGE_TIME.symbol() + ": " + AVERAGE_TIME.format(op.averageSeconds())
                    + "  (Average Time with its fraction)");
            lines.add("Throughput ops/s: " + df.format(op.opsPerSecond()));
            op.timeline().ifPresent(timeline -> lines.add(timeline.longestGap().line()));
            op.openLoop().ifPresent(load -> lines.addAll(openLoopLines(op, load, result.options().seed())));
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
        result.nameNodeCalls().ifPresent(calls -> lines.add(calls.line()));
        result.roleLatencies().forEach(role -> lines.add(role.line()));
        return lines;
    }

    /**
     * What a run at {@code -rate} did with its schedule: the target and achieved rate, the service times (the
     * latencies above count from intended starts), how far behind schedule it ended, and what limited it if it fell
     * behind.
     */
    static List<String> openLoopLines(OpResult op, LoadOutcome load, long seed) {
        boolean mix = op.kinds().size() > 1 || op.operation() == NnOperation.MIX;
        return LoadReport.openLoopLines(load, op.kinds().keySet().stream().map(name -> mix ? name + " service time"
                : "Service time").collect(Collectors.toList()), seed);
    }

    /**
     * A capacity curve: the objective, one line per step (offered and achieved rate, latency percentiles from intended
     * start, how far behind it ended, how it went), the notes, and last the answer ({@link #curveAnswer}).
     */
    static List<String> curveLines(NnResult result, CapacityCurve curve) {
        CurvePlan plan = curve.plan();
        LatencyObjective slo = plan.slo();
        NnOptions options = result.options();
        DecimalFormat rates = grouped("#,##0.##");
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("--- hbench " + options.operation().label() + " capacity curve --- NameNode: " + result.nameNode());
        lines.add("Objective: " + slo.describe() + " (-slo " + slo + (options.given().contains(NnOption.SLO) ? ""
                : ", the default") + ") on the latency from each operation's intended start; steps of "
                + plan.stepSeconds() + " s, " + options.arrivals().label() + " arrivals" + (options.arrivals()
                        == Schedule.Arrivals.POISSON ? " (seed " + options.seed() + ")" : "") + ", -threads "
                + options.threads() + "; a step that ends more than " + LoadReport.twoDecimals().format(
                        LoadOutcome.BEHIND_TOLERANCE * 100) + " % behind its schedule is saturated and ends the ramp");
        SortedSet<Double> percentiles = new TreeSet<>(STEP_PERCENTILES);
        percentiles.add(slo.percentile());
        Set<String> notes = new LinkedHashSet<>();
        for (CapacityCurve.Step step : curve.steps()) {
            LoadOutcome load = step.load();
            Histogram latency = load.latency();
            StringBuilder line = new StringBuilder("Step ").append(step.number()).append(": offered ")
                    .append(rates.format(step.offeredRate())).append(" ops/s, achieved ")
                    .append(rates.format(load.achievedRate())).append(" ops/s, latency ").append(LATENCY.symbol());
            String separator = " ";
            for (double percentile : percentiles) {
                line.append(separator).append('p').append(LoadReport.twoDecimals().format(percentile)).append(' ')
                        .append(LATENCY.format(latency.getValueAtPercentile(percentile) / 1e9));
                separator = ", ";
            }
            line.append(", behind schedule ").append(BEHIND.symbol()).append(' ')
                    .append(BEHIND.format(load.behindNanos() / 1e9)).append(": ").append(step.verdict().label());
            if (step.verdict() == CapacityCurve.Verdict.SATURATED && load.poolLimited()) {
                line.append(" (by the load generator: ").append(poolLimit(load)).append(')');
            }
            lines.add(line.toString());
            step.result().timeline().ifPresent(timeline -> lines.add("Step " + step.number() + ": "
                    + timeline.longestGap().line()));
            notes.addAll(step.result().notes());
        }
        for (String note : notes) {
            lines.add("Note: " + note);
        }
        lines.add(curveAnswer(options.operation().label(), curve));
        return lines;
    }

    /**
     * The answer in one line: the rate sustained at the objective and between which offered rates the knee lies,
     * e.g. {@code fileStatus: sustains 23,400 ops/s at p99 <= 10 ms (knee between 24,000 and 28,000 ops/s)}; or that
     * every step met it, or that the first did not, and why.
     */
    static String curveAnswer(String operation, CapacityCurve curve) {
        String objective = curve.plan().slo().describe();
        Optional<CapacityCurve.Step> sustained = curve.sustained();
        if (sustained.isEmpty()) {
            CapacityCurve.Step first = curve.steps().get(0);
            return CapacityAnswer.notSustained(operation, first.offeredRate(), objective,
                    whyFailed(first, curve.plan().slo()));
        }
        Optional<LoadOutcome> kneeLoad = curve.knee().map(CapacityCurve.Step::load);
        return CapacityAnswer.sustained(operation, sustained.get().load().achievedRate(), objective,
                sustained.get().offeredRate(), curve.knee().map(CapacityCurve.Step::offeredRate),
                curve.missedBelow().stream().map(CapacityCurve.Step::offeredRate).collect(Collectors.toList()),
                kneeLoad.filter(LoadOutcome::poolLimited).map(load -> "; the load generator, not the NameNode,"
                        + " saturated there: " + poolLimit(load)).orElse(""));
    }

    private static String whyFailed(CapacityCurve.Step step, LatencyObjective slo) {
        LoadOutcome load = step.load();
        if (step.verdict() == CapacityCurve.Verdict.SATURATED) {
            return CapacityAnswer.saturated(load.behindFraction()) + (load.poolLimited() ? ", by the load generator: "
                    + poolLimit(load) : "");
        }
        return CapacityAnswer.missed(slo.percentileName(), step.objectiveNanos() / 1e9);
    }

    /** What a pool that fell behind can issue: "-threads 3 at the mean service time of 1.200 ms issue at most ...". */
    private static String poolLimit(LoadOutcome load) {
        return load.pool() + " at the mean service time of " + SERVICE_TIME.text(
                load.meanServiceNanos() / 1e9) + " issue at most " + grouped("#,##0.##").format(load.poolCapacity())
                + " ops/s; raise -threads";
    }

    private static DecimalFormat grouped(String pattern) {
        DecimalFormat df = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_EVEN);
        return df;
    }
}
