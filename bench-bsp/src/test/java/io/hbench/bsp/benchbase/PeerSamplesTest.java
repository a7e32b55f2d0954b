package io.hbench.bsp.benchbase;

import io.hbench.bsp.ebb.Ebb;
import io.hbench.bsp.ebb.EbbOptions;
import io.hbench.bsp.ebb.EbbResult;
import io.hbench.bsp.randbench.RandBench;
import io.hbench.bsp.randbench.RandBenchOptions;
import io.hbench.bsp.randbench.RandBenchResultTest;
import io.hbench.result.BenchResult;
import io.hbench.result.TaskSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RandBench and EBB on peers whose programs start at least {@link #GAP} apart: every per-task sample carries its
 * own peer's start and run time, as that peer timed them, and lies within the run.
 */
@Timeout(60)
class PeerSamplesTest {
    private static final Duration GAP = Duration.ofMillis(40);
    private static final int PEERS = 3;

    @Test
    void randBenchSamplesCarryEachPeersOwnStartAndRunTimeWithinTheRun() throws Exception {
        RandBenchOptions options = RandBenchOptions.builder(1000, 5, 2).settings(BspTestSupport.settings(PEERS, 3))
                .build();

        BenchResult result = new RandBench(InMemoryBspRunner.realTime(PEERS).staggered(GAP)).run(options)
                .toBenchResult(RandBenchResultTest.ENVIRONMENT);

        assertOwnSpansWithinTheRun(result, result.taskSamples());
    }

    @Test
    void ebbSamplesCarryTheirPeersOwnStartAndRunTimeWithinTheRun() throws Exception {
        EbbOptions options = EbbOptions.builder(1024, 1024).rounds(2).settings(BspTestSupport.settings(PEERS + 1, 3))
                .build();

        EbbResult ebb = new Ebb(InMemoryBspRunner.realTime(PEERS + 1).staggered(GAP)).run(options);
        BenchResult result = ebb.toBenchResult(RandBenchResultTest.ENVIRONMENT);

        for (int peer = 0; peer <= PEERS; peer++) {
            String suffix = " peer " + peer;
            List<TaskSample> ofPeer = result.taskSamples().stream().filter(sample -> sample.id().endsWith(suffix))
                    .collect(Collectors.toList());
            assertThat(ofPeer).as("samples of%s", suffix).hasSize(2).extracting(TaskSample::start)
                    .containsOnly(ebb.run().spans().get(peer).start());
        }
        assertOwnSpansWithinTheRun(result, result.taskSamples().stream().filter(sample -> sample.id().contains(
                " round 0 ")).collect(Collectors.toList()));
    }

    /** One sample per peer, in peer order: peer i started at least GAP after peer i - 1 and ran until the last had started. */
    private static void assertOwnSpansWithinTheRun(BenchResult result, List<TaskSample> samples) {
        assertThat(samples).as("samples").hasSizeGreaterThanOrEqualTo(PEERS);
        Instant lastStart = samples.get(samples.size() - 1).start();
        for (int i = 0; i < samples.size(); i++) {
            TaskSample sample = samples.get(i);
            assertThat(sample.start()).as("%s starts within the run %s to %s", sample, result.start(), result.end())
                    .isAfterOrEqualTo(result.start());
            assertThat(sample.end()).as("%s ends within the run %s to %s", sample, result.start(), result.end())
                    .isBeforeOrEqualTo(result.end());
            // No peer can pass the first barrier before the last peer has started.
            assertThat(sample.end()).as("%s ends after the last peer started", sample).isAfter(lastStart);
            if (i > 0) {
                assertThat(Duration.between(samples.get(i - 1).start(), sample.start()))
                        .as("%s starts after %s", sample, samples.get(i - 1)).isGreaterThanOrEqualTo(GAP);
            }
        }
    }
}
