package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every expected figure is worked out by hand from the captured files; the comments show how. */
class UsageCalculatorTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void cpuSharesFollowVmstatAndADipInIowaitCountsAsNone() throws IOException {
        HostUsage host = captured();

        // Ticks: user +300, nice +20, system +100, idle +1200, iowait -20 (a dip: 0), irq +10, softirq +20, steal +10;
        // guest +20 is inside user already. Total 1660.
        assertThat(mean(host, "cpu_user")).isCloseTo(100.0 * 320 / 1660, within(1e-9));
        assertThat(mean(host, "cpu_system")).isCloseTo(100.0 * 130 / 1660, within(1e-9));
        assertThat(mean(host, "cpu_iowait")).isEqualTo(0);
        assertThat(mean(host, "cpu_steal")).isCloseTo(100.0 * 10 / 1660, within(1e-9));
        assertThat(mean(host, "cpu_idle")).isCloseTo(100.0 * 1200 / 1660, within(1e-9));
        // ctxt 500000 -> 520000 in 2 s
        assertThat(mean(host, "context_switches")).isEqualTo(10_000);
    }

    @Test
    void memoryIsTheShareNotAvailableItsSizeTheHostsAndSwappingIsPagesPerSecond() throws IOException {
        HostUsage host = captured();

        // (16,000,000 - 10,000,000) / 16,000,000
        assertThat(mean(host, "memory_used")).isEqualTo(37.5);
        // MemTotal 16,000,000 KiB, a size: the summary's only, no series.
        assertThat(summary(host, "memory_total", "max")).isEqualTo(16_000_000 * 1024.0);
        assertThat(host.series(MetricKey.of("memory_total"))).isEmpty();
        // pswpin 100 -> 140 in 2 s
        assertThat(mean(host, "swap_in")).isEqualTo(20);
        assertThat(mean(host, "swap_out")).isEqualTo(0);
    }

    @Test
    void networkTotalsLeaveOutLoopbackAndReadA32BitWrap() throws IOException {
        HostUsage host = captured();

        // eth0 rx bytes 4,294,967,000 -> 704: wrapped at 2^32, so 296 + 704 = 1000 bytes in 2 s
        assertThat(mean(host, "net_received", "interface", "eth0")).isEqualTo(500);
        // eth0 tx bytes 5,000,000,000 -> 5,002,000,000 (a 64-bit counter past 2^32)
        assertThat(mean(host, "net_sent", "interface", "eth0")).isEqualTo(1_000_000);
        assertThat(mean(host, "net_packets_sent", "interface", "eth0")).isEqualTo(500);
        // lo 1,000,000 -> 3,000,000 both ways, reported apart
        assertThat(mean(host, "net_sent", "interface", "lo")).isEqualTo(1_000_000);
        assertThat(mean(host, "net_received")).isEqualTo(500);
        assertThat(mean(host, "net_sent")).isEqualTo(1_000_000);
        assertThat(total(host, "net_sent")).isEqualTo(2_000_000);
        // eth1 appeared between the snapshots: no full interval yet
        assertThat(host.series(MetricKey.of("net_sent").withLabel("interface", "eth1"))).isEmpty();
    }

    @Test
    void diskTotalsAddWholeDisksButNotTheDeviceMapperOnTopOfThem() throws IOException {
        HostUsage host = captured();

        // sda: +2048 sectors read (1 MiB), +8192 written (4 MiB), +100 reads, +300 writes, +300 + 500 ms
        assertThat(mean(host, "disk_read", "device", "sda")).isEqualTo(524_288);
        assertThat(mean(host, "disk_written", "device", "sda")).isEqualTo(2_097_152);
        assertThat(mean(host, "disk_reads", "device", "sda")).isEqualTo(50);
        assertThat(mean(host, "disk_writes", "device", "sda")).isEqualTo(150);
        assertThat(mean(host, "disk_latency", "device", "sda")).isCloseTo(0.002, within(1e-12));
        // nvme0n1: +2048 sectors written, +100 writes, +100 ms; dm-0 repeats sda and is left out of the totals
        assertThat(mean(host, "disk_read")).isEqualTo(524_288);
        assertThat(mean(host, "disk_written")).isEqualTo(2_621_440);
        assertThat(mean(host, "disk_writes")).isEqualTo(200);
        // (300 + 500 + 100) ms over 100 + 300 + 100 requests
        assertThat(mean(host, "disk_latency")).isCloseTo(0.0018, within(1e-12));
        // Busy: sda had requests in flight 400 of the 2,000 ms, nvme0n1 100; host-wide, the busiest disk's share.
        assertThat(mean(host, "disk_busy", "device", "sda")).isEqualTo(20);
        assertThat(mean(host, "disk_busy", "device", "nvme0n1")).isEqualTo(5);
        assertThat(mean(host, "disk_busy")).isEqualTo(20);
        assertThat(mean(host, "disk_written", "device", "dm-0")).isEqualTo(2_097_152);
        // mmcblk0 did nothing: no series of its own
        assertThat(host.series(MetricKey.of("disk_read").withLabel("device", "mmcblk0"))).isEmpty();
    }

    @Test
    void snapshotsOfTwoSamplersOnOneHostCountOnce() throws IOException {
        CounterSnapshot before = CapturedProc.before().read(T0);
        CounterSnapshot after = CapturedProc.after().read(T0.plusSeconds(2));
        HostSamples first = HostSamples.of("dn1", List.of(before, after), 0);
        HostSamples second = HostSamples.of("dn1", List.of(CapturedProc.before().read(T0.plusMillis(10)),
                CapturedProc.after().read(T0.plusMillis(2010))), 0);

        HostUsage host = UsageCalculator.usage(List.of(first, second), List.of(), SECOND, List.of()).hosts().get(0);

        assertThat(host.sampleTimes()).as("the last snapshot replaces its close neighbour")
                .containsExactly(T0, T0.plusMillis(2010));
        assertThat(total(host, "net_sent")).isEqualTo(2_000_000);
    }

    @Test
    void aCounterResetAbove32BitsLeavesTheIntervalWithoutAValue() {
        HostUsage host = usage(
                snapshot(0, Map.of("eth0", 5_000_000_000L)),
                snapshot(1, Map.of("eth0", 100L)),
                snapshot(2, Map.of("eth0", 1_100L)));

        assertThat(values(host, "net_sent", "interface", "eth0")).containsExactly(null, 1000.0);
        assertThat(mean(host, "net_sent", "interface", "eth0")).isEqualTo(1000);
    }

    @Test
    void anInterfaceAppearingMidRunHasValuesFromItsFirstFullInterval() {
        HostUsage host = usage(
                snapshot(0, Map.of("eth0", 0L)),
                snapshot(1, Map.of("eth0", 10L, "eth1", 500L)),
                snapshot(2, Map.of("eth0", 20L, "eth1", 800L)));

        assertThat(values(host, "net_sent", "interface", "eth1")).containsExactly(null, 300.0);
        assertThat(values(host, "net_sent")).containsExactly(10.0, 310.0);
    }

    @Test
    void snapshotsFarApartAreAGapNotAnAverage() {
        HostUsage host = usage(
                snapshot(0, Map.of("eth0", 0L)),
                snapshot(1, Map.of("eth0", 100L)),
                snapshot(60, Map.of("eth0", 1_000_000L)),
                snapshot(61, Map.of("eth0", 1_000_100L)));

        assertThat(values(host, "net_sent")).containsExactly(100.0, null, 100.0);
        assertThat(total(host, "net_sent")).isEqualTo(200);
    }

    @Test
    void aTaskHostWithoutSamplesAndAnUnsampleableHostAreRecordedAsUnavailable() {
        ResourceUsage usage = UsageCalculator.usage(List.of(HostSamples.unavailable("mac1", "no /proc")),
                List.of("dn9", "mac1"), SECOND, List.of());

        assertThat(usage.host("dn9").orElseThrow().unavailableReason()).hasValue("no samples arrived from this host");
        assertThat(usage.host("mac1").orElseThrow().unavailableReason()).hasValue("no /proc");
        assertThat(usage.cluster()).isEmpty();
    }

    @Test
    void aHostWhoseLockHolderHandedNothingOverIsNamedForThatNotForShortTasks() {
        // w2's task ran 26 s; the process that held w2's lock (an attempt killed since) handed nothing over, so this
        // one, locked out for 25 intervals, took only the final snapshot.
        HostSamples lockedOut = HostSamples.of("w2", Optional.empty(), List.of(snapshot(26, Map.of())), 0, 25);

        ResourceUsage usage = UsageCalculator.usage(List.of(lockedOut), List.of("w2"), SECOND, List.of());

        assertThat(usage.host("w2").orElseThrow().unavailableReason()).hasValue("another process on this host held"
                + " its sampling lock for 25 intervals and handed no samples over (a task attempt killed, or one"
                + " that could not write them)");
    }

    @Test
    void hostsReportingOneKernelAreNamedAsSharingItAndItsMachineFiguresCountOnceInTheCluster() {
        // w1 and w2 are network namespaces of one machine: the same disk counters, their own interfaces. w3 is a
        // machine of its own. In 1 s, machine a wrote 2048 sectors (1 MiB), machine b 4096 (2 MiB).
        HostSamples w1 = HostSamples.of("w1", Optional.of("boot-a"),
                List.of(machine(0, 0, 0), machine(1, 100, 2048)), 0, 0);
        HostSamples w2 = HostSamples.of("w2", Optional.of("boot-a"),
                List.of(machine(0, 0, 0), machine(1, 300, 2048)), 0, 0);
        HostSamples w3 = HostSamples.of("w3", Optional.of("boot-b"),
                List.of(machine(0, 0, 0), machine(1, 500, 4096)), 0, 0);

        ResourceUsage usage = UsageCalculator.usage(List.of(w1, w2, w3), List.of(), SECOND, List.of());

        assertThat(usage.host("w1").orElseThrow().sharesKernelWith()).containsExactly("w2");
        assertThat(usage.host("w2").orElseThrow().sharesKernelWith()).containsExactly("w1");
        assertThat(usage.host("w3").orElseThrow().sharesKernelWith()).isEmpty();
        assertThat(usage.cluster(stat("disk_written", "total")).orElseThrow().value()).isEqualTo(3 << 20);
        assertThat(usage.cluster(stat("disk_written", "mean")).orElseThrow().value()).isEqualTo(1.5 * (1 << 20));
        assertThat(usage.cluster(stat("net_sent", "total")).orElseThrow().value()).as("each host's own interfaces")
                .isEqualTo(900);
    }

    @Test
    void theClusterAveragesMeansTakesTheLargestMaximumAndAddsTotals() {
        HostSamples dn1 = HostSamples.of("dn1", List.of(snapshot(0, Map.of("eth0", 0L)),
                snapshot(1, Map.of("eth0", 100L)), snapshot(2, Map.of("eth0", 400L))), 0);
        HostSamples dn2 = HostSamples.of("dn2", List.of(snapshot(0, Map.of("eth0", 0L)),
                snapshot(1, Map.of("eth0", 100L))), 0);
        Phase phase = new Phase("write", T0, T0.plusSeconds(2));

        ResourceUsage usage = UsageCalculator.usage(List.of(dn2, dn1), List.of(), SECOND, List.of(phase));

        assertThat(usage.hosts()).extracting(HostUsage::host).containsExactly("dn1", "dn2");
        // dn1: 100 and 300 B/s, mean 200; dn2: 100 B/s
        assertThat(usage.cluster(stat("net_sent", "mean")).orElseThrow().value()).isEqualTo(150);
        assertThat(usage.cluster(stat("net_sent", "max")).orElseThrow().value()).isEqualTo(300);
        assertThat(usage.cluster(stat("net_sent", "total")).orElseThrow().value()).isEqualTo(500);
        assertThat(usage.phases()).containsExactly(phase);
    }

    @Test
    void theSamplersCpuTimeIsItsShareOfOneCoreOverTheSampledTime() {
        HostSamples samples = HostSamples.of("dn1", List.of(snapshot(0, Map.of()), snapshot(10, Map.of())),
                5_000_000);

        HostUsage host = UsageCalculator.usage(List.of(samples), List.of(), Duration.ofSeconds(10), List.of()).hosts()
                .get(0);

        // 5 ms in 10 s
        assertThat(host.summary(stat("sampler_cpu", "mean")).orElseThrow().value()).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void aHostsLinkIsTheNicThatCarriedItsTrafficNotAnIdleOneNorAVirtualOne() {
        List<InterfaceLink> links = List.of(nic("eth0", 1000), nic("eth1", 10_000),
                new InterfaceLink("docker0", InterfaceLink.Kind.VIRTUAL, InterfaceLink.UNKNOWN, List.of()));

        // eth1 moved nothing; docker0's traffic that left the host went through eth0 too.
        assertThat(UsageCalculator.link(links, Map.of("eth0", 5e6, "docker0", 1e6))).isEqualTo(
                new HostLink(Optional.of(1000 * 1e6 / 8), List.of("eth0"), "eth0's speed"));
    }

    @Test
    void aBondOfTwo10GbitNicsCarries20GbitAndSeveralLinksAddUp() {
        InterfaceLink bond = new InterfaceLink("bond0", InterfaceLink.Kind.BOND, 20_000, List.of("eth1", "eth2"));

        // The slaves' traffic is the bond's: it counts once, as the bond's.
        assertThat(UsageCalculator.link(List.of(bond), Map.of("bond0", 1e9, "eth1", 5e8, "eth2", 5e8))).isEqualTo(
                new HostLink(Optional.of(2.5e9), List.of("bond0"), "the sum of the speeds of bond0's slaves eth1,"
                        + " eth2"));
        assertThat(UsageCalculator.link(List.of(bond, nic("eth0", 1000)), Map.of("bond0", 1e9, "eth0", 1.0)))
                .isEqualTo(new HostLink(Optional.of(2.625e9), List.of("bond0", "eth0"),
                        "the sum of the speeds of bond0's slaves eth1, eth2; eth0"));
    }

    @Test
    void aLinkIsUnknownWhereOnlyVirtualInterfacesCarriedTrafficOrANicStatesNoSpeed() {
        InterfaceLink veth = new InterfaceLink("veth0", InterfaceLink.Kind.VIRTUAL, InterfaceLink.UNKNOWN, List.of());

        assertThat(UsageCalculator.link(List.of(veth), Map.of("veth0", 2.4e6))).isEqualTo(new HostLink(
                Optional.empty(), List.of("veth0"),
                "only virtual interfaces carried its traffic (veth0), whose speed is no link's"));
        assertThat(UsageCalculator.link(List.of(nic("ens3", InterfaceLink.UNKNOWN)), Map.of("ens3", 1.0)))
                .isEqualTo(new HostLink(Optional.empty(), List.of("ens3"),
                        "ens3 carried traffic and does not state its speed"));
        assertThat(UsageCalculator.link(List.of(nic("eth0", 1000)), Map.of("eth0", 1.0, "eth9", 1.0)))
                .as("a /sys of another namespace").isEqualTo(new HostLink(Optional.empty(), List.of("eth9"),
                        "eth9 carried traffic and /sys/class/net does not list it"));
    }

    @Test
    void theSamplersLinksGoWithTheHostsFigures() {
        HostSamples samples = HostSamples.of("w2", List.of(snapshot(0, Map.of("eth0", 0L)),
                snapshot(1, Map.of("eth0", 2_400_000L))), 0).withInterfaceLinks(List.of(nic("eth0", 20)));

        HostUsage host = UsageCalculator.usage(List.of(samples), List.of(), SECOND, List.of()).hosts().get(0);

        assertThat(host.link()).hasValue(new HostLink(Optional.of(2.5e6), List.of("eth0"), "eth0's speed"));
        assertThat(usage(snapshot(0, Map.of()), snapshot(1, Map.of())).link()).as("no NIC read").isEmpty();
    }

    @Test
    void hbenchsOwnCpuIsItsShareOfAllCpusBetweenSnapshotsOfOneSamplersCount() {
        // Each interval has 200 ticks of all CPUs (half busy); hbench's processes used 62, then 20 ticks: 31 %, 10 %.
        // The third snapshot is another sampler's count, which says nothing of the second's.
        HostSamples samples = HostSamples.of("w1", List.of(snapshot(0, Map.of()).withOwnCpu(7, 0),
                snapshot(1, Map.of()).withOwnCpu(7, 62), snapshot(2, Map.of()).withOwnCpu(7, 82),
                snapshot(3, Map.of()).withOwnCpu(8, 5)), 0);

        HostUsage host = UsageCalculator.usage(List.of(samples), List.of(), SECOND, List.of()).hosts().get(0);

        assertThat(values(host, "cpu_hbench")).containsExactly(31.0, 10.0, null);
        assertThat(mean(host, "cpu_hbench")).isEqualTo(20.5);
        assertThat(usage(snapshot(0, Map.of()), snapshot(1, Map.of())).series(MetricKey.of("cpu_hbench")))
                .as("not counted").isEmpty();
    }

    private static InterfaceLink nic(String name, long megabits) {
        return new InterfaceLink(name, InterfaceLink.Kind.NIC, megabits, List.of());
    }

    @Test
    void unsigned32BitWrapAndResetRules() {
        assertThat(UsageCalculator.delta(10, 15)).isEqualTo(5);
        assertThat(UsageCalculator.delta(0xFFFF_FFF0L, 0x10)).isEqualTo(0x20);
        assertThat(UsageCalculator.delta(1L << 40, 5)).isEqualTo(-1);
        assertThat(UsageCalculator.delta(-2, 1)).as("past 2^63, read unsigned").isEqualTo(-1);
        assertThat(UsageCalculator.delta(-3, -2)).isEqualTo(1);
        assertThat(UsageCalculator.delta(CounterSnapshot.ABSENT, 5)).isEqualTo(-1);
    }

    private static HostUsage captured() throws IOException {
        HostSamples samples = HostSamples.of("dn1", List.of(CapturedProc.before().read(CapturedProc.BEFORE_TIME),
                CapturedProc.after().read(CapturedProc.AFTER_TIME)), 0);
        return UsageCalculator.usage(List.of(samples), List.of("dn1"), SECOND, List.of()).hosts().get(0);
    }

    /** Snapshot at {@code T0 + seconds} whose CPU is half busy and whose interfaces have sent these bytes. */
    private static CounterSnapshot snapshot(int seconds, Map<String, Long> bytesSent) {
        Map<String, CounterSnapshot.Interface> interfaces = new java.util.TreeMap<>();
        bytesSent.forEach((name, bytes) -> interfaces.put(name, new CounterSnapshot.Interface(0, 0, bytes, 0)));
        CounterSnapshot.Cpu cpu = new CounterSnapshot.Cpu(100L * seconds, 0, 0, 100L * seconds, 0, 0, 0, 0, 0);
        return new CounterSnapshot(T0.plusSeconds(seconds), cpu, 1000, 500, 0, 0, interfaces, Map.of());
    }

    /** Snapshot at {@code T0 + seconds} of a host that has sent these bytes on eth0 and written these sectors on sda. */
    private static CounterSnapshot machine(int seconds, long bytesSent, long sectorsWritten) {
        CounterSnapshot.Cpu cpu = new CounterSnapshot.Cpu(100L * seconds, 0, 0, 100L * seconds, 0, 0, 0, 0, 0);
        return new CounterSnapshot(T0.plusSeconds(seconds), cpu, 1000, 500, 0, 0,
                Map.of("eth0", new CounterSnapshot.Interface(0, 0, bytesSent, 0)),
                Map.of("sda", new CounterSnapshot.Disk(false, 0, 0, 0, sectorsWritten / 8, sectorsWritten, 0, -1)));
    }

    private static HostUsage usage(CounterSnapshot... snapshots) {
        return UsageCalculator.usage(List.of(HostSamples.of("dn1", Arrays.asList(snapshots), 0)), List.of(), SECOND,
                List.of()).hosts().get(0);
    }

    private static MetricKey stat(String id, String stat) {
        return MetricKey.of(id).withLabel("stat", stat);
    }

    private static double mean(HostUsage host, String id, String... label) {
        return summary(host, id, "mean", label);
    }

    private static double total(HostUsage host, String id, String... label) {
        return summary(host, id, "total", label);
    }

    private static double summary(HostUsage host, String id, String stat, String... label) {
        MetricKey key = stat(id, stat);
        if (label.length == 2) {
            key = key.withLabel(label[0], label[1]);
        }
        MetricKey wanted = key;
        return host.summary(wanted).orElseThrow(() -> new AssertionError("no " + wanted + " in " + host.summary()))
                .value();
    }

    private static List<Double> values(HostUsage host, String id, String... label) {
        MetricKey key = label.length == 2 ? MetricKey.of(id).withLabel(label[0], label[1]) : MetricKey.of(id);
        return host.series(key).orElseThrow().values();
    }
}
