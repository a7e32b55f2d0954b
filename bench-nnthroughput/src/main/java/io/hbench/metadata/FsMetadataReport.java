package io.hbench.metadata;

import io.hbench.load.LoadReport;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * FsMetadata's lines: per operation NNThroughputBenchmark's block, label for label, then hbench's. The classic
 * numbers are Java's own, which never depend on the locale; hbench's read as NNThroughputBenchmark's hbench lines
 * read ({@link LoadReport}), each label saying its unit. No hbench label contains a classic one.
 */
public final class FsMetadataReport {
    private static final DisplayUnit LATENCY = DisplayUnit.of("latency", Unit.SECONDS);
    private static final DisplayUnit AVERAGE_TIME = DisplayUnit.of("average_time", Unit.SECONDS);

    private FsMetadataReport() {
    }

    /**
     * NNThroughputBenchmark's block for each operation: an empty line, the inputs and the stats. On a store that
     * renames by copying, the rename block opens with a note that says so, before its figures.
     */
    public static List<String> classicLines(FsMetadataResult result) {
        List<String> lines = new ArrayList<>();
        for (FsOpResult op : result.operations()) {
            String label = op.operation().label();
            lines.add("");
            if (op.operation() == FsOperation.RENAME) {
                result.renameNote().ifPresent(note -> lines.add("Note: " + note + "."));
            }
            lines.add("--- " + label + " inputs ---");
            lines.addAll(op.inputLines());
            lines.addAll(op.figures().statsLines(label));
        }
        return lines;
    }

    /**
     * Per operation: the file system, latency percentiles, the mean call, ops/s, at a rate what the schedule did (in
     * NNThroughputBenchmark's lines), and what the run checked.
     */
    public static List<String> hbenchLines(FsMetadataResult result) {
        DecimalFormat df = LoadReport.twoDecimals();
        List<String> lines = new ArrayList<>();
        for (FsOpResult op : result.operations()) {
            lines.add("");
            lines.add("--- hbench " + op.operation().label() + " --- file system: " + result.fileSystem());
            lines.add("Latency " + LATENCY.symbol() + ": " + LoadReport.distribution(op.latency(), LATENCY));
            lines.add("Mean call " + AVERAGE_TIME.symbol() + ": " + AVERAGE_TIME.format(op.figures().averageSeconds())
                    + "  (Average Time with its fraction)");
            lines.add("Throughput ops/s: " + df.format(op.figures().opsPerSecond()));
            op.timeline().ifPresent(timeline -> lines.add(timeline.longestGap().line()));
            op.openLoop().ifPresent(load -> lines.addAll(LoadReport.openLoopLines(load, List.of("Service time"),
                    result.options().rate().orElseThrow().seed())));
            if (op.failures().isEmpty()) {
                lines.add("Checked: " + op.checked());
            }
            op.failures().forEach(failure -> lines.add("FAILED: " + failure));
            if (op.openLoop().isPresent()) {
                lines.add("Note: " + LoadReport.OPEN_LOOP_NOTE);
            }
        }
        result.nameNodeCalls().ifPresent(calls -> lines.add(calls.line()));
        result.roleLatencies().forEach(role -> lines.add(role.line()));
        return lines;
    }
}
