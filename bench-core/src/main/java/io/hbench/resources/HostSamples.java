package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one sampler took on one host for a job: the host's counter snapshots, the kernel's boot id, its network
 * interfaces' links, the sampler's own CPU time and how many intervals it took nothing because another process of the
 * host held the sampling lock; or why
 * the host could not be sampled. A job's tasks hand these to the client (files, the BSP control channel), which
 * merges those of a host into one series.
 */
public final class HostSamples {
    private static final int FORMAT = 4;

    private final String host;
    private final Optional<String> unavailableReason;
    private final Optional<String> bootId;
    private final List<CounterSnapshot> snapshots;
    private final long samplerCpuNanos;
    private final int lockedOutIntervals;
    private final List<InterfaceLink> interfaceLinks;

    private HostSamples(String host, Optional<String> unavailableReason, Optional<String> bootId,
            List<CounterSnapshot> snapshots, long samplerCpuNanos, int lockedOutIntervals,
            List<InterfaceLink> interfaceLinks) {
        this.host = requireNonNull(host, "host is null");
        this.unavailableReason = requireNonNull(unavailableReason, "unavailableReason is null");
        this.bootId = requireNonNull(bootId, "bootId is null");
        this.snapshots = List.copyOf(snapshots);
        if (samplerCpuNanos < 0) {
            throw new IllegalArgumentException("samplerCpuNanos is negative: " + samplerCpuNanos);
        }
        if (lockedOutIntervals < 0) {
            throw new IllegalArgumentException("lockedOutIntervals is negative: " + lockedOutIntervals);
        }
        this.samplerCpuNanos = samplerCpuNanos;
        this.lockedOutIntervals = lockedOutIntervals;
        this.interfaceLinks = List.copyOf(requireNonNull(interfaceLinks, "interfaceLinks is null"));
    }

    /** Snapshots of a host whose kernel is not known, taken without waiting for another process. */
    public static HostSamples of(String host, List<CounterSnapshot> snapshots, long samplerCpuNanos) {
        return of(host, Optional.empty(), snapshots, samplerCpuNanos, 0);
    }

    public static HostSamples of(String host, Optional<String> bootId, List<CounterSnapshot> snapshots,
            long samplerCpuNanos, int lockedOutIntervals) {
        return new HostSamples(host, Optional.empty(), bootId, snapshots, samplerCpuNanos, lockedOutIntervals, List.of());
    }

    public static HostSamples unavailable(String host, String reason) {
        return new HostSamples(host, Optional.of(requireNonNull(reason, "reason is null")), Optional.empty(),
                List.of(), 0, 0, List.of());
    }

    /** These samples with the sampler's cost taken otherwise: a process of its own counts all of its CPU time. */
    public HostSamples withSamplerCpuNanos(long nanos) {
        return new HostSamples(host, unavailableReason, bootId, snapshots, nanos, lockedOutIntervals, interfaceLinks);
    }

    /** These samples with the links of the host's network interfaces, as the sampler read them when it started. */
    public HostSamples withInterfaceLinks(List<InterfaceLink> links) {
        return new HostSamples(host, unavailableReason, bootId, snapshots, samplerCpuNanos, lockedOutIntervals, links);
    }

    /** This host's name as every output records it ({@link HostNames}), so samples and task samples name it alike. */
    public static String localHost() {
        return HostNames.local();
    }

    public String host() {
        return host;
    }

    public Optional<String> unavailableReason() {
        return unavailableReason;
    }

    /** In the order taken. */
    public List<CounterSnapshot> snapshots() {
        return snapshots;
    }

    /** CPU time the sampler thread used while taking these snapshots. */
    public long samplerCpuNanos() {
        return samplerCpuNanos;
    }

    /**
     * The host's kernel, as /proc/sys/kernel/random/boot_id names it: hosts with the same one (containers, network
     * namespaces) share one kernel, whose CPU, memory and disk counters are the whole machine's. Empty where the kernel
     * does not say.
     */
    public Optional<String> bootId() {
        return bootId;
    }

    /**
     * The intervals in which the sampler took nothing because another process on the host held its lock: that
     * process's samples stand for them.
     */
    public int lockedOutIntervals() {
        return lockedOutIntervals;
    }

    /** The host's network interfaces' links ({@link ProcCounters#interfaceLinks}); empty where they are not known. */
    public List<InterfaceLink> interfaceLinks() {
        return interfaceLinks;
    }

    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(FORMAT);
        out.writeUTF(host);
        out.writeBoolean(unavailableReason.isPresent());
        if (unavailableReason.isPresent()) {
            out.writeUTF(unavailableReason.get());
        }
        out.writeBoolean(bootId.isPresent());
        if (bootId.isPresent()) {
            out.writeUTF(bootId.get());
        }
        out.writeLong(samplerCpuNanos);
        out.writeInt(lockedOutIntervals);
        out.writeInt(snapshots.size());
        for (CounterSnapshot snapshot : snapshots) {
            snapshot.writeTo(out);
        }
        out.writeInt(interfaceLinks.size());
        for (InterfaceLink link : interfaceLinks) {
            link.writeTo(out);
        }
    }

    /** @throws IOException if the data was written by another hbench version or is cut short */
    public static HostSamples readFrom(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("resource samples of format " + format + ", expected " + FORMAT
                    + ": tasks and client run different hbench versions");
        }
        String host = in.readUTF();
        Optional<String> reason = in.readBoolean() ? Optional.of(in.readUTF()) : Optional.empty();
        Optional<String> bootId = in.readBoolean() ? Optional.of(in.readUTF()) : Optional.empty();
        long cpuNanos = in.readLong();
        int lockedOut = in.readInt();
        List<CounterSnapshot> snapshots = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            snapshots.add(CounterSnapshot.readFrom(in));
        }
        List<InterfaceLink> links = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            links.add(InterfaceLink.readFrom(in));
        }
        return new HostSamples(host, reason, bootId, snapshots, cpuNanos, lockedOut, links);
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static HostSamples fromBytes(byte[] bytes) throws IOException {
        return readFrom(new DataInputStream(new ByteArrayInputStream(bytes)));
    }

    @Override
    public String toString() {
        return "HostSamples{host=" + host + ", unavailableReason=" + unavailableReason + ", bootId=" + bootId
                + ", snapshots=" + snapshots.size() + ", interfaceLinks=" + interfaceLinks + ", samplerCpuNanos=" + samplerCpuNanos + ", lockedOutIntervals="
                + lockedOutIntervals + "}";
    }
}
