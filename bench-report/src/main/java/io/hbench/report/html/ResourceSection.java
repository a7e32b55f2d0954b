package io.hbench.report.html;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbench.resources.ResourceField;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.ResourceSummaryFormat;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A run's "Resource utilization" in the page's data, computed here so that the page's script only draws: the table of
 * means with the columns and digits of {@link ResourceSummaryFormat}, the hosts that were not sampled and why, the
 * console's lines on hosts that share one kernel, the run's
 * phases, and three charts over time (CPU busy, network, disk) with a line per sampled host. Times are seconds since the
 * run's start; a value is at the middle of its sampling interval, since it is a rate over the whole interval.
 */
final class ResourceSection {
    // Host-wide series only: network without loopback and disks without stacked devices, as the calculator sums them.
    private static final List<Chart> CHARTS = List.of(
            new Chart("CPU busy %s", ResourceField.CPU_USER, ResourceField.CPU_SYSTEM, ResourceField.CPU_IOWAIT,
                    ResourceField.CPU_STEAL),
            new Chart("Network (%s, sent + received, loopback excluded)", ResourceField.NET_SENT,
                    ResourceField.NET_RECEIVED),
            new Chart("Disk (%s, read + written)", ResourceField.DISK_READ, ResourceField.DISK_WRITTEN));

    private ResourceSection() {}

    /** Writes the section of {@code result}, or null if the run did not sample its hosts. */
    static void write(BenchResult result, JsonGenerator json) throws IOException {
        if (result.resources().isEmpty()) {
            json.writeNull();
            return;
        }
        ResourceUsage usage = result.resources().get();
        // A host sampled through its DataNode's metrics has none of the charts' figures.
        List<HostUsage> sampled = usage.hosts().stream().filter(host -> host.unavailableReason().isEmpty()
                && host.source() == HostUsage.Source.HOST).collect(Collectors.toList());
        json.writeStartObject();
        writeHeading(json, usage);
        writeTable(json, usage);
        writeUnavailable(json, usage);
        json.writeArrayFieldStart("sharedKernels");
        for (String line : ResourceSummaryFormat.sharedKernels(usage)) {
            json.writeString(line);
        }
        json.writeEndArray();
        writePhases(json, usage.phases(), result.start());
        json.writeArrayFieldStart("charts");
        // All three or none, whatever figures the hosts lack, so that the charts of a page can be counted in advance.
        if (!sampled.isEmpty()) {
            for (Chart chart : CHARTS) {
                writeChart(json, chart, sampled, result.start());
            }
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    /** The console's heading and window, word for word. */
    private static void writeHeading(JsonGenerator json, ResourceUsage usage) throws IOException {
        String heading = ResourceSummaryFormat.heading(usage);
        json.writeStringField("heading", Character.toUpperCase(heading.charAt(0)) + heading.substring(1));
        json.writeStringField("window", ResourceSummaryFormat.window(usage).orElse(null));
    }

    /** The console's table, cell for cell: its header as columns, then a row per sampled host and the mean. */
    private static void writeTable(JsonGenerator json, ResourceUsage usage) throws IOException {
        List<List<String>> table = ResourceSummaryFormat.table(usage);
        json.writeArrayFieldStart("columns");
        for (String title : table.isEmpty() ? List.<String>of() : table.get(0)) {
            json.writeString(title);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("rows");
        for (List<String> row : table.subList(Math.min(1, table.size()), table.size())) {
            json.writeStartArray();
            for (String cell : row) {
                json.writeString(cell);
            }
            json.writeEndArray();
        }
        json.writeEndArray();
    }

    private static void writeUnavailable(JsonGenerator json, ResourceUsage usage) throws IOException {
        json.writeArrayFieldStart("unavailable");
        for (HostUsage host : usage.hosts()) {
            if (host.unavailableReason().isPresent()) {
                json.writeStartObject();
                json.writeStringField("host", host.host());
                json.writeStringField("reason", host.unavailableReason().get());
                json.writeEndObject();
            }
        }
        json.writeEndArray();
    }

    private static void writePhases(JsonGenerator json, List<Phase> phases, Instant start) throws IOException {
        json.writeArrayFieldStart("phases");
        for (Phase phase : phases) {
            json.writeStartObject();
            json.writeStringField("name", phase.name());
            json.writeNumberField("start", seconds(start, phase.start()));
            json.writeNumberField("end", seconds(start, phase.end()));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeChart(JsonGenerator json, Chart chart, List<HostUsage> hosts, Instant start)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("title", chart.title);
        json.writeStringField("unit", chart.unit);
        json.writeArrayFieldStart("lines");
        for (HostUsage host : hosts) {
            json.writeStartObject();
            json.writeStringField("host", host.host());
            json.writeArrayFieldStart("seconds");
            for (int i = 1; i < host.sampleTimes().size(); i++) {
                Instant from = host.sampleTimes().get(i - 1);
                Duration half = Duration.between(from, host.sampleTimes().get(i)).dividedBy(2);
                json.writeNumber(seconds(start, from.plus(half)));
            }
            json.writeEndArray();
            json.writeArrayFieldStart("values");
            for (Double value : chart.values(host)) {
                // Null, not zero: the page draws a gap where the host has no value.
                if (value == null) {
                    json.writeNull();
                } else {
                    json.writeNumber(value);
                }
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static double seconds(Instant start, Instant time) {
        return Duration.between(start, time).toMillis() / 1000.0;
    }

    /** A line per host: the sum of host-wide series of one unit, in the unit those figures read in everywhere. */
    private static final class Chart {
        final String title;
        final String unit;
        final double divisor;
        final List<ResourceField> fields;

        /** @param title the title, {@code %s} where it names the unit */
        Chart(String title, ResourceField... fields) {
            DisplayUnit display = DisplayUnit.of(fields[0].id(), fields[0].unit());
            this.title = String.format(Locale.ROOT, title, display.symbol());
            this.unit = display.symbol();
            this.divisor = display.divisor();
            this.fields = List.of(fields);
        }

        /** One per interval; null where any of the summed series has no value, or the host lacks one altogether. */
        List<Double> values(HostUsage host) {
            int intervals = Math.max(0, host.sampleTimes().size() - 1);
            List<List<Double>> parts = new ArrayList<>();
            for (ResourceField field : fields) {
                Optional<ResourceSeries> series = host.series(field.key());
                if (series.isEmpty()) {
                    return Collections.nCopies(intervals, null);
                }
                parts.add(series.get().values());
            }
            List<Double> sums = new ArrayList<>(intervals);
            for (int i = 0; i < intervals; i++) {
                sums.add(sum(parts, i));
            }
            return sums;
        }

        private Double sum(List<List<Double>> parts, int interval) {
            double sum = 0;
            for (List<Double> part : parts) {
                Double value = part.get(interval);
                if (value == null) {
                    return null;
                }
                sum += value;
            }
            return sum / divisor;
        }
    }
}
