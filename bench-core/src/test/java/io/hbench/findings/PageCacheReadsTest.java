package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whether a TestDFSIO read met the disks, from hand-made sampled figures whose shares are computed by hand. */
class PageCacheReadsTest {
    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");
    private static final double GIB = 1L << 30;
    private static final double READ = 8 * GIB;

    @Test
    void aReadWhoseDisksReadUnderATenthOfItsBytesCameFromThePageCache() {
        // 2.1 % of 8 GiB is 180,388,626.4 bytes, read by three hosts' disks; 32 GiB of memory each.
        ResourceUsage usage = usage(host("dn1", 60_000_000, 32 * GIB), host("dn2", 60_000_000, 32 * GIB),
                host("dn3", 60_388_626, 32 * GIB));

        assertThat(PageCacheReads.of(read("read", usage))).hasValueSatisfying(finding -> {
            assertThat(finding.kind()).isEqualTo(Finding.Kind.CACHED_READ);
            assertThat(finding.host()).isEmpty();
            assertThat(finding.toString()).isEqualTo("reading: read from the DataNodes' page cache: 2.1 % of"
                    + " 8.000 GiB came from disk; the figure is memory, not disk bandwidth; write at least 2x the"
                    + " sampled hosts' 96.000 GiB of memory for a disk figure");
        });
    }

    @Test
    void aReadWhoseDisksServedItsBytesIsADiskFigure() {
        // I/O-bound: the disks read 7.9 of the 8 GiB, more with read-ahead on some.
        ResourceUsage usage = usage(host("dn1", 2.5 * GIB, 32 * GIB), host("dn2", 2.7 * GIB, 32 * GIB),
                host("dn3", 2.7 * GIB, 32 * GIB));

        assertThat(PageCacheReads.of(read("read", usage))).isEmpty();
    }

    @Test
    void aTenthFromDiskIsAlreadyADiskFigure() {
        ResourceUsage usage = usage(host("dn1", READ / 10, 32 * GIB));

        assertThat(PageCacheReads.of(read("random read", usage))).isEmpty();
        assertThat(PageCacheReads.of(read("random read", usage(host("dn1", READ / 10 - 1, 32 * GIB)))))
                .hasValueSatisfying(finding -> assertThat(finding.text()).contains(": 10.0 % of 8.000 GiB"));
    }

    @Test
    void hostsThatShareAKernelCountItsDisksAndMemoryOnce() {
        // w1 and w2 are namespaces of one machine: each reports its 0.4 GiB read and its 64 GiB.
        ResourceUsage usage = usage(host("w1", 0.4 * GIB, 64 * GIB).sharingKernelWith(List.of("w2")),
                host("w2", 0.4 * GIB, 64 * GIB).sharingKernelWith(List.of("w1")));

        assertThat(PageCacheReads.of(read("read", usage))).hasValueSatisfying(finding -> assertThat(finding.text())
                .isEqualTo("read from the DataNodes' page cache: 5.0 % of 8.000 GiB came from disk; the figure is"
                        + " memory, not disk bandwidth; write at least 2x the sampled hosts' 64.000 GiB of memory for"
                        + " a disk figure"));
    }

    @Test
    void withoutTheHostsMemoryItSaysSoInWords() {
        HostUsage noMemory = HostUsage.sampled("dn1", List.of(), List.of(), List.of(total("disk_read", 0)));

        assertThat(PageCacheReads.of(read("read", usage(noMemory)))).hasValueSatisfying(finding ->
                assertThat(finding.text()).endsWith("; write at least 2x the sampled hosts' memory for a disk figure"));
    }

    @Test
    void judgesNothingItCannotSeeWhole() {
        ResourceUsage cached = usage(host("dn1", 0, 32 * GIB));
        ResourceUsage oneUnsampled = usage(host("dn1", 0, 32 * GIB), HostUsage.unavailable("dn2", "not Linux"));
        ResourceUsage noDiskFigure = usage(HostUsage.sampled("dn1", List.of(), List.of(), List.of()));

        assertThat(PageCacheReads.of(read("write", cached))).as("a write").isEmpty();
        assertThat(PageCacheReads.of(read("read", oneUnsampled))).as("an unsampled host's disks").isEmpty();
        assertThat(PageCacheReads.of(read("read", noDiskFigure))).as("no disk figure").isEmpty();
        assertThat(PageCacheReads.of(builder("read").build())).as("not sampled").isEmpty();
    }

    @Test
    void isAmongTheRunsFindings() {
        assertThat(Findings.of(read("read", usage(host("dn1", 0, 32 * GIB))), LinkCapacities.none()))
                .filteredOn(finding -> finding.kind() == Finding.Kind.CACHED_READ).hasSize(1);
    }

    private static BenchResult read(String operation, ResourceUsage usage) {
        return builder(operation).resources(usage).build();
    }

    private static BenchResult.Builder builder(String operation) {
        return BenchResult.builder("TestDFSIO", operation).primaryMetric("aggregate_throughput")
                .environment(Environment.builder().hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1")
                        .commandLine(List.of("TestDFSIO")).build())
                .start(START).end(START.plusSeconds(60))
                .metric("bytes", READ, Unit.BYTES, Better.NEITHER)
                .metric("aggregate_throughput", 1, Unit.BYTES_PER_SECOND, Better.HIGHER);
    }

    private static HostUsage host(String name, double diskRead, double memory) {
        List<Metric> summary = new ArrayList<>();
        summary.add(total("disk_read", diskRead));
        summary.add(Metric.of("memory_total", memory, Unit.BYTES, Better.NEITHER).withLabel("stat", "max"));
        return HostUsage.sampled(name, List.of(), List.of(), summary);
    }

    private static Metric total(String id, double bytes) {
        return Metric.of(id, bytes, Unit.BYTES, Better.NEITHER).withLabel("stat", "total");
    }

    private static ResourceUsage usage(HostUsage... hosts) {
        return new ResourceUsage(Duration.ofSeconds(1), List.of(), List.of(hosts), List.of());
    }
}
