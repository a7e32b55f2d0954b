package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.HostUsage;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CoverageGapsTest {
    private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");
    private static final Instant END = START.plusSeconds(60);

    /** Sampled every second from {@code first} to {@code last}. */
    private static HostUsage sampled(String host, Instant first, Instant last) {
        List<Instant> times = new ArrayList<>();
        for (Instant time = first; !time.isAfter(last); time = time.plusSeconds(1)) {
            times.add(time);
        }
        return HostUsage.sampled(host, times, List.of(), List.of());
    }

    private static BenchResult run(ResourceUsage.Coverage coverage, HostUsage... hosts) {
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(Environment.builder().hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1")
                        .commandLine(List.of("TestDFSIO")).build())
                .start(START).end(END).metric("aggregate_throughput", 1, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .resources(new ResourceUsage(coverage, Duration.ofSeconds(1), List.of(), List.of(hosts), List.of()))
                .build();
    }

    @Test
    void namesAHostWhoseSamplesBeganOrEndedMoreThanAnIntervalInsideTheRun() {
        BenchResult result = run(ResourceUsage.Coverage.RUN,
                sampled("dn1", START.minusMillis(300), END.plusMillis(2500)),
                sampled("dn2", START.plusMillis(4200), END.plusMillis(800)),
                sampled("dn3", START.minusMillis(100), END.minusMillis(3100)),
                sampled("dn4", START.plusSeconds(21), END.minusSeconds(5)),
                HostUsage.unavailable("dn5", "a DataNode host without a NodeManager: hbench can run nothing there"));

        assertThat(CoverageGaps.of(result)).extracting(Finding::toString, Finding::brief, Finding::host)
                .containsExactly(
                tuple("coverage gap: dn2: sampled from 4.2 s after the run's start, so"
                        + " what it did before is not in its figures", "dn2, 4.2 s missed", Optional.of("dn2")),
                tuple("coverage gap: dn3: sampled until 3.1 s before its end, so what it"
                        + " did after is not in its figures", "dn3, 3.1 s missed", Optional.of("dn3")),
                tuple("coverage gap: dn4: sampled from 21.0 s after the run's start to"
                        + " 5.0 s before its end, so what it did then is not in its figures", "dn4, 26.0 s missed",
                        Optional.of("dn4")));
    }

    @Test
    void aHostSampledWithinOneIntervalOfTheRunsStartAndEndIsNoGap() {
        BenchResult result = run(ResourceUsage.Coverage.RUN, sampled("dn1", START.plusSeconds(1), END.minusSeconds(1)));

        assertThat(CoverageGaps.of(result)).isEmpty();
    }

    @Test
    void saysNothingOfTasksSamplingTheirOwnTime() {
        BenchResult result = run(ResourceUsage.Coverage.TASKS, sampled("dn1", START.plusSeconds(10),
                END.minusSeconds(10)));

        assertThat(CoverageGaps.of(result)).isEmpty();
        assertThat(Findings.of(result, LinkCapacities.none())).extracting(Finding::kind)
                .doesNotContain(Finding.Kind.COVERAGE);
    }

    @Test
    void isAmongTheRunsFindings() {
        BenchResult result = run(ResourceUsage.Coverage.RUN, sampled("dn1", START.plusSeconds(5), END));

        assertThat(Findings.of(result, LinkCapacities.none())).extracting(Finding::kind).contains(Finding.Kind.COVERAGE);
    }
}
