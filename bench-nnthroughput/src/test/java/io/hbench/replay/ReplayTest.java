package io.hbench.replay;

import static io.hbench.replay.Entries.call;
import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.load.FakeClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.ipc.StandbyException;
import org.apache.hadoop.security.AccessControlException;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The replay's arithmetic on a fake target and a fake clock, with one worker so every figure is exact: commands start
 * at their logged offsets divided by the rate factor, latency counts from there, and a stall makes the commands due
 * during it late by exactly the stall.
 */
class ReplayTest {
    private static final long MS = 1_000_000L;

    /**
     * Six commands logged at 0, 10, 11, 12, 13 and 50 ms (times the rate factor, so that the replay's offsets are
     * these at any factor), each taking 1 ms on the target, but the one at 10 ms takes 1 ms + a 7 ms stall. The
     * commands due at 11, 12 and 13 ms each wait for the one before: each starts exactly 7 ms late, with a latency of
     * 8 ms; the one at 50 ms is on time again.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1, 10})
    void aStalledTargetMakesTheCommandsDueDuringItLateByExactlyTheStall(double rateFactor)
            throws InterruptedException {
        long stall = 7 * MS;
        long[] loggedMillis = {0, 10, 11, 12, 13, 50};
        List<ReplayCall> calls = new ArrayList<>();
        for (int i = 0; i < loggedMillis.length; i++) {
            calls.add(call(entry(Math.round(loggedMillis[i] * rateFactor), AuditCommand.GET_FILE_INFO, "/f" + i)));
        }
        FakeClock clock = new FakeClock();
        FakeReplayTarget target = new FakeReplayTarget(clock, MS, Map.of("/f1", MS + stall), Map.of());

        Replay.Figures figures = new Replay(target, 1, rateFactor, clock).run(calls, calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW);

        assertThat(target.startedAt).containsExactlyInAnyOrderEntriesOf(Map.of("/f0", 0L, "/f1", 10 * MS,
                "/f2", 11 * MS + stall, "/f3", 12 * MS + stall, "/f4", 13 * MS + stall, "/f5", 50 * MS));
        LoadOutcome load = figures.load;
        int kind = AuditCommand.GET_FILE_INFO.ordinal();
        Histogram lateness = load.lateness(kind);
        assertThat(lateness.getCountAtValue(0)).as("on time").isEqualTo(3);
        assertThat(lateness.getCountBetweenValues(stall, stall)).as("late by the stall").isEqualTo(3);
        Histogram latency = load.latency(kind);
        assertThat(latency.getCountBetweenValues(MS, MS)).as("latency of those on time, the stalled one aside")
                .isEqualTo(2);
        assertThat(latency.getCountBetweenValues(MS + stall, MS + stall)).as("the stalled one and those late")
                .isEqualTo(4);
        assertThat(load.serviceTime(kind).getCountBetweenValues(MS, MS)).as("service time: one slow call")
                .isEqualTo(5);
        assertThat(load.measuredNanos()).as("the last command ends at 51 ms").isEqualTo(51 * MS);
        assertThat(load.operations(kind)).isEqualTo(6);
        assertThat(load.targetRate()).as("6 commands over the replay's 50 ms").isEqualTo(120.0);
        assertThat(figures.failures).isEqualTo(CommandFailures.NONE);
    }

    /** The last command due while the target stalls: the replay ends exactly the stall behind schedule. */
    @Test
    void aReplayThatEndsInAStallIsBehindScheduleByExactlyTheStall() throws InterruptedException {
        FakeClock clock = new FakeClock();
        List<ReplayCall> calls = List.of(call(entry(0, AuditCommand.OPEN, "/a")),
                call(entry(100, AuditCommand.OPEN, "/b")), call(entry(101, AuditCommand.OPEN, "/c")));
        FakeReplayTarget target = new FakeReplayTarget(clock, 10 * MS, Map.of("/b", 20 * MS), Map.of());

        LoadOutcome load = new Replay(target, 1, 10, clock).run(calls, calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW).load;

        // Logged at 0, 100 and 101 ms; at 10x due at 0, 10 and 10.1 ms. /b ends at 30 ms: /c starts 19.9 ms late.
        assertThat(target.startedAt.get("/c")).isEqualTo(30 * MS);
        assertThat(load.behindNanos()).isEqualTo(30 * MS - 10_100_000L);
        assertThat(load.keptSchedule()).isFalse();
    }

