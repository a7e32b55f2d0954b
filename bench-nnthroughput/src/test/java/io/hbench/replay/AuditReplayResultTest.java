package io.hbench.replay;

import static io.hbench.replay.Entries.call;
import static io.hbench.replay.Entries.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.hbench.load.FakeClock;
import io.hbench.load.OpenLoop;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.RoleLatency;
import io.hbench.namenode.RpcCounters;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Outcome;
import io.hbench.result.Unit;
import io.hbench.testing.ResultSchema;
import java.io.FileNotFoundException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The common result of a replay, in base units, against figures worked out by hand. */
class AuditReplayResultTest {
    private static final long MS = 1_000_000L;
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .java("17.0.15 (Debian)").os("Linux 6.1.0 amd64").clientHost("gw1")
            .commandLine(List.of("AuditReplay", "-log", "audit.log")).configuration("fs.defaultFS", "hdfs://nn:8020")
            .build();

    /**
     * Four opens logged at 0, 10, 20 and 30 ms and one delete at 40 ms, replayed at 1x by one worker on calls of 1 ms;
     * the open at 10 ms stalls 16 ms, so the open at 20 ms starts 7 ms late (late: more than 5 ms) and the one at
     * 30 ms on time; the delete finds nothing.
     */
    private static AuditReplayResult replay(boolean everyOneFails) throws InterruptedException {
        FakeClock clock = new FakeClock();
        List<ReplayCall> calls = List.of(call(entry(0, AuditCommand.OPEN, "/a")),
                call(entry(10, AuditCommand.OPEN, "/b")), call(entry(20, AuditCommand.OPEN, "/c")),
                call(entry(30, AuditCommand.OPEN, "/d")), call(entry(40, AuditCommand.DELETE, "/e")));
        Map<String, Exception> failures = everyOneFails
                ? Map.of("/a", new FileNotFoundException(), "/b", new FileNotFoundException(),
                        "/c", new FileNotFoundException(), "/d", new FileNotFoundException(),
                        "/e", new FileNotFoundException())
                : Map.of("/e", new FileNotFoundException("/e"));
        Replay.Figures figures = new Replay(new FakeReplayTarget(clock, MS, Map.of("/b", 17 * MS), failures), 1, 1,
                clock).run(calls, calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW);
        ReplayOutcome outcome = new ReplayOutcome(figures.load, figures.failures, new SkippedLines.Builder()
                .add("listCachePools", 2).build(), 3 * MS, 4, 1);
        return new AuditReplayResult(AuditReplayOptions.builder().logs(List.of("audit.log")).build(),
                "hdfs://nn:8020", "hdfs://nn:8020/hbench-replay/r", List.of("audit.log"), 7,
                Instant.parse("2026-11-26T20:00:00Z"), Instant.parse("2026-11-26T20:00:01Z"), outcome,
                Optional.empty());
    }

