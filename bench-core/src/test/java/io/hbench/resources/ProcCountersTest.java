package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcCountersTest {
    @Test
    void readsCpuTicksAndContextSwitchesFromTheFirstLineOfStat() throws IOException {
        CounterSnapshot snapshot = CapturedProc.before().read(CapturedProc.BEFORE_TIME);

        assertThat(snapshot.time()).isEqualTo(CapturedProc.BEFORE_TIME);
        assertThat(snapshot.cpu()).isEqualTo(new CounterSnapshot.Cpu(1000, 100, 500, 8000, 200, 50, 50, 100, 500000));
    }

    @Test
    void readsMemoryAndSwapping() throws IOException {
        CounterSnapshot snapshot = CapturedProc.before().read(CapturedProc.BEFORE_TIME);

        assertThat(snapshot.memoryTotalKib()).isEqualTo(16_000_000);
        assertThat(snapshot.memoryAvailableKib()).isEqualTo(12_000_000);
        assertThat(snapshot.pagesSwappedIn()).isEqualTo(100);
        assertThat(snapshot.pagesSwappedOut()).isEqualTo(50);
    }

    @Test
    void estimatesAvailableMemoryAsFreePlusBuffersPlusCachedBeforeLinux314() throws IOException {
        CounterSnapshot snapshot = ProcCounters.parse(Instant.EPOCH, "cpu 1 2 3 4\n",
                "MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 20 kB\nCached: 300 kB\n", null, null, null);

        assertThat(snapshot.memoryAvailableKib()).isEqualTo(420);
        assertThat(snapshot.pagesSwappedIn()).isEqualTo(CounterSnapshot.ABSENT);
        assertThat(snapshot.cpu().contextSwitches).isEqualTo(CounterSnapshot.ABSENT);
    }

    @Test
    void readsEveryInterfaceWithLoopback() throws IOException {
        CounterSnapshot snapshot = CapturedProc.after().read(CapturedProc.AFTER_TIME);

        assertThat(snapshot.interfaces()).containsOnlyKeys("lo", "eth0", "eth1");
        assertThat(snapshot.interfaces().get("eth0"))
                .isEqualTo(new CounterSnapshot.Interface(704, 20, 5_002_000_000L, 1100));
    }

    @Test
    void keepsWholeDisksAndLeavesOutPartitionsLoopAndOpticalDevices() throws IOException {
        CounterSnapshot snapshot = CapturedProc.before().read(CapturedProc.BEFORE_TIME);

        assertThat(snapshot.disks()).containsOnlyKeys("sda", "nvme0n1", "mmcblk0", "dm-0");
        assertThat(snapshot.disks().get("sda")).isEqualTo(new CounterSnapshot.Disk(false, 4000, 80000, 2000, 1000, 16000,
                3000, 1500));
        assertThat(snapshot.disks().get("dm-0").stacked).as("device mapper is stacked on sda").isTrue();
        assertThat(snapshot.disks().get("nvme0n1").stacked).isFalse();
    }

    @Test
    void aHostWithoutProcStatIsUnavailableWithTheReason(@TempDir Path empty) {
        assertThat(new ProcCounters(empty).unavailableReason()).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("no CPU counters in " + empty.resolve("stat") + " (NoSuchFileException"));
        assertThat(CapturedProc.before().unavailableReason()).isEmpty();
    }

    @Test
    void aStatWithoutCpuLineIsRefused() {
        assertThatThrownBy(() -> ProcCounters.parse(Instant.EPOCH, "ctxt 5\n", null, null, null, null))
                .isInstanceOf(IOException.class)
                .hasMessage("no \"cpu\" line");
    }

    @Test
    void readsTheKernelsBootIdWhichNamesTheKernelHostsShare(@TempDir Path empty) {
        assertThat(CapturedProc.before().bootId()).hasValue("6f1c2b0e-3d4a-4c5b-9e8f-0a1b2c3d4e5f");
        assertThat(new ProcCounters(empty).bootId()).as("an older or stranger kernel").isEmpty();
    }

    @Test
    void snapshotsSurviveTheTripFromTaskToClient() throws IOException {
        CounterSnapshot snapshot = CapturedProc.after().read(CapturedProc.AFTER_TIME);
        HostSamples samples = HostSamples.of("dn1", CapturedProc.after().bootId(), java.util.List.of(snapshot), 1234,
                7);

        HostSamples read = HostSamples.fromBytes(samples.toBytes());

        assertThat(read.host()).isEqualTo("dn1");
        assertThat(read.snapshots()).containsExactly(snapshot);
        assertThat(read.samplerCpuNanos()).isEqualTo(1234);
        assertThat(read.bootId()).hasValue("6f1c2b0e-3d4a-4c5b-9e8f-0a1b2c3d4e5f");
        assertThat(read.lockedOutIntervals()).isEqualTo(7);
        assertThat(HostSamples.fromBytes(HostSamples.unavailable("mac", "no /proc").toBytes()).unavailableReason())
                .hasValue("no /proc");
    }

    @Test
    void aNicStatesItsSpeedABondTheSumOfItsSlavesAndAVirtualInterfaceNone(@TempDir Path sys) throws IOException {
        Path net = sys.resolve("class/net");
        nic(net, "eth0", "1000");
        nic(net, "eth1", "10000");
        nic(net, "eth2", "10000");
        write(net.resolve("bond0/bonding/slaves"), "eth1 eth2\n");
        write(net.resolve("bond0/speed"), "20000\n");
        write(net.resolve("veth0/speed"), "10000\n");
        write(net.resolve("br0/speed"), "-1\n");
        write(net.resolve("lo/speed"), "");
        nic(net, "eth3", "-1");
        nic(net, "eth4", "4294967295");

        List<InterfaceLink> links = new ProcCounters(CapturedProc.root("before"), net).interfaceLinks();

        // eth1 and eth2 stand only as bond0's; lo is no link; veth0's 10000 is no link's speed.
        assertThat(links).containsExactly(
                new InterfaceLink("bond0", InterfaceLink.Kind.BOND, 20_000, List.of("eth1", "eth2")),
                new InterfaceLink("br0", InterfaceLink.Kind.VIRTUAL, InterfaceLink.UNKNOWN, List.of()),
                new InterfaceLink("eth0", InterfaceLink.Kind.NIC, 1000, List.of()),
                new InterfaceLink("eth3", InterfaceLink.Kind.NIC, InterfaceLink.UNKNOWN, List.of()),
                new InterfaceLink("eth4", InterfaceLink.Kind.NIC, InterfaceLink.UNKNOWN, List.of()),
                new InterfaceLink("veth0", InterfaceLink.Kind.VIRTUAL, InterfaceLink.UNKNOWN, List.of()));
        assertThat(CapturedProc.before().interfaceLinks()).as("no /sys to read").isEmpty();
    }

    @Test
    void theLinksTravelWithTheSamples() throws IOException {
        InterfaceLink bond = new InterfaceLink("bond0", InterfaceLink.Kind.BOND, 20_000, List.of("eth1", "eth2"));
        HostSamples samples = HostSamples.of("dn1", List.of(), 0).withInterfaceLinks(List.of(bond));

        assertThat(HostSamples.fromBytes(samples.toBytes()).interfaceLinks()).containsExactly(bond);
    }

    @Test
    void readsAProcesssParentStartAndCpuTimeWhateverItsNameHolds(@TempDir Path proc) throws IOException {
        CapturedProc.process(proc, 4242, 17, 123_456, 301, "java", "-Dhbench.run=r", "Main");

        ProcCounters counters = new ProcCounters(proc);

        assertThat(counters.pids()).containsExactly(4242L);
        ProcCounters.ProcessTimes times = counters.process(4242).orElseThrow();
        assertThat(times.parent).isEqualTo(17);
        assertThat(times.startTicks).isEqualTo(123_456);
        assertThat(times.cpuTicks).as("user 151 + system 150").isEqualTo(301);
        assertThat(counters.commandLine(4242)).hasValue("java -Dhbench.run=r Main ");
        assertThat(counters.process(4243)).as("ended").isEmpty();
    }

    @Test
    void hbenchsOwnCpuCountTravelsWithItsSnapshot() throws IOException {
        CounterSnapshot snapshot = CapturedProc.after().read(CapturedProc.AFTER_TIME).withOwnCpu(42, 1234);

        CounterSnapshot read = HostSamples.fromBytes(HostSamples.of("dn1", List.of(snapshot), 0).toBytes())
                .snapshots().get(0);

        assertThat(read).isEqualTo(snapshot);
        assertThat(read.ownCpuCounter()).isEqualTo(42);
        assertThat(read.ownCpuTicks()).isEqualTo(1234);
    }

    private static void nic(Path net, String name, String speed) throws IOException {
        Files.createDirectories(net.resolve(name).resolve("device"));
        write(net.resolve(name).resolve("speed"), speed + "\n");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
