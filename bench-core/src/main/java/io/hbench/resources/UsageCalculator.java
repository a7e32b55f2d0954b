package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

/**
 * Turns the snapshots a job's samplers took into each host's figures: merges a host's snapshots from every sampler into
 * one time-ordered series, takes the difference of each counter between neighbours, and summarises.
 * <p>
 * Counters that go backwards are read the way the kernel makes them: CPU ticks are 64-bit and iowait may dip, so a
 * dip counts as zero; network and disk counters are 32-bit on some kernels, so a drop from below 2^32 is a wrap; any
 * other drop is a reset (an interface re-created) and leaves that interval without a value. An interface or disk that
 * appears mid-run has values from its first full interval on. Between snapshots further apart than
 * {@value #GAP_INTERVALS} intervals (no task ran on the host meanwhile, as between two TPCx-HS phases) there are no
 * values: sampling covers only the time tasks ran.
 * <p>
 * Sampled hosts that report the same kernel boot id (containers, network namespaces of one machine) are marked as
 * sharing it, and the cluster summary counts their machine once for the figures that are its own.
 */
public final class UsageCalculator {
    static final int GAP_INTERVALS = 3;
    private static final String LOOPBACK = "lo";
    private static final long WRAP_32 = 1L << 32;
    static final long NO_DELTA = -1;
    /** In the order of an interface's deltas: bytes received, sent, packets received, sent. */
    private static final ResourceField[] NETWORK_FIELDS = {ResourceField.NET_RECEIVED, ResourceField.NET_SENT,
        ResourceField.NET_PACKETS_RECEIVED, ResourceField.NET_PACKETS_SENT};
    /** In the order of a disk's deltas: sectors read, written, reads, writes. */
    private static final ResourceField[] DISK_FIELDS = {ResourceField.DISK_READ, ResourceField.DISK_WRITTEN,
        ResourceField.DISK_READS, ResourceField.DISK_WRITES};
    /**
     * Host figures first, then per interface, then per disk or volume; within each, in the order of
     * {@link ResourceField}.
     */
    private static final Comparator<MetricKey> SERIES_ORDER = Comparator
            .<MetricKey, String>comparing(key -> key.labels().getOrDefault(ResourceField.INTERFACE, ""))
            .thenComparing(key -> key.labels().getOrDefault(ResourceField.DEVICE, ""))
            .thenComparing(key -> key.labels().getOrDefault(ResourceField.VOLUME, ""))
            .thenComparing(key -> ResourceField.byId(key.id()).ordinal());

    private UsageCalculator() {
    }

    /**
     * @param samples what the job's samplers handed over, any number per host, in any order
     * @param taskHosts the hosts that ran the job's tasks: one without samples is recorded as unavailable
     */
    public static ResourceUsage usage(Collection<HostSamples> samples, Collection<String> taskHosts, Duration interval,
            List<Phase> phases) {
        return usage(samples, taskHosts, interval, phases, List.of());
    }

    /**
     * As {@link #usage(Collection, Collection, Duration, List)}, with hosts sampled otherwise ({@link DataNodeUsage})
     * among them, in the order of their names.
     */
    static ResourceUsage usage(Collection<HostSamples> samples, Collection<String> taskHosts, Duration interval,
            List<Phase> phases, List<HostUsage> sampledOtherwise) {
        requireNonNull(interval, "interval is null");
        SortedMap<String, List<HostSamples>> byHost = new TreeMap<>();
        requireNonNull(taskHosts, "taskHosts is null").forEach(host -> byHost.put(host, new ArrayList<>()));
        requireNonNull(samples, "samples is null")
                .forEach(one -> byHost.computeIfAbsent(one.host(), host -> new ArrayList<>()).add(one));
        List<HostUsage> hosts = new ArrayList<>();
        Map<String, List<String>> hostsByKernel = new HashMap<>();
        byHost.forEach((host, parts) -> {
            HostUsage usage = host(host, parts, interval);
            hosts.add(usage);
            Optional<String> bootId = parts.stream().flatMap(part -> part.bootId().stream()).findFirst();
            if (usage.unavailableReason().isEmpty() && bootId.isPresent()) {
                hostsByKernel.computeIfAbsent(bootId.get(), kernel -> new ArrayList<>()).add(host);
            }
        });
        if (!sampledOtherwise.isEmpty()) {
            hosts.addAll(sampledOtherwise);
            hosts.sort(Comparator.comparing(HostUsage::host));
        }
        List<HostUsage> marked = markSharedKernels(hosts, hostsByKernel.values());
        return new ResourceUsage(interval, phases, marked, cluster(marked));
    }

