package io.hbench.bsp.coordination;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.resources.HostSamples;
import io.hbench.resources.SampledResources;
import io.hbench.result.Phase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The job's result from what every peer reported: its program's report, its own span, and the samples its host's
 * resource sampler handed it. Every sampled host is here under the name its sampler knows it by; peers' data addresses
 * (often IP addresses) would name hosts differently.
 */
final class ReportAggregation {
    private ReportAggregation() {
    }

    /** The result of {@code spec}'s job, which ran from {@code start} to {@code end}, once every peer has reported. */
    static BspJobResult result(BspJobSpec spec, Coordinator.Slot[] slots, Instant start, Instant end) {
        List<BspJobResult.PeerReport> reports = new ArrayList<>();
        for (Coordinator.Slot each : slots) {
            reports.add(new BspJobResult.PeerReport(each.address.index(), each.hostName, each.started,
                    each.elapsed, each.report));
        }
        return new BspJobResult(reports, start, end, sampledResources(spec, slots, start, end));
    }

    /** What the peers handed over, as samples: the caller turns them into figures once FINISH has let the peers go. */
    private static Optional<SampledResources> sampledResources(BspJobSpec spec, Coordinator.Slot[] slots,
            Instant start, Instant end) {
        List<HostSamples> samples = new ArrayList<>();
        for (Coordinator.Slot each : slots) {
            each.resources.ifPresent(samples::add);
        }
        return spec.resourceInterval().map(interval -> new SampledResources(interval, samples, List.of(),
                List.of(new Phase(spec.name(), start, end))));
    }
}
