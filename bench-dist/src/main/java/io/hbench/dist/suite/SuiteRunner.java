package io.hbench.dist.suite;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.TerminalText;
import io.hbench.dfsio.TestDfsioTool;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.StepRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a suite's steps in order, each within its time bound, its output in {@code NN-id.log} and its result in
 * {@code NN-id.json} in the suite's directory; records how each ended in {@link SuiteState} after every step. A step
 * that fails or runs out of time is recorded and the suite goes on.
 *
 * <p>Lifecycle: each step runs on a thread of its own; one that outlives its bound is interrupted (a program kills
 * its job when interrupted) and given {@link #GRACE} to end; one that still runs after that is left behind as a
 * daemon, recorded as timed out.
 */
public final class SuiteRunner {
    /** Runs one program of bench.jar, its name first in {@code args}; returns its exit status. */
    public interface Launcher {
        int run(List<String> args, PrintStream out, PrintStream err) throws Exception;
    }

    static final Duration GRACE = Duration.ofSeconds(60);

    private final Launcher launcher;
    private final PrintStream progress;

    public SuiteRunner(Launcher launcher, PrintStream progress) {
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /** Runs every step {@code state} has not seen finish; returns the state at the end, also written to {@code dir}. */
    public SuiteState run(Path dir, List<SuiteStep> steps, SuiteState state) throws IOException, InterruptedException {
        SuiteState current = state;
        for (int i = 0; i < steps.size(); i++) {
            SuiteStep step = steps.get(i);
            StepRecord before = current.steps().get(i);
            String position = "step " + (i + 1) + " of " + steps.size() + ", " + step.id();
            if (before.finished()) {
                progress.println("hbench: Suite: " + position + ": " + before.status().text() + " before, not run again");
                continue;
            }
            progress.println("hbench: Suite: " + position + ": " + String.join(" ", step.command()));
            StepRecord record = runStep(dir, i, step);
            current = current.with(record);
            current.write(dir);
            progress.println(String.format(Locale.ROOT, "hbench: Suite: %s: %s in %.1f s%s", position,
                    record.status().text(), record.seconds(), record.status() == StepRecord.Status.FAILED
                            ? " (exit " + record.exitStatus() + "; see " + StepFile.of(i, step.id()).log() + ")" : ""));
            if (record.status() == StepRecord.Status.FAILED) {
                ownLine(dir.resolve(StepFile.of(i, step.id()).log()), step.command().get(0))
                        .ifPresent(line -> progress.println("hbench: Suite: " + step.id() + ": " + line));
            }
        }
        return current;
    }

    /**
     * The last line in a failed step's log that its program wrote in its own name ("TestDFSIO: 10 entries left
     * under ..."): the one line that says why it failed, for the suite's screen, not only its log.
     */
    private static Optional<String> ownLine(Path log, String program) throws IOException {
        String prefix = program + ": ";
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(prefix)) {
                return Optional.of(TerminalText.escape(lines.get(i)));
            }
        }
        return Optional.empty();
    }

    /** The step's command line as it runs: its own, and where its result and result lines go in the suite's directory. */
    static List<String> commandLine(Path dir, int index, SuiteStep step) {
        List<String> args = new ArrayList<>(step.command());
        if (step.writesResult()) {
            if (step.command().get(0).equals(TestDfsioTool.NAME)) {
                // TestDFSIO appends its classic lines to a file, by default in the current directory: a suite writes
                // only into its own directory.
                args.addAll(List.of("-resFile", dir.resolve(TestDfsioTool.DEFAULT_RESULT_FILE).toString()));
            }
            args.addAll(List.of("-json", dir.resolve(StepFile.of(index, step.id()).result()).toString()));
        }
        return args;
    }

    private StepRecord runStep(Path dir, int index, SuiteStep step) throws IOException, InterruptedException {
        List<String> args = commandLine(dir, index, step);
        // An interrupted earlier attempt may have left a result of a run that did not finish.
        StepFile files = StepFile.of(index, step.id());
        Files.deleteIfExists(dir.resolve(files.result()));
        try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve(files.log())), true,
                StandardCharsets.UTF_8)) {
            log.println("$ bench " + String.join(" ", args));
            AtomicInteger exit = new AtomicInteger(-1);
            AtomicReference<Throwable> crash = new AtomicReference<>();
            Thread worker = new Thread(() -> {
                try {
                    exit.set(launcher.run(args, log, log));
                } catch (Throwable e) {
                    crash.set(e);
                }
            }, "hbench-suite-" + step.id());
            worker.setDaemon(true);
            long start = System.nanoTime();
            worker.start();
            worker.join(step.timeout().toMillis());
            if (worker.isAlive()) {
                worker.interrupt();
                worker.join(GRACE.toMillis());
                log.println("hbench: Suite: " + step.id() + " did not end within its bound of "
                        + describe(step.timeout()) + " and was interrupted"
                        + (worker.isAlive() ? "; it still had not ended " + describe(GRACE) + " later" : ""));
                return new StepRecord(step.id(), StepRecord.Status.TIMED_OUT, -1, seconds(start));
            }
            Throwable thrown = crash.get();
            if (thrown != null) {
                log.println("hbench: Suite: " + step.id() + " ended with " + thrown);
                return new StepRecord(step.id(), StepRecord.Status.FAILED, -1, seconds(start));
            }
            return new StepRecord(step.id(), exit.get() == 0 ? StepRecord.Status.PASSED : StepRecord.Status.FAILED,
                    exit.get(), seconds(start));
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    static String describe(Duration duration) {
        long seconds = duration.getSeconds();
        if (seconds % 3600 == 0) {
            return seconds / 3600 + " h";
        }
        return seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }

    /** Every step, not run yet. */
    static SuiteState fresh(String definition, ClusterShape shape, List<SuiteStep> steps) {
        List<StepRecord> records = new ArrayList<>();
        for (SuiteStep step : steps) {
            records.add(StepRecord.notRun(step.id()));
        }
        return new SuiteState(definition, shape, records);
    }
}
