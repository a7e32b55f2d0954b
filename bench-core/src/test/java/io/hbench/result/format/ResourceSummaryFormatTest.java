package io.hbench.result.format;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.HostUsage;
import io.hbench.result.Better;
import io.hbench.result.Unit;
import io.hbench.result.Metric;
import io.hbench.result.ResourceUsage;
import io.hbench.testing.GoldenFiles;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class ResourceSummaryFormatTest {
    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printsTheGoldenTableInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale,
                () -> ResourceSummaryFormat.lines(SampleResults.resources(new Random(7))));

        GoldenFiles.assertMatches(ResourceSummaryFormatTest.class, "resources.txt", lines);
    }

    @Test
    void saysWhenAWholeRunWasSampledToTheSecondWithTheZone() {
        ResourceUsage usage = new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                List.of(HostUsage.sampled("dn1", List.of(Instant.parse("2026-11-24T23:44:31.250Z"),
                        Instant.parse("2026-11-24T23:44:34.750Z")), List.of(), List.of())), List.of());

        assertThat(ResourceSummaryFormat.window(usage))
                .contains("Sampled 1 of 1 hosts from 2026-11-24 23:44:31 UTC to 2026-11-24 23:44:34 UTC");
    }

    @Test
    void setsTheRunsOwnStartAndEndBesideTheWindowOfAWholeRun() {
        ResourceUsage usage = new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                List.of(HostUsage.sampled("dn1", List.of(Instant.parse("2026-11-24T23:44:31.250Z"),
                        Instant.parse("2026-11-24T23:44:34.750Z")), List.of(), List.of())), List.of());

        assertThat(ResourceSummaryFormat.lines(usage, Instant.parse("2026-11-24T23:44:30.900Z"),
                Instant.parse("2026-11-24T23:44:33.100Z"))).element(1).isEqualTo("Sampled 1 of 1 hosts from"
                        + " 2026-11-24 23:44:31 UTC to 2026-11-24 23:44:34 UTC; the run went from 2026-11-24 23:44:30 UTC"
                        + " to 2026-11-24 23:44:33 UTC");
    }

    @Test
    void hostsOnOneKernelAreNamedUnderTheTableWithWhatTheirFiguresAre() {
        List<String> lines = ResourceSummaryFormat.lines(SampleResults.resourcesOfOneKernel(new Random(7)));

        assertThat(lines).contains("One kernel: w1.example.com, w2.example.com (containers or namespaces of one"
                + " machine): their CPU, memory, swap and disk figures are that machine's, not each host's own; the"
                + " mean and the totals count them once");
        assertThat(lines).noneMatch(line -> line.contains("w3.example.com,"));
    }

    @Test
    void aHostSampledThroughItsDataNodesMetricsIsNamedInTheWindowAndHasALineOfItsOwnNotARowOfDashes() {
        Instant start = Instant.parse("2026-11-24T23:44:31.250Z");
        List<Instant> times = List.of(start, start.plusSeconds(3));
        HostUsage dataNode = HostUsage.sampledThroughDataNode("w4", times, List.of(), List.of(
                mean("datanode_read", 0, Unit.BYTES_PER_SECOND), mean("datanode_written", 12.5 * (1 << 20),
                        Unit.BYTES_PER_SECOND), mean("datanode_ack_rtt", 0.00084, Unit.SECONDS),
                mean("volume_write_latency", 0.0005, Unit.SECONDS)));
        ResourceUsage usage = new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                List.of(HostUsage.sampled("dn1", times, List.of(), List.of(mean("cpu_user", 10, Unit.PERCENT))),
                        dataNode, HostUsage.unavailable("w5", "a DataNode host without a NodeManager: hbench can run"
                                + " nothing there, and its DataNode's metrics cannot be read (http://w5:9864/jmx"
                                + " refused hbench: HTTP 403)")), List.of());

        List<String> lines = ResourceSummaryFormat.lines(usage);

        assertThat(lines.get(1)).isEqualTo("Sampled 2 of 3 hosts (w4 through its DataNode's metrics) from"
                + " 2026-11-24 23:44:31 UTC to 2026-11-24 23:44:34 UTC");
        assertThat(ResourceSummaryFormat.table(usage)).extracting(row -> row.get(0))
                .containsExactly("host", "dn1", "mean");
        assertThat(lines).contains("w4 (its DataNode's metrics, not the host's): served 0.000 MiB/s, took 12.500"
                + " MiB/s, packet ack round trip 0.840 ms, volume writes 0.500 ms");
        assertThat(lines.get(lines.size() - 1)).startsWith("Not sampled: w5 (a DataNode host without a NodeManager");
    }

    private static Metric mean(String id, double value, Unit unit) {
        return Metric.of(id, value, unit, Better.NEITHER).withLabel("stat", "mean");
    }

    @Test
    void withNoHostSampledItSaysWhichHostsAndWhy() {
        ResourceUsage usage = new ResourceUsage(Duration.ofMillis(500), List.of(),
                List.of(HostUsage.unavailable("mac1", "no /proc")), List.of());

        assertThat(ResourceSummaryFormat.lines(usage)).containsExactly(
                "----- Resource utilization: means while tasks ran, sampled every 0.5 s -----",
                "Not sampled: mac1 (no /proc)");
    }
}
