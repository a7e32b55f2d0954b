package io.hbench.result.format;

import io.hbench.result.Better;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.TimeSeries;

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
 *     fileSize  134217728
 *   locations:
 *     baseDir   /benchmarks/TestDFSIO
 *   environment:
 *     hbench 0.1.0 (3f2a...), Hadoop 3.4.2 (cluster 3.4.2), Java 17.0.15 (Debian), Linux 6.1.0 amd64, on gw1
 *     command line: TestDFSIO -write -nrFiles 4 -fileSize 128MB
 *     fs.defaultFS  hdfs://nn:8020
 *   metrics:
 *     aggregate_throughput (higher is better)  129446707.200 bytes/s
 *     files                                            4.000 count
 *   distributions:
 *     task_throughput (bytes/s)  n=4  min=28100.000  p50=30900.000  p99=33200.000  max=33200.000  mean=30863.000  stddev=1862.000
 *   time series:
 *     throughput (bytes/s)  5 buckets of 1.000 s from 2026-11-22T20:10:00Z  min=80.000  mean=110.200  max=130.500
 *   tasks: 4 on 2 hosts
 * </pre>
 * Every number has exactly three decimals, rounded half up, with '.' as the decimal point and no grouping, whatever
 * the default locale; values are in the schema's base units, as in the JSON. Labels within a section are padded to the same width and metric values are right-aligned.
 * Resources, if sampled, are {@link ResourceSummaryFormat}'s table. Empty sections are left out. Task samples are only counted (a run may have thousands); failures, if any, come
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
        section(lines, "locations", labelled(result.locations()));
        section(lines, "outputs", labelled(result.outputs()));
        section(lines, "environment", environment(result.environment()));
        section(lines, "metrics", metrics(result.metrics()));
        section(lines, "distributions", distributions(result.distributions()));
        section(lines, "time series", timeSeries(result.timeSeries()));
        result.resources().ifPresent(resources -> section(lines, "resources", ResourceSummaryFormat.lines(resources)));
        int hosts = result.taskHosts().size();
        lines.add(INDENT + "tasks: " + result.taskSamples().size()
                + (hosts == 0 ? "" : " on " + hosts + (hosts == 1 ? " host" : " hosts")));
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

    private static List<String> environment(Environment environment) {
        List<String> lines = new ArrayList<>();
        lines.add("hbench " + environment.hbenchVersion() + " (" + environment.hbenchCommit() + "), Hadoop "
                + environment.hadoopVersion()
                + environment.clusterHadoopVersion().map(version -> " (cluster " + version + ")").orElse("")
                + ", Java " + environment.java() + ", " + environment.os() + ", on " + environment.clientHost());
        if (!environment.commandLine().isEmpty()) {
            lines.add("command line: " + String.join(" ", environment.commandLine()));
        }
        lines.addAll(labelled(environment.configuration()));
        return lines;
    }

    private static List<String> metrics(List<Metric> metrics) {
        List<String> labels = new ArrayList<>();
        metrics.forEach(metric -> labels.add(metric.key() + (metric.better() == Better.NEITHER ? ""
                : " (" + metric.better().symbol() + " is better)")));
        int labelWidth = labels.stream().mapToInt(String::length).max().orElse(0);
        int valueWidth = metrics.stream().mapToInt(metric -> fixed(metric.value()).length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            Metric metric = metrics.get(i);
            String value = padLeft(fixed(metric.value()), valueWidth);
            lines.add(padRight(labels.get(i), labelWidth) + "  " + value + " " + metric.unit().symbol());
        }
        return lines;
    }

    private static List<String> distributions(List<Distribution> distributions) {
        List<String> labels = new ArrayList<>();
        distributions.forEach(distribution -> labels.add(distribution.key() + " (" + distribution.unit().symbol() + ")"));
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
        timeSeries.forEach(series -> labels.add(series.key() + " (" + series.unit().symbol() + ")"));
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

    private static String padRight(String text, int width) {
        return text + " ".repeat(width - text.length());
    }

    private static String padLeft(String text, int width) {
        return " ".repeat(width - text.length()) + text;
    }
}
