package io.hbench.replay;

import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadReport;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * AuditReplay's lines: the answer first, then the log, the prepare pass, the schedule, one line per command and the
 * failures by cause. Counts are grouped ("1,204,331"), latencies in ms, durations in s, every number in
 * {@link Locale#ROOT}, so the lines read the same on every machine.
 */
public final class AuditReplayReport {
    private static final DisplayUnit LATENCY = DisplayUnit.of("latency", Unit.SECONDS);
    private static final DisplayUnit LATENESS = DisplayUnit.of("lateness", Unit.SECONDS);
    private static final DisplayUnit DURATION = DisplayUnit.of("replay_time", Unit.SECONDS);

    private AuditReplayReport() {
    }

    /** Every line, the answer first. */
    public static List<String> lines(AuditReplayResult result) {
        ReplayOutcome outcome = result.outcome();
        LoadOutcome load = outcome.load();
        List<String> lines = new ArrayList<>();
        lines.add(answer(result));
        lines.add("Log: " + count(result.logFiles().size()) + (result.logFiles().size() == 1 ? " file, " : " files, ")
                + count(result.logLines()) + " lines; " + skipped(outcome.skipped()));
        outcome.skipped().problems().forEach(problem -> lines.add("Log problem: " + problem));
        if (outcome.skipped().problemCount() > outcome.skipped().problems().size()) {
            lines.add("Log problems not shown: " + count(outcome.skipped().problemCount()
                    - outcome.skipped().problems().size()));
        }
        lines.add("Prefix: " + result.prefix() + (result.options().keep() ? " (kept: -keep)" : " (removed)"));
        lines.add("Prepare " + DURATION.symbol() + ": " + DURATION.format(outcome.prepareNanos() / 1e9) + " ("
                + count(outcome.preparedFiles()) + " files of " + count(result.options().prepareFileSize())
                + " bytes or 1 where truncated or concatenated, " + count(outcome.preparedDirectories())
                + " directories)");
        lines.add("Replay " + DURATION.symbol() + ": " + DURATION.format(load.measuredNanos() / 1e9) + " (at "
                + factor(result.options().rateFactor()) + "x the logged rate"
                + (result.options().impersonate() ? ", as each logged user" : ", as the running user") + ")");
        lines.addAll(LoadReport.openLoopLines(load, List.of(), 0));
        lines.add("Latency " + LATENCY.symbol() + ": " + LoadReport.distribution(result.latency(Optional.empty()),
                LATENCY));
        lines.add("Service time " + LATENCY.symbol() + ": " + LoadReport.distribution(result.serviceTime(
                Optional.empty()), LATENCY));
        lines.add("Lateness " + LATENESS.symbol() + ": " + LoadReport.distribution(result.lateness(Optional.empty()),
                LATENESS));
        result.timeline().ifPresent(timeline -> lines.add(timeline.longestGap().line()));
        for (AuditCommand command : result.kinds()) {
            lines.add(commandLine(result, command));
        }
        result.clients().ifPresent(clients -> {
            lines.add("Clients: " + clients.clients().size() + (clients.clients().size() == 1 ? " map task" : " map"
                    + " tasks") + " on " + clients.hosts() + (clients.hosts() == 1 ? " host" : " hosts") + ", the log"
                    + " split by " + result.options().split().label() + ", -threads " + result.options().threads()
                    + " each, from one start; histograms merged");
            lines.addAll(clients.lines("commands", "this replay"));
        });
        CommandFailures failures = outcome.failures();
        lines.add(failures.total() == 0 ? "Failures: none"
                : "Failures: " + count(failures.total()) + " of " + count(result.commands()) + " commands: "
                        + causes(failures.byCause()));
        lines.add("Note: latency counts from each command's intended time (its logged time after the first, divided by"
                + " -rateFactor), service time from its actual start, lateness is the start's delay; late means more"
                + " than " + millis(AuditReplayResult.LATE_NANOS / 1e9) + " ms behind schedule; failed commands count"
                + " in every figure");
        result.nameNodeCalls().ifPresent(calls -> lines.add(calls.line()));
        result.roleLatencies().forEach(role -> lines.add(role.line()));
        return lines;
    }

    /**
     * The answer: {@code replayed 1,204,331 commands of 14 kinds at 4.0x the logged rate: p99 6.1 ms; 0.2 % late; the
     * NameNode kept up}, or why it did not.
     */
    public static String answer(AuditReplayResult result) {
        LoadOutcome load = result.outcome().load();
        int kinds = result.kinds().size();
        return "replayed " + commands(result.commands()) + " of " + kinds + (kinds == 1 ? " kind" : " kinds")
                + " at " + factor(result.options().rateFactor()) + "x the logged rate: p99 " + millis(result.latency(
                        Optional.empty()).percentile(99.0)) + " ms; " + percent(result.lateFraction()) + " % late; "
                + verdict(load, target(result.fileSystem()));
    }

    /**
     * Whether the target kept up, and if not what limited the replay: its pool at the target's service times, or its
     * host.
     */
    private static String verdict(LoadOutcome load, String target) {
        if (load.keptSchedule()) {
            return target + " kept up";
        }
        String behind = "the replay ended " + millis(load.behindNanos() / 1e9) + " ms behind schedule";
        if (load.poolLimited()) {
            return behind + ": " + target + "'s answers (mean service time " + millis(load.meanServiceNanos() / 1e9)
                    + " ms) held " + load.pool() + " to at most " + count(Math.round(load.poolCapacity()))
                    + " commands/s of the " + count(Math.round(load.targetRate())) + " asked; raise -threads";
        }
        return behind + " with workers to spare: the replayer's host could not issue the commands on time";
    }

    /** "the NameNode" on HDFS, "the file system" elsewhere. */
    private static String target(String fileSystem) {
        return fileSystem.startsWith("hdfs:") ? "the NameNode" : "the file system";
    }

    /** One command's figures on one line. */
    private static String commandLine(AuditReplayResult result, AuditCommand command) {
        Optional<AuditCommand> one = Optional.of(command);
        Map<String, Long> failures = result.outcome().failures().of(command);
        long failed = result.outcome().failures().total(command);
        return command.label() + ": " + commands(result.commands(command)) + ", "
                + LoadReport.twoDecimals().format(result.opsPerSecond(command)) + " ops/s; latency "
                + LATENCY.symbol() + ": " + LoadReport.distribution(result.latency(one), LATENCY)
                + "; service time p99 " + LATENCY.symbol() + ": "
                + LATENCY.format(result.serviceTime(one).percentile(99.0)) + "; late %: "
                + percent(result.lateFraction(command)) + "; failed: " + (failed == 0 ? "0"
                        : count(failed) + " (" + causes(failures) + ")");
    }

    /** "skipped 12 lines: 5 allowed=false, 4 listCachePools, 3 unparsable", or "skipped none". */
    public static String skipped(SkippedLines skipped) {
        if (skipped.total() == 0) {
            return "skipped none";
        }
        return "skipped " + count(skipped.total()) + (skipped.total() == 1 ? " line: " : " lines: ")
                + skipped.counts().entrySet().stream().map(reason -> count(reason.getValue()) + " " + reason.getKey())
                        .collect(Collectors.joining(", "));
    }

    /** "2 not found, 1 permission". */
    static String causes(Map<String, Long> causes) {
        return causes.entrySet().stream().map(cause -> count(cause.getValue()) + " " + cause.getKey())
                .collect(Collectors.joining(", "));
    }

    /** "1 command", "1,204 commands". */
    private static String commands(long count) {
        return count(count) + (count == 1 ? " command" : " commands");
    }

    private static String count(long count) {
        return format("#,##0", count);
    }

    /** "4.0", "0.5", "2.25": a factor always shows a decimal, so it reads as one. */
    private static String factor(double factor) {
        return format("#,##0.0##", factor);
    }

    private static String percent(double fraction) {
        return format("#,##0.##", fraction * 100);
    }

    /** Milliseconds to three decimals at most: 6.1, 0.512, 1,500. */
    private static String millis(double seconds) {
        return format("#,##0.###", seconds * 1e3);
    }

    private static String format(String pattern, double value) {
        DecimalFormat format = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setRoundingMode(RoundingMode.HALF_EVEN);
        return format.format(value);
    }
}
