package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One figure that speaks about the hosts it was measured on: a task's throughput (one host), a connection's bandwidth
 * (both ends). Figures of one group are alike and compare directly, such as tasks of one kind or messages of one size.
 */
public final class Observation {
    private final List<String> hosts;
    private final String group;
    private final double value;

    public Observation(List<String> hosts, String group, double value) {
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        if (this.hosts.isEmpty()) {
            throw new IllegalArgumentException("an observation names no host");
        }
        this.group = requireNonNull(group, "group is null");
        if (!(Double.isFinite(value) && value > 0)) {
            throw new IllegalArgumentException("value is not a positive number: " + value);
        }
        this.value = value;
    }

    public static Observation of(String host, String group, double value) {
        return new Observation(List.of(host), group, value);
    }

    public List<String> hosts() {
        return hosts;
    }

    public String group() {
        return group;
    }

    public double value() {
        return value;
    }
}
