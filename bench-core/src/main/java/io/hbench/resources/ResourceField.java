package io.hbench.resources;

import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The figures a host's sampling gives, each a metric identifier with its unit. CPU shares follow vmstat: user
 * includes nice, system includes interrupts. Network figures exist per interface and summed over all but loopback;
 * disk figures per whole disk and summed over those that are not stacked on others.
 */
public enum ResourceField {
    CPU_USER("cpu_user", Unit.PERCENT),
    CPU_SYSTEM("cpu_system", Unit.PERCENT),
    CPU_IOWAIT("cpu_iowait", Unit.PERCENT),
    CPU_STEAL("cpu_steal", Unit.PERCENT),
    CPU_IDLE("cpu_idle", Unit.PERCENT),
    /**
     * Share of all CPUs hbench's own processes used (its task JVMs' process trees, or the process that did the work):
     * part of user and system time; the rest of those is other load.
     */
    CPU_HBENCH("cpu_hbench", Unit.PERCENT),
    CONTEXT_SWITCHES("context_switches", Unit.PER_SECOND),
    MEMORY_USED("memory_used", Unit.PERCENT),
    /** Pages, of the host's page size. */
    SWAP_IN("swap_in", Unit.PER_SECOND),
    SWAP_OUT("swap_out", Unit.PER_SECOND),
    NET_RECEIVED("net_received", Unit.BYTES_PER_SECOND),
    NET_SENT("net_sent", Unit.BYTES_PER_SECOND),
    NET_PACKETS_RECEIVED("net_packets_received", Unit.PER_SECOND),
    NET_PACKETS_SENT("net_packets_sent", Unit.PER_SECOND),
    DISK_READ("disk_read", Unit.BYTES_PER_SECOND),
    DISK_WRITTEN("disk_written", Unit.BYTES_PER_SECOND),
    DISK_READS("disk_reads", Unit.PER_SECOND),
    DISK_WRITES("disk_writes", Unit.PER_SECOND),
    /** Average time a read or write took, queueing included: iostat's await. */
    DISK_LATENCY("disk_latency", Unit.SECONDS),
    /**
     * Share of the time the disk had requests in flight: iostat's %util. Host-wide, the busiest disk's: disks work in
     * parallel, so a sum or a mean would hide the one that is saturated.
     */
    DISK_BUSY("disk_busy", Unit.PERCENT),
    /**
     * What a DataNode sent to readers and received from writers (its metrics' BytesRead and BytesWritten): the
     * DataNode's own count, read over HTTP where hbench runs nothing ({@link DataNodeUsage}), not the host's disks.
     */
    DATANODE_READ("datanode_read", Unit.BYTES_PER_SECOND),
    DATANODE_WRITTEN("datanode_written", Unit.BYTES_PER_SECOND),
    /** Mean time from sending a packet down the pipeline to its acknowledgement, as the DataNode timed it. */
    DATANODE_ACK_RTT("datanode_ack_rtt", Unit.SECONDS),
    /** Mean time of a profiled read or write of a volume's files (file-I/O profiling on), per volume and over all. */
    VOLUME_READ_LATENCY("volume_read_latency", Unit.SECONDS),
    VOLUME_WRITE_LATENCY("volume_write_latency", Unit.SECONDS);

    /** The label naming a network interface. */
    public static final String INTERFACE = "interface";
    /** The label naming a block device. */
    public static final String DEVICE = "device";
    /** The label naming a DataNode's volume, by its directory. */
    public static final String VOLUME = "volume";
    /** The label of a summary metric: mean, max or total. */
    public static final String STAT = "stat";
    /** The CPU time of the sampler thread itself, in percent of one core over the sampled time: its cost. */
    public static final String SAMPLER_CPU = "sampler_cpu";
    /** The host's memory (meminfo's MemTotal), in bytes: a size, not a figure over time, so it has no series. */
    public static final String MEMORY_TOTAL = "memory_total";

    private static final Map<String, ResourceField> BY_ID = new HashMap<>();

    static {
        for (ResourceField field : values()) {
            BY_ID.put(field.id, field);
        }
    }

    private final String id;
    private final Unit unit;

    ResourceField(String id, Unit unit) {
        this.id = id;
        this.unit = unit;
    }

    public String id() {
        return id;
    }

    public Unit unit() {
        return unit;
    }

    /** The figure of identifier {@code id}, if it is one (the sampler's own cost is not). */
    static Optional<ResourceField> find(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    /** The figure of identifier {@code id}. */
    static ResourceField byId(String id) {
        ResourceField field = BY_ID.get(id);
        if (field == null) {
            throw new IllegalArgumentException("not a resource figure: " + id);
        }
        return field;
    }

    /** The host-wide figure's key. */
    public MetricKey key() {
        return MetricKey.of(id);
    }

    /**
     * Whether the figure is the whole machine's wherever hosts share a kernel: all are, from /proc/stat, meminfo,
     * vmstat and diskstats, but the network's, from /proc/net/dev, which shows the reader's network namespace.
     */
    boolean machineWide() {
        return !id.startsWith("net_");
    }

    /** Bytes per second sum up to bytes moved, which the summary reports as {@code stat=total}. */
    boolean hasTotal() {
        return unit == Unit.BYTES_PER_SECOND;
    }

    /** The summary metric {@code key{stat=stat}}; resource use is neither good nor bad in itself. */
    static Metric summary(MetricKey key, String stat, double value, Unit unit) {
        return new Metric(key.withLabel(STAT, stat), value, unit, Better.NEITHER);
    }
}
