package io.hbench.result.format;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.StoreStatistics;
import io.hbench.result.BenchResult;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A figure's name for people: "operations per second, create" rather than {@code ops_per_second{operation=create}},
 * which stays the name in JSON and CSV. An identifier without a name of its own reads with spaces for underscores.
 */
public final class MetricNames {
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("aggregate_throughput", "aggregate throughput"),
            Map.entry("classic_throughput", "throughput (TestDFSIO's)"),
            Map.entry("io_rate_mean", "mean IO rate"),
            Map.entry("io_rate_stddev", "IO rate std deviation"),
            Map.entry("exec_time", "execution time"),
            Map.entry("io_phase_time", "I/O phase time"),
            Map.entry("io_call_latency", "IO call latency"),
            Map.entry("ops_per_second", "operations per second"),
            Map.entry("hsph_at_sf", "HSph@SF"),
            Map.entry("run_hsph_at_sf", "HSph@SF of the run"),
            Map.entry("bandwidth", "bandwidth per connection"),
            Map.entry("baseline_bandwidth", "2-peer bandwidth per connection"),
            Map.entry("relative_bandwidth", "bandwidth relative to 2 peers"),
            Map.entry("network_throughput", "network throughput"),
            Map.entry("job_time", "job time"),
            Map.entry("check_time", "check time"),
            Map.entry("total_time", "total time"),
            Map.entry("store_requests", "store requests"),
            Map.entry("store_retries", "store retries"),
            Map.entry("store_throttled", "store requests throttled"));

    private MetricNames() {
    }

    public static String of(MetricKey key) {
        requireNonNull(key, "key is null");
        String name = of(key.id());
        List<String> labels = new ArrayList<>();
        key.labels().forEach((label, value) -> labels.add(label(label, value)));
        return labels.isEmpty() ? name : name + ", " + String.join(", ", labels);
    }

    /** The name of figure {@code id}, whatever its labels: "aggregate throughput". */
    public static String of(String id) {
        requireNonNull(id, "id is null");
        return NAMES.getOrDefault(id, id.replace('_', ' '));
    }

    /**
     * A run's primary figures for people, "aggregate throughput 17.465 MiB/s", several joined by "; " (one per
     * operation); "(no aggregate throughput)" for a failed run that lacks it.
     */
    public static String headline(BenchResult result) {
        List<Metric> metrics = result.primaryMetrics();
        if (metrics.isEmpty()) {
            return "(no " + of(result.primaryMetric()) + ")";
        }
        return metrics.stream().map(metric -> of(metric.key()) + " "
                + DisplayUnit.of(metric.id(), metric.unit()).text(metric.value())).collect(Collectors.joining("; "));
    }

    /**
     * A message size as it was given, exactly: "1 MiB" for 1048576, "64 KiB", "1500 B". A size names what was
     * sent, like a flag's value; it is not a measured figure to be read in a unit of its own.
     */
    public static String size(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int power = 0;
        long value = bytes;
        while (power < units.length - 1 && value != 0 && value % 1024 == 0) {
            value /= 1024;
            power++;
        }
        return value + " " + units[power];
    }

    private static String label(String name, String value) {
        switch (name) {
            case "message_size":
                return messageSize(value);
            case "operation":
            case "stat":
                return value;
            case "statistic":
                return StoreStatistics.requestName(value);
            default:
                return name.replace('_', ' ') + " " + value;
        }
    }

    /** "1 MiB messages" for 1048576; a size that is not a whole number of bytes stays as written. */
    private static String messageSize(String bytes) {
        try {
            return size(Long.parseLong(bytes)) + " messages";
        } catch (NumberFormatException e) {
            return bytes + " byte messages";
        }
    }
}
