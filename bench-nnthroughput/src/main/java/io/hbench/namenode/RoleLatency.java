package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadReport;
import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.stats.Histograms;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The latency of a run on a nameservice per NameNode role: each kind of operation goes to the role that served its
 * timed call, the one whose NameNodes' counters of that call rose most ({@link NameNodeCalls#roleServing}), and the
 * kinds of a role have their latencies merged. With Observer reads: the reads' latency on the Observers beside the
 * writes' on the active NameNode. Each program names the RPC methods of its kinds' timed calls.
 */
public final class RoleLatency {
    private static final DisplayUnit LATENCY = DisplayUnit.of("latency", Unit.SECONDS);

    private final String operation;
    private final String role;
    private final List<String> kinds;
    private final Distribution latency;

    private RoleLatency(String operation, String role, Set<String> kinds, Distribution latency) {
        this.operation = requireNonNull(operation, "operation is null");
        this.role = requireNonNull(role, "role is null");
        this.kinds = List.copyOf(kinds);
        this.latency = requireNonNull(latency, "latency is null");
    }

    /**
     * Per operation of the run, its latency per role, in the order the kinds came; a kind {@code methodsByKind} does
     * not name, or whose methods no NameNode counted, is left out.
     *
     * @param operations each operation's kinds by its label, in the run's order: each kind's latency in nanoseconds by
     *     its name
     * @param methodsByKind the RPC methods of each kind's timed call, as the NameNodes' counters name them
     */
    public static List<RoleLatency> of(NameNodeCalls calls, Map<String, Map<String, Histogram>> operations,
            Map<String, List<String>> methodsByKind) {
        List<RoleLatency> latencies = new ArrayList<>();
        for (Map.Entry<String, Map<String, Histogram>> op : operations.entrySet()) {
            Map<String, Histogram> byRole = new LinkedHashMap<>();
            Map<String, Set<String>> kindsByRole = new LinkedHashMap<>();
            for (Map.Entry<String, Histogram> kind : op.getValue().entrySet()) {
                List<String> methods = methodsByKind.get(kind.getKey());
                Optional<String> role = methods == null ? Optional.empty() : calls.roleServing(methods);
                if (role.isEmpty()) {
                    continue;
                }
                byRole.computeIfAbsent(role.get(), r -> Histograms.newHistogram()).add(kind.getValue());
                kindsByRole.computeIfAbsent(role.get(), r -> new LinkedHashSet<>()).add(kind.getKey());
            }
            byRole.forEach((role, histogram) -> latencies.add(new RoleLatency(op.getKey(), role,
                    kindsByRole.get(role), Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9)
                            .withLabel("operation", op.getKey()).withLabel("role", role))));
        }
        return latencies;
    }

    /** {@code latency{operation=mix,role=observer}}. */
    public Distribution latency() {
        return latency;
    }

    /**
     * {@code fileStatus latency on the observer ms: min ..., max ...}; for a mix or a replay, its kinds the role
     * served: {@code mix latency on the observer ms (open, fileStatus): ...}.
     */
    public String line() {
        boolean mix = !kinds.equals(List.of(operation));
        return operation + " latency on the " + role + " " + LATENCY.symbol() + (mix ? " (" + String.join(", ", kinds)
                + ")" : "") + ": " + LoadReport.distribution(latency, LATENCY);
    }
}
