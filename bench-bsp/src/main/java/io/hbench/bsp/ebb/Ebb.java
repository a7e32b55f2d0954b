package io.hbench.bsp.ebb;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.bsp.PeerSpan;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.benchbase.BenchSettings;
import io.hbench.bsp.benchbase.Timings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Runs EBB as one BSP job, and with -relative a second one of 2 peers, on a {@link BspRunner}. */
public final class Ebb {
    public static final String NAME = "EBB";

    private final BspRunner runner;

    public Ebb(BspRunner runner) {
        this.runner = requireNonNull(runner, "runner is null");
    }

    public EbbResult run(EbbOptions options) throws InterruptedException {
        Instant start = Instant.now();
        EbbResult.Run run = run(options, options.pattern(), options.settings().peers());
        Optional<EbbResult.Run> baseline = options.relative()
                ? Optional.of(run(options, EbbPattern.EBB, 2)) : Optional.empty();
        return new EbbResult(options, start, Instant.now(), run, baseline);
    }

    private EbbResult.Run run(EbbOptions options, EbbPattern pattern, int peers) throws InterruptedException {
        BenchSettings settings = options.settings();
        BspJobSpec spec = BspJobSpec.builder(NAME + " " + pattern.flagValue() + " " + peers + " peers",
                        EbbProgram.class)
                .arguments(EbbProgram.arguments(pattern, options.sizes(), options.rounds(), settings.seed()))
                .peers(peers)
                .failureTimeout(settings.failureTimeout())
                .build();
        BspJobResult job = runner.run(spec);
        List<List<SuperstepTiming>> timings = new ArrayList<>();
        List<PeerSpan> spans = new ArrayList<>();
        for (BspJobResult.PeerReport report : job.reports()) {
            spans.add(report.span());
            List<SuperstepTiming> peerTimings = Timings.decode(report.report());
            if (peerTimings.size() != options.sizes().size() * options.rounds()) {
                throw new IllegalArgumentException("peer " + report.peer() + " reports " + peerTimings.size()
                        + " rounds, not " + options.sizes().size() * options.rounds());
            }
            timings.add(peerTimings);
        }
        // The matchings the peers used, drawn again from the same seed in the same order.
        Random matchings = new Random(settings.seed());
        List<EbbResult.Exchange> exchanges = new ArrayList<>();
        int index = 0;
        for (long size : options.sizes()) {
            for (int round = 0; round < options.rounds(); round++, index++) {
                int[] matching = pattern.nextMatching(peers, matchings);
                for (int peer = 0; peer < peers; peer++) {
                    int partner = pattern == EbbPattern.ALLTOALL ? -1 : pattern.destinations(peer, peers, matching)[0];
                    exchanges.add(new EbbResult.Exchange(size, round, peer, partner,
                            timings.get(peer).get(index).sendNanos()));
                }
            }
        }
        return new EbbResult.Run(peers, spans, exchanges, job.job(), job.resources());
    }
}
