package io.hbench.findings;

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
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What limited a run, from its hosts' sampled means: a host whose CPUs were busy (user and system time), or whose
 * busiest disk had requests in flight (iostat's %util), for {@value #NEAR_PERCENT} % or more of the sampled time, or
 * whose network moved {@value #NEAR_PERCENT} % or more of the link bandwidth EBB measured, in either direction, was
 * held back by that resource. Where none came that near, the
 * run waited on something sampling does not see (latencies, the NameNode, task start-up), and the finding says how
 * near each came. A mean over the sampled intervals inside the run's phases, not a peak: a resource saturated for a
 * moment limits nothing. Hosts that share a kernel share its CPUs and disks: those are judged, and named, once, as
 * their machine's ({@link Machine}).
 */
final class Limits {
    static final int NEAR_PERCENT = 80;
    private static final DisplayUnit NETWORK = DisplayUnit.of("net_sent", Unit.BYTES_PER_SECOND);
    private static final DisplayUnit LINK = DisplayUnit.of("baseline_bandwidth", Unit.BYTES_PER_SECOND);

    private Limits() {
    }

    static Finding of(ResourceUsage usage, Optional<Double> linkBytesPerSecond) {
        List<String> limited = new ArrayList<>();
        String busiestCpuHost = null;
        double busiestCpu = -1;
        String busiestNetHost = null;
        double busiestNet = -1;
        String busiestDiskHost = null;
        double busiestDisk = -1;
        List<String> cpuHosts = new ArrayList<>();
        List<String> diskHosts = new ArrayList<>();
        List<String> netHosts = new ArrayList<>();
        // CPU and disks by machine: hosts on one kernel see the same ones, and only the machine can be held back.
        for (Machine machine : Machine.of(usage)) {
            double cpu = machine.mean(host -> true, host -> mean(host, "cpu_user", usage.phases())
                    + mean(host, "cpu_system", usage.phases())).orElseThrow();
            if (cpu > busiestCpu) {
                busiestCpu = cpu;
                busiestCpuHost = machine.subject();
            }
            if (cpu >= NEAR_PERCENT) {
                cpuHosts.add(machine.subject() + " (" + Findings.percent(cpu) + " busy)");
            }
            OptionalDouble disk = machine.mean(host -> host.series(MetricKey.of("disk_busy")).isPresent(),
                    host -> mean(host, "disk_busy", usage.phases()));
            if (disk.isPresent()) {
                if (disk.getAsDouble() > busiestDisk) {
                    busiestDisk = disk.getAsDouble();
                    busiestDiskHost = machine.subject();
                }
                if (disk.getAsDouble() >= NEAR_PERCENT) {
                    diskHosts.add(machine.subject() + " (" + Findings.percent(disk.getAsDouble()) + " busy)");
                }
            }
        }
        for (HostUsage host : usage.hosts()) {
            if (host.unavailableReason().isPresent()) {
                continue;
            }
            double net = Math.max(mean(host, "net_received", usage.phases()), mean(host, "net_sent", usage.phases()));
            if (net > busiestNet) {
                busiestNet = net;
                busiestNetHost = host.host();
            }
            if (linkBytesPerSecond.isPresent() && net >= NEAR_PERCENT / 100.0 * linkBytesPerSecond.get()) {
                netHosts.add(host.host() + " (" + NETWORK.text(net) + ", "
                        + Findings.percent(100 * net / linkBytesPerSecond.get()) + ")");
            }
        }
        if (busiestCpuHost == null) {
            return new Finding(Finding.Kind.LIMIT, Optional.empty(), "not sampled", "not judged: no host was sampled");
        }
        List<String> brief = new ArrayList<>();
        if (!cpuHosts.isEmpty()) {
            limited.add("CPU on " + String.join(", ", cpuHosts));
            brief.add("CPU");
        }
        if (!diskHosts.isEmpty()) {
            limited.add("the disks on " + String.join(", ", diskHosts));
            brief.add("disks");
        }
        if (!netHosts.isEmpty()) {
            brief.add("network");
            limited.add("the network on " + String.join(", ", netHosts) + " of the "
                    + LINK.text(linkBytesPerSecond.get()) + " link EBB measured");
        }
        if (!limited.isEmpty()) {
            return new Finding(Finding.Kind.LIMIT, Optional.empty(), String.join(" and ", brief), "held back by " + String.join(" and ", limited)
                    + ", on average while sampled");
        }
        String network = linkBytesPerSecond.isPresent()
                ? "network at most " + Findings.percent(100 * busiestNet / linkBytesPerSecond.get()) + " of the "
                        + LINK.text(linkBytesPerSecond.get()) + " link EBB measured ("
                        + busiestNetHost + ")"
                : busiestNet == 0 ? "no network traffic but loopback"
                : "network at most " + NETWORK.text(busiestNet) + " (" + busiestNetHost
                        + "; no link bandwidth measured to hold it to: EBB or Suite measures it)";
        String disks = busiestDiskHost == null ? "" : "disks at most " + Findings.percent(busiestDisk) + " busy ("
                + busiestDiskHost + "), ";
        return new Finding(Finding.Kind.LIMIT, Optional.empty(), "none near its limit",
                "no sampled resource near its limit: CPU at most "
                + Findings.percent(busiestCpu) + " busy (" + busiestCpuHost + "), " + disks + network
                + "; the run waited on what sampling does not see (latencies, the NameNode, task start-up)");
    }

    /**
     * The figure's mean over the intervals inside the run's phases, where the work was: a window that spans the whole
     * run also holds job start-up and clean-up, which would water a saturated resource down. Without phases or a
     * series, the host's summary mean.
     */
    private static double mean(HostUsage host, String id, List<Phase> phases) {
        Optional<ResourceSeries> series = host.series(MetricKey.of(id));
        if (!phases.isEmpty() && series.isPresent()) {
            double sum = 0;
            int count = 0;
            List<Instant> times = host.sampleTimes();
            for (int i = 0; i < series.get().values().size(); i++) {
                Double value = series.get().values().get(i);
                Instant middle = times.get(i).plus(Duration.between(times.get(i), times.get(i + 1)).dividedBy(2));
                if (value != null && phases.stream().anyMatch(phase -> !middle.isBefore(phase.start())
                        && !middle.isAfter(phase.end()))) {
                    sum += value;
                    count++;
                }
            }
            if (count > 0) {
                return sum / count;
            }
        }
        return host.summary(MetricKey.of(id).withLabel("stat", "mean")).map(Metric::value).orElse(0.0);
    }
}
