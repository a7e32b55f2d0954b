package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.load.Schedule;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A capacity curve against a fake target of known service time per step, on one worker and a clock that moves only
 * when waited on or worked on: every figure is worked out by hand.
 */
class CapacityCurveTest {
    private static final LatencyObjective ONE_MS = LatencyObjective.of(99, Duration.ofMillis(1));

    private static NnOptions.Builder curve(double... rates) {
        return NnOptions.builder(NnOperation.CREATE).threads(1).rates(rates).stepDuration(Duration.ofSeconds(1))
                .slo(ONE_MS);
    }

    /**
     * {@link SeededRuns#kneeCurve}: steps of 1 s at 100, 200, 400, 800 and 1,600 ops/s on one worker, held to p99 <= 1
     * ms; their creates take 0.2, 0.5, 2 and 1.5 ms. At 100 ops/s the
     * last of 100 creates is due at 990 ms and ends at 990.2 ms; at 200 ops/s the last ends at 995.5 ms. At 400 ops/s
     * (2.5 ms apart) 2 ms creates keep the schedule but miss p99 <= 1 ms. At 800 ops/s (1.25 ms apart) 1.5 ms creates
     * start 1.5 ms apart: the last, due at 998.75 ms, starts at 1,198.5 ms, 19.975 % of the step behind: saturated,
     * and the ramp ends there, before 1,600 ops/s.
     */
    @Test
    void theAnswerIsTheAchievedRateOfTheLastStepBeforeTheKneeAndSaturationEndsTheRamp() throws Exception {
        CapacityCurve curve = SeededRuns.kneeCurve().curve().orElseThrow();

        assertThat(curve.steps()).extracting(CapacityCurve.Step::verdict).containsExactly(CapacityCurve.Verdict.KEPT,
                CapacityCurve.Verdict.KEPT, CapacityCurve.Verdict.MISSED_OBJECTIVE, CapacityCurve.Verdict.SATURATED);
        assertThat(curve.steps()).extracting(CapacityCurve.Step::offeredRate).containsExactly(100.0, 200.0, 400.0,
                800.0);
        assertThat(curve.steps().get(0).load().achievedRate()).isEqualTo(100 * 1e9 / 990_200_000);
        assertThat(curve.sustained().orElseThrow().number()).isEqualTo(2);
        assertThat(curve.sustainedRate()).isEqualTo(200 * 1e9 / 995_500_000);
        assertThat(curve.knee().orElseThrow().offeredRate()).isEqualTo(400);
        assertThat(curve.steps().get(3).load().behindNanos()).isEqualTo(199_750_000);
        assertThat(curve.steps().get(3).load().achievedRate()).isEqualTo(800 * 1e9 / 1_200_000_000);
        assertThat(NnReport.curveAnswer("create", curve))
                .isEqualTo("create: sustains 201 ops/s at p99 <= 1 ms (knee between 200 and 400 ops/s)");
    }

    @Test
    void whenEveryStepPassesTheKneeIsAboveTheLastRate() throws Exception {
        CapacityCurve curve = SeededRuns.curve(curve(100, 200).build(), 200, 200).curve().orElseThrow();

        assertThat(curve.knee()).isEmpty();
        assertThat(curve.sustainedRate()).isEqualTo(200 * 1e9 / 995_200_000);
        assertThat(NnReport.curveAnswer("create", curve)).isEqualTo("create: sustains 201 ops/s at p99 <= 1 ms (every"
                + " step up to 200 ops/s met it; the knee is above)");
    }

    /** 2 ms creates at 100 ops/s keep the schedule; their p99, 2 ms within the histogram's precision, misses 1 ms. */
    @Test
    void whenTheFirstStepMissesTheObjectiveTheAnswerSaysByHowMuch() throws Exception {
        CapacityCurve curve = SeededRuns.curve(curve(100, 200).build(), 2000, 2000).curve().orElseThrow();

        assertThat(curve.sustained()).isEmpty();
        assertThat(curve.sustainedRate()).isZero();
        assertThat(curve.steps()).hasSize(2);
        assertThat(NnReport.curveAnswer("create", curve))
                .isEqualTo("create: does not sustain 100 ops/s at p99 <= 1 ms (p99 was 2.001 ms)");
    }

    /** 2 ms creates on one worker at 1,000 ops/s: the last starts at 1.998 s, due at 0.999 s, 99.9 % behind. */
    @Test
    void whenTheFirstStepSaturatesTheAnswerNamesWhatLimitedIt() throws Exception {
        CapacityCurve curve = SeededRuns.curve(curve(1000, 2000).build(), 2000, 2000).curve().orElseThrow();

        assertThat(curve.steps()).singleElement().extracting(CapacityCurve.Step::verdict)
                .isEqualTo(CapacityCurve.Verdict.SATURATED);
        assertThat(NnReport.curveAnswer("create", curve)).isEqualTo("create: does not sustain 1,000 ops/s at p99 <= 1"
                + " ms (saturated: 99.9 % behind its schedule at its end, by the load generator: -threads 1 at the mean"
                + " service time of 2.000 ms issue at most 500 ops/s; raise -threads)");
    }

