package io.hbench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.fs.LocalOutput;
import io.hbench.report.LoadedResult;
import io.hbench.report.Results;
import io.hbench.report.compare.Comparer;
import io.hbench.report.compare.Comparisons;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class HtmlReportTest {
    @TempDir
    Path temp;

    @Test
    void writesOnePageThatMayRequestNothingAndInlinesChartJs() throws Exception {
        String page = write(Results.dfsioWrite(4, 100, 30, 1000));

        assertThat(page).startsWith("<!DOCTYPE html>")
                .containsPattern("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src"
                        + " 'sha256-[^']+' 'sha256-[^']+'; style-src 'unsafe-inline'; img-src data:\">")
                .contains("Chart.js v4.4.1")
                .doesNotContain("sourceMappingURL")
                .doesNotContainPattern("<script[^>]* src=")
                .doesNotContainPattern("<link[^>]* href=");
    }

    @Test
    void allowsItsOwnScriptsByTheirHashesAndNoOtherInlineScript() throws Exception {
        String page = write(Results.dfsioWrite(4, 100, 30, 1000));

        Matcher policy = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\">")
                .matcher(page);
        assertThat(policy.find()).isTrue();
        String scriptSources = Arrays.stream(policy.group(1).split(";")).map(String::trim)
                .filter(directive -> directive.startsWith("script-src ")).findFirst().orElseThrow();
        List<String> hashes = new ArrayList<>();
        Matcher scripts = Pattern.compile("(?s)<script>(.*?)</script>").matcher(page);
        while (scripts.find()) {
            hashes.add("'sha256-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(scripts.group(1).getBytes(StandardCharsets.UTF_8))) + "'");
        }
        assertThat(hashes).as("Chart.js and the page's script").hasSize(2);
        assertThat(scriptSources).isEqualTo("script-src " + String.join(" ", hashes))
                .doesNotContain("unsafe-inline");
    }

    @Test
    void keepsAResultThatContainsAClosingScriptTagInsideItsDataElement() throws Exception {
        BenchResult hostile = BenchResult.builder("TestDFSIO", "write").primaryMetric("files")
                .environment(Results.environment()).start(Instant.EPOCH).end(Instant.EPOCH)
                .parameter("label", "</script><script>alert(1)</script><!--")
                .metric("files", 1, Unit.COUNT, Better.NEITHER).build();

        String page = write(hostile);

        Matcher data = Pattern.compile("(?s)<script type=\"application/json\" id=\"hbench-data\">(.*?)</script>")
                .matcher(page);
        assertThat(data.find()).isTrue();
        assertThat(data.group(1)).doesNotContain("<");
        assertThat(new ObjectMapper().readTree(data.group(1)).toString())
                .as("the data still parses, with the label as it was")
                .contains("</script><script>alert(1)</script><!--");
    }

    @Test
    void givesThePageTheOneUnitOfEveryFigureSoThatItChoosesNone() throws Exception {
        BenchResult result = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(Results.environment()).start(Instant.EPOCH).end(Instant.EPOCH)
                .metric("aggregate_throughput", 1538 * Results.MIB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .metric("io_phase_time", 0.877311, Unit.SECONDS, Better.LOWER)
                .distribution(new Distribution("io_call_latency", Unit.SECONDS, 1, 0.0005, 0.0005, 0.0005, 0,
                        new TreeMap<>(Map.of(50.0, 0.0005))))
                .build();
        StringWriter page = new StringWriter();
        LoadedResult loaded = new LoadedResult(temp.resolve("r.json"), result);
        new HtmlReport("t", Instant.EPOCH).write(List.of(loaded), Optional.of(Comparisons.ofResults(List.of(loaded),
                List.of(loaded), new Comparer(0.05, false), note -> { })), page);

        JsonNode data = data(page.toString());
        assertThat(data.get("units").get("io_call_latency seconds").get("symbol").textValue()).isEqualTo("ms");
        assertThat(data.get("units").get("io_call_latency seconds").get("divisor").doubleValue()).isEqualTo(1e-3);
        assertThat(data.get("units").get("io_phase_time seconds").get("symbol").textValue()).isEqualTo("s");
        assertThat(data.get("units").get("aggregate_throughput bytes/s").get("symbol").textValue()).isEqualTo("MiB/s");
        assertThat(data.get("results").get(0).get("metricTexts").findValuesAsText("value"))
                .containsExactly("1538.000 MiB/s", "0.877 s");
        assertThat(data.get("comparisons").get(0).get("texts").findValuesAsText("base"))
                .containsExactly("1538.000 MiB/s", "0.877 s");
        assertThat(data.get("results").get(0).get("durationText").textValue()).isEqualTo("0.000 s");
        assertThat(resource(HtmlReport.class, "report.js")).as("the page's script names no unit of its own")
                .doesNotContain("MiB", "1024", "µs", "'ms'", "'us'", "' s'", "'ops/s'");
    }

    @Test
    void namesEveryFigureOfThePageForPeopleAndShowsNoIdentifier() throws Exception {
        BenchResult failed = BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(Results.environment()).start(Instant.EPOCH).end(Instant.EPOCH)
                .metric(Metric.of("ops_per_second", 10, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("operation", "create"))
                .distribution(new Distribution("io_call_latency", Unit.SECONDS, 1, 0.0005, 0.0005, 0.0005, 0,
                        new TreeMap<>(Map.of(50.0, 0.0005))).withLabel("operation", "write"))
                .failure("job failed").build();

        JsonNode data = data(write(failed));

        assertThat(data.get("names").get("ops_per_second{operation=create}").textValue())
                .isEqualTo("operations per second, create");
        assertThat(data.get("names").get("io_call_latency{operation=write}").textValue())
                .isEqualTo("IO call latency, write");
        JsonNode entry = data.get("results").get(0);
        assertThat(entry.get("headline").textValue()).isEqualTo("(no aggregate throughput)");
        assertThat(entry.get("metricTexts").get(0).has("key")).as("no identifier for the metrics table").isFalse();
        assertThat(resource(HtmlReport.class, "report.js")).doesNotContain("'identifier'", "title: keyOf");
    }

    @Test
    void theToolWritesThePageAndSaysSoInOneLine() throws Exception {
        Path file = Results.write(temp.resolve("run.json"), Results.dfsioWrite(4, 100, 30, 1000));
        Path out = temp.resolve("report.html");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = new ReportTool(new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8))
                .runCommandLine(null, new String[] {"-out", out.toString(), file.toString(), "-vs", file.toString()});

        assertThat(status).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(stdout.toString(StandardCharsets.UTF_8))
                .isEqualTo("Report: wrote " + out + " (2 results, with the comparison)\n");
        assertThat(Files.readString(out)).contains("hbench-compare/1");
    }

    @Test
    void printsTheControlCharactersOfAFileEscapedInItsErrorLines() throws Exception {
        String hostile = "a\u001b]0;owned\u0007b\r\nforged\u2028c";
        Path base = Results.write(temp.resolve("base.json"), Results.dfsioWriteBuilder(4, 100, 30, 1000)
                .parameter("note", hostile).build());
        Path next = Results.write(temp.resolve("new.json"), Results.dfsioWrite(4, 100, 30, 1000));
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = report(stderr, "-out", temp.resolve("r.html").toString(), base.toString(), "-vs", next.toString());

        assertThat(status).isEqualTo(2);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).startsWith("Report: different parameters: note"
                + " a\\x1b]0;owned\\x07b\\r\\nforged\\u2028c vs (none) (-force to compare anyway)\n");
    }

    @Test
    void comparesTwoSidesOfSeveralProgramsWorkloadByWorkloadAndTabulatesEveryTpcxhsRunOfBoth() throws Exception {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        List<String> args = new ArrayList<>(List.of("-out", temp.resolve("r.html").toString()));
        for (String side : List.of("a", "b")) {
            double slower = side.equals("a") ? 1 : 2;
            for (int i = 0; i < 2; i++) {
                args.add(Results.write(temp.resolve(side + "/hs-1-" + i + ".json"), Results.tpcxhs("1", 1e12, 30,
                        100 * slower, 100 * slower, start.plusSeconds(i))).toString());
                args.add(Results.write(temp.resolve(side + "/hs-3-" + i + ".json"), Results.tpcxhs("3", 3e12, 30,
                        300 * slower, 300 * slower, start.plusSeconds(i))).toString());
            }
            args.add(Results.write(temp.resolve(side + "/write.json"), Results.dfsioWrite(4, 100, 30, 1000)).toString());
            args.add(side.equals("a") ? "-vs" : Results.write(temp.resolve("b/nn.json"), BenchResult.builder(
                    "NNThroughputBenchmark", "create").primaryMetric("files").environment(Results.environment())
                    .start(start).end(start).metric("files", 1, Unit.COUNT, Better.NEITHER).build()).toString());
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = new ReportTool(new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8)).runCommandLine(null, args.toArray(new String[0]));

        assertThat(status).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEqualTo("Report: leaving out NNThroughputBenchmark"
                + " create, 1 run on the new side (" + temp.resolve("b/nn.json") + "): the base side did not run"
                + " NNThroughputBenchmark create\n");
        assertThat(stdout.toString(StandardCharsets.UTF_8)).endsWith("(11 results, with 3 comparisons)\n");
        JsonNode data = data(Files.readString(temp.resolve("r.html")));
        assertThat(data.get("comparisons").findValuesAsText("name")).containsExactly("TPCx-HS run (scale_factor 1)",
                "TPCx-HS run (scale_factor 3)", "TestDFSIO write");
        List<String> rows = new ArrayList<>();
        data.get("tpcxhsScaling").forEach(row -> rows.add(row.get("setting").textValue() + " SF "
                + row.get("scaleFactor").textValue() + ": " + row.get("results").intValue() + " results, "
                + row.get("timeText").textValue()));
        assertThat(rows).containsExactly("base SF 1: 2 results, 100.000 s", "base SF 3: 2 results, 300.000 s",
                "new SF 1: 2 results, 200.000 s", "new SF 3: 2 results, 600.000 s");
    }

    @Test
    void holdsEachSidesRunsToTheLinkItsOwnEbbRunMeasuredAndSaysWhichSideARunIsOn() throws Exception {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        List<Instant> times = List.of(start, start.plusSeconds(1), start.plusSeconds(2));
        List<ResourceSeries> series = new ArrayList<>();
        List<Metric> means = new ArrayList<>();
        for (String id : List.of("cpu_user", "cpu_system", "net_received", "net_sent")) {
            Unit unit = id.startsWith("cpu") ? Unit.PERCENT : Unit.BYTES_PER_SECOND;
            double value = id.startsWith("cpu") ? 10 : 1e7;
            series.add(new ResourceSeries(MetricKey.of(id), unit, List.of(value, value)));
            means.add(Metric.of(id, value, unit, Better.NEITHER).withLabel("stat", "mean"));
        }
        LoadedResult sampled = new LoadedResult(temp.resolve("a/write.json"), Results.dfsioWriteBuilder(4, 100, 30,
                1000).resources(new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                        List.of(HostUsage.sampled("h1", times, series, means)), List.of())).build());
        LoadedResult ebb = new LoadedResult(temp.resolve("b/ebb.json"), BenchResult.builder("EBB", "random")
                .primaryMetric("bandwidth").environment(Results.environment()).start(start).end(start.plusSeconds(2))
                .parameter("peers", "2")
                .metric(Metric.of("bandwidth", 1e8, Unit.BYTES_PER_SECOND, Better.HIGHER)
                        .withLabel("message_size", "1048576"))
                .taskSample(new TaskSample("peer 0", "h1", start, start.plusSeconds(1), List.of()))
                .taskSample(new TaskSample("peer 1", "h2", start, start.plusSeconds(1), List.of())).build());
        StringWriter page = new StringWriter();

        new HtmlReport("t", Instant.EPOCH).write(List.of(sampled, ebb), new LinkedHashMap<>(Map.of("base",
                List.of(sampled), "new", List.of(ebb))), Optional.empty(), List.of(), Optional.empty(), page);

        JsonNode results = data(page.toString()).get("results");
        assertThat(results.findValuesAsText("side")).containsExactly("base", "new");
        assertThat(results.get(0).get("findings").findValuesAsText("text")).as("the other side's network is not this"
                + " run's").noneMatch(text -> text.contains("EBB measured"))
                .anyMatch(text -> text.contains("link capacity unknown (h1: its NICs were not read)"));
    }

    @Test
    void drawsACapacityCurvesLatencyAgainstTheOfferedRateALinePerPercentileWithTheBoundAndTheAnswer()
            throws Exception {
        double[] offered = {2000, 4000, 8000, 16000};
        double[][] latencies = {{0.0005, 0.002, 0.004}, {0.0006, 0.003, 0.005}, {0.0008, 0.006, 0.009},
                {0.004, 0.025, 0.060}};
        Path file = Results.write(temp.resolve("curve.json"), Results.capacityCurve(offered,
                new double[] {2000, 4000, 7990, 12000}, latencies, 7990, 16000));
        Path out = temp.resolve("report.html");

        assertThat(report(new ByteArrayOutputStream(), "-out", out.toString(), file.toString())).isZero();

        JsonNode data = data(Files.readString(out));
        JsonNode curve = data.get("results").get(0).get("capacityCurves").get(0);
        assertThat(curve.get("operation").textValue()).isEqualTo("fileStatus");
        assertThat(curve.get("offered").toString()).isEqualTo("[2000.0,4000.0,8000.0,16000.0]");
        assertThat(curve.get("charts")).hasSize(1);
        JsonNode chart = curve.get("charts").get(0);
        assertThat(chart.get("name").textValue()).isEqualTo("fileStatus");
        assertThat(chart.get("lines").findValuesAsText("percentile")).containsExactly("p50", "p99", "p99.9");
        assertThat(chart.get("lines").get(0).get("seconds").toString()).isEqualTo("[5.0E-4,6.0E-4,8.0E-4,0.004]");
        assertThat(chart.get("lines").get(1).get("seconds").toString()).isEqualTo("[0.002,0.003,0.006,0.025]");
        assertThat(chart.get("lines").get(2).get("seconds").toString()).isEqualTo("[0.004,0.005,0.009,0.06]");
        assertThat(curve.get("boundSeconds").doubleValue()).isEqualTo(0.010);
        assertThat(curve.get("objective").textValue()).isEqualTo("p99 <= 10 ms");
        assertThat(curve.get("answer").textValue())
                .isEqualTo("fileStatus: sustains 7,990 ops/s at p99 <= 10 ms (knee between 8,000 and 16,000 ops/s)");
        assertThat(data.get("units").get("latency seconds").get("symbol").textValue()).isEqualTo("ms");
    }

    @Test
    void aRunWithoutStepsHasNoCapacityCurve() throws Exception {
        JsonNode data = data(write(Results.dfsioWrite(4, 100, 30, 1000)));

        assertThat(data.get("results").get(0).get("capacityCurves")).isEmpty();
    }

    @Test
    void refusesAMissingOutputInOneLine() {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = new ReportTool(new PrintStream(new ByteArrayOutputStream()), new PrintStream(stderr, true,
                StandardCharsets.UTF_8)).runCommandLine(null, new String[] {"x.json"});

        assertThat(status).isEqualTo(2);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).startsWith("Report: give the page to write: -out report.html\n");
    }

    @Test
    void refusesAnAlphaThatIsNoNumberNamingTheFlagAsCompareDoes() throws Exception {
        Path file = Results.write(temp.resolve("run.json"), Results.dfsioWrite(4, 100, 30, 1000));
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = new ReportTool(new PrintStream(new ByteArrayOutputStream()), new PrintStream(stderr, true,
                StandardCharsets.UTF_8)).runCommandLine(null, new String[] {"-out", temp.resolve("r.html").toString(),
                file.toString(), "-vs", file.toString(), "-alpha", "x"});

        assertThat(status).isEqualTo(2);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).startsWith("Report: -alpha 'x' is not a number\n");
    }

    @Test
    void refusesToTurnAResultIntoAPageAndLeavesItAsItWas() throws Exception {
        Path result = Results.write(temp.resolve("01-dfsio-write.json"), Results.dfsioWrite(4, 100, 30, 1000));
        byte[] before = Files.readAllBytes(result);
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = report(stderr, "-out", result.toString(), result.toString());

        assertThat(status).isEqualTo(2);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEqualTo("Report: -out " + result + ": the file exists"
                + " and is not an hbench report, so it is left alone: name another file, or add -overwrite to write to"
                + " it anyway\n");
        assertThat(Files.readAllBytes(result)).isEqualTo(before);
    }

    @Test
    void refusesAnOutputInAMissingDirectoryBeforeReadingAnyResult() {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = report(stderr, "-out", temp.resolve("nope/r.html").toString(), "missing.json");

        assertThat(status).isEqualTo(2);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEqualTo("Report: -out " + temp.resolve("nope/r.html")
                + ": no such directory " + temp.resolve("nope") + "\n");
    }

    @Test
    void replacesItsOwnEarlierPageAndAnyFileWithOverwrite() throws Exception {
        Path result = Results.write(temp.resolve("run.json"), Results.dfsioWrite(4, 100, 30, 1000));
        Path page = temp.resolve("report.html");
        Path notes = Files.writeString(temp.resolve("notes.html"), "<p>mine</p>");
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        assertThat(report(stderr, "-out", page.toString(), result.toString())).isZero();
        assertThat(report(stderr, "-out", page.toString(), result.toString(), "-title", "second")).isZero();
        assertThat(report(stderr, "-out", notes.toString(), "-overwrite", result.toString())).isZero();

        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(Files.readString(page)).contains("<title>second</title>");
        assertThat(Files.readString(notes)).contains(LocalOutput.REPORT_GENERATOR);
    }

    private static int report(ByteArrayOutputStream stderr, String... args) {
        return new ReportTool(new PrintStream(new ByteArrayOutputStream()), new PrintStream(stderr, true,
                StandardCharsets.UTF_8)).runCommandLine(null, args);
    }

    private static JsonNode data(String page) throws Exception {
        Matcher data = Pattern.compile("(?s)<script type=\"application/json\" id=\"hbench-data\">(.*?)</script>")
                .matcher(page);
        assertThat(data.find()).isTrue();
        return new ObjectMapper().readTree(data.group(1));
    }

    private static String resource(Class<?> owner, String name) throws Exception {
        try (InputStream in = owner.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private String write(BenchResult result) throws Exception {
        StringWriter page = new StringWriter();
        new HtmlReport("t", Instant.EPOCH).write(List.of(new LoadedResult(temp.resolve("r.json"), result)),
                Optional.empty(), page);
        return page.toString();
    }
}
