package io.hbench.replay;

import static io.hbench.replay.Entries.call;
import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.load.CompletionGap;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.FakeClock;
import io.hbench.load.OpenLoop;
import java.io.FileNotFoundException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A share's outcome travels as bytes and adds up with the other shares'. */
class ReplayOutcomeTest {
    private static final long MS = 1_000_000L;

    private static ReplayOutcome share(String path, int problems) throws InterruptedException {
        FakeClock clock = new FakeClock();
        List<ReplayCall> calls = List.of(call(entry(0, AuditCommand.OPEN, path)),
                call(entry(5, AuditCommand.MKDIRS, path + "/d")));
        FakeReplayTarget target = new FakeReplayTarget(clock, MS, Map.of(),
                Map.of(path, new FileNotFoundException(path)));
        // One thread: the fake clock is shared, so a second one sleeping to 5 ms could move it under the first's call.
        Replay.Figures figures = new Replay(target, 1, 1, clock).run(calls, calls.get(0).entry().timeMillis(),
                OpenLoop.Start.NOW);
        SkippedLines.Builder skipped = new SkippedLines.Builder().add(SkippedLines.NOT_ALLOWED, 3)
                .add("listCachePools", 1);
        for (int i = 0; i < problems; i++) {
            skipped.problem("audit.log:" + i + ": no cmd=");
        }
        return new ReplayOutcome(figures.load, figures.failures, skipped.build(), 4 * MS, 1, 2);
    }

    @Test
    void anOutcomeReadsBackExactly() throws InterruptedException {
        ReplayOutcome outcome = share("/a", 7);

        ReplayOutcome back = ReplayOutcome.decode(ReplayOutcome.encode(outcome));

        assertThat(back.failures()).isEqualTo(outcome.failures());
        assertThat(back.skipped().counts()).isEqualTo(outcome.skipped().counts());
        assertThat(back.skipped().problems()).isEqualTo(outcome.skipped().problems()).hasSize(5);
        assertThat(back.skipped().problemCount()).isEqualTo(7);
        assertThat(back.load().latency()).isEqualTo(outcome.load().latency());
        assertThat(back.load().lateness(AuditCommand.MKDIRS.ordinal()))
                .isEqualTo(outcome.load().lateness(AuditCommand.MKDIRS.ordinal()));
        assertThat(back.prepareNanos()).isEqualTo(4 * MS);
        assertThat(back.preparedFiles()).isEqualTo(1);
        assertThat(back.preparedDirectories()).isEqualTo(2);
    }

    @Test
    void sharesAddUpTheirCommandsFailuresAndSkippedLines() throws InterruptedException {
        ReplayOutcome merged = ReplayOutcome.merge(List.of(share("/a", 1), share("/b", 0)));

        assertThat(merged.load().operations(AuditCommand.OPEN.ordinal())).isEqualTo(2);
        assertThat(merged.load().clients()).isEqualTo(2);
        assertThat(merged.failures().of(AuditCommand.OPEN)).containsExactly(Map.entry(FailureCause.NOT_FOUND, 2L));
        assertThat(merged.skipped().counts()).containsExactly(Map.entry(SkippedLines.NOT_ALLOWED, 6L),
                Map.entry("listCachePools", 2L));
        assertThat(merged.prepareNanos()).as("the shares prepare at once").isEqualTo(4 * MS);
        assertThat(merged.preparedDirectories()).isEqualTo(4);
    }

    /**
     * Each share's calls, logged at 0 and 5 ms, take 1 ms: both complete at 1 and 6 ms from the start the shares
     * agreed, so the replay's longest stretch without a completion is [1, 6), exactly, and none waited through it.
     */
    @Test
    void sharesTravelWithTheirTimelinesAndMergeThem() throws InterruptedException {
        ReplayOutcome merged = ReplayOutcome.merge(List.of(ReplayOutcome.decode(ReplayOutcome.encode(share("/a", 0))),
                ReplayOutcome.decode(ReplayOutcome.encode(share("/b", 0)))));

        CompletionTimeline timeline = merged.load().timeline().orElseThrow();
        assertThat(timeline.timeSeries(Map.of()).get(0).values()).containsExactly(4.0);
        assertThat(timeline.longestGap()).isEqualTo(new CompletionGap(timeline.start().plusMillis(1),
                Duration.ofMillis(5), 0));
    }

    @Test
    void bytesThatAreNoOutcomeAreRefused() {
        assertThatThrownBy(() -> ReplayOutcome.decode(new byte[] {0, 0, 0, 9, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a replay's outcome");
    }
}
