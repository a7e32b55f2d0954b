package io.hbench.report.compare;

import io.hbench.cli.TerminalText;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * One line per metric, in base units, for spreadsheets and scripts (RFC 4180 quoting; '.' as decimal point; doubles as
 * {@link Double#toString(double)} writes them). Columns: {@value #HEADER}. Labels are {@code name=value} joined by
 * ';'; verdict is significant, not_significant or too_few_samples; change_percent is empty when the base median is 0.
 * Non-printing characters a file put in a cell are escaped ({@link TerminalText}), so that a line is a record.
 */
public final class CsvComparisonFormat implements ComparisonFormat {
    static final String HEADER = "metric,labels,unit,better,primary,base_n,base_median,base_spread_percent,new_n,"
            + "new_median,new_spread_percent,change_percent,p_value,verdict";

    @Override
    public void write(Comparison comparison, Writer out) throws IOException {
        requireNonNull(comparison, "comparison is null");
        StringBuilder text = new StringBuilder(HEADER).append("\r\n");
        records(comparison, List.of(), text);
        out.write(text.toString());
        out.flush();
    }

    /** One table, whose first column names each line's comparison: "step" or "workload". */
    @Override
    public void writeNamed(Comparisons comparisons, Writer out) throws IOException {
        StringBuilder text = new StringBuilder(comparisons.grouping().word()).append(',').append(HEADER).append("\r\n");
        for (Comparisons.Named named : comparisons.all()) {
            records(named.comparison(), List.of(named.name()), text);
        }
        out.write(text.toString());
        out.flush();
    }

    /** A line per metric, after the {@code leading} cells. */
    private static void records(Comparison comparison, List<String> leading, StringBuilder text) {
        for (MetricComparison metric : comparison.metrics()) {
            String labels = metric.key().labels().entrySet().stream()
                    .map(label -> label.getKey() + "=" + label.getValue()).collect(Collectors.joining(";"));
            List<String> cells = new ArrayList<>(leading);
            cells.addAll(List.of(
                    metric.key().id(),
                    labels,
                    metric.unit().symbol(),
                    metric.better().symbol(),
                    Boolean.toString(metric.primary()),
                    Integer.toString(metric.base().size()),
                    Double.toString(metric.base().median()),
                    Double.toString(metric.base().spread() * 100),
                    Integer.toString(metric.next().size()),
                    Double.toString(metric.next().median()),
                    Double.toString(metric.next().spread() * 100),
                    Double.isNaN(metric.changePercent()) ? "" : Double.toString(metric.changePercent()),
                    Double.toString(metric.significance().pValue()),
                    metric.significance().verdict().name().toLowerCase(Locale.ROOT)));
            text.append(cells.stream().map(CsvComparisonFormat::quote).collect(Collectors.joining(","))).append("\r\n");
        }
    }

    private static String quote(String cell) {
        String printable = TerminalText.escape(cell);
        if (printable.contains(",") || printable.contains("\"")) {
            return "\"" + printable.replace("\"", "\"\"") + "\"";
        }
        return printable;
    }
}
