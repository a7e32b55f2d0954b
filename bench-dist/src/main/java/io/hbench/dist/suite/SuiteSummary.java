package io.hbench.dist.suite;

import io.hbench.report.suite.StepRecord;
import io.hbench.result.BenchResult;
import io.hbench.result.Metric;
import io.hbench.result.format.JsonResultFormat;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The one screen a suite ends with: per step, how it ended, how long it took and its primary metric, read back from
 * the step's own result file. Rates are decimal and say so: MB/s is 10^6 bytes per second.
 */
final class SuiteSummary {
    private SuiteSummary() {
    }

    static List<String> lines(Path dir, List<SuiteStep> steps, SuiteState state) {
        List<String> lines = new ArrayList<>();
        lines.add("----- hbench Suite ----- : " + state.definition() + " on " + state.cluster());
        int width = steps.stream().mapToInt(step -> step.id().length()).max().orElse(4);
        String row = "%-" + width + "s  %-9s %9s  %s";
        lines.add(String.format(Locale.ROOT, row, "step", "status", "time s", "primary metric"));
        for (int i = 0; i < steps.size(); i++) {
            SuiteStep step = steps.get(i);
            StepRecord record = state.steps().get(i);
            String figure = step.writesResult() && record.status() == StepRecord.Status.PASSED
                    ? primary(dir.resolve(SuiteRunner.resultFile(i, step))) : "";
            lines.add(String.format(Locale.ROOT, row, step.id(), record.status().text(),
                    String.format(Locale.ROOT, "%.1f", record.seconds()), figure).stripTrailing());
        }
        long failed = state.steps().stream().filter(record -> record.status() != StepRecord.Status.PASSED).count();
        lines.add(failed == 0 ? "All " + steps.size() + " steps passed."
                : failed + " of " + steps.size() + " steps did not pass: their logs in " + dir + " say why.");
        return lines;
    }

    /** "aggregate_throughput 123.4 MB/s", one per primary metric (NNThroughputBenchmark's carry their operation). */
    private static String primary(Path result) {
        BenchResult read;
        try (Reader in = Files.newBufferedReader(result)) {
            read = JsonResultFormat.read(in);
        } catch (IOException e) {
            return "(no result: " + e.getMessage() + ")";
        }
        List<Metric> metrics = read.primaryMetrics();
        if (metrics.isEmpty()) {
            return "(no " + read.primaryMetric() + ")";
        }
        return metrics.stream().map(SuiteSummary::format).collect(Collectors.joining(", "));
    }

    static String format(Metric metric) {
        String labels = metric.labels().isEmpty() ? "" : metric.labels().entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(",", "{", "}"));
        return metric.id() + labels + " " + value(metric);
    }

    private static String value(Metric metric) {
        double value = metric.value();
        switch (metric.unit()) {
            case BYTES_PER_SECOND:
                return String.format(Locale.ROOT, "%.1f MB/s", value / 1e6);
            case BYTES:
                return String.format(Locale.ROOT, "%.1f MB", value / 1e6);
            case SECONDS:
                return String.format(Locale.ROOT, "%.3f s", value);
            case OPERATIONS_PER_SECOND:
                return String.format(Locale.ROOT, "%.1f ops/s", value);
            default:
                return String.format(Locale.ROOT, "%.4g %s", value, metric.unit().symbol());
        }
    }
}
