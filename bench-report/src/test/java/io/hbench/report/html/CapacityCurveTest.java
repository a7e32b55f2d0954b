package io.hbench.report.html;

import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
                .hasValue("fileStatus: sustains 15,950 ops/s at p99 <= 10 ms (every step up to 16,000 ops/s met it;"
                        + " the knee is above)");
    }

    @Test
    void aCurveWhoseFirstStepMissedSaysItDoesNotSustainItsRateAndTheLatencyItHad() {
        double[][] latencies = {{0.004, 0.0142, 0.020}, {0.006, 0.030, 0.050}};
        BenchResult result = Results.capacityCurve(new double[] {2000, 4000}, new double[] {2000, 4000}, latencies,
                0, 2000);

        assertThat(CapacityCurve.of(result).get(0).answer()).hasValue("fileStatus: does not sustain 2,000 ops/s at"
                + " p99 <= 10 ms (p99 was 14.2 ms)");
    }

    @Test
    void aLowerStepThatMissedIsNamedAndDoesNotLowerTheAnswer() {
        double[][] latencies = {{0.004, 0.0142, 0.020}, {0.0006, 0.003, 0.005}, {0.0008, 0.006, 0.009},
                {0.004, 0.025, 0.060}};
        BenchResult result = Results.capacityCurve(OFFERED, new double[] {2000, 4000, 7990.4, 12000}, latencies,
                7990.4, 16000);

        assertThat(CapacityCurve.of(result).get(0).answer()).hasValue("fileStatus: sustains 7,990 ops/s at p99 <= 10 ms"
                + " (knee between 8,000 and 16,000 ops/s; the step at 2,000 ops/s missed it)");
    }

    @Test
    void aMixHasAChartPerCallEachALinePerPercentileAtTheOfferedRates() {
        BenchResult.Builder mix = BenchResult.builder("NNThroughputBenchmark", "mix")
                .primaryMetric("sustained_ops_per_second").environment(Results.environment()).start(Instant.EPOCH)
                .end(Instant.EPOCH).failure("stopped before its summary");
        for (int step = 1; step <= 2; step++) {
            mix.metric(Metric.of("target_ops_per_second", 1000 * step, Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                    .withLabel("operation", "mix").withLabel("step", Integer.toString(step)));
            for (String call : List.of("open", "create")) {
                double p50 = (call.equals("open") ? 0.001 : 0.003) * step;
                mix.distribution(new Distribution("latency", Unit.SECONDS, 10, p50, p50 * 2, p50, 0,
                        new TreeMap<>(Map.of(50.0, p50, 99.0, p50 * 2))).withLabel("operation", "mix")
                        .withLabel("step", Integer.toString(step)).withLabel("call", call));
            }
        }

        CapacityCurve curve = CapacityCurve.of(mix.build()).get(0);

        assertThat(curve.offered()).containsExactly(1000.0, 2000.0);
        assertThat(curve.charts()).extracting(CapacityCurve.Chart::name).containsExactly("mix create", "mix open");
        assertThat(curve.charts().get(0).lines()).isEqualTo(Map.of("p50", List.of(0.003, 0.006),
                "p99", List.of(0.006, 0.012)));
        assertThat(curve.charts().get(1).lines()).isEqualTo(Map.of("p50", List.of(0.001, 0.002),
                "p99", List.of(0.002, 0.004)));
        assertThat(curve.answer()).as("no summary, no answer").isEmpty();
        assertThat(curve.boundSeconds()).isEmpty();
    }

    @Test
    void aRunWithoutStepsHasNoCurve() {
        assertThat(CapacityCurve.of(Results.dfsioWrite(4, 100, 30, 1000))).isEmpty();
    }
}
