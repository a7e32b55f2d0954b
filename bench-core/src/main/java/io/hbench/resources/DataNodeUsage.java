package io.hbench.resources;

import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A DataNode host's figures from its DataNode's metrics ({@link DataNodeSnapshot}s): the bytes it served and took per
 * second, the mean acknowledgement round trip, and each volume's mean read and write time with their mean over all
 * volumes. These are the DataNode's figures, not the host's: nothing of its CPU, memory, disks or network.
 * <p>
 * Bytes per second come from the counters' increase over each interval. A mean time is the one the DataNode's last
 * metrics period gave, weighted by the operations the interval added, so that over the run it is a mean per operation;
 * an interval that added none has no value. A counter that went back (a restarted DataNode) leaves its interval
 * without a value, and snapshots further apart than {@value UsageCalculator#GAP_INTERVALS} intervals are a gap.
 */
final class DataNodeUsage {
    private DataNodeUsage() {
    }

    /** The host's figures from its DataNode's snapshots in the order taken; unavailable if fewer than two. */
    static HostUsage of(String host, List<DataNodeSnapshot> snapshots, Duration interval) {
        if (snapshots.size() < 2) {
            return HostUsage.unavailable(host, "its DataNode's metrics were read fewer than twice");
        }
        Map<MetricKey, UsageCalculator.Accumulator> figures = new HashMap<>();
        List<Instant> times = UsageCalculator.eachInterval(snapshots, DataNodeSnapshot::time, interval,
                (previous, current, seconds, index) -> interval(previous, current, seconds, index, figures));
        List<ResourceSeries> series = new ArrayList<>();
        List<Metric> summary = new ArrayList<>();
        UsageCalculator.seriesAndSummary(figures, snapshots.size() - 1, series, summary);
        return HostUsage.sampledThroughDataNode(host, times, series, summary);
    }

    private static void interval(DataNodeSnapshot previous, DataNodeSnapshot current, double seconds, int index,
            Map<MetricKey, UsageCalculator.Accumulator> figures) {
        UsageCalculator.rate(figures, ResourceField.DATANODE_READ, ResourceField.DATANODE_READ.key(), index, seconds,
                increase(previous.bytesRead(), current.bytesRead()));
        UsageCalculator.rate(figures, ResourceField.DATANODE_WRITTEN, ResourceField.DATANODE_WRITTEN.key(), index,
                seconds, increase(previous.bytesWritten(), current.bytesWritten()));
        if (previous.ackRoundTrip().isPresent() && current.ackRoundTrip().isPresent()) {
            mean(figures, ResourceField.DATANODE_ACK_RTT.key(), ResourceField.DATANODE_ACK_RTT, index, seconds,
                    previous.ackRoundTrip().get(), current.ackRoundTrip().get());
        }
        volumes(ResourceField.VOLUME_READ_LATENCY, previous.volumeReads(), current.volumeReads(), seconds, index,
                figures);
        volumes(ResourceField.VOLUME_WRITE_LATENCY, previous.volumeWrites(), current.volumeWrites(), seconds, index,
                figures);
    }

    /** Each volume's mean time, and over all volumes their means weighted by the operations each added. */
    private static void volumes(ResourceField field, Map<String, DataNodeSnapshot.Rate> before,
            Map<String, DataNodeSnapshot.Rate> after, double seconds, int index,
            Map<MetricKey, UsageCalculator.Accumulator> figures) {
        long operations = 0;
        double time = 0;
        for (Map.Entry<String, DataNodeSnapshot.Rate> volume : after.entrySet()) {
            DataNodeSnapshot.Rate previous = before.get(volume.getKey());
            if (previous == null) {
                continue;
            }
            long added = mean(figures, field.key().withLabel(ResourceField.VOLUME, volume.getKey()), field, index,
                    seconds, previous, volume.getValue());
            operations += added;
            time += added * volume.getValue().meanSeconds;
        }
        if (operations > 0) {
            UsageCalculator.add(figures, field, field.key(), index, time / operations, operations, seconds);
        }
    }

    /** Adds the rate's mean if the interval added operations; returns how many it added (0 if none, or a reset). */
    private static long mean(Map<MetricKey, UsageCalculator.Accumulator> figures, MetricKey key, ResourceField field,
            int index, double seconds, DataNodeSnapshot.Rate before, DataNodeSnapshot.Rate after) {
        long added = increase(before.operations, after.operations);
        if (added <= 0) {
            return 0;
        }
        UsageCalculator.add(figures, field, key, index, after.meanSeconds, added, seconds);
        return added;
    }

    /** A 64-bit counter's increase; {@link UsageCalculator#NO_DELTA} if absent or it went back. */
    private static long increase(long before, long after) {
        return before == CounterSnapshot.ABSENT || after == CounterSnapshot.ABSENT || after < before
                ? UsageCalculator.NO_DELTA : after - before;
    }
}
