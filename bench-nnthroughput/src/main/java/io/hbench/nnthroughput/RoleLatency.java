package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadReport;
import io.hbench.namenode.NameNodeCalls;
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
 * writes' on the active NameNode.
 */
final class RoleLatency {
    private static final DisplayUnit LATENCY = DisplayUnit.of("latency", Unit.SECONDS);
    /** The RPC method of each kind's timed call, as the NameNode's counters name it. */
    private static final Map<String, List<String>> METHODS = Map.of(
            NnOperation.CREATE.label(), List.of("create"),
            NnOperation.MKDIRS.label(), List.of("mkdirs"),
            NnOperation.OPEN.label(), List.of("getBlockLocations"),
            NnOperation.DELETE.label(), List.of("delete"),
            NnOperation.FILE_STATUS.label(), List.of("getFileInfo"),
            NnOperation.RENAME.label(), List.of("rename", "rename2"),
            NnOperation.APPEND.label(), List.of("append"));

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

    /** Per operation of the run, its latency per role, in the order the kinds came; none without NameNode calls. */
    static List<RoleLatency> of(NnResult result) {
        List<RoleLatency> latencies = new ArrayList<>();
        Optional<NameNodeCalls> calls = result.nameNodeCalls();
        if (calls.isEmpty() || result.curve().isPresent()) {
            return latencies;
        }
        for (OpResult op : result.operations()) {
            Map<String, Histogram> byRole = new LinkedHashMap<>();
            Map<String, Set<String>> kindsByRole = new LinkedHashMap<>();
            for (OpResult.Kind kind : op.kinds().values()) {
                List<String> methods = METHODS.get(kind.name());
                Optional<String> role = methods == null ? Optional.empty() : calls.get().roleServing(methods);
                if (role.isEmpty() || kind.histogram().isEmpty()) {
                    continue;
                }
                byRole.computeIfAbsent(role.get(), r -> Histograms.newHistogram()).add(kind.histogram().get());
                kindsByRole.computeIfAbsent(role.get(), r -> new LinkedHashSet<>()).add(kind.name());
            }
            byRole.forEach((role, histogram) -> latencies.add(new RoleLatency(op.operation().label(), role,
                    kindsByRole.get(role), Histograms.toDistribution("latency", Unit.SECONDS, histogram, 1e9)
                            .withLabel("operation", op.operation().label()).withLabel("role", role))));
        }
        return latencies;
    }

    /** {@code latency{operation=mix,role=observer}}. */
    Distribution latency() {
        return latency;
    }

    /**
     * {@code fileStatus latency on the observer ms: min ..., max ...}; for a mix, its kinds the role served:
     * {@code mix latency on the observer ms (open, fileStatus): ...}.
     */
    String line() {
        boolean mix = !kinds.equals(List.of(operation));
        return operation + " latency on the " + role + " " + LATENCY.symbol() + (mix ? " (" + String.join(", ", kinds)
                + ")" : "") + ": " + LoadReport.distribution(latency, LATENCY);
    }
}
