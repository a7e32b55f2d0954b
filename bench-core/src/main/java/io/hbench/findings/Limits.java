package io.hbench.findings;

import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What limited a run, from its hosts' samples inside the run's phases (its I/O phase, its jobs), so that job start-up
 * does not water a saturated resource down:
 * <ul>
 * <li>a host whose traffic, received or sent, ran at {@value #LINK_PERCENT} % or more of its link's capacity
 * ({@link LinkCapacities}) in its busiest tenth of the sampled intervals (the 90th percentile of the per-interval
 * rates: a link held at its capacity for a tenth of a run has held the run back, while the mean of a host that waited
 * for others between bursts would hide it);</li>
 * <li>a machine whose CPUs were busy (user and system) {@value #NEAR_PERCENT} % or more of the sampled time: the
 * limit of hbench's own work where its own processes took at least half of that time, other load's where they took
 * less;</li>
 * <li>a machine whose busiest disk had requests in flight (iostat's %util) {@value #NEAR_PERCENT} % or more of
 * it.</li>
 * </ul>
 * Where none came that near, the run waited on something sampling does not see (latencies, the NameNode, task
 * start-up), and the finding says how near each came. Hosts that share a kernel share its CPUs and disks: those are
 * judged, and named, once, as their machine's ({@link Machine}). A host whose link capacity nobody knows is not judged
 * for its network, and a finding says so.
 */
final class Limits {
    static final int NEAR_PERCENT = 80;
    static final int LINK_PERCENT = 90;
    /** The percentile of a host's per-interval traffic that is held to its link. */
    static final int TRAFFIC_PERCENTILE = 90;
    static final String OWN_CPU = "cpu_hbench";
    private static final DisplayUnit NETWORK = DisplayUnit.of("net_sent", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit LINK = DisplayUnit.of("link_capacity", Unit.BYTES_PER_SECOND);

    private Limits() {
    }

    static List<Finding> of(ResourceUsage usage, LinkCapacities links) {
        List<Finding> limited = new ArrayList<>();
        Traffic busiestNet = null;
        Map<String, List<String>> unknownLinks = new LinkedHashMap<>();
        for (HostUsage host : usage.hosts()) {
            if (host.unavailableReason().isPresent()) {
                continue;
            }
            LinkCapacities.Capacity capacity = links.of(host);
            Traffic traffic = Traffic.busiest(host, usage.phases(), capacity);
            if (traffic.bytesPerSecond == 0) {
                continue;
            }
            if (capacity.bytesPerSecond().isEmpty()) {
                unknownLinks.computeIfAbsent(capacity.source(), why -> new ArrayList<>()).add(host.host());
                continue;
            }
            if (traffic.percentOfLink() >= LINK_PERCENT) {
                limited.add(new Finding(Finding.Kind.LIMIT, Optional.of(host.host()), host.host() + "'s network",
                        "limited by " + host.host() + "'s network: " + traffic.text() + ", "
                                + Findings.percent(traffic.percentOfLink()) + " of its "
                                + LINK.text(capacity.bytesPerSecond().get()) + " link (" + capacity.source() + ")"));
            } else if (busiestNet == null || traffic.percentOfLink() > busiestNet.percentOfLink()) {
                busiestNet = traffic;
            }
        }
        boolean networkLimited = !limited.isEmpty();
        String busiestCpuMachine = null;
        double busiestCpu = -1;
        String busiestDiskMachine = null;
        double busiestDisk = -1;
        List<String> diskMachines = new ArrayList<>();
        // CPU and disks by machine: hosts on one kernel see the same ones, and only the machine can be held back.
        for (Machine machine : Machine.of(usage)) {
            double cpu = machine.mean(host -> true, host -> mean(host, "cpu_user", usage.phases()).orElse(0)
                    + mean(host, "cpu_system", usage.phases()).orElse(0)).orElseThrow();
            OptionalDouble own = machine.mean(host -> mean(host, OWN_CPU, usage.phases()).isPresent(),
                    host -> mean(host, OWN_CPU, usage.phases()).getAsDouble());
            if (cpu > busiestCpu) {
                busiestCpu = cpu;
                busiestCpuMachine = machine.subject();
            }
            if (cpu >= NEAR_PERCENT) {
                limited.add(cpu(machine, cpu, own));
            }
            OptionalDouble disk = machine.mean(host -> host.series(MetricKey.of("disk_busy")).isPresent(),
                    host -> mean(host, "disk_busy", usage.phases()).orElse(0));
            if (disk.isPresent()) {
                if (disk.getAsDouble() > busiestDisk) {
                    busiestDisk = disk.getAsDouble();
                    busiestDiskMachine = machine.subject();
                }
                if (disk.getAsDouble() >= NEAR_PERCENT) {
                    diskMachines.add(machine.subject() + " (" + Findings.percent(disk.getAsDouble()) + " busy)");
                }
            }
        }
        if (busiestCpuMachine == null) {
            return List.of(new Finding(Finding.Kind.LIMIT, Optional.empty(), "not sampled",
                    "not judged: no host was sampled"));
        }
        if (!diskMachines.isEmpty()) {
            limited.add(new Finding(Finding.Kind.LIMIT, Optional.empty(), "disks", "held back by the disks on "
                    + String.join(", ", diskMachines) + ", on average while sampled"));
        }
        List<Finding> findings = new ArrayList<>(limited);
        if (limited.isEmpty()) {
            String network = busiestNet != null
                    ? "network at most " + Findings.percent(busiestNet.percentOfLink()) + " of a link ("
                            + busiestNet.host + "'s " + LINK.text(busiestNet.capacity) + ", " + busiestNet.source
                            + ": " + busiestNet.text() + ")"
                    : unknownLinks.isEmpty() ? "no network traffic but loopback" : "network not judged";
            String disks = busiestDiskMachine == null ? "" : "disks at most " + Findings.percent(busiestDisk)
                    + " busy (" + busiestDiskMachine + "), ";
            findings.add(new Finding(Finding.Kind.LIMIT, Optional.empty(), "none near its limit",
                    "no sampled resource near its limit: CPU at most " + Findings.percent(busiestCpu) + " busy ("
                            + busiestCpuMachine + "), " + disks + network + "; the run waited on what sampling does"
                            + " not see (latencies, the NameNode, task start-up)"));
        }
        if (!networkLimited && !unknownLinks.isEmpty()) {
            List<String> why = new ArrayList<>();
            unknownLinks.forEach((reason, hosts) -> why.add(String.join(", ", hosts) + ": " + reason));
            findings.add(new Finding(Finding.Kind.LIMIT, Optional.empty(), "link capacity unknown",
                    "network not judged: link capacity unknown (" + String.join("; ", why) + "); -linkSpeed"
                            + " host=rate gives it, or a suite's EBB step measures it"));
        }
        return findings;
    }

    /**
     * A busy machine's CPU: hbench's own limit where its own processes took at least half the busy time, other load's
     * where they took less; where the sampler could not tell its own processes apart, only how busy.
     */
    private static Finding cpu(Machine machine, double busy, OptionalDouble own) {
        if (own.isEmpty()) {
            return new Finding(Finding.Kind.LIMIT, Optional.empty(), "CPU", "held back by CPU on "
                    + machine.subject() + " (" + Findings.percent(busy) + " busy), on average while sampled");
        }
        String figures = Findings.percent(busy) + " busy, of which hbench's tasks "
                + Findings.percent(own.getAsDouble());
        if (own.getAsDouble() >= busy / 2) {
            return new Finding(Finding.Kind.LIMIT, Optional.empty(), "CPU", "limited by CPU on "
                    + machine.subject() + ": " + figures + ", on average while sampled");
        }
        return new Finding(Finding.Kind.LIMIT, Optional.empty(), "other load", "held back by CPU: " + figures
                + "; other load on " + machine.subject()).withOtherLoad();
    }

    /** A host's busiest traffic, in the direction nearer its link. */
    private static final class Traffic {
        final String host;
        final double bytesPerSecond;
        final String direction;
        final boolean percentile;
        final double capacity;
        final String source;

        private Traffic(String host, double bytesPerSecond, String direction, boolean percentile, double capacity,
                String source) {
            this.host = host;
            this.bytesPerSecond = bytesPerSecond;
            this.direction = direction;
            this.percentile = percentile;
            this.capacity = capacity;
            this.source = source;
        }

        /**
         * The busier direction's {@value #TRAFFIC_PERCENTILE}th percentile of the per-interval rates inside the
         * phases, over the interfaces of the host's link where its NICs named them (a bridge and the veths behind it
         * would count the same bytes twice), else over all but loopback; without series, the summary's mean.
         */
        static Traffic busiest(HostUsage host, List<Phase> phases, LinkCapacities.Capacity capacity) {
            List<String> interfaces = host.link().map(HostLink::interfaces).orElse(List.of());
            Optional<Double> received = percentile(host, "net_received", interfaces, phases);
            Optional<Double> sent = percentile(host, "net_sent", interfaces, phases);
            boolean percentile = received.isPresent() || sent.isPresent();
            double in = received.orElseGet(() -> percentile ? 0 : summaryMean(host, "net_received"));
            double out = sent.orElseGet(() -> percentile ? 0 : summaryMean(host, "net_sent"));
            double link = capacity.bytesPerSecond().orElse(Double.NaN);
            return new Traffic(host.host(), Math.max(in, out), in >= out ? "received" : "sent", percentile, link,
                    capacity.source());
        }

        double percentOfLink() {
            return 100 * bytesPerSecond / capacity;
        }

        String text() {
            return NETWORK.text(bytesPerSecond) + " " + direction + (percentile
                    ? " in its busiest " + (100 - TRAFFIC_PERCENTILE) + " % of the sampled time"
                    : " on average while sampled");
        }

        private static Optional<Double> percentile(HostUsage host, String id, List<String> interfaces,
                List<Phase> phases) {
            List<ResourceSeries> series = new ArrayList<>();
            if (interfaces.isEmpty()) {
                host.series(MetricKey.of(id)).ifPresent(series::add);
            } else {
                interfaces.forEach(name -> host.series(MetricKey.of(id).withLabel("interface", name))
                        .ifPresent(series::add));
            }
            if (series.isEmpty()) {
                return Optional.empty();
            }
            List<Double> rates = new ArrayList<>();
            for (int i = 0; i + 1 < host.sampleTimes().size(); i++) {
                double sum = 0;
                boolean any = false;
                for (ResourceSeries one : series) {
                    Double value = one.values().get(i);
                    if (value != null) {
                        sum += value;
                        any = true;
                    }
                }
                if (any && inPhases(host, i, phases)) {
                    rates.add(sum);
                }
            }
            if (rates.isEmpty()) {
                return Optional.empty();
            }
            Collections.sort(rates);
            // Nearest rank: the smallest rate at least TRAFFIC_PERCENTILE % of the intervals do not exceed.
            int rank = (int) Math.ceil(TRAFFIC_PERCENTILE / 100.0 * rates.size());
            return Optional.of(rates.get(rank - 1));
        }
    }

    /** Whether interval {@code i}'s middle falls inside one of the phases; every interval does if there are none. */
    private static boolean inPhases(HostUsage host, int i, List<Phase> phases) {
        List<Instant> times = host.sampleTimes();
        Instant middle = times.get(i).plus(Duration.between(times.get(i), times.get(i + 1)).dividedBy(2));
        return phases.isEmpty() || phases.stream().anyMatch(phase -> !middle.isBefore(phase.start())
                && !middle.isAfter(phase.end()));
    }

    /**
     * The figure's mean over the intervals inside the run's phases, where the work was: a window that spans the whole
     * run also holds job start-up and clean-up, which would water a saturated resource down. Without phases or a
     * series, the host's summary mean; empty if the host has neither.
     */
    private static OptionalDouble mean(HostUsage host, String id, List<Phase> phases) {
        Optional<ResourceSeries> series = host.series(MetricKey.of(id));
        if (!phases.isEmpty() && series.isPresent()) {
            double sum = 0;
            int count = 0;
            for (int i = 0; i < series.get().values().size(); i++) {
                Double value = series.get().values().get(i);
                if (value != null && inPhases(host, i, phases)) {
                    sum += value;
                    count++;
                }
            }
            if (count > 0) {
                return OptionalDouble.of(sum / count);
            }
        }
        return host.summary(MetricKey.of(id).withLabel("stat", "mean")).map(Metric::value)
                .map(OptionalDouble::of).orElse(OptionalDouble.empty());
    }

    private static double summaryMean(HostUsage host, String id) {
        return host.summary(MetricKey.of(id).withLabel("stat", "mean")).map(Metric::value).orElse(0.0);
    }
}
