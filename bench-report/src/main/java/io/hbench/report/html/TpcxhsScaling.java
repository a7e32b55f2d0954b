package io.hbench.report.html;

import io.hbench.result.BenchResult;
import io.hbench.result.Metric;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static java.util.Objects.requireNonNull;

/**
 * The scaling table of a TPCx-HS study across scale factors: per scale factor its data size, the data's change
 * against the smallest scale factor, HSph@SF, the time (mean of the two runs), how far the two runs' times are apart
 * (sample standard deviation as a percentage of their mean) and the time's change against the smallest.
 */
public final class TpcxhsScaling {
    /** One scale factor's row; changes are in percent against the first row. */
    public static final class Row {
        public final BigDecimal scaleFactor;
        public final double dataBytes;
        public final double dataChangePercent;
        public final double hsph;
        public final double timeSeconds;
        public final double timeStdDevPercent;
        public final double timeChangePercent;

        Row(BigDecimal scaleFactor, double dataBytes, double dataChangePercent, double hsph, double timeSeconds,
                double timeStdDevPercent, double timeChangePercent) {
            this.scaleFactor = scaleFactor;
            this.dataBytes = dataBytes;
            this.dataChangePercent = dataChangePercent;
            this.hsph = hsph;
            this.timeSeconds = timeSeconds;
            this.timeStdDevPercent = timeStdDevPercent;
            this.timeChangePercent = timeChangePercent;
        }
    }

    private TpcxhsScaling() {}

    /**
     * The rows of the passed TPCx-HS runs among {@code results}, smallest scale factor first; for a scale factor run
     * more than once, the latest run. Empty unless at least two scale factors are present.
     */
    public static List<Row> rows(List<BenchResult> results) {
        requireNonNull(results, "results is null");
        Map<BigDecimal, BenchResult> byScaleFactor = new TreeMap<>();
        for (BenchResult result : results) {
            if (!result.benchmark().equals("TPCx-HS") || !result.failures().isEmpty()
                    || !result.parameters().containsKey("scale_factor")) {
                continue;
            }
            BigDecimal scaleFactor = new BigDecimal(result.parameters().get("scale_factor")).stripTrailingZeros();
            byScaleFactor.merge(scaleFactor, result, (a, b) -> b.start().isAfter(a.start()) ? b : a);
        }
        if (byScaleFactor.size() < 2) {
            return List.of();
        }
        List<Row> rows = new ArrayList<>();
        double firstData = 0;
        double firstTime = 0;
        for (Map.Entry<BigDecimal, BenchResult> entry : byScaleFactor.entrySet()) {
            BenchResult result = entry.getValue();
            double data = value(result, "data_bytes").orElse(0.0);
            double[] times = result.metrics("run_time").stream()
                    .sorted(Comparator.comparing(metric -> metric.labels().get("run")))
                    .mapToDouble(Metric::value).toArray();
            double mean = mean(times);
            if (rows.isEmpty()) {
                firstData = data;
                firstTime = mean;
            }
            rows.add(new Row(entry.getKey(), data, change(data, firstData), value(result, "hsph_at_sf").orElse(0.0), mean,
                    mean == 0 ? 0 : sampleStdDev(times, mean) / mean * 100, change(mean, firstTime)));
        }
        return rows;
    }

    private static Optional<Double> value(BenchResult result, String id) {
        return result.metric(id).map(Metric::value);
    }

    private static double change(double value, double first) {
        return first == 0 ? 0 : (value / first - 1) * 100;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return values.length == 0 ? 0 : sum / values.length;
    }

    private static double sampleStdDev(double[] values, double mean) {
        if (values.length < 2) {
            return 0;
        }
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }
}