    @Test
    void theResultHasFiguresPerCommandAndTheP99AsPrimaryInBaseUnits() throws InterruptedException {
        BenchResult result = replay(false).toBenchResult(ENVIRONMENT);

        ResultSchema.assertValid(result);
        assertThat(result.benchmark()).isEqualTo("AuditReplay");
        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(result.primaryMetrics()).singleElement().satisfies(p99 -> {
            assertThat(p99.key()).isEqualTo(new MetricKey("latency_p99", Map.of()));
            assertThat(p99.value()).as("the stalled open: 17 ms").isCloseTo(0.017, within(0.017 / 1000));
        });
        assertThat(result.metrics()).contains(
                Metric.of("commands", 4, Unit.COUNT, Better.NEITHER).withLabel("command", "open"),
                // 4 opens over the 41 ms from the start to the delete's end.
                Metric.of("ops_per_second", 4 * 1e9 / (41 * MS), Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("command", "open"),
                Metric.of("late_fraction", 0.25, Unit.RATIO, Better.LOWER).withLabel("command", "open"),
                Metric.of("late_fraction", 0.2, Unit.RATIO, Better.LOWER),
                Metric.of("failures", 1, Unit.COUNT, Better.LOWER).withLabel("command", "delete")
                        .withLabel("cause", FailureCause.NOT_FOUND),
                Metric.of("skipped_lines", 2, Unit.COUNT, Better.NEITHER).withLabel("reason", "listCachePools"),
                Metric.of("prepare_time", 0.003, Unit.SECONDS, Better.NEITHER),
                Metric.of("replay_time", 0.041, Unit.SECONDS, Better.NEITHER));
        assertThat(result.parameters()).containsEntry("rateFactor", "1.0").containsEntry("threads", "64");
        assertThat(result.outputs()).containsEntry(AuditReplayResult.SKIPPED_OUTPUT,
                "skipped 2 lines: 2 listCachePools");
        assertThat(result.distributions()).extracting(d -> d.key().toString()).contains("lateness{command=open}",
                "latency{command=delete}", "service_time");
    }

    /**
     * An open and a getfileinfo of 0.5 ms, a create of 1 ms, a mkdirs of 3 ms and a setTimes, logged 10 ms apart and
     * each started on time, so that its latency is its service time; 0.5, 1 and 3 ms read exactly at three decimals
     * (their histogram buckets end less than 0.5 us above them).
     */
    @Test
    void onANameserviceTheReplaysLatencyIsGivenForEachRoleOfTheCommandsItServed() throws InterruptedException {
        FakeClock clock = new FakeClock();
        List<ReplayCall> calls = List.of(call(entry(0, AuditCommand.OPEN, "/a")),
                call(entry(10, AuditCommand.GET_FILE_INFO, "/b")), call(entry(20, AuditCommand.CREATE, "/c")),
                call(entry(30, AuditCommand.MKDIRS, "/d")), call(entry(40, AuditCommand.SET_TIMES, "/e")));
        Replay.Figures figures = new Replay(new FakeReplayTarget(clock, MS / 2, Map.of("/c", MS, "/d", 3 * MS),
                Map.of()), 1, 1, clock).run(calls, 0, OpenLoop.Start.NOW);
        NameNodeCalls served = new NameNodeCalls(List.of(
                NameNodeCalls.Served.counted("nn1", "active", new RpcCounters(Map.of("create", 1L, "complete", 1L,
                        "mkdirs", 1L))),
                NameNodeCalls.Served.counted("nn2", "observer", new RpcCounters(Map.of("getBlockLocations", 1L,
                        "getFileInfo", 1L)))));
        AuditReplayResult result = new AuditReplayResult(AuditReplayOptions.builder().logs(List.of("audit.log"))
                .build(), "hdfs://ns1", "hdfs://ns1/hbench-replay/r", List.of("audit.log"), 5,
                Instant.parse("2026-11-26T20:00:00Z"), Instant.parse("2026-11-26T20:00:01Z"), new ReplayOutcome(
                        figures.load, figures.failures, SkippedLines.NONE, 0, 0, 0), Optional.empty())
                .withNameNodeCalls(served);

        assertThat(result.toBenchResult(ENVIRONMENT).distributions()).as("setTimes's calls rose nowhere")
                .filteredOn(d -> d.key().labels().containsKey("role")).extracting(d -> d.key().toString(),
                        d -> d.count()).containsExactly(tuple("latency{operation=replay,role=observer}", 2L),
                        tuple("latency{operation=replay,role=active}", 2L));
        assertThat(result.roleLatencies()).extracting(RoleLatency::line).containsExactly(
                "replay latency on the observer ms (open, getfileinfo): min 0.500, p50 0.500, p90 0.500, p99 0.500,"
                        + " p99.9 0.500, max 0.500",
                "replay latency on the active ms (create, mkdirs): min 1.000, p50 1.000, p90 3.000, p99 3.000,"
                        + " p99.9 3.000, max 3.000");
        assertThat(AuditReplayReport.lines(result)).endsWith(result.roleLatencies().stream().map(RoleLatency::line)
                .toArray(String[]::new));
    }

    @Test
    void aReplayWhoseEveryCommandFailedFailsWhereSomeFailuresDoNot() throws InterruptedException {
        assertThat(replay(false).failure()).isEmpty();
        BenchResult failed = replay(true).toBenchResult(ENVIRONMENT);

        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.failures()).containsExactly("every one of the 5 commands replayed failed: 5 not found");
    }
}
