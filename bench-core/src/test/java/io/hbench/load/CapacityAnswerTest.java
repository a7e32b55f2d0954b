package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityAnswerTest {
    @Test
    void theKneeLiesBetweenTheHighestPassingStepAndTheNext() {
        assertThat(CapacityAnswer.sustained("fileStatus", 23_400.4, "p99 <= 10 ms", 24_000, Optional.of(28_000.0),
                List.of(), "")).isEqualTo("fileStatus: sustains 23,400 ops/s at p99 <= 10 ms (knee between 24,000 and"
                        + " 28,000 ops/s)");
    }

    @Test
    void everyStepPassingPutsTheKneeAboveTheHighestRate() {
        assertThat(CapacityAnswer.sustained("open", 63_990, "p99.9 <= 0.5 ms", 64_000, Optional.empty(), List.of(), ""))
                .isEqualTo("open: sustains 63,990 ops/s at p99.9 <= 0.5 ms (every step up to 64,000 ops/s met it; the"
                        + " knee is above)");
        assertThat(CapacityAnswer.sustained("open", 63_990, "p99 <= 10 ms", 64_000, Optional.empty(),
                List.of(1000.0, 2000.0, 4000.0), "")).isEqualTo("open: sustains 63,990 ops/s at p99 <= 10 ms (the last"
                        + " step, 64,000 ops/s, met it and the knee is above; the steps at 1,000, 2,000 and 4,000 ops/s"
                        + " missed it)");
    }

    @Test
    void lowerStepsThatMissedAndTheKneesNoteAreNamedInsideTheBrackets() {
        assertThat(CapacityAnswer.sustained("create", 1999.5, "p99 <= 10 ms", 2000, Optional.of(4000.0),
                List.of(1000.0), "; the load generator saturated there")).isEqualTo("create: sustains 2,000 ops/s at"
                        + " p99 <= 10 ms (knee between 2,000 and 4,000 ops/s; the step at 1,000 ops/s missed it; the"
                        + " load generator saturated there)");
    }

    @Test
    void theObjectiveReadsInMillisecondsToThreeDecimalsAtMost() {
        assertThat(CapacityAnswer.objective("p99", 10)).isEqualTo("p99 <= 10 ms");
        assertThat(CapacityAnswer.objective("p99.9", 0.5)).isEqualTo("p99.9 <= 0.5 ms");
        assertThat(CapacityAnswer.objective("p50", 1500.0004)).isEqualTo("p50 <= 1,500 ms");
    }

    @Test
    void aCurveWithNoPassingStepSaysWhyItsFirstFailedWhenTheFiguresSay() {
        assertThat(CapacityAnswer.notSustained("fileStatus", 1000, "p99 <= 10 ms", CapacityAnswer.missed("p99",
                0.0142))).isEqualTo("fileStatus: does not sustain 1,000 ops/s at p99 <= 10 ms (p99 was 14.2 ms)");
        assertThat(CapacityAnswer.notSustained("fileStatus", 1000, "p99 <= 10 ms", CapacityAnswer.saturated(0.04567)))
                .isEqualTo("fileStatus: does not sustain 1,000 ops/s at p99 <= 10 ms (saturated: 4.57 % behind its"
                        + " schedule at its end)");
        assertThat(CapacityAnswer.notSustained("fileStatus", 1000, "p99 <= 10 ms", ""))
                .isEqualTo("fileStatus: does not sustain 1,000 ops/s at p99 <= 10 ms");
    }
}
