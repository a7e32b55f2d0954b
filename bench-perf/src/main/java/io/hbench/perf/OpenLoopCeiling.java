package io.hbench.perf;

import io.hbench.load.LoadClock;
import io.hbench.load.LoadOutcome;
import io.hbench.load.OpenLoop;
import io.hbench.load.Schedule;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The open-loop engine's own ceiling on this machine (issue 35): the rate it schedules and issues against a target
 * that does nothing, doubling from {@code -from} until a step ends more than 1 % of its schedule behind or passes
 * {@code -to}. The highest rate kept is the most any load program can offer from one process here, whatever its
 * target; a measured NameNode's figures mean something only below it. With {@code -timeline on} the loop also records
 * when operations complete, as runs on an HA nameservice do (issue 37).
 */
public final class OpenLoopCeiling {
    private static final OpenLoop.Operation NOTHING = new OpenLoop.Operation() {
        @Override
        public long run(int worker, int index) {
            return 0;
        }

        @Override
        public String describe(int index) {
            return "operation " + index;
        }
    };

    private OpenLoopCeiling() {
    }

    public static void main(String[] args) throws Exception {
        String usage = "OpenLoopCeiling [-threads 4] [-seconds 5] [-from 10000] [-to 20480000] [-timeline off|on]";
        PerfFlags flags = PerfFlags.parse("OpenLoopCeiling", usage, args, "threads", "seconds", "from", "to",
                "timeline");
        int threads = flags.whole("threads", 4, 1);
        int seconds = flags.whole("seconds", 5, 1);
        int from = flags.whole("from", 10_000, 1);
        int to = flags.whole("to", 20_480_000, from);
        String timeline = flags.text("timeline", "off");
        if (!timeline.equals("off") && !timeline.equals("on")) {
            flags.refuse("-timeline is off or on, not '" + timeline + "'");
        }
        OpenLoop loop = new OpenLoop("ceiling", threads, 1, LoadClock.SYSTEM, timeline.equals("on"));
        // One uncounted step first, so that the JIT has compiled the workers' loop before anything is measured.
        loop.run(0, Schedule.of(Schedule.Arrivals.FIXED, from, from * seconds, 0), NOTHING);
        long kept = 0;
        for (long rate = from; rate <= to; rate *= 2) {
            int operations = (int) Math.min(Integer.MAX_VALUE, rate * seconds);
            LoadOutcome outcome = loop.run(0, Schedule.of(Schedule.Arrivals.FIXED, rate, operations, 0), NOTHING);
            Histogram latency = outcome.latency();
            System.out.printf(Locale.ROOT, "target %,d ops/s: achieved %,.0f ops/s, behind at end %.3f %% of the"
                    + " schedule; latency ms p50 %.3f, p99 %.3f, p99.9 %.3f, max %.3f%n", rate, outcome.achievedRate(),
                    outcome.behindFraction() * 100, millis(latency, 50), millis(latency, 99), millis(latency, 99.9),
                    latency.getMaxValue() / 1e6);
            if (!outcome.keptSchedule()) {
                break;
            }
            kept = rate;
        }
        System.out.printf(Locale.ROOT, "generator ceiling: %s on %d threads (doubling from %,d ops/s, %d s a step;"
                + " completions %s)%n", kept == 0 ? "no rate kept its schedule" : String.format(Locale.ROOT,
                        "%,d ops/s kept within 1 %%", kept), threads, from, seconds, timeline.equals("on") ? "recorded"
                        : "not recorded");
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1e6;
    }
}