    private static HostUsage host(String host, List<HostSamples> parts, Duration interval) {
        List<CounterSnapshot> snapshots = new ArrayList<>();
        long samplerCpuNanos = 0;
        int lockedOutIntervals = 0;
        Optional<String> reason = Optional.empty();
        for (HostSamples part : parts) {
            snapshots.addAll(part.snapshots());
            samplerCpuNanos += part.samplerCpuNanos();
            lockedOutIntervals += part.lockedOutIntervals();
            reason = reason.or(part::unavailableReason);
        }
        // A sampler that waited for the host's lock left the host to the process that held it: if that process's
        // samples are missing, that is why, however long the tasks ran.
        Optional<String> lockedOut = lockedOutIntervals == 0 ? Optional.empty()
                : Optional.of("another process on this host held its sampling lock for " + lockedOutIntervals
                        + (lockedOutIntervals == 1 ? " interval" : " intervals") + " and handed no samples over (a"
                        + " task attempt killed, or one that could not write them)");
        if (snapshots.isEmpty()) {
            return HostUsage.unavailable(host, reason.or(() -> lockedOut).orElse(parts.isEmpty()
                    ? "no samples arrived from this host" : "its tasks ended before a sample was taken"));
        }
        snapshots.sort(Comparator.comparing(CounterSnapshot::time));
        List<CounterSnapshot> kept = thin(snapshots, interval);
        if (kept.size() < 2) {
            return HostUsage.unavailable(host, lockedOut.orElse("its tasks ran for less than one sampling interval"));
        }
        Map<MetricKey, Accumulator> figures = new HashMap<>();
        List<Instant> times = eachInterval(kept, CounterSnapshot::time, interval,
                (previous, current, seconds, index) -> interval(previous, current, seconds, index, figures));
        List<ResourceSeries> series = new ArrayList<>();
        List<Metric> summary = new ArrayList<>();
        seriesAndSummary(figures, kept.size() - 1, series, summary);
        Accumulator cpu = figures.get(ResourceField.CPU_IDLE.key());
        if (cpu != null) {
            summary.add(ResourceField.summary(MetricKey.of(ResourceField.SAMPLER_CPU), "mean",
                    samplerCpuNanos / 1e9 / cpu.seconds * 100, Unit.PERCENT));
        }
        long memoryKib = kept.get(kept.size() - 1).memoryTotalKib();
        if (memoryKib > 0) {
            summary.add(ResourceField.summary(MetricKey.of(ResourceField.MEMORY_TOTAL), "max", memoryKib * 1024.0,
                    Unit.BYTES));
        }
        HostUsage usage = HostUsage.sampled(host, times, series, summary);
        Optional<List<InterfaceLink>> links = parts.stream().map(HostSamples::interfaceLinks)
                .filter(list -> !list.isEmpty()).findFirst();
        return links.isEmpty() ? usage : usage.withLink(link(links.get(), moved(figures)));
    }

    /** What one interval between two neighbouring snapshots gives. */
    interface IntervalFigures<S> {
        void add(S previous, S current, double seconds, int index);
    }

    /**
     * Hands {@code figures} each interval between neighbouring snapshots, in the order taken, with its length and
     * index; those further apart than {@value #GAP_INTERVALS} intervals are a gap and give nothing.
     *
     * @return the snapshots' times
     */
    static <S> List<Instant> eachInterval(List<S> snapshots, Function<S, Instant> time, Duration interval,
            IntervalFigures<S> figures) {
        List<Instant> times = new ArrayList<>();
        times.add(time.apply(snapshots.get(0)));
        Duration maxGap = interval.multipliedBy(GAP_INTERVALS);
        for (int i = 1; i < snapshots.size(); i++) {
            S previous = snapshots.get(i - 1);
            S current = snapshots.get(i);
            times.add(time.apply(current));
            Duration between = Duration.between(time.apply(previous), time.apply(current));
            if (between.compareTo(maxGap) <= 0) {
                figures.add(previous, current, between.toNanos() / 1e9, i - 1);
            }
        }
        return times;
    }

