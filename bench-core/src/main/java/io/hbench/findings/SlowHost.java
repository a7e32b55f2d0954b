package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A host that {@link SlowHostRule} found slow, with the figures that convict it: its speed relative to the median of
 * the hosts', how many figures were measured on it, and where the figures were all of one kind, its median figure and
 * the hosts' median in their own unit.
 */
public final class SlowHost {
    private final String host;
    private final double relativeSpeed;
    private final int observations;
    private final int slowObservations;
    private final Double hostMedian;
    private final Double allMedian;
    private final boolean byBest;

    SlowHost(String host, double relativeSpeed, int observations, int slowObservations, Double hostMedian,
            Double allMedian, boolean byBest) {
        this.host = requireNonNull(host, "host is null");
        this.relativeSpeed = relativeSpeed;
        this.observations = observations;
        this.slowObservations = slowObservations;
        this.hostMedian = hostMedian;
        this.allMedian = allMedian;
        this.byBest = byBest;
    }

    public String host() {
        return host;
    }

    /** The host's median speed over the median of all, below 1: 0.5 is half as fast, twice as long. */
    public double relativeSpeed() {
        return relativeSpeed;
    }

    public int observations() {
        return observations;
    }

    /** How many of its figures were themselves slow by the rule's shortfall: all of them, for a host in every slow pair. */
    public int slowObservations() {
        return slowObservations;
    }

    /**
     * Whether the host's figure is the best of its figures (connections, each as fast as its slower end) rather than
     * their median.
     */
    public boolean byBest() {
        return byBest;
    }

    /**
     * The host's figure (its median, or its best: {@link #byBest}) in the figure's own unit; empty when figures of
     * several kinds were pooled.
     */
    public Optional<Double> hostMedian() {
        return Optional.ofNullable(hostMedian);
    }

    /** The median of the hosts' figures in their own unit; empty when figures of several kinds were pooled. */
    public Optional<Double> allMedian() {
        return Optional.ofNullable(allMedian);
    }

    @Override
    public String toString() {
        return "SlowHost{host=" + host + ", relativeSpeed=" + relativeSpeed + ", observations=" + observations + "}";
    }
}
