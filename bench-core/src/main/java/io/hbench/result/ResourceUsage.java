package io.hbench.result;

import static io.hbench.result.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The resources a run used, host by host, measured from the kernel's counters while its tasks ran: the study's
 * "summary of resource utilization" with its time series. The cluster summary is over the hosts that were sampled:
 * the mean of their means, the largest of their maxima and the sum of their totals.
 */
public final class ResourceUsage {
    private final Duration interval;
    private final List<Phase> phases;
    private final List<HostUsage> hosts;
    private final List<Metric> cluster;

    public ResourceUsage(Duration interval, List<Phase> phases, List<HostUsage> hosts, List<Metric> cluster) {
        this.interval = requireNonNull(interval, "interval is null");
        checkArgument(!interval.isNegative() && !interval.isZero(), "interval is not positive: %s", interval);
        this.phases = List.copyOf(requireNonNull(phases, "phases is null"));
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        this.cluster = List.copyOf(requireNonNull(cluster, "cluster is null"));
        Set<String> names = new HashSet<>();
        for (HostUsage host : this.hosts) {
            checkArgument(names.add(host.host()), "duplicate host: %s", host.host());
        }
    }

    /** How often the hosts were sampled. */
    public Duration interval() {
        return interval;
    }

    /** The run's own phases, in order, to mark on charts. */
    public List<Phase> phases() {
        return phases;
    }

    /** By host name. */
    public List<HostUsage> hosts() {
        return hosts;
    }

    public Optional<HostUsage> host(String name) {
        return hosts.stream().filter(host -> host.host().equals(name)).findFirst();
    }

    /** Over the sampled hosts; empty if none was. */
    public List<Metric> cluster() {
        return cluster;
    }

    public Optional<Metric> cluster(MetricKey key) {
        return cluster.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof ResourceUsage)) {
            return false;
        }
        ResourceUsage that = (ResourceUsage) obj;
        return interval.equals(that.interval) && phases.equals(that.phases) && hosts.equals(that.hosts)
                && cluster.equals(that.cluster);
    }

    @Override
    public int hashCode() {
        return Objects.hash(interval, phases, hosts, cluster);
    }

    @Override
    public String toString() {
        return "ResourceUsage{interval=" + interval + ", phases=" + phases + ", hosts=" + hosts + ", cluster="
                + cluster + "}";
    }
}
