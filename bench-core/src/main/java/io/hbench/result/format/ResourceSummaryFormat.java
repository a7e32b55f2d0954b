package io.hbench.result.format;

import static java.util.Objects.requireNonNull;

import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The console's summary of resource utilization, the table of the TPCx-HS study: per host, the mean of each figure
 * while the run's tasks ran there, then the mean over hosts, the bytes all hosts moved and the hosts without figures.
 * For example:
 * <pre>
 * ----- Resource utilization: means while tasks ran, sampled every 1 s -----
 * host   user%  sys%  iowait%  ctxsw/s  mem%  net rx MiB/s  net tx MiB/s  disk rd MiB/s  disk wr MiB/s  rd/s  wr/s  await ms  busy%
 * dn1     41.2   9.8      3.1    18234  61.0        98.114        97.902          0.000        201.337     0   411      4.21   63.0
 * mean    41.2   9.8      3.1    18234  61.0        98.114        97.902          0.000        201.337     0   411      4.21   63.0
 * Moved by all hosts: network 5.744 GiB received, 5.732 GiB sent (loopback 0.012 GiB); disks 0.000 GiB read, 11.797 GiB written
 * Sampler cost: 0.021 % of one core per host
 * </pre>
 * MiB is 2^20 bytes; busy% is the share of time the host's busiest disk had requests in flight; a figure a host lacks
 * is "-". Hosts that share a kernel are named under the table ({@link #sharedKernels}). Numbers never depend on the
 * locale.
 */
public final class ResourceSummaryFormat {
    private static final List<Column> COLUMNS = List.of(
            new Column("user%", "cpu_user", 1, 1),
            new Column("sys%", "cpu_system", 1, 1),
            new Column("iowait%", "cpu_iowait", 1, 1),
            new Column("ctxsw/s", "context_switches", 0, 1),
            new Column("mem%", "memory_used", 1, 1),
            Column.of("net rx", "net_received", 3, Unit.BYTES_PER_SECOND),
            Column.of("net tx", "net_sent", 3, Unit.BYTES_PER_SECOND),
            Column.of("disk rd", "disk_read", 3, Unit.BYTES_PER_SECOND),
            Column.of("disk wr", "disk_written", 3, Unit.BYTES_PER_SECOND),
            new Column("rd/s", "disk_reads", 0, 1),
            new Column("wr/s", "disk_writes", 0, 1),
            Column.of("await", "disk_latency", 2, Unit.SECONDS),
            new Column("busy%", "disk_busy", 1, 1));

    /** What a DataNode's metrics give, by identifier, as its line names them. */
    private static final Map<String, String> DATANODE_FIGURES = orderedMap(
            "datanode_read", "served",
            "datanode_written", "took",
            "datanode_ack_rtt", "packet ack round trip",
            "volume_read_latency", "volume reads",
            "volume_write_latency", "volume writes");

    private ResourceSummaryFormat() {
    }

    public static List<String> lines(ResourceUsage usage) {
        requireNonNull(usage, "usage is null");
        return lines(usage, window(usage));
    }

    /**
     * As {@link #lines(ResourceUsage)}, the window of a whole run followed by the run's own start and end, so that what
     * the sampling covered reads against what it claims (a host sampled short of the run is a finding).
     */
    public static List<String> lines(ResourceUsage usage, Instant runStart, Instant runEnd) {
        requireNonNull(usage, "usage is null");
        return lines(usage, window(usage, runStart, runEnd));
    }

    private static List<String> lines(ResourceUsage usage, Optional<String> window) {
        List<String> unavailable = new ArrayList<>();
        usage.hosts().forEach(host -> host.unavailableReason()
                .ifPresent(reason -> unavailable.add(host.host() + " (" + reason + ")")));
        List<String> lines = new ArrayList<>();
        lines.add("----- Resource utilization: " + heading(usage) + " -----");
        window.ifPresent(lines::add);
        List<List<String>> rows = table(usage);
        if (!rows.isEmpty()) {
            lines.addAll(aligned(rows));
            lines.add("Moved by all hosts: network " + moved(usage, "net_received") + " received, "
                    + moved(usage, "net_sent") + " sent (loopback " + loopback(usage) + "); disks "
                    + moved(usage, "disk_read") + " read, " + moved(usage, "disk_written") + " written");
            usage.cluster(MetricKey.of("sampler_cpu").withLabel("stat", "mean")).ifPresent(cost -> lines.add(
                    "Sampler cost: " + fixed(cost.value(), 3) + " % of one core per host"));
            lines.addAll(sharedKernels(usage));
        }
        lines.addAll(dataNodeMetrics(usage));
        if (!unavailable.isEmpty()) {
            lines.add("Not sampled: " + String.join(", ", unavailable));
        }
        return lines;
    }

    /**
     * One line per group of sampled hosts that run on one kernel (the same boot id): their CPU, memory, swap and disk
     * figures are one machine's, which the table repeats for each. Empty if every host has a kernel of its own. The
     * report shows the same lines.
     */
    public static List<String> sharedKernels(ResourceUsage usage) {
        Set<List<String>> groups = new LinkedHashSet<>();
        for (HostUsage host : usage.hosts()) {
            if (!host.sharesKernelWith().isEmpty()) {
                groups.add(Stream.concat(Stream.of(host.host()), host.sharesKernelWith().stream()).sorted()
                        .collect(Collectors.toList()));
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> group : groups) {
            lines.add("One kernel: " + String.join(", ", group) + " (containers or namespaces of one machine): their"
                    + " CPU, memory, swap and disk figures are that machine's, not each host's own; the mean and the"
                    + " totals count them once");
        }
        return lines;
    }

    /**
     * One line per host sampled through its DataNode's metrics, with the means of what it has: "w4 (its DataNode's
     * metrics, not the host's): served 0.000 MiB/s, took 12.345 MiB/s, packet ack round trip 0.840 ms, volume writes
     * 0.500 ms". Empty if no host was sampled so.
     */
    public static List<String> dataNodeMetrics(ResourceUsage usage) {
        List<String> lines = new ArrayList<>();
        for (HostUsage host : usage.hosts()) {
            if (host.unavailableReason().isPresent() || host.source() != HostUsage.Source.DATANODE_METRICS) {
                continue;
            }
            List<String> figures = new ArrayList<>();
            DATANODE_FIGURES.forEach((id, name) -> host.summary().stream()
                    .filter(metric -> metric.id().equals(id) && metric.labels().equals(Map.of("stat", "mean")))
                    .findFirst().ifPresent(metric -> figures.add(name + " " + DisplayUnit.of(id, metric.unit())
                            .text(metric.value()))));
            lines.add(host.host() + " (its DataNode's metrics, not the host's): " + (figures.isEmpty()
                    ? "no figures" : String.join(", ", figures)));
        }
        return lines;
    }

    /**
     * The table the console aligns, as cells: a header row, a row of means per sampled host, and the mean over them;
     * empty if no host was sampled. The report shows the same cells.
     */
    public static List<List<String>> table(ResourceUsage usage) {
        List<List<String>> rows = new ArrayList<>();
        List<HostUsage> sampled = usage.hosts().stream().filter(host -> host.unavailableReason().isEmpty()
                && host.source() == HostUsage.Source.HOST).collect(Collectors.toList());
        if (sampled.isEmpty()) {
            return rows;
        }
        List<String> header = new ArrayList<>(List.of("host"));
        COLUMNS.forEach(column -> header.add(column.title));
        rows.add(header);
        for (HostUsage host : sampled) {
            rows.add(row(host.host(), host::summary));
        }
        rows.add(row("mean", usage::cluster));
        return rows;
    }

    private static List<String> row(String host, Function<MetricKey, Optional<Metric>> summary) {
        List<String> row = new ArrayList<>(List.of(host));
        for (Column column : COLUMNS) {
            row.add(summary.apply(MetricKey.of(column.id).withLabel("stat", "mean"))
                    .map(metric -> fixed(metric.value() / column.divisor, column.decimals)).orElse("-"));
        }
        return row;
    }

    /** The host column left-aligned, figures right-aligned under their titles. */
    private static List<String> aligned(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        rows.forEach(row -> {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(row.get(0)).append(" ".repeat(widths[0] - row.get(0).length()));
            for (int i = 1; i < widths.length; i++) {
                line.append("  ").append(" ".repeat(widths[i] - row.get(i).length())).append(row.get(i));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private static String moved(ResourceUsage usage, String id) {
        DisplayUnit unit = DisplayUnit.of(id, Unit.BYTES);
        return usage.cluster(MetricKey.of(id).withLabel("stat", "total"))
                .map(metric -> fixed(unit.convert(metric.value()), 3)).orElse("-") + " " + unit.symbol();
    }

    /** Unsampled hosts have no summary, so they add nothing. */
    private static String loopback(ResourceUsage usage) {
        MetricKey key = MetricKey.of("net_sent").withLabel("interface", "lo").withLabel("stat", "total");
        double bytes = usage.hosts().stream().mapToDouble(host -> host.summary(key).map(Metric::value).orElse(0.0))
                .sum();
        DisplayUnit unit = DisplayUnit.of("net_sent", Unit.BYTES);
        return fixed(unit.convert(bytes), 3) + " " + unit.symbol();
    }

    /** What the figures are and what they cover: "means while tasks ran, sampled every 1 s". */
    public static String heading(ResourceUsage usage) {
        return "means " + (usage.coverage() == ResourceUsage.Coverage.RUN
                ? "over the whole run on every DataNode and NodeManager host" : "while tasks ran")
                + ", sampled every " + seconds(usage.interval());
    }

    /** For a whole run: when sampling began and ended, to the second, and how many hosts it reached. */
    public static Optional<String> window(ResourceUsage usage) {
        if (usage.coverage() != ResourceUsage.Coverage.RUN) {
            return Optional.empty();
        }
        Optional<Instant> first = usage.hosts().stream().flatMap(host -> host.sampleTimes().stream())
                .min(Comparator.naturalOrder());
        Optional<Instant> last = usage.hosts().stream().flatMap(host -> host.sampleTimes().stream())
                .max(Comparator.naturalOrder());
        long sampled = usage.hosts().stream().filter(host -> host.unavailableReason().isEmpty()).count();
        if (first.isEmpty()) {
            return Optional.of("No host could be sampled.");
        }
        List<String> throughDataNodes = usage.hosts().stream().filter(host -> host.unavailableReason().isEmpty()
                && host.source() == HostUsage.Source.DATANODE_METRICS).map(HostUsage::host)
                .collect(Collectors.toList());
        String how = throughDataNodes.isEmpty() ? "" : " (" + String.join(", ", throughDataNodes)
                + (throughDataNodes.size() == 1 ? " through its DataNode's metrics)" : " through their DataNodes'"
                        + " metrics)");
        return Optional.of("Sampled " + sampled + " of " + usage.hosts().size() + " hosts" + how + " from "
                + PeopleTime.format(first.get()) + " to " + PeopleTime.format(last.get()));
    }

    /**
     * {@link #window(ResourceUsage)} and, when a host was sampled, the run's start and end: "Sampled 3 of 4 hosts from
     * 2026-11-24 10:00:01 UTC to 2026-11-24 10:03:12 UTC; the run went from 2026-11-24 10:00:02 UTC to ...".
     */
    public static Optional<String> window(ResourceUsage usage, Instant runStart, Instant runEnd) {
        requireNonNull(runStart, "runStart is null");
        requireNonNull(runEnd, "runEnd is null");
        return window(usage).map(line -> line.startsWith("Sampled ") ? line + "; the run went from "
                + PeopleTime.format(runStart) + " to " + PeopleTime.format(runEnd) : line);
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static String seconds(Duration interval) {
        return BigDecimal.valueOf(interval.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }

    private static String fixed(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    private static final class Column {
        final String title;
        final String id;
        final int decimals;
        final double divisor;

        Column(String title, String id, int decimals, double divisor) {
            this.title = title;
            this.id = id;
            this.decimals = decimals;
            this.divisor = divisor;
        }

        /** A figure in the unit it reads in everywhere, which its title names: "net rx MiB/s". */
        static Column of(String name, String id, int decimals, Unit unit) {
            DisplayUnit display = DisplayUnit.of(id, unit);
            return new Column(name + " " + display.symbol(), id, decimals, display.divisor());
        }
    }
}
