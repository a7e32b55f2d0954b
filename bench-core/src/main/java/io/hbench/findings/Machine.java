package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.result.HostUsage;
import io.hbench.result.ResourceUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A kernel's sampled hosts: one host, or the containers or network namespaces of one machine that reported the same
 * kernel. Their CPU, memory and disk figures are the machine's, so findings judge and name the machine, once, and
 * never one of its hosts for them; network figures stay each host's own.
 */
final class Machine {
    private final List<HostUsage> hosts;

    private Machine(List<HostUsage> hosts) {
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
    }

    /**
     * The machines of the hosts sampled through their own counters, in the order of their first host. A host sampled
     * through its DataNode's metrics says nothing of its machine's CPU, memory or disks, so it is none.
     */
    static List<Machine> of(ResourceUsage usage) {
        Map<List<String>, List<HostUsage>> byKernel = new LinkedHashMap<>();
        for (HostUsage host : usage.hosts()) {
            if (host.unavailableReason().isEmpty() && host.source() == HostUsage.Source.HOST) {
                List<String> kernel = Stream.concat(Stream.of(host.host()), host.sharesKernelWith().stream()).sorted()
                        .collect(Collectors.toList());
                byKernel.computeIfAbsent(kernel, names -> new ArrayList<>()).add(host);
            }
        }
        return byKernel.values().stream().map(Machine::new).collect(Collectors.toList());
    }

    /** Whether any of the sampled hosts shares its kernel with another. */
    static boolean anyShared(List<Machine> machines) {
        return machines.stream().anyMatch(machine -> machine.hosts.size() > 1);
    }

    /** Its hosts' names, "dn2, dn3": what a finding about it names. */
    String label() {
        return hosts.stream().map(HostUsage::host).collect(Collectors.joining(", "));
    }

    /** In a sentence: the host, or "the machine dn2, dn3 share". */
    String subject() {
        return hosts.size() == 1 ? label() : "the machine " + label() + " share";
    }

    /**
     * A figure of the machine: the mean of its hosts' figures that {@code has} one, each over its own sampled window;
     * empty if none has.
     */
    OptionalDouble mean(Predicate<HostUsage> has, ToDoubleFunction<HostUsage> figure) {
        return hosts.stream().filter(has).mapToDouble(figure).average();
    }

    /**
     * A figure of the machine's own, as its totals and sizes are: the largest of its hosts' figures (each read the
     * machine's counters, over its own window); empty if none has one.
     */
    OptionalDouble max(Function<HostUsage, Optional<Double>> figure) {
        return hosts.stream().map(figure).flatMap(Optional::stream).mapToDouble(Double::doubleValue).max();
    }
}
