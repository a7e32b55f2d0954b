package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.InvalidOptionException;
import org.junit.jupiter.api.Test;

class RateOptionsTest {
    @Test
    void withoutARateThereAreNoRateOptions() {
        assertThat(RateOptions.of(null, Schedule.Arrivals.FIXED, false, 0, false)).isEmpty();
    }

    @Test
    void theScheduleIsTheOneItsRateArrivalsAndSeedDraw() {
        RateOptions options = RateOptions.of(250.0, Schedule.Arrivals.POISSON, true, 7, true).orElseThrow();
        Schedule expected = Schedule.of(Schedule.Arrivals.POISSON, 250, 100, 7);

        Schedule schedule = options.schedule(100);

        assertThat(schedule.operations()).isEqualTo(100);
        for (int i = 0; i < 100; i++) {
            assertThat(schedule.offsetNanos(i)).isEqualTo(expected.offsetNanos(i));
        }
        assertThat(options).hasToString("rate=250.0, arrivals=poisson, seed=7");
    }

    @Test
    void aRateNotAboveZeroOrArrivalsAndSeedWithoutOneAreRefusedNamingTheOptions() {
        assertThatThrownBy(() -> RateOptions.check(0.0, false, false)).isInstanceOf(InvalidOptionException.class)
                .hasMessage("rate must be more than 0 operations per second, got 0.0");
        assertThatThrownBy(() -> RateOptions.check(Double.NaN, false, false))
                .hasMessage("rate must be more than 0 operations per second, got NaN");
        assertThatThrownBy(() -> RateOptions.of(null, Schedule.Arrivals.POISSON, true, 0, false))
                .hasMessage("arrivals shapes the schedule of a rate: give rate too");
        assertThatThrownBy(() -> RateOptions.check(null, false, true))
                .hasMessage("seed shapes the schedule of a rate: give rate too");
    }
}
