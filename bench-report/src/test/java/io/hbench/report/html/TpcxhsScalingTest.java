package io.hbench.report.html;

import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Engine;
import io.hbench.result.Unit;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import static io.hbench.report.Results.tpcxhs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TpcxhsScalingTest {
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void computesTheStudysTableAgainstTheSmallestScaleFactor() {
        // SF 1: runs of 100 s and 110 s; SF 3: 280 s and 320 s.
        List<TpcxhsScaling.Row> rows = TpcxhsScaling.rows(List.of(
                tpcxhs("3", 3e12, 33.75, 280, 320, START),
                tpcxhs("1", 1e12, 32.73, 100, 110, START)));

        assertThat(rows).hasSize(2);
        TpcxhsScaling.Row one = rows.get(0);
        TpcxhsScaling.Row three = rows.get(1);
        assertThat(one.scaleFactor).isEqualByComparingTo("1");
        assertThat(one.timeSeconds).isEqualTo(105.0);
        // Sample standard deviation of 100 and 110 is 5 * sqrt(2) = 7.0711, 6.734 % of 105.
        assertThat(one.timeStdDevPercent).isCloseTo(5 * Math.sqrt(2) / 105 * 100, within(1e-12));
        assertThat(one.dataChangePercent).isZero();
        assertThat(one.timeChangePercent).isZero();
        assertThat(three.timeSeconds).isEqualTo(300.0);
        assertThat(three.dataChangePercent).isCloseTo(200.0, within(1e-12));
        assertThat(three.timeChangePercent).isCloseTo((300.0 / 105 - 1) * 100, within(1e-12));
        assertThat(three.hsph).isEqualTo(33.75);
    }

    @Test
    void keepsEveryRunOfAScaleFactorInItsRowAndNeedsTwoScaleFactors() {
        BenchResult early = tpcxhs("1", 1e12, 30, 100, 100, START);
        BenchResult late = tpcxhs("1", 1e12, 40, 90, 90, START.plusSeconds(3600));

        assertThat(TpcxhsScaling.rows(List.of(early, late))).isEmpty();
        TpcxhsScaling.Row one = TpcxhsScaling.rows(List.of(late, early, tpcxhs("3", 3e12, 35, 300, 300, START))).get(0);
        assertThat(one.results).isEqualTo(2);
        assertThat(one.hsph).as("the median of the two results'").isEqualTo(35.0);
        assertThat(one.timeSeconds).as("the mean of the four runs'").isEqualTo(95.0);
        assertThat(one.setting).isEmpty();
    }

    @Test
    void givesEachSideOfAComparisonItsOwnRowsAgainstItsOwnSmallestScaleFactor() {
        Map<String, List<BenchResult>> sides = new LinkedHashMap<>();
        sides.put("base", List.of(tpcxhs("3", 3e12, 30, 300, 300, START), tpcxhs("1", 1e12, 30, 100, 100, START)));
        sides.put("new", List.of(tpcxhs("1", 1e12, 40, 50, 50, START), tpcxhs("3", 3e12, 40, 200, 200, START)));

        List<TpcxhsScaling.Row> rows = TpcxhsScaling.rows(sides);

        assertThat(rows).extracting(row -> row.setting + " " + row.scaleFactor + " " + row.timeSeconds + " "
                + row.timeChangePercent).containsExactly("base 1 100.0 0.0", "base 3 300.0 200.0", "new 1 50.0 0.0",
                        "new 3 200.0 300.0");
    }

    @Test
    void setsRunsOnAnotherEngineApartAndNamesTheEngine() {
        Engine mapReduce = Engine.mapReduce("3.4.2", "yarn");
        Engine spark = new Engine(Engine.SPARK, "4.1.3", Optional.of("yarn"), OptionalInt.of(4), Optional.of("8g"));

        List<TpcxhsScaling.Row> rows = TpcxhsScaling.rows(List.of(tpcxhs("1", 1e12, 30, 100, 100, START, mapReduce),
                tpcxhs("1", 1e12, 45, 60, 60, START, spark), tpcxhs("3", 3e12, 30, 300, 300, START, mapReduce),
                tpcxhs("3", 3e12, 45, 150, 150, START, spark)));

        assertThat(rows).extracting(row -> row.setting + ": " + row.scaleFactor + " " + row.timeSeconds)
                .containsExactly("engine mapreduce 3.4.2 on yarn: 1 100.0", "engine mapreduce 3.4.2 on yarn: 3 300.0",
                        "engine spark 4.1.3 on yarn, 4 executors of 8g: 1 60.0",
                        "engine spark 4.1.3 on yarn, 4 executors of 8g: 3 150.0");
    }

    @Test
    void setsRunsOfOtherParametersApartAndNamesTheParameter() {
        BenchResult replicated = tpcxhs("1", 1e12, 30, 100, 100, START);
        BenchResult single = BenchResult.builder("TPCx-HS", "run").primaryMetric("hsph_at_sf")
                .environment(Results.environment()).start(START).end(START.plusSeconds(1000))
                .parameter("scale_factor", "3").parameter("replication", "1")
                .metric("hsph_at_sf", 50, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER).build();

        List<TpcxhsScaling.Row> rows = TpcxhsScaling.rows(List.of(replicated, single,
                tpcxhs("3", 3e12, 30, 300, 300, START)));

        assertThat(rows).extracting(row -> row.setting + ": " + row.scaleFactor).containsExactly(
                "replication (none): 1", "replication (none): 3", "replication 1: 3");
    }
}
