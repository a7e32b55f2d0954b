package io.hbench.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UndoLogTest {
    private static final Duration BOUND = Duration.ofSeconds(10);

    private final UndoLog log = new UndoLog();
    private final List<String> undone = new ArrayList<>();

    /** An action that notes it ran and says it removed {@code what}. */
    private UndoAction removing(String what) {
        return () -> {
            synchronized (undone) {
                undone.add(what);
            }
            return Optional.of("removed " + what);
        };
    }

    @Test
    void undoesTheNewestFirst() {
        log.register("/base", removing("/base"));
        log.register("/base/io_control", removing("/base/io_control"));
        log.register("job 1", () -> Optional.of("killed job 1"));

        UndoLog.Outcome outcome = log.undoAll(BOUND);

        assertThat(outcome.done()).containsExactly("killed job 1", "removed /base/io_control", "removed /base");
        assertThat(outcome.leftBehind()).isEmpty();
    }

    @Test
    void aClosedRegistrationIsNotUndone() {
        log.register("/base", removing("/base"));
        UndoLog.Registration data = log.register("/base/io_data", removing("/base/io_data"));

        data.close();
        data.close();
        UndoLog.Outcome outcome = log.undoAll(BOUND);

        assertThat(undone).containsExactly("/base");
        assertThat(outcome.done()).containsExactly("removed /base");
    }

    @Test
    void anActionWithNothingLeftToUndoIsNotSaid() {
        log.register("job 1", Optional::empty);

        UndoLog.Outcome outcome = log.undoAll(BOUND);

        assertThat(outcome.done()).isEmpty();
        assertThat(outcome.leftBehind()).isEmpty();
    }

    @Test
    void aFailedActionIsNamedWithItsReasonAndTheOlderOnesStillRun() {
        log.register("/base", removing("/base"));
        log.register("/base/io_write", () -> {
            throw new IOException("Permission denied: user=u\n\tat somewhere");
        });

        UndoLog.Outcome outcome = log.undoAll(BOUND);

        assertThat(outcome.leftBehind()).containsExactly("/base/io_write (Permission denied: user=u)");
        assertThat(outcome.done()).containsExactly("removed /base");
    }

    @Test
    void anActionStillRunningAtTheBoundIsLeftBehindAndTheOlderOnesDoNotStart() throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        log.register("/base", removing("/base"));
        log.register("job 1", () -> {
            never.await();
            return Optional.of("killed job 1");
        });
        long start = System.nanoTime();

        UndoLog.Outcome outcome = log.undoAll(Duration.ofMillis(300));

        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(outcome.leftBehind()).containsExactly("job 1 (not undone within 300 ms)",
                "/base (no time left within 300 ms)");
        assertThat(outcome.done()).isEmpty();
        assertThat(undone).isEmpty();
        never.countDown();
    }

    @Test
    void nothingCanBeRegisteredOnceUndoingHasBegun() {
        assertThat(log.undoing()).isFalse();

        log.undoAll(BOUND);

        assertThat(log.undoing()).isTrue();
        assertThatThrownBy(() -> log.register("job 2", removing("job 2"))).isInstanceOf(CancellationException.class)
                .hasMessage("the run is being stopped: job 2 is not made");
    }

    @Test
    void eachActionRunsOnce() {
        log.register("/base", removing("/base"));

        log.undoAll(BOUND);
        UndoLog.Outcome again = log.undoAll(BOUND);

        assertThat(undone).containsExactly("/base");
        assertThat(again.done()).isEmpty();
    }
}
