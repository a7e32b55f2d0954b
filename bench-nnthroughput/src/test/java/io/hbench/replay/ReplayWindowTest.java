package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.cli.FlagNames;
import io.hbench.error.InvalidOptionException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReplayWindowTest {
    /** 2026-01-05 10:00:00,000 UTC. */
    private static final long TEN = 1_767_607_200_000L;

    private static String flagMessage(Throwable e) {
        return ((InvalidOptionException) e).messageNaming(FlagNames.SAME::flagOf);
    }

    @Test
    void readsTheLogsTimeWithItsSecondsAndMillisecondsOptional() {
        ReplayWindow minutes = ReplayWindow.parse(Optional.of("2026-01-05 10:00"), Optional.empty());
        ReplayWindow seconds = ReplayWindow.parse(Optional.of("2026-01-05 10:00:01"), Optional.empty());
        ReplayWindow millis = ReplayWindow.parse(Optional.empty(), Optional.of(" 2026-01-05 10:00:01,500 "));

        assertThat(minutes.fromMillis()).hasValue(TEN);
        assertThat(seconds.fromMillis()).hasValue(TEN + 1000);
        assertThat(millis.toMillis()).hasValue(TEN + 1500);
        assertThat(millis.fromMillis()).isEmpty();
    }

    @Test
    void holdsItsStartButNotItsEnd() {
        ReplayWindow window = ReplayWindow.parse(Optional.of("2026-01-05 10:00"), Optional.of("2026-01-05 10:01"));

        assertThat(window.contains(TEN - 1)).isFalse();
        assertThat(window.contains(TEN)).isTrue();
        assertThat(window.contains(TEN + 59_999)).isTrue();
        assertThat(window.contains(TEN + 60_000)).isFalse();
        assertThat(window).hasToString("[2026-01-05 10:00:00,000, 2026-01-05 10:01:00,000)");
    }

    @Test
    void theWholeLogHoldsEveryTime() {
        assertThat(ReplayWindow.WHOLE_LOG.contains(Long.MIN_VALUE)).isTrue();
        assertThat(ReplayWindow.WHOLE_LOG.contains(Long.MAX_VALUE)).isTrue();
        assertThat(ReplayWindow.WHOLE_LOG).hasToString("[..., ...)");
    }

    @Test
    void refusesATimeNotWrittenAsTheLogsNamingTheFlag() {
        assertThatThrownBy(() -> ReplayWindow.parse(Optional.of("yesterday"), Optional.empty()))
                .satisfies(e -> assertThat(flagMessage(e)).isEqualTo("-from 'yesterday' is not a time of the log:"
                        + " write yyyy-MM-dd HH:mm[:ss[,SSS]], e.g. 2026-01-05 10:00:00"));
        assertThatThrownBy(() -> ReplayWindow.parse(Optional.empty(), Optional.of("2026-02-30 10:00")))
                .satisfies(e -> assertThat(flagMessage(e)).startsWith("-to '2026-02-30 10:00' is not a time"));
    }

    @Test
    void refusesAStartThatIsNotBeforeTheEnd() {
        assertThatThrownBy(() -> ReplayWindow.parse(Optional.of("2026-01-05 10:00"), Optional.of("2026-01-05 10:00")))
                .satisfies(e -> assertThat(flagMessage(e)).isEqualTo("-from 2026-01-05 10:00:00,000 is not before -to"
                        + " 2026-01-05 10:00:00,000: the window holds no line"));
    }
}
