package io.hbench.undo;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a run has made on the cluster and not yet undone or handed over, with how to undo each: the undo actions that
 * {@link #undoAll} runs, newest first, when the run is stopped from outside. Each action runs on a thread of its own
 * within what is left of one time bound, so that one that hangs (a ResourceManager that does not answer) holds up
 * neither the others nor the JVM's exit.
 */
public final class UndoLog {
    private final Map<Registration, UndoAction> actions = new LinkedHashMap<>();
    private boolean undoing;

    /**
     * Adds an undo action, to run if the run is stopped before {@code close} is called on the registration.
     *
     * @param what what is undone, for the line that names what was left behind ("job job_1_0001", "/user/u/x")
     * @throws CancellationException if the run is being stopped: then nothing more may be made
     */
    public synchronized Registration register(String what, UndoAction action) {
        requireNonNull(what, "what is null");
        requireNonNull(action, "action is null");
        if (undoing) {
            throw new CancellationException("the run is being stopped: " + what + " is not made");
        }
        Registration registration = new Registration(this, what);
        actions.put(registration, action);
        return registration;
    }

    /** Whether {@link #undoAll} has begun. */
    public synchronized boolean undoing() {
        return undoing;
    }

    /**
     * Runs every action still registered, the last registered first, all within {@code bound}. From now on nothing
     * can be registered. An action that fails is named among what was left behind, and the next one runs; one still
     * running when the bound has passed is named so too, and so is every action after it, which does not start.
     */
    public Outcome undoAll(Duration bound) {
        List<Map.Entry<Registration, UndoAction>> pending;
        synchronized (this) {
            undoing = true;
            pending = new ArrayList<>(actions.entrySet());
            actions.clear();
        }
        Collections.reverse(pending);
        long deadline = System.nanoTime() + bound.toNanos();
        List<String> done = new ArrayList<>();
        List<String> leftBehind = new ArrayList<>();
        for (Map.Entry<Registration, UndoAction> entry : pending) {
            String what = entry.getKey().what;
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                leftBehind.add(what + " (no time left within " + text(bound) + ")");
                continue;
            }
            FutureTask<Optional<String>> task = new FutureTask<>(entry.getValue()::undo);
            Thread thread = new Thread(task, "hbench undo: " + what);
            thread.setDaemon(true);
            thread.start();
            try {
                task.get(remaining, TimeUnit.NANOSECONDS).ifPresent(done::add);
            } catch (TimeoutException e) {
                leftBehind.add(what + " (not undone within " + text(bound) + ")");
            } catch (ExecutionException e) {
                leftBehind.add(what + " (" + message(e.getCause()) + ")");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                leftBehind.add(what + " (interrupted)");
            }
        }
        return new Outcome(done, leftBehind);
    }

    private synchronized void remove(Registration registration) {
        actions.remove(registration);
    }

    private static String text(Duration bound) {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
    }

    private static String message(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName()
                : message.lines().findFirst().orElse("");
    }

    /** One registered undo action; {@link #close} says it need not run: its thing was undone or is the user's now. */
    public static final class Registration implements AutoCloseable {
        /** A registration that undoes nothing: what there is when no run's log is open, or nothing to undo. */
        public static final Registration NONE = new Registration(null, "nothing");

        private final UndoLog log;
        private final String what;

        private Registration(UndoLog log, String what) {
            this.log = log;
            this.what = what;
        }

        /** Withdraws the undo action; any number of times. */
        @Override
        public void close() {
            if (log != null) {
                log.remove(this);
            }
        }
    }

    /** What {@link #undoAll} did, and what it left behind with the reason. */
    public static final class Outcome {
        private final List<String> done;
        private final List<String> leftBehind;

        Outcome(List<String> done, List<String> leftBehind) {
            this.done = List.copyOf(requireNonNull(done, "done is null"));
            this.leftBehind = List.copyOf(requireNonNull(leftBehind, "leftBehind is null"));
        }

        /** What was undone, in the order it was: "killed job job_1_0001", "removed /user/u/x". */
        public List<String> done() {
            return done;
        }

        /** What could not be undone, each with why: "/user/u/x (Permission denied)". */
        public List<String> leftBehind() {
            return leftBehind;
        }
    }
}
