package io.hbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.report.LoadedResult;
import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.format.ResourceSummaryFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.StringWriter;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

/** The "Resource utilization" of a run as the page's data carry it to the script that draws it. */
class ResourceSectionTest {
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");
    private static final double MIB = Results.MIB;
    private static final String HOST = "dn1.example.com";
    private static final String NETWORK = "Network (MiB/s, sent + received, loopback excluded)";

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void showsEachSampledHostsMeansAndTheClusterMeanInEveryLocale(Locale locale) throws Exception {
        JsonNode section = withDefaultLocale(locale, () -> resourceSection(write(run(usage()))));

        assertThat(texts(section.get("columns"))).containsExactly("host", "user%", "sys%", "iowait%", "ctxsw/s",
                "mem%", "net rx MiB/s", "net tx MiB/s", "disk rd MiB/s", "disk wr MiB/s", "rd/s", "wr/s", "await ms",
                "busy%");
        // By hand from the summary: user 41.25 % rounds half up to 41.3; net_sent 2621440 bytes/s is 2.5 MiB/s;
        // await 0.004214 s is 4.21 ms; memory_used has no mean, so "-".
        assertThat(texts(section.get("rows").get(0))).containsExactly(HOST, "41.3", "10.0", "5.0", "18234", "-",
                "1.500", "2.500", "0.000", "2.000", "0", "410", "4.21", "-");
        // The mean row is the cluster's, which here differs from the only host's where the cluster says so.
        assertThat(texts(section.get("rows").get(1))).containsExactly("mean", "41.3", "10.0", "5.0", "18234", "-",
                "1.500", "2.500", "0.000", "2.000", "0", "410", "9.99", "-");
    }

    @Test
    void theTableHasTheConsolesColumnsAndFigures() throws Exception {
        ResourceUsage usage = usage();

        JsonNode section = resourceSection(write(run(usage)));

        // The console's header, then one line per sampled host and the mean line, columns two or more spaces apart.
        List<String> console = ResourceSummaryFormat.lines(usage);
        assertThat(texts(section.get("columns"))).isEqualTo(cells(console.get(1)));
        assertThat(texts(section.get("rows").get(0))).isEqualTo(cells(console.get(2)));
        assertThat(texts(section.get("rows").get(1))).isEqualTo(cells(console.get(3)));
    }

    @Test
    void leavesOutTheSectionOfAResultWithoutResources() throws Exception {
        JsonNode section = resourceSection(write(Results.dfsioWrite(4, 100, 30, 1000)));

        assertThat(section.isNull()).isTrue();
    }

    @Test
    void listsAHostThatWasNotSampledWithItsReasonEscapedInThePage() throws Exception {
        String page = write(run(usage()));

        JsonNode unavailable = resourceSection(page).get("unavailable");
        assertThat(unavailable).hasSize(1);
        assertThat(unavailable.get(0).get("host").textValue()).isEqualTo("mac1.example.com");
        assertThat(unavailable.get(0).get("reason").textValue()).isEqualTo("no /proc/stat </script>");
        assertThat(page).contains("no /proc/stat \\u003c/script>").doesNotContain("no /proc/stat </script>");
    }

    @Test
    void saysWhichHostsShareOneKernelInTheConsolesWords() throws Exception {
        ResourceUsage usage = usage();
        HostUsage sampled = usage.hosts().get(0);
        HostUsage other = HostUsage.sampled("dn2", sampled.sampleTimes(), sampled.series(), sampled.summary());
        ResourceUsage shared = new ResourceUsage(usage.interval(), usage.phases(),
                List.of(sampled.sharingKernelWith(List.of("dn2")), other.sharingKernelWith(List.of(HOST))),
                usage.cluster());

        JsonNode section = resourceSection(write(run(shared)));

        assertThat(texts(section.get("sharedKernels"))).isEqualTo(ResourceSummaryFormat.sharedKernels(shared))
                .singleElement().asString().startsWith("One kernel: " + String.join(", ", new TreeSet<>(List.of(HOST,
                        "dn2"))) + " ");
        assertThat(resourceSection(write(run(usage))).get("sharedKernels")).isEmpty();
    }

