package io.hbench.perf;

import io.hbench.load.LoadOutcome;
import io.hbench.replay.AuditLogSynthesizer;
import io.hbench.replay.AuditLogs;
import io.hbench.replay.AuditReplayResult;
import io.hbench.replay.NoOpReplay;
import io.hbench.replay.ReplayCall;
import io.hbench.replay.ReplayLog;
import io.hbench.replay.ReplayPaths;
import io.hbench.replay.ReplayWindow;
import io.hbench.replay.SynthesisSpec;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;

/**
 * AuditReplay's own ceilings on this machine (issue 36). First its log reader: the lines a second {@link AuditLogs}
 * parses from a synthesized log of {@code -lines} lines in a local file, as a replay of that file starts. Then its
 * replay: the log's lines, read and mapped under a prefix as AuditReplay maps them, replayed on AuditReplay's engine
 * against a target that returns at once ({@link NoOpReplay}). The log is logged at {@code -loggedRate} commands a second;
 * each step asks twice the last step's rate, from {@code -from}, through the rate factor, and replays the log's first
 * {@code -seconds} of commands at that rate (all of it when it holds fewer). The run stops at the first step that ends
 * more than 1 % of its schedule behind (AuditReplay's "did not keep up"), or past {@code -to}: the highest rate kept is
 * the most one replaying process can issue here, whatever its target. The highest rate up to which every step also had
 * under 1 % of its commands late by more than 5 ms (AuditReplay's late share) is the most it issues on time.
 */
public final class ReplayCeiling {
    /** Every kind of command, reads first, as a NameNode's clients mostly read. */
    private static final String MIX = "open=30,getfileinfo=30,listStatus=10,contentSummary=2,getAclStatus=2,create=8,"
            + "mkdirs=3,delete=5,rename=4,setPermission=1,setOwner=1,setTimes=1,setReplication=1,append=1,concat=1,"
            + "truncate=1";

    private ReplayCeiling() {
    }

    public static void main(String[] args) throws Exception {
        PerfFlags flags = PerfFlags.parse("ReplayCeiling", "ReplayCeiling [-threads 64] [-seconds 5] [-from 10000]"
                + " [-to 20480000] [-lines 2000000] [-loggedRate 1000] [-reads 3] [-tmp dir]", args, "threads",
                "seconds", "from", "to", "lines", "loggedRate", "reads", "tmp");
        int threads = flags.whole("threads", 64, 1);
        int seconds = flags.whole("seconds", 5, 1);
        int from = flags.whole("from", 10_000, 1);
        int to = flags.whole("to", 20_480_000, from);
        int lines = flags.whole("lines", 2_000_000, 1);
        int loggedRate = flags.whole("loggedRate", 1_000, 1);
        int reads = flags.whole("reads", 3, 1);
        Path tmp = Paths.get(flags.text("tmp", System.getProperty("java.io.tmpdir")));
        System.out.println("# " + MachineFacts.summary());

        Path log = Files.createTempFile(tmp, "replay-ceiling-", ".log");
        List<ReplayCall> calls;
        try {
            SynthesisSpec spec = SynthesisSpec.builder().mix(MIX).rate(loggedRate)
                    .duration(Duration.ofMillis((long) Math.ceil(lines * 1000.0 / loggedRate))).build();
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log))) {
                new AuditLogSynthesizer().write(spec, out, false);
            }
            ReplayLog read = null;
            for (int round = 1; round <= reads; round++) {
                long begin = System.nanoTime();
                read = new AuditLogs(new Configuration()).read(List.of(log.toUri().toString()), ReplayWindow.WHOLE_LOG);
                long nanos = System.nanoTime() - begin;
                System.out.printf(Locale.ROOT, "read %d: %,d lines (%,d MB) in %.2f s, %,.0f lines/s%n", round,
                        read.lines(), Files.size(log) >> 20, nanos / 1e9, read.lines() * 1e9 / nanos);
            }
            calls = mapped(read);
        } finally {
            Files.delete(log);
        }

        // The log's objects move to the old generation now, not in a young collection in the middle of a step.
        System.gc();
        long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        System.out.printf(Locale.ROOT, "heap in use after a full collection, the mapped log held: %,d MB, %,.0f bytes a"
                + " command%n", heap >> 20, (double) heap / calls.size());
        // One uncounted step first, so that the JIT has compiled the workers' loop before anything is measured.
        NoOpReplay.run(firstSeconds(calls, from, seconds), threads, (double) from / loggedRate);
        long kept = 0;
        long onTime = 0;
        boolean everyStepOnTime = true;
        for (long rate = from; rate <= to; rate *= 2) {
            List<ReplayCall> step = firstSeconds(calls, rate, seconds);
            LoadOutcome outcome = NoOpReplay.run(step, threads, (double) rate / loggedRate);
            Histogram lateness = outcome.lateness();
            long late = lateness.getTotalCount() - lateness.getCountBetweenValues(0, AuditReplayResult.LATE_NANOS);
            System.out.printf(Locale.ROOT, "asked %,d commands/s (%,d commands): achieved %,.0f commands/s, behind at"
                    + " end %.3f %% of the schedule; lateness ms p50 %.3f, p99 %.3f, max %.3f; late (> 5 ms) %.3f %%;"
                    + " %s%n", rate, step.size(), outcome.achievedRate(), outcome.behindFraction() * 100,
                    millis(lateness, 50), millis(lateness, 99), lateness.getMaxValue() / 1e6,
                    100.0 * late / lateness.getTotalCount(), outcome.keptSchedule() ? "kept" : "not kept");
            if (!outcome.keptSchedule()) {
                break;
            }
            kept = rate;
            everyStepOnTime &= late * 100 < lateness.getTotalCount();
            if (everyStepOnTime) {
                onTime = rate;
            }
        }
        System.out.printf(Locale.ROOT, "replay ceiling: %s, %s; with -threads %d (doubling from %,d commands/s, %d s"
                + " or the whole %,d-command log a step)%n", ceiling(kept, "kept within 1 %"), ceiling(onTime,
                        "under 1 % of commands late by > 5 ms"), threads, from, seconds, calls.size());
    }

    /** {@code 40,000 commands/s what}, or that no rate was. */
    private static String ceiling(long rate, String what) {
        return rate == 0 ? "no rate " + what : String.format(Locale.ROOT, "%,d commands/s %s", rate, what);
    }

    /** The log's lines as AuditReplay maps them under its prefix; nothing is created there, the target does nothing. */
    private static List<ReplayCall> mapped(ReplayLog log) {
        ReplayPaths paths = new ReplayPaths(new org.apache.hadoop.fs.Path("file:/hbench-replay/ceiling"));
        List<ReplayCall> calls = new ArrayList<>(log.entries().size());
        log.entries().forEach(entry -> paths.map(entry).ifPresent(calls::add));
        return calls;
    }

    /** The calls of the log's first {@code seconds} at {@code rate}, or all of them. */
    private static List<ReplayCall> firstSeconds(List<ReplayCall> calls, long rate, int seconds) {
        return calls.subList(0, (int) Math.min(calls.size(), rate * seconds));
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1e6;
    }
}
