package io.hbench.findings;

import io.hbench.resources.ResourceField;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a TestDFSIO read met the DataNodes' disks or only their page cache: the sampled machines' disks read less
 * than {@value #DISK_SHARE_PERCENT} % of the bytes the read did. A cluster with more memory than data serves a read
 * right after the write from memory, and its figure is then memory's, not disk bandwidth. Judged only where every
 * listed host was sampled through its own counters: an unsampled host's disks may have served the rest, and a host
 * sampled through its DataNode's metrics says what it served, not what its disks read. Each machine counts once (hosts that
 * share a kernel share its disks and memory); the disks' bytes are over each host's sampled window, which holds the
 * read and perhaps a little else, so other reads only make the finding less likely, never more.
 */
final class PageCacheReads {
    static final int DISK_SHARE_PERCENT = 10;
    /** How many times the machines' memory a write should exceed for its read to meet the disks. */
    static final int MEMORY_MULTIPLE = 2;
    private static final MetricKey DISK_READ = MetricKey.of(ResourceField.DISK_READ.id())
            .withLabel(ResourceField.STAT, "total");
    private static final MetricKey MEMORY = MetricKey.of(ResourceField.MEMORY_TOTAL).withLabel(ResourceField.STAT, "max");
    private static final DisplayUnit SIZE = DisplayUnit.of(ResourceField.DISK_READ.id(), Unit.BYTES);

    private PageCacheReads() {
    }

    /** The finding of a TestDFSIO read whose bytes came from memory; empty for any other result or read. */
    static Optional<Finding> of(BenchResult result) {
        if (!result.benchmark().equals("TestDFSIO") || !result.operation().endsWith("read")
                || result.resources().isEmpty()) {
            return Optional.empty();
        }
        ResourceUsage usage = result.resources().get();
        Optional<Metric> bytes = result.metric("bytes").filter(metric -> metric.value() > 0);
        if (bytes.isEmpty() || usage.hosts().isEmpty()
                || usage.hosts().stream().anyMatch(host -> host.unavailableReason().isPresent()
                        || host.source() == HostUsage.Source.DATANODE_METRICS)) {
            return Optional.empty();
        }
        List<Machine> machines = Machine.of(usage);
        double diskRead = 0;
        double memory = 0;
        boolean memoryKnown = true;
        for (Machine machine : machines) {
            OptionalDouble read = machine.max(host -> host.summary(DISK_READ).map(Metric::value));
            if (read.isEmpty()) {
                return Optional.empty();
            }
            diskRead += read.getAsDouble();
            OptionalDouble size = machine.max(host -> host.summary(MEMORY).map(Metric::value));
            memoryKnown &= size.isPresent();
            memory += size.orElse(0);
        }
        double share = diskRead / bytes.get().value() * 100;
        if (share >= DISK_SHARE_PERCENT) {
            return Optional.empty();
        }
        String advice = memoryKnown
                ? "write at least " + MEMORY_MULTIPLE + "x the sampled hosts' " + SIZE.text(memory) + " of memory"
                : "write at least " + MEMORY_MULTIPLE + "x the sampled hosts' memory";
        return Optional.of(new Finding(Finding.Kind.CACHED_READ, Optional.empty(), "page cache",
                "read from the DataNodes' page cache: " + DisplayUnit.fixed(share, 1)
                        + " % of " + SIZE.text(bytes.get().value()) + " came from disk; the figure is memory, not"
                        + " disk bandwidth; " + advice + " for a disk figure"));
    }
}