    @Test
    void drawsThreeChartsWhenAHostWasSampledAndNoneOtherwise() throws Exception {
        ResourceUsage none = new ResourceUsage(Duration.ofSeconds(1), List.of(),
                List.of(HostUsage.unavailable("mac1.example.com", "no /proc")), List.of());

        JsonNode sampled = resourceSection(write(run(usage())));
        JsonNode unsampled = resourceSection(write(run(none)));

        assertThat(sampled.get("charts")).extracting(chart -> chart.get("title").textValue())
                .containsExactly("CPU busy %", NETWORK, "Disk (MiB/s, read + written)");
        assertThat(unsampled.get("charts")).isEmpty();
        assertThat(unsampled.get("rows")).isEmpty();
        assertThat(unsampled.get("unavailable").get(0).get("reason").textValue()).isEqualTo("no /proc");
    }

    @Test
    void drawsNoLineForAHostSampledThroughItsDataNodesMetricsWhichHasNoneOfTheChartsFigures() throws Exception {
        ResourceUsage own = usage();
        List<HostUsage> hosts = new ArrayList<>(own.hosts());
        hosts.add(HostUsage.sampledThroughDataNode("w4.example.com", List.of(START, START.plusSeconds(1)),
                List.of(series("datanode_written", Unit.BYTES_PER_SECOND, MIB)), List.of()));
        ResourceUsage usage = new ResourceUsage(own.interval(), own.phases(), hosts, own.cluster());

        JsonNode section = resourceSection(write(run(usage)));

        for (JsonNode chart : section.get("charts")) {
            assertThat(chart.get("lines")).extracting(line -> line.get("host").textValue()).containsExactly(HOST);
        }
    }

    @Test
    void embedsAnIntervalWithoutAValueAsAGapInTheHostsLine() throws Exception {
        JsonNode section = resourceSection(write(run(usage())));

        JsonNode network = chart(section, NETWORK).get("lines");
        assertThat(network).hasSize(1);
        assertThat(network.get(0).get("host").textValue()).isEqualTo(HOST);
        // Each interval at its middle, in seconds since the run's start.
        assertThat(numbers(network.get(0).get("seconds"))).containsExactly(0.5, 1.5, 2.5);
        // Host-wide sent + received, loopback's 100 MiB/s left out; sent has no value in the second interval.
        assertThat(network.get(0).get("values").get(1).isNull()).isTrue();
        assertThat(numbers(network.get(0).get("values"))).containsExactly(2.0, null, 4.0);
        // user + system + iowait + steal
        assertThat(numbers(chart(section, "CPU busy %").get("lines").get(0).get("values")))
                .containsExactly(45.0, 65.0, 56.0);
    }

    @Test
    void marksTheRunsPhasesInSecondsSinceItsStart() throws Exception {
        JsonNode phases = resourceSection(write(run(usage()))).get("phases");

        assertThat(phases).hasSize(2);
        assertThat(phases.get(0).get("name").textValue()).isEqualTo("HSGen");
        assertThat(phases.get(0).get("start").doubleValue()).isEqualTo(0.0);
        assertThat(phases.get(0).get("end").doubleValue()).isEqualTo(1.25);
        assertThat(phases.get(1).get("name").textValue()).isEqualTo("HSSort");
        assertThat(phases.get(1).get("start").doubleValue()).isEqualTo(1.5);
        assertThat(phases.get(1).get("end").doubleValue()).isEqualTo(3.0);
    }

