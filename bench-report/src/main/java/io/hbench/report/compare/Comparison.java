package io.hbench.report.compare;

import io.hbench.result.MetricKey;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Two sets of runs compared: base against new, metric by metric. A value: it knows no format; the formats in this
 * package write it.
 */
public final class Comparison {
    private final String baseName;
    private final String nextName;
    private final List<Path> baseFiles;
    private final List<Path> nextFiles;
    private final double alpha;
    private final List<String> differences;
    private final List<MetricComparison> metrics;
    private final List<MetricKey> onlyInBase;
    private final List<MetricKey> onlyInNext;
    private final List<String> leftOut;

    public Comparison(String baseName, String nextName, List<Path> baseFiles, List<Path> nextFiles, double alpha,
            List<String> differences, List<MetricComparison> metrics, List<MetricKey> onlyInBase,
            List<MetricKey> onlyInNext, List<String> leftOut) {
        this.baseName = requireNonNull(baseName, "baseName is null");
        this.nextName = requireNonNull(nextName, "nextName is null");
        this.baseFiles = List.copyOf(baseFiles);
        this.nextFiles = List.copyOf(nextFiles);
        this.alpha = alpha;
        this.differences = List.copyOf(differences);
        this.metrics = List.copyOf(metrics);
        this.onlyInBase = List.copyOf(onlyInBase);
        this.onlyInNext = List.copyOf(onlyInNext);
        this.leftOut = List.copyOf(leftOut);
    }

    /** What the base side ran, e.g. "TestDFSIO write". */
    public String baseName() {
        return baseName;
    }

    public String nextName() {
        return nextName;
    }

    public List<Path> baseFiles() {
        return baseFiles;
    }

    public List<Path> nextFiles() {
        return nextFiles;
    }

    public double alpha() {
        return alpha;
    }

    /** What differs between the sides' programs and parameters; empty unless the comparison was forced. */
    public List<String> differences() {
        return differences;
    }

    /** Primary metrics first, then the rest, each group by key. */
    public List<MetricComparison> metrics() {
        return metrics;
    }

    /** Keys of metrics only the base side has. */
    public List<MetricKey> onlyInBase() {
        return onlyInBase;
    }

    public List<MetricKey> onlyInNext() {
        return onlyInNext;
    }

    /** What both sides have but is not compared, each a line that says why: a capacity curve's steps of other rates. */
    public List<String> leftOut() {
        return leftOut;
    }

    /**
     * The geometric mean of new median over base median across the primary metrics, as a change in percent; empty
     * without primary metrics with positive medians on both sides.
     */
    public OptionalDouble primaryGeomeanChangePercent() {
        double logSum = 0;
        int count = 0;
        for (MetricComparison metric : metrics) {
            if (metric.primary() && metric.base().median() > 0 && metric.next().median() > 0) {
                logSum += Math.log(metric.next().median() / metric.base().median());
                count++;
            }
        }
        return count == 0 ? OptionalDouble.empty() : OptionalDouble.of((Math.exp(logSum / count) - 1) * 100);
    }

    /** The primary metrics that got significantly worse by more than {@code percent}. */
    public List<MetricComparison> primaryWorseThan(double percent) {
        return metrics.stream()
                .filter(metric -> metric.primary() && metric.significantlyWorse()
                        && Math.abs(metric.changePercent()) > percent)
                .collect(Collectors.toUnmodifiableList());
    }
}
