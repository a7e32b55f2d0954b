package io.hbench.report.html;

import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityCurveTest {
    private static final double[] OFFERED = {2000, 4000, 8000, 16000};
    private static final double[][] LATENCIES = {{0.0005, 0.002, 0.004}, {0.0006, 0.003, 0.005},
            {0.0008, 0.006, 0.009}, {0.004, 0.025, 0.060}};

    @Test
    void aCurveWhoseEveryStepPassedHasNoKneeUpToItsHighestOfferedRate() {
        BenchResult result = Results.capacityCurve(OFFERED, new double[] {2000, 4000, 8000, 15950.4}, LATENCIES,
                15950.4, Double.NaN);

        assertThat(CapacityCurve.of(result).get(0).answer())
                .hasValue("fileStatus: sustains 15,950 ops/s at p99 <= 10 ms (no knee up to 16,000 ops/s)");
    }

    @Test
    void aCurveWhoseFirstStepFailedSustainsNoneOfItsRatesAndItsKneeIsAtOrBelowIt() {
        BenchResult result = Results.capacityCurve(OFFERED, OFFERED, LATENCIES, 0, 2000);

        assertThat(CapacityCurve.of(result).get(0).answer()).hasValue("fileStatus: sustains none of the offered rates"
                + " at p99 <= 10 ms (knee at or below 2,000 ops/s)");
    }

    @Test
    void aRunWithoutStepsHasNoCurve() {
        assertThat(CapacityCurve.of(Results.dfsioWrite(4, 100, 30, 1000))).isEmpty();
    }
}
