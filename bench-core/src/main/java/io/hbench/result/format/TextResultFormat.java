package io.hbench.result.format;

import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Writes a result as a block of text for people, for example:
 * <pre>
 * hbench TestDFSIO write: PASSED
 *   start 2026-11-22T20:10:00.123Z  end 2026-11-22T20:10:05.456Z  (5.333 s)
 *   parameters:
 *     nrFiles   4
 *     fileSize  128MB
 *   cluster:
 *     fs        hdfs://nn:8020
 *   metrics:
 *     aggregate throughput  123.450 MiB/s
 *     files                   4.000
 *   distributions:
 *     task throughput (MiB/s)  n=4  min=28.100  p50=30.900  p99=33.200  max=33.200  mean=30.863  stddev=1.862
 *   time series:
 *     cluster throughput (MiB/s)  5 buckets of 1.000 s from 2026-11-22T20:10:00Z  min=80.000  mean=110.200  max=130.500
 *   tasks: 4
 * </pre>
 * Every number has exactly three decimals, rounded half up, with '.' as the decimal point and no grouping, whatever
 * the default locale. Labels within a section are padded to the same width and metric values are right-aligned.
 * Empty sections are left out. Task samples are only counted (a run may have thousands); failures, if any, come
 * last, one per line. The JSON format has everything in full.
 */
public final class TextResultFormat
        implements ResultFormat {
    private static final int DECIMALS = 3;
    private static final String INDENT = "  ";

    @Override
    public void write(BenchResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        requireNonNull(out, "out is null");
        List<String> lines = new ArrayList<>();
        lines.add("hbench " + result.benchmark() + " " + result.operation() + ": " + result.outcome());
        lines.add(INDENT + "start " + result.start() + "  end " + result.end()
                + "  (" + seconds(result.duration()) + " s)");
        section(lines, "parameters", labelled(result.parameters()));
        section(lines, "cluster", labelled(result.cluster()));
        section(lines, "metrics", metrics(result.metrics()));
        section(lines, "distributions", distributions(result.distributions()));
        section(lines, "time series", timeSeries(result.timeSeries()));
        lines.add(INDENT + "tasks: " + result.taskSamples().size());
        List<String> failures = new ArrayList<>();
        for (String failure : result.failures()) {
            // Continuation lines of a multi-line message stay indented under their failure.
            failures.add("- " + String.join("\n" + INDENT + INDENT + "  ", failure.split("\\R", -1)));
        }
        section(lines, "failures", failures);

        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        out.write(text.toString());
        out.flush();
    }

    private static void section(List<String> lines, String title, List<String> body) {
        if (!body.isEmpty()) {
            lines.add(INDENT + title + ":");
            body.forEach(line -> lines.add(INDENT + INDENT + line));
        }
    }

    private static List<String> labelled(Map<String, String> values) {
        int width = values.keySet().stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        values.forEach((label, value) -> lines.add(padRight(label, width) + "  " + value));
        return lines;
    }

    private static List<String> metrics(List<Metric> metrics) {
        int labelWidth = metrics.stream().mapToInt(metric -> metric.name().length()).max().orElse(0);
        int valueWidth = metrics.stream().mapToInt(metric -> fixed(metric.value()).length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (Metric metric : metrics) {
            String value = padLeft(fixed(metric.value()), valueWidth);
            lines.add(withUnit(padRight(metric.name(), labelWidth) + "  " + value, metric.unit()));
        }
        return lines;
    }

    private static List<String> distributions(List<Distribution> distributions) {
        List<String> labels = new ArrayList<>();
        distributions.forEach(distribution -> labels.add(withUnitInParentheses(distribution.name(), distribution.unit())));
        int width = labels.stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < distributions.size(); i++) {
            Distribution distribution = distributions.get(i);
            StringBuilder line = new StringBuilder(padRight(labels.get(i), width))
                    .append("  n=").append(distribution.count())
                    .append("  min=").append(fixed(distribution.min()));
            distribution.percentiles().forEach((percentile, value) ->
                    line.append("  p").append(BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString())
                            .append('=').append(fixed(value)));
            line.append("  max=").append(fixed(distribution.max()))
                    .append("  mean=").append(fixed(distribution.mean()))
                    .append("  stddev=").append(fixed(distribution.stdDev()));
            lines.add(line.toString());
        }
        return lines;
    }

    private static List<String> timeSeries(List<TimeSeries> timeSeries) {
        List<String> labels = new ArrayList<>();
        timeSeries.forEach(series -> labels.add(withUnitInParentheses(series.name(), series.unit())));
        int width = labels.stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < timeSeries.size(); i++) {
            TimeSeries series = timeSeries.get(i);
            List<Double> values = series.values();
            StringBuilder line = new StringBuilder(padRight(labels.get(i), width))
                    .append("  ").append(values.size()).append(values.size() == 1 ? " bucket" : " buckets")
                    .append(" of ").append(seconds(series.bucketWidth())).append(" s from ").append(series.start());
            if (!values.isEmpty()) {
                DoubleSummaryStatistics statistics = values.stream().mapToDouble(Double::doubleValue).summaryStatistics();
                line.append("  min=").append(fixed(statistics.getMin()))
                        .append("  mean=").append(fixed(statistics.getAverage()))
                        .append("  max=").append(fixed(statistics.getMax()));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /**
     * {@code value} with {@value #DECIMALS} decimals. BigDecimal rather than String.format: it rounds the exact
     * binary value, identically on every JDK and in every locale.
     */
    private static String fixed(double value) {
        return new BigDecimal(value).setScale(DECIMALS, RoundingMode.HALF_UP).toPlainString();
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.getSeconds())
                .add(BigDecimal.valueOf(duration.getNano(), 9))
                .setScale(DECIMALS, RoundingMode.HALF_UP)
                .toPlainString();
    }

    private static String withUnit(String text, Unit unit) {
        return unit.symbol().isEmpty() ? text : text + " " + unit.symbol();
    }

    private static String withUnitInParentheses(String text, Unit unit) {
        return unit.symbol().isEmpty() ? text : text + " (" + unit.symbol() + ")";
    }

    private static String padRight(String text, int width) {
        return text + " ".repeat(width - text.length());
    }

    private static String padLeft(String text, int width) {
        return " ".repeat(width - text.length()) + text;
    }
}
