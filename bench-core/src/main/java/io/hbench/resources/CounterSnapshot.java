package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A host's kernel counters at one instant, as read from /proc: raw and cumulative, so that any two snapshots of one
 * host, whichever process took them, give the host's use in between. Counters are unsigned 64-bit values held in a
 * {@code long}; a value the host did not offer is {@link #ABSENT}.
 */
public final class CounterSnapshot {
    /** A counter this host does not offer, such as MemAvailable before Linux 3.14. */
    public static final long ABSENT = -1;

    private final Instant time;
    private final Cpu cpu;
    private final long memoryTotalKib;
    private final long memoryAvailableKib;
    private final long pagesSwappedIn;
    private final long pagesSwappedOut;
    private final SortedMap<String, Interface> interfaces;
    private final SortedMap<String, Disk> disks;
    private final long ownCpuCounter;
    private final long ownCpuTicks;

    public CounterSnapshot(Instant time, Cpu cpu, long memoryTotalKib, long memoryAvailableKib, long pagesSwappedIn,
            long pagesSwappedOut, Map<String, Interface> interfaces, Map<String, Disk> disks) {
        this(time, cpu, memoryTotalKib, memoryAvailableKib, pagesSwappedIn, pagesSwappedOut, interfaces, disks, 0,
                ABSENT);
    }

    private CounterSnapshot(Instant time, Cpu cpu, long memoryTotalKib, long memoryAvailableKib, long pagesSwappedIn,
            long pagesSwappedOut, Map<String, Interface> interfaces, Map<String, Disk> disks, long ownCpuCounter,
            long ownCpuTicks) {
        this.time = requireNonNull(time, "time is null");
        this.cpu = requireNonNull(cpu, "cpu is null");
        this.memoryTotalKib = memoryTotalKib;
        this.memoryAvailableKib = memoryAvailableKib;
        this.pagesSwappedIn = pagesSwappedIn;
        this.pagesSwappedOut = pagesSwappedOut;
        this.interfaces = Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(interfaces, "interfaces is null")));
        this.disks = Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(disks, "disks is null")));
        this.ownCpuCounter = ownCpuCounter;
        this.ownCpuTicks = ownCpuTicks;
    }

    /**
     * This snapshot with the CPU time hbench's own processes used, as {@code counter} counted it: unlike the kernel's
     * counters, that count is one sampler's, so only two snapshots of the same counter give hbench's use between them.
     *
     * @param counter names the counting sampler, the same in all its snapshots
     * @param ticks clock ticks since the counter started
     */
    public CounterSnapshot withOwnCpu(long counter, long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("ticks is negative: " + ticks);
        }
        return new CounterSnapshot(time, cpu, memoryTotalKib, memoryAvailableKib, pagesSwappedIn, pagesSwappedOut,
                interfaces, disks, counter, ticks);
    }

    /** The sampler that counted {@link #ownCpuTicks}. */
    public long ownCpuCounter() {
        return ownCpuCounter;
    }

    /** CPU time of hbench's own processes in clock ticks, by its sampler's count; {@link #ABSENT} if not counted. */
    public long ownCpuTicks() {
        return ownCpuTicks;
    }

    public Instant time() {
        return time;
    }

    public Cpu cpu() {
        return cpu;
    }

    /** MemTotal, or {@link #ABSENT}. */
    public long memoryTotalKib() {
        return memoryTotalKib;
    }

    /** MemAvailable (or, before Linux 3.14, MemFree + Buffers + Cached), or {@link #ABSENT}. */
    public long memoryAvailableKib() {
        return memoryAvailableKib;
    }

    /** pswpin of /proc/vmstat, or {@link #ABSENT}. */
    public long pagesSwappedIn() {
        return pagesSwappedIn;
    }

    /** pswpout of /proc/vmstat, or {@link #ABSENT}. */
    public long pagesSwappedOut() {
        return pagesSwappedOut;
    }

    /** By interface name, loopback included. */
    public SortedMap<String, Interface> interfaces() {
        return interfaces;
    }

    /** By device name: whole block devices only, never partitions or loop and RAM devices. */
    public SortedMap<String, Disk> disks() {
        return disks;
    }

    /** Writes this snapshot for {@link #readFrom}; the layout is private to one hbench version. */
    public void writeTo(DataOutput out) throws IOException {
        out.writeLong(time.getEpochSecond());
        out.writeInt(time.getNano());
        for (long value : cpu.values()) {
            out.writeLong(value);
        }
        out.writeLong(memoryTotalKib);
        out.writeLong(memoryAvailableKib);
        out.writeLong(pagesSwappedIn);
        out.writeLong(pagesSwappedOut);
        out.writeInt(interfaces.size());
        for (Map.Entry<String, Interface> entry : interfaces.entrySet()) {
            out.writeUTF(entry.getKey());
            Interface counters = entry.getValue();
            out.writeLong(counters.bytesReceived);
            out.writeLong(counters.packetsReceived);
            out.writeLong(counters.bytesSent);
            out.writeLong(counters.packetsSent);
        }
        out.writeInt(disks.size());
        for (Map.Entry<String, Disk> entry : disks.entrySet()) {
            out.writeUTF(entry.getKey());
            Disk counters = entry.getValue();
            out.writeBoolean(counters.stacked);
            out.writeLong(counters.reads);
            out.writeLong(counters.sectorsRead);
            out.writeLong(counters.millisReading);
            out.writeLong(counters.writes);
            out.writeLong(counters.sectorsWritten);
            out.writeLong(counters.millisWriting);
            out.writeLong(counters.millisBusy);
        }
        out.writeLong(ownCpuCounter);
        out.writeLong(ownCpuTicks);
    }

    public static CounterSnapshot readFrom(DataInput in) throws IOException {
        Instant time = Instant.ofEpochSecond(in.readLong(), in.readInt());
        long[] cpu = new long[Cpu.FIELDS];
        for (int i = 0; i < cpu.length; i++) {
            cpu[i] = in.readLong();
        }
        long memoryTotal = in.readLong();
        long memoryAvailable = in.readLong();
        long swappedIn = in.readLong();
        long swappedOut = in.readLong();
        Map<String, Interface> interfaces = new TreeMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            interfaces.put(in.readUTF(), new Interface(in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        Map<String, Disk> disks = new TreeMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            String name = in.readUTF();
            boolean stacked = in.readBoolean();
            disks.put(name, new Disk(stacked, in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong(), in.readLong()));
        }
        return new CounterSnapshot(time, Cpu.of(cpu), memoryTotal, memoryAvailable, swappedIn, swappedOut, interfaces,
                disks, in.readLong(), in.readLong());
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof CounterSnapshot)) {
            return false;
        }
        CounterSnapshot that = (CounterSnapshot) obj;
        return time.equals(that.time) && cpu.equals(that.cpu) && memoryTotalKib == that.memoryTotalKib
                && memoryAvailableKib == that.memoryAvailableKib && pagesSwappedIn == that.pagesSwappedIn
                && pagesSwappedOut == that.pagesSwappedOut && interfaces.equals(that.interfaces)
                && disks.equals(that.disks) && ownCpuCounter == that.ownCpuCounter && ownCpuTicks == that.ownCpuTicks;
    }

    @Override
    public int hashCode() {
        return Objects.hash(time, cpu, memoryTotalKib, memoryAvailableKib, pagesSwappedIn, pagesSwappedOut, interfaces,
                disks, ownCpuCounter, ownCpuTicks);
    }

    @Override
    public String toString() {
        return "CounterSnapshot{time=" + time + ", cpu=" + cpu + ", memoryTotalKib=" + memoryTotalKib
                + ", memoryAvailableKib=" + memoryAvailableKib + ", interfaces=" + interfaces.keySet() + ", disks="
                + disks.keySet() + ", ownCpuTicks=" + ownCpuTicks + "}";
    }

    /**
     * The first line of /proc/stat, in clock ticks summed over all CPUs, and its {@code ctxt} line. Guest time is left
     * out: the kernel already counts it in user time.
     */
    public static final class Cpu {
        static final int FIELDS = 9;

        final long user;
        final long nice;
        final long system;
        final long idle;
        final long iowait;
        final long irq;
        final long softirq;
        final long steal;
        final long contextSwitches;

        public Cpu(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal,
                long contextSwitches) {
            this.user = user;
            this.nice = nice;
            this.system = system;
            this.idle = idle;
            this.iowait = iowait;
            this.irq = irq;
            this.softirq = softirq;
            this.steal = steal;
            this.contextSwitches = contextSwitches;
        }

        private static Cpu of(long[] values) {
            return new Cpu(values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7],
                    values[8]);
        }

        private long[] values() {
            return new long[] {user, nice, system, idle, iowait, irq, softirq, steal, contextSwitches};
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof Cpu && Arrays.equals(values(), ((Cpu) obj).values());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values());
        }

        @Override
        public String toString() {
            return "Cpu" + Arrays.toString(values());
        }
    }

    /** One line of /proc/net/dev. */
    public static final class Interface {
        final long bytesReceived;
        final long packetsReceived;
        final long bytesSent;
        final long packetsSent;

        public Interface(long bytesReceived, long packetsReceived, long bytesSent, long packetsSent) {
            this.bytesReceived = bytesReceived;
            this.packetsReceived = packetsReceived;
            this.bytesSent = bytesSent;
            this.packetsSent = packetsSent;
        }

        @Override
        public boolean equals(Object obj) {
            if (!(obj instanceof Interface)) {
                return false;
            }
            Interface that = (Interface) obj;
            return bytesReceived == that.bytesReceived && packetsReceived == that.packetsReceived
                    && bytesSent == that.bytesSent && packetsSent == that.packetsSent;
        }

        @Override
        public int hashCode() {
            return Objects.hash(bytesReceived, packetsReceived, bytesSent, packetsSent);
        }
    }

    /**
     * One line of /proc/diskstats. Sectors are 512 bytes whatever the device's own sector size. A stacked device
     * (device mapper, software RAID) passes its I/O on to others, so a host's totals leave it out.
     */
    public static final class Disk {
        final boolean stacked;
        final long reads;
        final long sectorsRead;
        final long millisReading;
        final long writes;
        final long sectorsWritten;
        final long millisWriting;
        /** Time the device had requests in flight (io_ticks, iostat's %util); -1 where the kernel does not say. */
        final long millisBusy;

        public Disk(boolean stacked, long reads, long sectorsRead, long millisReading, long writes, long sectorsWritten,
                long millisWriting, long millisBusy) {
            this.stacked = stacked;
            this.reads = reads;
            this.sectorsRead = sectorsRead;
            this.millisReading = millisReading;
            this.writes = writes;
            this.sectorsWritten = sectorsWritten;
            this.millisWriting = millisWriting;
            this.millisBusy = millisBusy;
        }

        @Override
        public boolean equals(Object obj) {
            if (!(obj instanceof Disk)) {
                return false;
            }
            Disk that = (Disk) obj;
            return stacked == that.stacked && reads == that.reads && sectorsRead == that.sectorsRead
                    && millisReading == that.millisReading && writes == that.writes
                    && sectorsWritten == that.sectorsWritten && millisWriting == that.millisWriting
                    && millisBusy == that.millisBusy;
        }

        @Override
        public int hashCode() {
            return Objects.hash(stacked, reads, sectorsRead, millisReading, writes, sectorsWritten, millisWriting,
                    millisBusy);
        }
    }
}