    @Test
    void failuresAreCountedByCommandAndCauseAndTheReplayGoesOn() throws InterruptedException {
        FakeClock clock = new FakeClock();
        List<ReplayCall> calls = List.of(
                call(entry(0, AuditCommand.OPEN, "/missing")),
                call(entry(1, AuditCommand.OPEN, "/missing2")),
                call(entry(2, AuditCommand.SET_TIMES, "/locked")),
                call(entry(3, AuditCommand.MKDIRS, "/there")),
                call(entry(4, AuditCommand.CONCAT, "[/a]", "/unsupported")),
                call(entry(5, AuditCommand.CREATE, "/standby")),
                call(entry(6, AuditCommand.DELETE, "/io")),
                call(entry(7, AuditCommand.DELETE, "/false")),
                call(entry(8, AuditCommand.OPEN, "/fine")));
        Map<String, Exception> failures = Map.of(
                "/missing", new FileNotFoundException("/missing"),
                "/missing2", new RemoteException(FileNotFoundException.class.getName(), "/missing2"),
                "/locked", new AccessControlException("denied"),
                "/there", new FileAlreadyExistsException("/there"),
                "/unsupported", new UnsupportedOperationException("concat"),
                "/standby", new RemoteException(StandbyException.class.getName(), "standby"),
                "/io", new IOException("broken pipe"));
        FakeReplayTarget target = new FakeReplayTarget(clock, MS, Map.of(), failures);

        Replay.Figures figures = new Replay(target, 1, 1, clock).run(calls, calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW);

        assertThat(figures.failures.byCommand()).containsExactlyInAnyOrderEntriesOf(Map.of(
                AuditCommand.OPEN, Map.of(FailureCause.NOT_FOUND, 2L),
                AuditCommand.CREATE, Map.of("StandbyException", 1L),
                AuditCommand.MKDIRS, Map.of(FailureCause.EXISTS, 1L),
                AuditCommand.DELETE, Map.of("IOException", 1L, FailureCause.RETURNED_FALSE, 1L),
                AuditCommand.SET_TIMES, Map.of(FailureCause.PERMISSION, 1L),
                AuditCommand.CONCAT, Map.of(FailureCause.UNSUPPORTED, 1L)));
        assertThat(figures.failures.total()).isEqualTo(8);
        assertThat(figures.load.totalOperations()).as("every command issued and timed").isEqualTo(9);
        assertThat(target.startedAt).containsKey("/fine");
    }

    @Test
    void theScheduleIsTheLoggedOffsetsDividedByTheRateFactor() {
        List<ReplayCall> calls = List.of(call(entry(1_000, AuditCommand.OPEN, "/a")),
                call(entry(1_003, AuditCommand.OPEN, "/b")), call(entry(2_000, AuditCommand.OPEN, "/c")));

        assertThat(Replay.schedule(calls, 1_000, 4).offsetNanos(1)).isEqualTo(750_000L);
        assertThat(Replay.schedule(calls, 1_000, 4).offsetNanos(2)).isEqualTo(250 * MS);
        assertThat(Replay.schedule(calls, 1_000, 0.5).offsetNanos(2)).isEqualTo(2_000 * MS);
    }

    @Test
    void aClientsShareIsDueAtItsPlaceInTheWholeLog() {
        List<ReplayCall> share = List.of(call(entry(1_500, AuditCommand.OPEN, "/a")),
                call(entry(2_000, AuditCommand.OPEN, "/b")));

        assertThat(Replay.schedule(share, 1_000, 10).offsetNanos(0)).as("500 ms into the log, 10x").isEqualTo(50 * MS);
        assertThat(Replay.schedule(share, 1_000, 10).offsetNanos(1)).isEqualTo(100 * MS);
        assertThatThrownBy(() -> Replay.schedule(share, 1_600, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before the origin");
    }
}