    /**
     * Adds each figure's series over {@code intervals} and its summary, in {@link #SERIES_ORDER}; a figure of one
     * interface, disk or volume that was never above zero has neither.
     */
    static void seriesAndSummary(Map<MetricKey, Accumulator> figures, int intervals, List<ResourceSeries> series,
            List<Metric> summary) {
        List<Map.Entry<MetricKey, Accumulator>> ordered = new ArrayList<>(figures.entrySet());
        ordered.sort(Map.Entry.comparingByKey(SERIES_ORDER));
        for (Map.Entry<MetricKey, Accumulator> entry : ordered) {
            Accumulator figure = entry.getValue();
            if (!entry.getKey().labels().isEmpty() && !figure.anyNonZero) {
                continue;
            }
            series.add(new ResourceSeries(entry.getKey(), figure.unit, figure.values(intervals)));
            figure.summarise(entry.getKey(), summary);
        }
    }

    /** Bytes each interface but loopback received and sent, where it moved any. */
    private static SortedMap<String, Double> moved(Map<MetricKey, Accumulator> figures) {
        SortedMap<String, Double> moved = new TreeMap<>();
        figures.forEach((key, figure) -> {
            String name = key.labels().get(ResourceField.INTERFACE);
            boolean bytes = key.id().equals(ResourceField.NET_RECEIVED.id())
                    || key.id().equals(ResourceField.NET_SENT.id());
            if (name != null && bytes && !name.equals(LOOPBACK) && figure.total > 0) {
                moved.merge(name, figure.total, Double::sum);
            }
        });
        return moved;
    }

    /**
     * The host's link, by the rule docs/resources.md states: the NICs and bonds that carried its traffic, their speeds
     * summed (a host can send over all of them at once). Virtual interfaces are left out when one of those carried
     * traffic: what they take off the host goes through it too, and the rest never leaves the host. Where only virtual
     * ones carried it (a container, a network namespace), a NIC that did does not state its speed, or one that did is
     * not listed (a /sys of another network namespace), the link is unknown, and the reason says so.
     */
    static HostLink link(List<InterfaceLink> links, Map<String, Double> movedByInterface) {
        List<InterfaceLink> physical = new ArrayList<>();
        List<String> virtual = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (InterfaceLink link : links) {
            listed.add(link.name());
            listed.addAll(link.slaves());
            if (movedByInterface.getOrDefault(link.name(), 0.0) > 0) {
                if (link.kind() == InterfaceLink.Kind.VIRTUAL) {
                    virtual.add(link.name());
                } else {
                    physical.add(link);
                }
            }
        }
        List<String> unlisted = movedByInterface.keySet().stream().filter(name -> !listed.contains(name)).sorted()
                .collect(Collectors.toList());
        if (!unlisted.isEmpty()) {
            // A /sys of another network namespace than the sampler's (a container that shares the host's).
            return new HostLink(Optional.empty(), unlisted, String.join(", ", unlisted) + " carried traffic and"
                    + " /sys/class/net does not list it");
        }
        List<String> names = physical.stream().map(InterfaceLink::name).collect(Collectors.toList());
        List<String> unstated = physical.stream().filter(link -> link.megabitsPerSecond() == InterfaceLink.UNKNOWN)
                .map(InterfaceLink::name).collect(Collectors.toList());
        if (physical.isEmpty()) {
            return new HostLink(Optional.empty(), virtual, virtual.isEmpty()
                    ? "no interface but loopback carried traffic"
                    : "only virtual interfaces carried its traffic (" + String.join(", ", virtual)
                            + "), whose speed is no link's");
        }
        if (!unstated.isEmpty()) {
            return new HostLink(Optional.empty(), names, String.join(", ", unstated) + " carried traffic and does not"
                    + " state its speed");
        }
        long megabits = physical.stream().mapToLong(InterfaceLink::megabitsPerSecond).sum();
        String basis = physical.size() == 1 && physical.get(0).kind() == InterfaceLink.Kind.NIC
                ? physical.get(0).name() + "'s speed"
                : "the sum of the speeds of " + physical.stream().map(link -> link.kind() == InterfaceLink.Kind.BOND
                        ? link.name() + "'s slaves " + String.join(", ", link.slaves()) : link.name())
                        .collect(Collectors.joining("; "));
        return new HostLink(Optional.of(megabits * 1e6 / 8), names, basis);
    }

