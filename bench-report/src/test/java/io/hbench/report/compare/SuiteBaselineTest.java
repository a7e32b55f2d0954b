package io.hbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.report.suite.StepRecord;
import io.hbench.report.suite.SuiteRecord;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteBaselineTest {
    private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");
    private static final double MIB = 1 << 20;

    @TempDir
    Path temp;

    @Test
    void tabulatesEachStepsTimeSpreadAndPrimaryFigureAgainstTheBaseline() throws Exception {
        List<Path> base = List.of(suite("base1", 100, 100, 40), suite("base2", 110, 102, 42));
        List<Path> next = List.of(suite("new1", 120, 80, 60), suite("new2", 130, 82, 62));

        SuiteBaseline baseline = SuiteBaseline.compare(base, next, new Comparer(0.05, false));

        // Times: medians 105 and 125 s, +19.0 %; sample standard deviations 7.071 s: 6.7 % of 105, 5.7 % of 125.
        // Two runs a side cannot reach p < 0.05 (the smallest possible p is 1/3), so the change stands with "too few
        // runs" beside it. Throughput: medians 101 and 81 MiB/s, -19.8 %.
        assertThat(baseline.lines()).containsExactly(
                "----- Against the baseline: 2 suites in " + temp + " -----",
                "step         time s base    new       Δ%  sd% base    new        time p  primary figure"
                        + "                                           Δ%             p",
                "dfsio-write        105.0  125.0  +19.0 %     6.7 %  5.7 %  too few runs  aggregate throughput"
                        + " 101.000 MiB/s -> 81.000 MiB/s  -19.8 %  too few runs",
                "dfsio-clean          2.0    2.0   +0.0 %     0.0 %  0.0 %  too few runs  -"
                        + "                                                         -             -",
                "Δ% is new against base; sd% the standard deviation of a side's times over their mean, between"
                        + " repetitions; p from a Mann-Whitney U test, \"~\" where the difference is not significant.");
        // CPU busy: (40 + 5) and (42 + 5) average 46 %; (60 + 5) and (62 + 5) average 66 %.
        assertThat(baseline.resourceLines()).containsExactly(
                "----- Resource utilization against the baseline: means while sampled -----",
                "dfsio-write           base       new",
                "  dn1 CPU busy %  46.000 %  66.000 %");
    }

    @Test
    void readsBothSidesOfAFigureInItsOneUnit() throws Exception {
        List<Path> base = List.of(suite("base", 100, 1500, 40, 0.0004));
        List<Path> next = List.of(suite("new", 100, 900, 40, 0.0025));

        SuiteBaseline baseline = SuiteBaseline.compare(base, next, new Comparer(0.05, false));

        assertThat(baseline.rows().get(0).primaryFigures())
                .isEqualTo("aggregate throughput 1500.000 MiB/s -> 900.000 MiB/s");
        assertThat(baseline.rows().get(0).hostFigures().get("dn1 disk await")).containsExactly("0.400 ms", "2.500 ms");
    }

    @Test
    void printsAHostNameFromAFileWithItsNonPrintingCharactersEscaped() throws Exception {
        String host = "dn1\u001b[2J\rforged";
        List<Path> base = List.of(suite("base", host, 100, 1500, 40, List.of()));
        List<Path> next = List.of(suite("new", host, 100, 900, 40, List.of()));

        List<String> lines = SuiteBaseline.compare(base, next, new Comparer(0.05, false)).resourceLines();

        assertThat(lines).contains("  dn1\\x1b[2J\\rforged CPU busy %  45.000 %  45.000 %");
    }

    @Test
    void refusesSuitesOfAnotherDefinition() throws Exception {
        Path base = suite("base", 100, 100, 40);
        Path next = temp.resolve("other");
        new SuiteRecord("hbench-suite/1/full", 10, 5, false, List.of()).write(Files.createDirectories(next));

        assertThatThrownBy(() -> SuiteBaseline.compare(List.of(base), List.of(next), new Comparer(0.05, false)))
                .hasMessage("suites of different definitions measured different things: hbench-suite/1/standard and"
                        + " hbench-suite/1/full");
    }

    private Path suite(String name, double seconds, double mibPerSecond, double cpuUser) throws Exception {
        return suite(name, seconds, mibPerSecond, cpuUser, List.of());
    }

    private Path suite(String name, double seconds, double mibPerSecond, double cpuUser, double awaitSeconds)
            throws Exception {
        return suite(name, seconds, mibPerSecond, cpuUser, List.of(Metric.of("disk_latency", awaitSeconds,
                Unit.SECONDS, Better.NEITHER).withLabel("stat", "mean")));
    }

    private Path suite(String name, double seconds, double mibPerSecond, double cpuUser, List<Metric> more)
            throws Exception {
        return suite(name, "dn1", seconds, mibPerSecond, cpuUser, more);
    }

    private Path suite(String name, String host, double seconds, double mibPerSecond, double cpuUser,
            List<Metric> more) throws Exception {
        Path dir = Files.createDirectories(temp.resolve(name));
        new SuiteRecord("hbench-suite/1/standard", 10, 5, false, List.of(
                new StepRecord("dfsio-write", StepRecord.Status.PASSED, 0, seconds),
                new StepRecord("dfsio-clean", StepRecord.Status.PASSED, 0, 2))).write(dir);
        BenchResult result = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17")
                        .os("Linux").clientHost("gw1").commandLine(List.of("TestDFSIO")).build())
                .start(START).end(START.plusSeconds((long) seconds))
                .parameter("nrFiles", "10")
                .metric("aggregate_throughput", mibPerSecond * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .resources(new ResourceUsage(Duration.ofSeconds(1), List.of(), List.of(HostUsage.sampled(host,
                        List.of(), List.of(), summary(cpuUser, more))), List.of()))
                .build();
        try (Writer writer = Files.newBufferedWriter(dir.resolve("01-dfsio-write.json"))) {
            new JsonResultFormat().write(result, writer);
        }
        return dir;
    }

    private static List<Metric> summary(double cpuUser, List<Metric> more) {
        List<Metric> summary = new ArrayList<>(List.of(mean("cpu_user", cpuUser), mean("cpu_system", 5)));
        summary.addAll(more);
        return summary;
    }

    private static Metric mean(String id, double value) {
        return Metric.of(id, value, Unit.PERCENT, Better.NEITHER).withLabel("stat", "mean");
    }
}
