package io.hbench.hs;

import io.hbench.result.Engine;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The TPCx-HS report: the kit's metric block ("TPCx-HS Performance Metric (HSph@SF) Report",
 * "Test Run i details: Total Time = ..."), then a table of every phase of both runs. A run on an engine other than
 * MapReduce says so in a line under the title ("Engine: spark 4.1.3 on yarn, 4 executors of 8g"); a MapReduce run's
 * lines are as they were before hbench ran TPCx-HS on other engines, line for line, for the scripts that read them.
 */
public final class TpcxhsReport {
    static final String RULE = "===============================================";

    private TpcxhsReport() {
    }

    /**
     * A metric as the report prints it, rounded half-up: from 1 up to two decimals, as the kit prints them; below 1 to
     * three significant digits, so that a small scale factor's HSph@SF reads 0.00491, not 0.00.
     */
    static String figure(BigDecimal value) {
        if (value.signum() == 0 || value.abs().compareTo(BigDecimal.ONE) >= 0) {
            return value.setScale(2, RoundingMode.HALF_UP).toPlainString();
        }
        BigDecimal rounded = value.round(new MathContext(3, RoundingMode.HALF_UP));
        // Trailing zeros too: 0.5 reads 0.500, as precise as the figures beside it.
        return rounded.setScale(rounded.scale() + 3 - rounded.precision()).toPlainString();
    }

    public static List<String> lines(TpcxhsResult result) {
        List<String> lines = new ArrayList<>();
        TpcxhsOptions options = result.options();
        lines.add(RULE);
        lines.add("TPCx-HS Performance Metric (HSph@SF) Report");
        if (!result.engine().name().equals(Engine.MAPREDUCE)) {
            lines.add("Engine: " + result.engine().describe());
        }
        lines.add(RULE);
        for (TpcxhsResult.Run run : result.runs()) {
            String indent = " ".repeat("Test Run 1 details: ".length());
            lines.add("Test Run " + run.number() + " details: Total Time = " + HsReport.seconds(run.totalTime()) + " s");
            lines.add(indent + "Total Size = " + options.scaleFactor().rows() * Records.RECORD_LENGTH + " bytes ("
                    + options.scaleFactor().rows() + " records)");
            lines.add(indent + "Scale-Factor = " + options.scaleFactor());
            lines.add(indent + (run.passed() ? "HSph@SF = " + figure(result.hsph(run))
                    : "FAILED in " + run.failedPhase().map(TpcxhsResult.Phase::name).orElse("an unfinished run")));
        }
        lines.add(RULE);
        if (result.metric().isPresent()) {
            lines.add("Performance Run: Run " + result.performanceRun().get().number() + "; Repeatability Run: Run "
                    + result.repeatabilityRun().get().number());
            lines.add("TPCx-HS Performance Metric (HSph@SF): " + figure(result.metric().get())
                    + (options.scaleFactor().isValid() ? "" : "  (test only, not a valid scale factor)"));
            result.pricePerformance().ifPresent(value -> lines.add("Price-Performance Metric ($/HSph@SF): "
                    + figure(value)));
        } else {
            lines.add("TPCx-HS Performance Metric (HSph@SF): none: " + failure(result));
        }
        lines.add(RULE);
        lines.add("");
        lines.add(String.format(Locale.ROOT, "%-4s %-24s %12s %18s  %s", "Run", "Phase",
                "Time " + HsReport.timeUnit("phase_time"), "Throughput " + HsReport.throughputUnit(), "Status"));
        for (TpcxhsResult.Run run : result.runs()) {
            int index = 0;
            for (TpcxhsResult.Phase phase : run.phases()) {
                String name = phase.name() + (phase.name().equals("HSDataCheck")
                        ? (index == 1 ? " (generated)" : " (sorted)") : "");
                lines.add(String.format(Locale.ROOT, "%-4d %-24s %12s %18s  %s", run.number(), name,
                        HsReport.time("phase_time", phase.time()),
                        phase.bytes() == 0 ? "-" : HsReport.throughput(phase.bytes(), phase.time()),
                        phase.passed() ? "ok" : "FAILED: " + phase.failure().get()));
                index++;
            }
            lines.add(String.format(Locale.ROOT, "%-4d %-24s %12s %18s  %s", run.number(), "Total",
                    HsReport.time("run_time", run.totalTime()), HsReport.throughput(
                            options.scaleFactor().rows() * Records.RECORD_LENGTH, run.totalTime()),
                    run.passed() ? "ok" : "FAILED"));
        }
        List<String> dataNodes = HsReport.dataNodeLines("TPCx-HS", result.dataNodeBlocks());
        if (!dataNodes.isEmpty()) {
            lines.add("");
            lines.addAll(dataNodes);
        }
        return lines;
    }

    /** Which phase of which run failed, or that a run is missing. */
    static String failure(TpcxhsResult result) {
        for (TpcxhsResult.Run run : result.runs()) {
            if (run.failedPhase().isPresent()) {
                TpcxhsResult.Phase phase = run.failedPhase().get();
                return "Run " + run.number() + " failed in " + phase.name() + ": " + phase.failure().get();
            }
        }
        return "only " + result.runs().size() + " of " + TpcxhsOptions.RUNS + " runs completed";
    }
}
