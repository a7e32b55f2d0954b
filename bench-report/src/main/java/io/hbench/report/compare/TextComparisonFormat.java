package io.hbench.report.compare;

import io.hbench.cli.TerminalText;
import io.hbench.result.MetricKey;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.MetricNames;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The comparison as a table for people, in the way benchstat prints one:
 * <pre>
 * base: TestDFSIO write, 5 runs; new: TestDFSIO write, 5 runs; Mann-Whitney U test, alpha 0.05
 * metric                    unit   base            new             change            p      n
 * aggregate throughput *    MiB/s  120.500 ± 2%    135.100 ± 1%    +12.12% better    0.008  5+5
 * execution time            s      10.200 ± 3%     10.100 ± 2%     ~                 0.421  5+5
 * geomean of primary metrics: +12.12%
 * </pre>
 * "~" means no significant difference at alpha; "too few samples" that even fully separated samples of these sizes
 * could not reach it. Medians with their largest deviation; '*' marks primary metrics. Figures are named for people
 * and read in their one unit ({@link DisplayUnit}); the identifiers are CSV's and JSON's. What came from a file (names,
 * labels, parameters) is printed with its non-printing characters escaped ({@link TerminalText}).
 */
public final class TextComparisonFormat implements ComparisonFormat {
    @Override
    public void write(Comparison comparison, Writer out) throws IOException {
        requireNonNull(comparison, "comparison is null");
        List<String> lines = new ArrayList<>();
        lines.add("base: " + comparison.baseName() + ", " + runs(comparison.baseFiles().size()) + "; new: "
                + comparison.nextName() + ", " + runs(comparison.nextFiles().size()) + "; Mann-Whitney U test, alpha "
                + DisplayUnit.fixed(comparison.alpha(), 3).replaceAll("0+$", ""));
        for (String difference : comparison.differences()) {
            lines.add("forced despite: " + difference);
        }
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"metric", "unit", "base", "new", "change", "p", "n"});
        for (MetricComparison metric : comparison.metrics()) {
            DisplayUnit unit = DisplayUnit.of(metric.key().id(), metric.unit());
            table.add(new String[] {
                    MetricNames.of(metric.key()) + (metric.primary() ? " *" : ""),
                    unit.symbol(),
                    unit.format(metric.base().median()) + " ± " + percent(metric.base().spread() * 100),
                    unit.format(metric.next().median()) + " ± " + percent(metric.next().spread() * 100),
                    change(metric),
                    DisplayUnit.fixed(metric.significance().pValue(), 3),
                    metric.base().size() + "+" + metric.next().size()});
        }
        lines.addAll(align(table));
        comparison.primaryGeomeanChangePercent().ifPresent(change ->
                lines.add("geomean of primary metrics: " + signedPercent(change)));
        if (!comparison.onlyInBase().isEmpty()) {
            lines.add("only in base: " + names(comparison.onlyInBase()));
        }
        if (!comparison.onlyInNext().isEmpty()) {
            lines.add("only in new: " + names(comparison.onlyInNext()));
        }
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(TerminalText.escape(line)).append('\n'));
        out.write(text.toString());
        out.flush();
    }

    /** A block per comparison, under its title: "=== step dfsio-write ===", "=== TPCx-HS run (scale_factor 3) ===". */
    @Override
    public void writeNamed(Comparisons comparisons, Writer out) throws IOException {
        for (Comparisons.Named named : comparisons.all()) {
            out.write("=== " + TerminalText.escape(named.title()) + " ===\n");
            write(named.comparison(), out);
            out.write("\n");
        }
        out.flush();
    }

    static String change(MetricComparison metric) {
        switch (metric.significance().verdict()) {
            case TOO_FEW_SAMPLES:
                return "too few samples";
            case NOT_SIGNIFICANT:
                return "~";
            default:
                if (Double.isNaN(metric.changePercent())) {
                    return "~";
                }
                String direction = metric.significantlyBetter() ? " better" : metric.significantlyWorse() ? " worse" : "";
                return signedPercent(metric.changePercent()) + direction;
        }
    }

    private static String names(List<MetricKey> keys) {
        return keys.stream().map(MetricNames::of).collect(Collectors.joining("; "));
    }

    private static String runs(int count) {
        return count + (count == 1 ? " run" : " runs");
    }

    private static String percent(double value) {
        return Math.round(value) + "%";
    }

    static String signedPercent(double value) {
        String text = DisplayUnit.fixed(value, 2);
        return (value >= 0 && !text.startsWith("-") ? "+" : "") + text + "%";
    }

    /** The table's lines, its cells escaped first so that the columns line up as printed. */
    private static List<String> align(List<String[]> table) {
        List<String[]> escaped = table.stream().map(row -> Arrays.stream(row).map(TerminalText::escape)
                .toArray(String[]::new)).collect(Collectors.toList());
        int[] widths = new int[table.get(0).length];
        for (String[] row : escaped) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : escaped) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : String.format(Locale.ROOT, "%-" + widths[i] + "s  ", row[i]));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