    /** The last of 400 creates of 0.2 ms at 400 ops/s is due at 997.5 ms and ends at 997.7 ms. */
    @Test
    void aLowerStepThatMissedDoesNotLowerTheAnswerWhichNamesIt() throws Exception {
        CapacityCurve curve = SeededRuns.curve(curve(100, 200, 400).build(), 200, 2000, 200).curve().orElseThrow();

        assertThat(curve.steps()).extracting(CapacityCurve.Step::verdict).containsExactly(CapacityCurve.Verdict.KEPT,
                CapacityCurve.Verdict.MISSED_OBJECTIVE, CapacityCurve.Verdict.KEPT);
        assertThat(curve.sustained().orElseThrow().number()).isEqualTo(3);
        assertThat(curve.sustainedRate()).isEqualTo(400 * 1e9 / 997_700_000);
        assertThat(curve.knee()).isEmpty();
        assertThat(NnReport.curveAnswer("create", curve)).isEqualTo("create: sustains 401 ops/s at p99 <= 1 ms (the"
                + " last step, 400 ops/s, met it and the knee is above; the step at 200 ops/s missed it)");
    }

    /**
     * Creates of 2, 3, 0.2, 0.2 and 2 ms at 100 to 1,600 ops/s: the first two keep the schedule and miss 1 ms, the
     * next two pass (the last of 800 at 800 ops/s ends at 998.95 ms), the fifth falls behind on its one worker.
     */
    @Test
    void theKneeFollowsTheHighestStepThatPassedAndTheStepsBelowThatMissedAreNamed() throws Exception {
        CapacityCurve curve = SeededRuns.curve(curve(100, 200, 400, 800, 1600).build(), 2000, 3000, 200, 200, 2000)
                .curve().orElseThrow();

        assertThat(curve.sustained().orElseThrow().number()).isEqualTo(4);
        assertThat(curve.knee().orElseThrow().number()).isEqualTo(5);
        assertThat(NnReport.curveAnswer("create", curve)).isEqualTo("create: sustains 801 ops/s at p99 <= 1 ms (knee"
                + " between 800 and 1,600 ops/s; the steps at 100 and 200 ops/s missed it; the load generator, not the"
                + " NameNode, saturated there: -threads 1 at the mean service time of 2.000 ms issue at most 500 ops/s;"
                + " raise -threads)");
    }

    /** 1000..64000 in 7: the factor is 2. 1000..10000 in 4: 10^(1/3) = 2.1544, so 2,154.43 and 4,641.59, rounded. */
    @Test
    void aRampsRatesAreGeometricFromAToBRoundedToWholeOperationsPerSecond() {
        assertThat(NnOptions.builder(NnOperation.FILE_STATUS).ramp(1000, 64000).steps(7).build().curve().orElseThrow()
                .rates()).containsExactly(1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 32000.0, 64000.0);
        assertThat(CurvePlan.ramp(1000, 10000, 4)).containsExactly(1000, 2154, 4642, 10000);
    }

    @Test
    void aStepDoesItsRateTimesItsDurationInOperations() {
        CurvePlan plan = NnOptions.builder(NnOperation.FILE_STATUS).rates(2000, 2500.5).build().curve().orElseThrow();

        assertThat(plan.stepDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(plan.slo()).isEqualTo(LatencyObjective.DEFAULT);
        assertThat(plan.operations(2000)).isEqualTo(60_000);
        assertThat(plan.operations(2500.5)).isEqualTo(75_015);
    }

    @Test
    void anObjectiveReadsAPercentileAndABoundInMicrosecondsMillisecondsOrSeconds() {
        LatencyObjective tail = LatencyObjective.parse("-slo", "p99.9=500us");
        LatencyObjective median = LatencyObjective.parse("-slo", "P50 = 0.5s");

        assertThat(tail.percentile()).isEqualTo(99.9);
        assertThat(tail.boundNanos()).isEqualTo(500_000);
        assertThat(tail).hasToString("p99.9=500us");
        assertThat(tail.describe()).isEqualTo("p99.9 <= 0.5 ms");
        assertThat(median.boundNanos()).isEqualTo(500_000_000);
        assertThat(median).hasToString("p50=0.5s");
        assertThat(LatencyObjective.DEFAULT).hasToString("p99=10ms");
        assertThat(LatencyObjective.DEFAULT.describe()).isEqualTo("p99 <= 10 ms");
        assertThat(LatencyObjective.DEFAULT.boundNanos()).isEqualTo(10_000_000);
        assertThatThrownBy(() -> LatencyObjective.parse("-slo", "p0=1ms")).isInstanceOf(BenchException.class);
        assertThatThrownBy(() -> LatencyObjective.parse("-slo", "p99=0ms")).isInstanceOf(BenchException.class);
    }

    @Test
    void aStepRunsAtItsRateWithoutTheCurve() {
        NnOptions options = NnOptions.builder(NnOperation.FILE_STATUS).threads(8).ramp(1000, 4000).steps(3)
                .arrivals(Schedule.Arrivals.POISSON).seed(7).build();
        NnOptions step = options.curveStep(2000, 60_000);

        assertThat(step.curve()).isEmpty();
        assertThat(step.arrivals()).isEqualTo(Schedule.Arrivals.POISSON);
        assertThat(step.seed()).isEqualTo(7);
        assertThat(step.rate()).contains(2000.0);
        assertThat(step.files()).isEqualTo(60_000);
        assertThat(step.threads()).isEqualTo(8);
    }
}
