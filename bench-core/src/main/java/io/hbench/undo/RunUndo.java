package io.hbench.undo;

/**
 * The undo log of the command-line run in progress in this JVM, where the parts that make something on the cluster (a
 * job, a directory, the resource sampler's YARN application) register how to undo it should the run be stopped from
 * outside. Only a command-line program opens one, with the shutdown hook that runs it (io.hbench.cli.BenchTool); for
 * a library caller none is open, registering does nothing, and the library's own try/finally cleanup is all there
 * is. Runs at once in one JVM (a test's BSP peers) share one log.
 */
public final class RunUndo {
    private static UndoLog open;
    private static int runs;

    private RunUndo() {
    }

    /**
     * Registers how to undo {@code what} in the open run's log; with no run open, does nothing.
     *
     * @see UndoLog#register
     */
    public static UndoLog.Registration register(String what, UndoAction action) {
        UndoLog log;
        synchronized (RunUndo.class) {
            log = open;
        }
        return log == null ? UndoLog.Registration.NONE : log.register(what, action);
    }

    /**
     * Whether the run open in this JVM is being stopped: what fails in it from now on is the stop's doing, and the
     * stop says what happened.
     */
    public static synchronized boolean stopping() {
        return open != null && open.undoing();
    }

    /** Opens the log for a run, or joins the one open; each {@code begin} is followed by one {@link #end}. */
    public static synchronized UndoLog begin() {
        if (open == null) {
            open = new UndoLog();
        }
        runs++;
        return open;
    }

    /** Ends a run: the last to end closes the log, and what is still registered in it stays as it is. */
    public static synchronized void end() {
        if (runs == 0) {
            throw new IllegalStateException("no run to end");
        }
        runs--;
        if (runs == 0) {
            open = null;
        }
    }
}
