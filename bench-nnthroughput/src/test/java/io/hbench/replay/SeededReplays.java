package io.hbench.replay;

import static io.hbench.replay.Entries.call;

import io.hbench.load.FakeClock;
import io.hbench.load.OpenLoop;
import java.io.FileNotFoundException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.security.AccessControlException;

/** Replays whose every figure is fixed: a seeded log on a fake target and a fake clock, at fixed instants. */
final class SeededReplays {
    private static final long US = 1_000L;
    private static final AuditCommand[] MIX = {AuditCommand.OPEN, AuditCommand.OPEN, AuditCommand.OPEN,
        AuditCommand.GET_FILE_INFO, AuditCommand.GET_FILE_INFO, AuditCommand.LIST_STATUS, AuditCommand.CREATE,
        AuditCommand.MKDIRS, AuditCommand.DELETE, AuditCommand.RENAME};

    private SeededReplays() {
    }

    /**
     * 2,000 commands of seven kinds over about 4 s of log, replayed at {@code rateFactor} by one worker on calls of 50
     * to 250 us; the target stalls 30 ms once, every 97th open finds nothing and every 301st getfileinfo is refused.
     */
    static AuditReplayResult mix(double rateFactor) throws InterruptedException {
        Random random = new Random(36);
        List<ReplayCall> calls = new ArrayList<>();
        Map<String, Exception> failures = new HashMap<>();
        long millis = 1_700_000_000_000L;
        for (int i = 0; i < 2000; i++) {
            millis += random.nextInt(5);
            AuditCommand command = MIX[random.nextInt(MIX.length)];
            String path = "/data/" + command.label() + "/f" + i;
            calls.add(call(command == AuditCommand.RENAME ? Entries.entry(millis, command, path, path + ".r")
                    : Entries.entry(millis, command, path)));
            if (command == AuditCommand.OPEN && i % 97 == 0) {
                failures.put(path, new FileNotFoundException(path));
            } else if (command == AuditCommand.GET_FILE_INFO && i % 301 == 0) {
                failures.put(path, new AccessControlException("denied"));
            }
        }
        FakeClock clock = new FakeClock();
        Map<String, Long> stalls = Map.of(calls.get(1000).path(), 30_000 * US);
        // One worker issues the calls one at a time: the drawn service times go to the calls in log order.
        FakeReplayTarget target = new FakeReplayTarget(clock, () -> 50 * US + random.nextInt(200) * US, stalls,
                failures);
        Replay.Figures figures = new Replay(target, 1, rateFactor, clock).run(calls, calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW);
        SkippedLines skipped = new SkippedLines.Builder().add(SkippedLines.NOT_ALLOWED, 5)
                .add("listCachePools", 4).add(SkippedLines.UNPARSABLE, 2).add(SkippedLines.OUTSIDE_PREFIX, 1)
                .problem("audit.log:17: no cmd=").problem("audit.log:905: no cmd=").build();
        ReplayOutcome outcome = new ReplayOutcome(figures.load, figures.failures, skipped, 1_250_000_000L, 1460, 7);
        AuditReplayOptions options = AuditReplayOptions.builder().logs(List.of("hdfs://nn:8020/logs/audit.log"))
                .rateFactor(rateFactor).threads(1).build();
        return new AuditReplayResult(options, "hdfs://nn:8020", "hdfs://nn:8020/hbench-replay/run-36",
                List.of("hdfs://nn:8020/logs/audit.log"), 2012, Instant.parse("2026-11-26T20:00:00Z"),
                Instant.parse("2026-11-26T20:00:03Z"), outcome, Optional.empty());
    }
}
