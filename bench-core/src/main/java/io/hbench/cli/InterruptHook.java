package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.error.ExitStatus;
import io.hbench.undo.RunUndo;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The JVM shutdown hook of a command-line run. Should SIGTERM or Ctrl-C (SIGINT) stop the JVM while a program runs,
 * it undoes what the run registered with {@link RunUndo}: kills its jobs and the resource sampler's application,
 * removes what it made on the cluster, stops an embedded cluster; newest first, within {@link #UNDO_BOUND}. It says
 * so on stderr in one line, and in a second what it had to leave behind.
 * <p>
 * It runs through Hadoop's {@link ShutdownHookManager} at a priority above {@link FileSystem#SHUTDOWN_HOOK_PRIORITY},
 * so before Hadoop's own hooks. It closes the process's cached file systems first, so that none of the program's
 * threads, which run on until the JVM ends, makes again what is removed; the undo actions open their own. The JVM
 * keeps its own handling of the signals, which exits with 128 + the signal's number; the handlers added here only note
 * which signal came, for the message and for the status {@link #stopStatus} gives the program.
 */
final class InterruptHook implements AutoCloseable {
    /** How long undoing may take in all: a stopped process must end promptly, and a hard kill may follow. */
    static final Duration UNDO_BOUND = Duration.ofSeconds(15);
    private static final int PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;
    private static final List<String> SIGNALS = List.of("INT", "TERM");
    /** The last of {@link #SIGNALS} the JVM received; null before any. */
    private static final AtomicReference<String> lastSignal = new AtomicReference<>();
    private static boolean signalsNoted;

    private final UndoLog log;
    private final PrintStream err;
    private final boolean debug;
    private final Runnable hook = this::undo;
    private volatile boolean ran;

    private InterruptHook(UndoLog log, PrintStream err, boolean debug) {
        this.log = log;
        this.err = err;
        this.debug = debug;
    }

    /**
     * Opens the run's undo log and installs the hook that runs it; {@link #close} when the program returns.
     *
     * @param debug whether Hadoop's complaints while the run is stopped are shown ({@code -D hbench.debug=true})
     */
    static InterruptHook install(PrintStream err, boolean debug) {
        requireNonNull(err, "err is null");
        noteSignals();
        InterruptHook installed = new InterruptHook(RunUndo.begin(), err, debug);
        try {
            ShutdownHookManager.get().addShutdownHook(installed.hook, PRIORITY, UNDO_BOUND.plusSeconds(5).toSeconds(),
                    TimeUnit.SECONDS);
        } catch (IllegalStateException e) {
            // The JVM is exiting already (stopped between two programs of a suite): nothing starts now.
            RunUndo.end();
            throw new CancellationException("not started: the JVM is exiting");
        }
        return installed;
    }

    /**
     * Once the hook has run, the status the program exits with: 128 + the signal's number; empty while it has not.
     * From then on the program's own failures (its killed job) are the stop's doing and not said.
     */
    Optional<ExitStatus> stopStatus() {
        if (!ran && !log.undoing()) {
            return Optional.empty();
        }
        return Optional.of(Optional.ofNullable(lastSignal.get()).flatMap(ExitStatus::afterSignal)
                .orElse(ExitStatus.FAILURE));
    }

    private void undo() {
        ran = true;
        if (!debug) {
            // Killed tasks and stopping daemons log their interrupted threads loudly, and a DataNode's thread throws
            // when it cannot remove its own hook; all expected now: what was undone is said below.
            LogManager.getLoggerRepository().setThreshold(Level.OFF);
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> { });
        }
        try {
            // Nothing of this process writes to a file system any more: the program's threads and in-process tasks go
            // on until the JVM ends, and would make again what is removed. The undo actions open their own.
            FileSystem.closeAll();
        } catch (IOException e) {
            // A file system that does not close cleanly is closed enough: it takes no more calls.
        }
        UndoLog.Outcome outcome = log.undoAll(UNDO_BOUND);
        String signal = lastSignal.get();
        err.println("hbench: " + (signal == null ? "stopped" : "interrupted by SIG" + signal) + ": "
                + (outcome.done().isEmpty() ? "nothing of this run's was left on the cluster"
                        : String.join(", ", outcome.done())));
        if (!outcome.leftBehind().isEmpty()) {
            err.println("hbench: left behind: " + String.join("; ", outcome.leftBehind()));
        }
        err.flush();
    }

    /** The program has returned: what is still registered is kept (a finished run's output), and the hook goes. */
    @Override
    public void close() {
        if (!ShutdownHookManager.get().isShutdownInProgress()) {
            ShutdownHookManager.get().removeShutdownHook(hook);
        }
        RunUndo.end();
    }

    /**
     * Adds a handler to each signal the JVM stops on, once per JVM, that notes the signal and hands it on to the
     * JVM's. A signal the JVM does not handle (ignored, or -Xrs) is left alone.
     */
    private static synchronized void noteSignals() {
        if (signalsNoted) {
            return;
        }
        signalsNoted = true;
        for (String name : SIGNALS) {
            Signal signal = new Signal(name);
            try {
                NotingHandler noting = new NotingHandler();
                noting.next = Signal.handle(signal, noting);
                if (noting.next == SignalHandler.SIG_DFL || noting.next == SignalHandler.SIG_IGN) {
                    Signal.handle(signal, noting.next);
                }
            } catch (IllegalArgumentException e) {
                // The JVM reserves it (-Xrs) or the platform lacks it: its exit is then not noted, nothing else.
            }
        }
    }

    /** Notes the signal, then hands it on to the handler it replaced: the JVM's, which exits. */
    private static final class NotingHandler implements SignalHandler {
        private volatile SignalHandler next;

        @Override
        public void handle(Signal signal) {
            lastSignal.set(signal.getName());
            SignalHandler handOn = next;
            if (handOn != null) {
                handOn.handle(signal);
            } else {
                // Came in the instant before the JVM's handler was known: exit as that handler does.
                Runtime.getRuntime().exit(128 + signal.getNumber());
            }
        }
    }
}
