package io.hbench.replay;

import io.hbench.load.LoadClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import java.util.List;

/**
 * The timed part of a replay, AuditReplay's own {@link Replay}, against a target that returns at once: what bench-perf's
 * {@code ReplayCeiling} measures. It lives in bench-perf, which never ships, under the replayer's package, so that
 * {@link Replay} and {@link ReplayTarget} stay package-private in the product.
 */
public final class NoOpReplay {
    private static final ReplayTarget NOTHING = new ReplayTarget() {
        @Override
        public boolean issue(ReplayCall call) {
            return true;
        }

        @Override
        public void close() {
        }
    };

    private NoOpReplay() {
    }

    /** Replays {@code calls}, in logged order and at least one, from now, as AuditReplay does on the system clock. */
    public static LoadOutcome run(List<ReplayCall> calls, int threads, double rateFactor) throws InterruptedException {
        return new Replay(NOTHING, threads, rateFactor, LoadClock.SYSTEM).run(calls,
                calls.get(0).entry().timeMillis(), OpenLoop.Start.NOW).load;
    }
}