    /**
     * One series out of several samplers' snapshots: a snapshot within half an interval of the one kept before it adds
     * nothing but noise, except the very last, which replaces its neighbour so that the series reaches the end.
     */
    private static List<CounterSnapshot> thin(List<CounterSnapshot> sorted, Duration interval) {
        Duration minimum = interval.dividedBy(2);
        List<CounterSnapshot> kept = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            CounterSnapshot snapshot = sorted.get(i);
            if (kept.isEmpty()) {
                kept.add(snapshot);
                continue;
            }
            boolean farEnough = Duration.between(kept.get(kept.size() - 1).time(), snapshot.time())
                    .compareTo(minimum) >= 0;
            if (farEnough) {
                kept.add(snapshot);
            } else if (i == sorted.size() - 1) {
                if (kept.size() > 1) {
                    kept.set(kept.size() - 1, snapshot);
                } else if (snapshot.time().isAfter(kept.get(0).time())) {
                    kept.add(snapshot);
                }
            }
        }
        return kept;
    }

    /** Adds interval {@code index}'s value of every figure the two snapshots give. */
    private static void interval(CounterSnapshot previous, CounterSnapshot current, double seconds, int index,
            Map<MetricKey, Accumulator> figures) {
        cpu(previous.cpu(), current.cpu(), seconds, index, figures);
        ownCpu(previous, current, seconds, index, figures);
        if (current.memoryTotalKib() > 0 && current.memoryAvailableKib() != CounterSnapshot.ABSENT) {
            double used = 100.0 * (current.memoryTotalKib() - current.memoryAvailableKib()) / current.memoryTotalKib();
            add(figures, ResourceField.MEMORY_USED, ResourceField.MEMORY_USED.key(), index, used, seconds, seconds);
        }
        rate(figures, ResourceField.SWAP_IN, ResourceField.SWAP_IN.key(), index, seconds,
                delta(previous.pagesSwappedIn(), current.pagesSwappedIn()));
        rate(figures, ResourceField.SWAP_OUT, ResourceField.SWAP_OUT.key(), index, seconds,
                delta(previous.pagesSwappedOut(), current.pagesSwappedOut()));
        network(previous, current, seconds, index, figures);
        disks(previous, current, seconds, index, figures);
    }

    private static void cpu(CounterSnapshot.Cpu before, CounterSnapshot.Cpu after, double seconds, int index,
            Map<MetricKey, Accumulator> figures) {
        long user = ticks(before.user, after.user) + ticks(before.nice, after.nice);
        long system = ticks(before.system, after.system) + ticks(before.irq, after.irq)
                + ticks(before.softirq, after.softirq);
        long iowait = ticks(before.iowait, after.iowait);
        long steal = ticks(before.steal, after.steal);
        long idle = ticks(before.idle, after.idle);
        long total = totalTicks(before, after);
        if (total > 0) {
            share(figures, ResourceField.CPU_USER, index, user, total, seconds);
            share(figures, ResourceField.CPU_SYSTEM, index, system, total, seconds);
            share(figures, ResourceField.CPU_IOWAIT, index, iowait, total, seconds);
            share(figures, ResourceField.CPU_STEAL, index, steal, total, seconds);
            share(figures, ResourceField.CPU_IDLE, index, idle, total, seconds);
        }
        rate(figures, ResourceField.CONTEXT_SWITCHES, ResourceField.CONTEXT_SWITCHES.key(), index, seconds,
                delta(before.contextSwitches, after.contextSwitches));
    }

    /**
     * hbench's own processes' share of all CPUs, where both snapshots hold the same sampler's count of it: another
     * sampler's count started elsewhere. At most 100: a process's and the kernel's ticks are read a moment apart.
     */
    private static void ownCpu(CounterSnapshot previous, CounterSnapshot current, double seconds, int index,
            Map<MetricKey, Accumulator> figures) {
        long total = totalTicks(previous.cpu(), current.cpu());
        if (total > 0 && previous.ownCpuTicks() != CounterSnapshot.ABSENT
                && current.ownCpuTicks() != CounterSnapshot.ABSENT
                && previous.ownCpuCounter() == current.ownCpuCounter()) {
            long own = ticks(previous.ownCpuTicks(), current.ownCpuTicks());
            add(figures, ResourceField.CPU_HBENCH, ResourceField.CPU_HBENCH.key(), index,
                    Math.min(100, 100.0 * own / total), total, seconds);
        }
    }

    /** The CPU time of the interval, idle included, that every share of it is a share of. */
    private static long totalTicks(CounterSnapshot.Cpu before, CounterSnapshot.Cpu after) {
        return ticks(before.user, after.user) + ticks(before.nice, after.nice) + ticks(before.system, after.system)
                + ticks(before.irq, after.irq) + ticks(before.softirq, after.softirq)
                + ticks(before.iowait, after.iowait) + ticks(before.steal, after.steal)
                + ticks(before.idle, after.idle);
    }

    /** A share of CPU time, weighted by the ticks it is a share of. */
    private static void share(Map<MetricKey, Accumulator> figures, ResourceField field, int index, long ticks,
            long total, double seconds) {
        add(figures, field, field.key(), index, 100.0 * ticks / total, total, seconds);
    }

    private static void network(CounterSnapshot previous, CounterSnapshot current, double seconds, int index,
            Map<MetricKey, Accumulator> figures) {
        long[] totals = new long[4];
        boolean any = false;
        for (Map.Entry<String, CounterSnapshot.Interface> entry : current.interfaces().entrySet()) {
            CounterSnapshot.Interface before = previous.interfaces().get(entry.getKey());
            if (before == null) {
                continue;
            }
            CounterSnapshot.Interface after = entry.getValue();
            long[] deltas = {
                delta(before.bytesReceived, after.bytesReceived), delta(before.bytesSent, after.bytesSent),
                delta(before.packetsReceived, after.packetsReceived), delta(before.packetsSent, after.packetsSent)};
            for (int f = 0; f < NETWORK_FIELDS.length; f++) {
                rate(figures, NETWORK_FIELDS[f], NETWORK_FIELDS[f].key().withLabel(ResourceField.INTERFACE,
                        entry.getKey()), index, seconds, deltas[f]);
            }
            if (!entry.getKey().equals(LOOPBACK)) {
                any = true;
                accumulate(totals, deltas);
            }
        }
        if (any) {
            rate(figures, ResourceField.NET_RECEIVED, ResourceField.NET_RECEIVED.key(), index, seconds, totals[0]);
            rate(figures, ResourceField.NET_SENT, ResourceField.NET_SENT.key(), index, seconds, totals[1]);
            rate(figures, ResourceField.NET_PACKETS_RECEIVED, ResourceField.NET_PACKETS_RECEIVED.key(), index,
                    seconds, totals[2]);
            rate(figures, ResourceField.NET_PACKETS_SENT, ResourceField.NET_PACKETS_SENT.key(), index, seconds,
                    totals[3]);
        }
    }

    private static void disks(CounterSnapshot previous, CounterSnapshot current, double seconds, int index,
            Map<MetricKey, Accumulator> figures) {
        // sectors read, sectors written, reads, writes, ms reading + writing
        long[] totals = new long[5];
        boolean any = false;
        double busiest = -1;
        for (Map.Entry<String, CounterSnapshot.Disk> entry : current.disks().entrySet()) {
            CounterSnapshot.Disk before = previous.disks().get(entry.getKey());
            if (before == null) {
                continue;
            }
            CounterSnapshot.Disk after = entry.getValue();
            long readMillis = delta(before.millisReading, after.millisReading);
            long writeMillis = delta(before.millisWriting, after.millisWriting);
            long[] deltas = {
                delta(before.sectorsRead, after.sectorsRead), delta(before.sectorsWritten, after.sectorsWritten),
                delta(before.reads, after.reads), delta(before.writes, after.writes),
                readMillis == NO_DELTA || writeMillis == NO_DELTA ? NO_DELTA : readMillis + writeMillis};
            disk(figures, entry.getKey(), index, seconds, deltas);
            double busy = busy(before, after, seconds);
            if (busy >= 0) {
                add(figures, ResourceField.DISK_BUSY, key(ResourceField.DISK_BUSY, entry.getKey()), index, busy,
                        seconds, seconds);
            }
            if (!after.stacked) {
                any = true;
                accumulate(totals, deltas);
                busiest = Math.max(busiest, busy);
            }
        }
        if (busiest >= 0) {
            add(figures, ResourceField.DISK_BUSY, ResourceField.DISK_BUSY.key(), index, busiest, seconds, seconds);
        }
        if (any) {
            disk(figures, null, index, seconds, totals);
        }
    }

    private static void disk(Map<MetricKey, Accumulator> figures, String device, int index, double seconds,
            long[] deltas) {
        for (int f = 0; f < DISK_FIELDS.length; f++) {
            long delta = deltas[f] == NO_DELTA || f >= 2 ? deltas[f] : deltas[f] * 512;
            rate(figures, DISK_FIELDS[f], key(DISK_FIELDS[f], device), index, seconds, delta);
        }
        long requests = deltas[2] == NO_DELTA || deltas[3] == NO_DELTA ? NO_DELTA : deltas[2] + deltas[3];
        if (requests > 0 && deltas[4] != NO_DELTA) {
            // Weighted by requests, so that the summary is the mean time of a request, as iostat's await.
            add(figures, ResourceField.DISK_LATENCY, key(ResourceField.DISK_LATENCY, device), index,
                    deltas[4] / 1000.0 / requests, requests, seconds);
        }
    }

    /**
     * The share of the interval the disk had requests in flight, in percent; -1 where the kernel does not count it or
     * the counter went back. At most 100: the kernel's tick and the sampler's clock differ by a little.
     */
    private static double busy(CounterSnapshot.Disk before, CounterSnapshot.Disk after, double seconds) {
        if (before.millisBusy < 0 || after.millisBusy < 0 || after.millisBusy < before.millisBusy) {
            return -1;
        }
        return Math.min(100, (after.millisBusy - before.millisBusy) / (seconds * 1000) * 100);
    }

    private static MetricKey key(ResourceField field, String device) {
        return device == null ? field.key() : field.key().withLabel(ResourceField.DEVICE, device);
    }

    /** Sums deltas into totals; a total one of whose parts has no delta has none either. */
    private static void accumulate(long[] totals, long[] deltas) {
        for (int i = 0; i < totals.length; i++) {
            totals[i] = totals[i] == NO_DELTA || deltas[i] == NO_DELTA ? NO_DELTA : totals[i] + deltas[i];
        }
    }

    static void rate(Map<MetricKey, Accumulator> figures, ResourceField field, MetricKey key, int index,
            double seconds, long delta) {
        if (delta != NO_DELTA) {
            add(figures, field, key, index, delta / seconds, seconds, seconds);
        }
    }

    static void add(Map<MetricKey, Accumulator> figures, ResourceField field, MetricKey key, int index,
            double value, double weight, double seconds) {
        figures.computeIfAbsent(key, k -> new Accumulator(field)).add(index, value, weight, seconds);
    }

    private static long ticks(long before, long after) {
        return Math.max(0, after - before);
    }

    /** The increase of an unsigned counter, or NO_DELTA if it is absent or was reset; see the class comment. */
    static long delta(long before, long after) {
        if (before == CounterSnapshot.ABSENT || after == CounterSnapshot.ABSENT) {
            return NO_DELTA;
        }
        if (Long.compareUnsigned(after, before) >= 0) {
            return after - before;
        }
        if (Long.compareUnsigned(before, WRAP_32) < 0) {
            return after + WRAP_32 - before;
        }
        return NO_DELTA;
    }

    /** Each sampled host that shares its kernel with others, marked with their names. */
    private static List<HostUsage> markSharedKernels(List<HostUsage> hosts, Collection<List<String>> hostsByKernel) {
        Map<String, List<String>> sharers = new HashMap<>();
        for (List<String> kernel : hostsByKernel) {
            if (kernel.size() > 1) {
                kernel.forEach(host -> sharers.put(host, kernel.stream().filter(other -> !other.equals(host))
                        .collect(Collectors.toList())));
            }
        }
        List<HostUsage> marked = new ArrayList<>();
        for (HostUsage host : hosts) {
            marked.add(sharers.containsKey(host.host()) ? host.sharingKernelWith(sharers.get(host.host())) : host);
        }
        return marked;
    }

    /**
     * The cluster's mean of host means, maximum of host maxima and sum of host totals, for host-wide figures. Hosts that
     * share a kernel count once for its machine's figures: as one host with the mean of their means, the largest of
     * their maxima and the largest of their totals (each saw the same counters, over its own window).
     */
    private static List<Metric> cluster(List<HostUsage> hosts) {
        Map<MetricKey, Map<String, List<Metric>>> byKeyAndMachine = new LinkedHashMap<>();
        for (HostUsage host : hosts) {
            String kernel = Stream.concat(Stream.of(host.host()), host.sharesKernelWith().stream())
                    .min(Comparator.naturalOrder()).orElseThrow();
            for (Metric metric : host.summary()) {
                if (metric.labels().size() == 1) {
                    boolean machineWide = ResourceField.find(metric.id()).map(ResourceField::machineWide)
                            .orElse(false);
                    byKeyAndMachine.computeIfAbsent(metric.key(), key -> new LinkedHashMap<>())
                            .computeIfAbsent(machineWide ? kernel : host.host(), machine -> new ArrayList<>())
                            .add(metric);
                }
            }
        }
        List<Metric> cluster = new ArrayList<>();
        byKeyAndMachine.forEach((key, byMachine) -> {
            String stat = key.labels().get(ResourceField.STAT);
            DoubleStream machines = byMachine.values().stream().mapToDouble(metrics -> stat.equals("mean")
                    ? metrics.stream().mapToDouble(Metric::value).average().orElseThrow()
                    : metrics.stream().mapToDouble(Metric::value).max().orElseThrow());
            double value = stat.equals("max") ? machines.max().orElseThrow()
                    : stat.equals("total") ? machines.sum() : machines.average().orElseThrow();
            Metric first = byMachine.values().iterator().next().get(0);
            cluster.add(new Metric(key, value, first.unit(), first.better()));
        });
        return cluster;
    }

    /** One figure's values over a host's intervals, with what its summary needs. */
    static final class Accumulator {
        final Unit unit;
        final boolean hasTotal;
        final SortedMap<Integer, Double> values = new TreeMap<>();
        double weightedSum;
        double weights;
        double total;
        double seconds;
        double max = Double.NEGATIVE_INFINITY;
        boolean anyNonZero;

        Accumulator(ResourceField field) {
            this.unit = field.unit();
            this.hasTotal = field.hasTotal();
        }

        void add(int index, double value, double weight, double intervalSeconds) {
            values.put(index, value);
            weightedSum += value * weight;
            weights += weight;
            total += value * intervalSeconds;
            seconds += intervalSeconds;
            max = Math.max(max, value);
            anyNonZero |= value != 0;
        }

        List<Double> values(int intervals) {
            List<Double> all = new ArrayList<>(intervals);
            for (int i = 0; i < intervals; i++) {
                all.add(values.get(i));
            }
            return all;
        }

        void summarise(MetricKey key, List<Metric> summary) {
            if (weights > 0) {
                summary.add(ResourceField.summary(key, "mean", weightedSum / weights, unit));
            }
            summary.add(ResourceField.summary(key, "max", max, unit));
            if (hasTotal) {
                summary.add(ResourceField.summary(key, "total", total, Unit.BYTES));
            }
        }
    }
}