    /**
     * One host sampled at 0, 1, 2 and 3 s into the run, with a gap in its host-wide net_sent, and one that could not
     * be sampled. Summary and cluster are set by hand, not computed from the series.
     */
    private static ResourceUsage usage() {
        List<Instant> times = List.of(START, START.plusSeconds(1), START.plusSeconds(2), START.plusSeconds(3));
        List<ResourceSeries> series = List.of(
                series("cpu_user", Unit.PERCENT, 30.0, 50.0, 40.0),
                series("cpu_system", Unit.PERCENT, 10.0, 10.0, 10.0),
                series("cpu_iowait", Unit.PERCENT, 5.0, 5.0, 5.0),
                series("cpu_steal", Unit.PERCENT, 0.0, 0.0, 1.0),
                series("cpu_idle", Unit.PERCENT, 55.0, 35.0, 44.0),
                series("net_received", Unit.BYTES_PER_SECOND, MIB, MIB, MIB),
                series("net_sent", Unit.BYTES_PER_SECOND, MIB, null, 3 * MIB),
                new ResourceSeries(MetricKey.of("net_sent").withLabel("interface", "lo"), Unit.BYTES_PER_SECOND,
                        List.of(100 * MIB, 100 * MIB, 100 * MIB)),
                series("disk_read", Unit.BYTES_PER_SECOND, 0.0, 0.0, 0.0),
                series("disk_written", Unit.BYTES_PER_SECOND, 2 * MIB, 2 * MIB, 2 * MIB));
        List<Metric> summary = List.of(
                mean("cpu_user", 41.25, Unit.PERCENT),
                mean("cpu_system", 10, Unit.PERCENT),
                mean("cpu_iowait", 5, Unit.PERCENT),
                mean("context_switches", 18234.4, Unit.PER_SECOND),
                mean("net_received", 1.5 * MIB, Unit.BYTES_PER_SECOND),
                mean("net_sent", 2_621_440, Unit.BYTES_PER_SECOND),
                mean("disk_read", 0, Unit.BYTES_PER_SECOND),
                mean("disk_written", 2 * MIB, Unit.BYTES_PER_SECOND),
                mean("disk_reads", 0, Unit.PER_SECOND),
                mean("disk_writes", 410, Unit.PER_SECOND),
                mean("disk_latency", 0.004214, Unit.SECONDS));
        List<Metric> cluster = new ArrayList<>(summary.subList(0, summary.size() - 1));
        cluster.add(mean("disk_latency", 0.00999, Unit.SECONDS));
        return new ResourceUsage(Duration.ofSeconds(1),
                List.of(new Phase("HSGen", START, START.plusMillis(1250)),
                        new Phase("HSSort", START.plusMillis(1500), START.plusSeconds(3))),
                List.of(HostUsage.sampled(HOST, times, series, summary),
                        HostUsage.unavailable("mac1.example.com", "no /proc/stat </script>")),
                cluster);
    }

    private static ResourceSeries series(String id, Unit unit, Double... values) {
        return new ResourceSeries(MetricKey.of(id), unit, Arrays.asList(values));
    }

    private static Metric mean(String id, double value, Unit unit) {
        return Metric.of(id, value, unit, Better.NEITHER).withLabel("stat", "mean");
    }

    private static BenchResult run(ResourceUsage usage) {
        return BenchResult.builder("TPCx-HS", "run").primaryMetric("files").environment(Results.environment())
                .start(START).end(START.plusSeconds(3))
                .metric("files", 1, Unit.COUNT, Better.NEITHER)
                .resources(usage)
                .build();
    }

    private static String write(BenchResult result) throws Exception {
        StringWriter page = new StringWriter();
        new HtmlReport("t", Instant.EPOCH).write(List.of(new LoadedResult(Paths.get("r.json"), result)),
                Optional.empty(), page);
        return page.toString();
    }

    /** The section of the page's only result, from the data element the page's script reads. */
    private static JsonNode resourceSection(String page) throws Exception {
        Matcher data = Pattern.compile("(?s)<script type=\"application/json\" id=\"hbench-data\">(.*?)</script>")
                .matcher(page);
        assertThat(data.find()).isTrue();
        return new ObjectMapper().readTree(data.group(1)).get("results").get(0).get("resourceSection");
    }

    private static JsonNode chart(JsonNode section, String title) {
        for (JsonNode chart : section.get("charts")) {
            if (chart.get("title").textValue().equals(title)) {
                return chart;
            }
        }
        throw new AssertionError("no chart " + title + " in " + section.get("charts"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.textValue()));
        return texts;
    }

    /** Numbers, with null for JSON null. */
    private static List<Double> numbers(JsonNode array) {
        List<Double> numbers = new ArrayList<>();
        array.forEach(node -> numbers.add(node.isNull() ? null : node.doubleValue()));
        return numbers;
    }

    private static List<String> cells(String consoleLine) {
        return List.of(consoleLine.trim().split(" {2,}"));
    }
}
