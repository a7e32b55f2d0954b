package io.hbench.bsp.randbench;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import java.util.ArrayList;
import java.util.List;

/** Runs RandBench as one BSP job on a {@link BspRunner} and gathers what the peers measured. */
public final class RandBench {
    public static final String NAME = "RandBench";

    private final BspRunner runner;

    public RandBench(BspRunner runner) {
        this.runner = requireNonNull(runner, "runner is null");
    }

    public RandBenchResult run(RandBenchOptions options) throws InterruptedException {
        BspJobSpec spec = BspJobSpec.builder(NAME, RandBenchProgram.class)
                .arguments(RandBenchProgram.arguments(options))
                .peers(options.settings().peers())
                .failureTimeout(options.settings().failureTimeout())
                .build();
        BspJobResult job = runner.run(spec);
        List<RandBenchResult.PeerRun> peers = new ArrayList<>();
        for (BspJobResult.PeerReport report : job.reports()) {
            RandBenchProgram.Report figures = RandBenchProgram.Report.decode(report.report());
            peers.add(new RandBenchResult.PeerRun(report.peer(), report.host(), report.start(),
                    report.duration(), figures.timings, figures.bytesTo));
        }
        return new RandBenchResult(options, job.start(), job.end(), peers, job.job(), job.resources());
    }
}
