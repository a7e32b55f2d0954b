package io.hbench.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunUndoTest {
    private static final Duration BOUND = Duration.ofSeconds(10);

    @Test
    void withNoRunOpenRegisteringDoesNothing() {
        UndoLog.Registration registration = RunUndo.register("/base", () -> Optional.of("removed /base"));

        assertThat(registration).isSameAs(UndoLog.Registration.NONE);
        registration.close();
    }

    @Test
    void aRunsRegistrationsGoToItsLogAndAreDroppedWhenItEnds() {
        UndoLog log = RunUndo.begin();
        try {
            RunUndo.register("/base", () -> Optional.of("removed /base"));
        } finally {
            RunUndo.end();
        }

        assertThat(RunUndo.register("/other", () -> Optional.of("removed /other")))
                .isSameAs(UndoLog.Registration.NONE);
        assertThat(log.undoAll(BOUND).done()).containsExactly("removed /base");
    }

    @Test
    void runsAtOnceShareOneLogUntilTheLastEnds() {
        UndoLog first = RunUndo.begin();
        UndoLog second = RunUndo.begin();
        try {
            RunUndo.end();
            RunUndo.register("job 1", () -> Optional.of("killed job 1"));
        } finally {
            RunUndo.end();
        }

        assertThat(second).isSameAs(first);
        assertThat(first.undoAll(BOUND).done()).containsExactly("killed job 1");
    }

    @Test
    void endingWithNoRunIsABug() {
        assertThatThrownBy(RunUndo::end).isInstanceOf(IllegalStateException.class).hasMessage("no run to end");
    }

    @Test
    void theOpenRunIsStoppingOnceItsLogIsBeingUndone() {
        assertThat(RunUndo.stopping()).isFalse();
        UndoLog log = RunUndo.begin();
        try {
            assertThat(RunUndo.stopping()).isFalse();
            log.undoAll(BOUND);
            assertThat(RunUndo.stopping()).isTrue();
        } finally {
            RunUndo.end();
        }
        assertThat(RunUndo.stopping()).isFalse();
    }
}
