package io.hbench.result;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What one host's CPU, memory, network and disks did while the run's tasks ran there: the sample times, a series per
 * figure between them, and a summary (each figure's {@code stat=mean} and {@code stat=max}, and for bytes moved
 * {@code stat=total}), and the other sampled hosts that run on the same kernel, whose CPU, memory, swap and disk
 * figures are therefore the same machine's, and its link as its NICs state it. A host that could not be sampled has
 * only the reason why. A DataNode host where hbench runs nothing is sampled through its DataNode's own metrics instead
 * ({@link Source#DATANODE_METRICS}): its figures are the DataNode's, with no CPU, memory, disks or network.
 */
public final class HostUsage {
    /** Where a sampled host's figures come from. */
    public enum Source {
        /** The host's own kernel counters (/proc), read by a sampler on the host. */
        HOST("host"),
        /** The DataNode's metrics over HTTP (/jmx), read from the client: the DataNode's figures, not the host's. */
        DATANODE_METRICS("datanode-metrics");

        private final String id;

        Source(String id) {
            this.id = id;
        }

        /** As the JSON names it. */
        public String id() {
            return id;
        }

        /** The source of JSON identifier {@code id}. */
        public static Source of(String id) {
            for (Source source : values()) {
                if (source.id.equals(id)) {
                    return source;
                }
            }
            throw new IllegalArgumentException("not a sampling source: " + id);
        }
    }

    private final String host;
    private final Optional<String> unavailableReason;
    private final List<String> sharesKernelWith;
    private final List<Instant> sampleTimes;
    private final List<ResourceSeries> series;
    private final List<Metric> summary;
    private final Optional<HostLink> link;
    private final Source source;

    private HostUsage(String host, Optional<String> unavailableReason, Collection<String> sharesKernelWith,
            List<Instant> sampleTimes, List<ResourceSeries> series, List<Metric> summary, Optional<HostLink> link,
            Source source) {
        this.host = checkNotBlank(host, "host");
        this.unavailableReason = requireNonNull(unavailableReason, "unavailableReason is null");
        this.sharesKernelWith = List.copyOf(new TreeSet<>(requireNonNull(sharesKernelWith,
                "sharesKernelWith is null")));
        this.sampleTimes = List.copyOf(requireNonNull(sampleTimes, "sampleTimes is null"));
        this.series = List.copyOf(requireNonNull(series, "series is null"));
        this.summary = List.copyOf(requireNonNull(summary, "summary is null"));
        this.link = requireNonNull(link, "link is null");
        this.source = requireNonNull(source, "source is null");
        checkArgument(!this.sharesKernelWith.contains(host), "host %s shares its kernel with itself", host);
        checkArgument(unavailableReason.isEmpty() || this.sharesKernelWith.isEmpty(),
                "unavailable host %s shares a kernel", host);
        for (int i = 1; i < this.sampleTimes.size(); i++) {
            checkArgument(this.sampleTimes.get(i).isAfter(this.sampleTimes.get(i - 1)),
                    "sample times of %s are not increasing at %s", host, i);
        }
        int intervals = Math.max(0, this.sampleTimes.size() - 1);
        for (ResourceSeries one : this.series) {
            checkArgument(one.values().size() == intervals, "series %s of %s has %s values for %s intervals",
                    one.key(), host, one.values().size(), intervals);
        }
        checkArgument(unavailableReason.isEmpty() || this.sampleTimes.isEmpty() && this.summary.isEmpty()
                && link.isEmpty(), "unavailable host %s has samples", host);
        checkArgument(source == Source.HOST || this.sharesKernelWith.isEmpty() && link.isEmpty(),
                "host %s sampled through its DataNode's metrics has a kernel or a link", host);
    }

    public static HostUsage sampled(String host, List<Instant> sampleTimes, List<ResourceSeries> series,
            List<Metric> summary) {
        return new HostUsage(host, Optional.empty(), List.of(), sampleTimes, series, summary, Optional.empty(),
                Source.HOST);
    }

    /** A host sampled through its DataNode's metrics: the DataNode's figures, none of the host's. */
    public static HostUsage sampledThroughDataNode(String host, List<Instant> sampleTimes,
            List<ResourceSeries> series, List<Metric> summary) {
        return new HostUsage(host, Optional.empty(), List.of(), sampleTimes, series, summary, Optional.empty(),
                Source.DATANODE_METRICS);
    }

    public static HostUsage unavailable(String host, String reason) {
        return new HostUsage(host, Optional.of(checkNotBlank(reason, "reason")), List.of(), List.of(), List.of(),
                List.of(), Optional.empty(), Source.HOST);
    }

    /** This sampled host, running on the same kernel as {@code hosts}. */
    public HostUsage sharingKernelWith(Collection<String> hosts) {
        return new HostUsage(host, unavailableReason, hosts, sampleTimes, series, summary, link, source);
    }

    /** This sampled host, whose NICs state its link so. */
    public HostUsage withLink(HostLink link) {
        return new HostUsage(host, unavailableReason, sharesKernelWith, sampleTimes, series, summary,
                Optional.of(requireNonNull(link, "link is null")), source);
    }

    /** Where its figures come from: the host's own counters, or its DataNode's metrics. */
    public Source source() {
        return source;
    }

    /**
     * The host's link as its NICs state it, or why they do not; empty for a host not sampled, and in results written
     * before hbench read the NICs.
     */
    public Optional<HostLink> link() {
        return link;
    }

    public String host() {
        return host;
    }

    /** Why the host has no figures (not Linux, no counters in its container, no samples arrived); empty if it has. */
    public Optional<String> unavailableReason() {
        return unavailableReason;
    }

    /**
     * The other sampled hosts that reported this host's kernel (its boot id), by name: containers or network namespaces
     * of one machine, whose CPU, memory, swap and disk counters are all that machine's. Empty for a host with a kernel
     * of its own, or whose kernel did not say.
     */
    public List<String> sharesKernelWith() {
        return sharesKernelWith;
    }

    /** When each counter snapshot was taken, on the host's clock. */
    public List<Instant> sampleTimes() {
        return sampleTimes;
    }

    public List<ResourceSeries> series() {
        return series;
    }

    public Optional<ResourceSeries> series(MetricKey key) {
        return series.stream().filter(one -> one.key().equals(key)).findFirst();
    }

    public List<Metric> summary() {
        return summary;
    }

    public Optional<Metric> summary(MetricKey key) {
        return summary.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof HostUsage)) {
            return false;
        }
        HostUsage that = (HostUsage) obj;
        return host.equals(that.host) && unavailableReason.equals(that.unavailableReason)
                && sharesKernelWith.equals(that.sharesKernelWith) && sampleTimes.equals(that.sampleTimes)
                && series.equals(that.series) && summary.equals(that.summary) && link.equals(that.link)
                && source == that.source;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, unavailableReason, sharesKernelWith, sampleTimes, series, summary, link, source);
    }

    @Override
    public String toString() {
        return "HostUsage{host=" + host + ", unavailableReason=" + unavailableReason + ", sharesKernelWith="
                + sharesKernelWith + ", samples=" + sampleTimes.size() + ", summary=" + summary + ", link=" + link
                + ", source=" + source + "}";
    }
}
