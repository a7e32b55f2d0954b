package io.hbench.result.format;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.HostUsage;
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
    void withNoHostSampledItSaysWhichHostsAndWhy() {
        ResourceUsage usage = new ResourceUsage(Duration.ofMillis(500), List.of(),
                List.of(HostUsage.unavailable("mac1", "no /proc")), List.of());

        assertThat(ResourceSummaryFormat.lines(usage)).containsExactly(
                "----- Resource utilization: means while tasks ran, sampled every 0.5 s -----",
                "Not sampled: mac1 (no /proc)");
    }
}
