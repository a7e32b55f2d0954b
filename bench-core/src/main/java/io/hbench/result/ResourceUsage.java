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
 * the mean of their means, the largest of their maxima and the sum of their totals, where hosts that share a kernel
 * count once for the figures that are its machine's (all but the network's).
 */
public final class ResourceUsage {
    /** Which hosts were sampled, and when. */
    public enum Coverage {
        /** The hosts that ran the run's tasks, while they ran there. */
        TASKS("tasks", "while the run's tasks ran, on the hosts that ran them"),
        /** Every DataNode and NodeManager host, from before the run's first job to after its last. */
        RUN("run", "the whole run, on every DataNode and NodeManager host");

        private final String symbol;
        private final String text;

        Coverage(String symbol, String text) {
            this.symbol = symbol;
            this.text = text;
        }

        /** How the JSON writes it. */
        public String symbol() {
            return symbol;
        }

        /** For people: "the whole run, on every DataNode and NodeManager host". */
        public String text() {
            return text;
        }

        public static Coverage bySymbol(String symbol) {
            for (Coverage coverage : values()) {
                if (coverage.symbol.equals(symbol)) {
                    return coverage;
                }
            }
            throw new IllegalArgumentException("unknown resource coverage: " + symbol);
        }
    }

    private final Coverage coverage;
    private final Duration interval;
    private final List<Phase> phases;
    private final List<HostUsage> hosts;
    private final List<Metric> cluster;

    /** Usage of the hosts that ran the run's tasks, while they ran ({@link Coverage#TASKS}). */
    public ResourceUsage(Duration interval, List<Phase> phases, List<HostUsage> hosts, List<Metric> cluster) {
        this(Coverage.TASKS, interval, phases, hosts, cluster);
    }

    public ResourceUsage(Coverage coverage, Duration interval, List<Phase> phases, List<HostUsage> hosts,
            List<Metric> cluster) {
        this.coverage = requireNonNull(coverage, "coverage is null");
        this.interval = requireNonNull(interval, "interval is null");
        checkArgument(!interval.isNegative() && !interval.isZero(), "interval is not positive: %s", interval);
        this.phases = List.copyOf(requireNonNull(phases, "phases is null"));
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        this.cluster = List.copyOf(requireNonNull(cluster, "cluster is null"));
        Set<String> names = new HashSet<>();
        for (HostUsage host : this.hosts) {
            checkArgument(names.add(host.host()), "duplicate host: %s", host.host());
        }
        for (HostUsage host : this.hosts) {
            for (String other : host.sharesKernelWith()) {
                checkArgument(host(other).filter(one -> one.sharesKernelWith().contains(host.host())).isPresent(),
                        "%s shares its kernel with %s, which does not share it with %s", host.host(), other,
                        host.host());
            }
        }
    }

    /** This usage with another coverage: what the sampler that produced it covered. */
    public ResourceUsage covering(Coverage coverage) {
        return new ResourceUsage(coverage, interval, phases, hosts, cluster);
    }

    public Coverage coverage() {
        return coverage;
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
        return coverage == that.coverage && interval.equals(that.interval) && phases.equals(that.phases) && hosts.equals(that.hosts)
                && cluster.equals(that.cluster);
    }

    @Override
    public int hashCode() {
        return Objects.hash(coverage, interval, phases, hosts, cluster);
    }

    @Override
    public String toString() {
        return "ResourceUsage{coverage=" + coverage + ", interval=" + interval + ", phases=" + phases + ", hosts=" + hosts + ", cluster="
                + cluster + "}";
    }
}
