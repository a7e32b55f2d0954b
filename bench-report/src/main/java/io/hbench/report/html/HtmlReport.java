package io.hbench.report.html;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.LocalOutput;
import io.hbench.report.LoadedResult;
import io.hbench.report.compare.Comparisons;
import io.hbench.report.compare.JsonComparisonFormat;
import io.hbench.report.compare.MetricComparison;
import io.hbench.report.compare.SuiteBaseline;
import io.hbench.report.suite.SuiteOverview;
import io.hbench.result.BenchResult;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.result.format.MetricNames;
import io.hbench.result.format.PeopleTime;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Writes one self-contained HTML page of results: Chart.js, the page's script and style, and the data are all inlined,
 * and a Content-Security-Policy forbids the page any request, so it works offline and on air-gapped clusters, and lets
 * only its own two scripts run, by their SHA-256 hashes. The data are the results exactly as their JSON files hold
 * them, plus what is computed here where it must be right (the comparisons' statistics, the TPCx-HS scaling table,
 * each run's resource utilization, a capacity curve's points and answer); the page's script only draws.
 */
public final class HtmlReport {
    /** Chart.js, from its webjar. */
    static final String CHART_JS = "/META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final String SCRIPT = "/io/hbench/report/html/report.js";
    private static final String STYLE = "/io/hbench/report/html/report.css";
    private static final JsonFactory FACTORY = new JsonFactory();
    /** The page's two scripts exactly as they stand between their tags, which is what the policy's hashes cover. */
    private static final String CHART_SCRIPT = "\n" + withoutSourceMap(resource(CHART_JS)) + "\n";
    private static final String PAGE_SCRIPT = "\n" + resource(SCRIPT);

    private final String title;
    private final Instant generated;

    public HtmlReport(String title, Instant generated) {
        this.title = requireNonNull(title, "title is null");
        this.generated = requireNonNull(generated, "generated is null");
    }

    /**
     * @param results every run to show, each in its own section, all of one side
     * @param comparisons base against new, when two sets of runs were given
     */
    public void write(List<LoadedResult> results, Optional<Comparisons> comparisons, Writer out) throws IOException {
        write(results, Map.of("", results), comparisons, List.of(), Optional.empty(), out);
    }

    /**
     * @param results every run to show, each in its own section
     * @param sides the same runs by the side they were given on ("base", "new"; one side named "" without a
     *        comparison), in order: runs of two sides are never summed into one figure
     * @param comparisons base against new, when two sets of runs were given
     * @param suites the suites the results came from, each shown first with its verdict and every step
     * @param baseline the suites against their baseline, step by step
     */
    public void write(List<LoadedResult> results, Map<String, List<LoadedResult>> sides,
            Optional<Comparisons> comparisons, List<SuiteOverview> suites, Optional<SuiteBaseline> baseline,
            Writer out) throws IOException {
        requireNonNull(results, "results is null");
        requireNonNull(sides, "sides is null");
        requireNonNull(comparisons, "comparisons is null");
        requireNonNull(suites, "suites is null");
        requireNonNull(baseline, "baseline is null");
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                // By this a later Report knows the page for its own, and replaces it without -overwrite.
                .append(LocalOutput.REPORT_GENERATOR).append("\n")
                // Nothing may leave the page: no fetch, no image, no font, no script from elsewhere. Only the page's
                // own two scripts run, by their hashes: were a result's text ever to slip into the page as markup,
                // a script in it would not run.
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("script-src ").append(hashSource(CHART_SCRIPT)).append(' ').append(hashSource(PAGE_SCRIPT))
                .append("; style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escapeHtml(title)).append("</title>\n")
                .append("<style>\n").append(resource(STYLE)).append("</style>\n")
                .append("<script>").append(CHART_SCRIPT).append("</script>\n")
                .append("<script type=\"application/json\" id=\"hbench-data\">")
                .append(inScript(data(results, sides, comparisons, suites, baseline))).append("</script>\n")
                .append("</head>\n<body>\n<main id=\"report\"></main>\n")
                .append("<script>").append(PAGE_SCRIPT).append("</script>\n")
                .append("</body>\n</html>\n");
        out.write(page.toString());
        out.flush();
    }

    private String data(List<LoadedResult> results, Map<String, List<LoadedResult>> sides,
            Optional<Comparisons> comparisons, List<SuiteOverview> suites, Optional<SuiteBaseline> baseline)
            throws IOException {
        // Every run's network is held to the link bandwidth an EBB run of its side measured, as a suite's are: the
        // sides of a comparison may be two networks.
        Map<LoadedResult, String> sideOf = new IdentityHashMap<>();
        Map<String, LinkCapacities> links = new HashMap<>();
        sides.forEach((side, loaded) -> {
            loaded.forEach(each -> sideOf.put(each, side));
            links.put(side, LinkCapacities.measuredBy(loaded.stream().map(LoadedResult::result)
                    .collect(Collectors.toList())));
        });
        StringWriter json = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(json)) {
            generator.writeStartObject();
            generator.writeStringField("title", title);
            generator.writeStringField("generated", PeopleTime.format(generated));
            // Every figure's name for people, by its identifier: the page names figures and never shows identifiers.
            generator.writeObjectFieldStart("names");
            Map<String, String> names = new TreeMap<>();
            for (LoadedResult loaded : results) {
                loaded.result().metrics().forEach(metric -> names.put(metric.key().toString(),
                        MetricNames.of(metric.key())));
                loaded.result().distributions().forEach(distribution -> names.put(distribution.key().toString(),
                        MetricNames.of(distribution.key())));
                loaded.result().timeSeries().forEach(series -> names.put(series.key().toString(),
                        MetricNames.of(series.key())));
            }
            for (Map.Entry<String, String> name : names.entrySet()) {
                generator.writeStringField(name.getKey(), name.getValue());
            }
            generator.writeEndObject();
            writeUnits(results, generator);
            generator.writeFieldName("baseline");
            if (baseline.isPresent()) {
                writeBaseline(baseline.get(), generator);
            } else {
                generator.writeNull();
            }
            generator.writeArrayFieldStart("suites");
            for (SuiteOverview suite : suites) {
                writeSuite(suite, generator);
            }
            generator.writeEndArray();
            generator.writeArrayFieldStart("results");
            for (LoadedResult loaded : results) {
                String side = sideOf.getOrDefault(loaded, "");
                generator.writeStartObject();
                generator.writeStringField("file", loaded.file().toString());
                generator.writeStringField("side", side);
                generator.writeStringField("headline", MetricNames.headline(loaded.result()));
                generator.writeStringField("startText", PeopleTime.format(loaded.result().start()));
                generator.writeStringField("endText", PeopleTime.format(loaded.result().end()));
                generator.writeStringField("durationText", DisplayUnit.of("duration", Unit.SECONDS)
                        .text(loaded.result().duration().toNanos() / 1e9));
                generator.writeFieldName("findings");
                writeFindings(Findings.of(loaded.result(), links.getOrDefault(side, LinkCapacities.none())), generator);
                writeMetricTexts(loaded.result(), generator);
                generator.writeFieldName("result");
                generator.writeRawValue(resultJson(loaded.result()));
                generator.writeFieldName("resourceSection");
                ResourceSection.write(loaded.result(), generator);
                writeCapacityCurves(CapacityCurve.of(loaded.result()), generator);
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeArrayFieldStart("comparisons");
            for (Comparisons.Named named : comparisons.map(Comparisons::all).orElse(List.of())) {
                writeComparison(named, generator);
            }
            generator.writeEndArray();
            generator.writeArrayFieldStart("tpcxhsScaling");
            Map<String, List<BenchResult>> sideResults = new LinkedHashMap<>();
            sides.forEach((side, loaded) -> sideResults.put(side, loaded.stream().map(LoadedResult::result)
                    .collect(Collectors.toList())));
            for (TpcxhsScaling.Row row : TpcxhsScaling.rows(sideResults)) {
                generator.writeStartObject();
                generator.writeStringField("setting", row.setting);
                generator.writeStringField("scaleFactor", row.scaleFactor.toPlainString());
                generator.writeNumberField("results", row.results);
                generator.writeStringField("dataText", DisplayUnit.of("data_bytes", Unit.BYTES).text(row.dataBytes));
                generator.writeNumberField("dataChangePercent", row.dataChangePercent);
                generator.writeNumberField("hsph", row.hsph);
                generator.writeNumberField("timeSeconds", row.timeSeconds);
                generator.writeStringField("timeText", DisplayUnit.of("run_time", Unit.SECONDS).text(row.timeSeconds));
                generator.writeNumberField("timeStdDevPercent", row.timeStdDevPercent);
                generator.writeNumberField("timeChangePercent", row.timeChangePercent);
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        }
        return json.toString();
    }

    /**
     * A comparison under its name (empty for the one comparison of two sides of one workload), with both medians of
     * each compared figure in its one unit, in the order of the comparison's metrics.
     */
    private static void writeComparison(Comparisons.Named named, JsonGenerator generator) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("name", named.name());
        generator.writeFieldName("comparison");
        StringWriter compared = new StringWriter();
        new JsonComparisonFormat().write(named.comparison(), compared);
        generator.writeRawValue(compared.toString());
        generator.writeArrayFieldStart("texts");
        for (MetricComparison metric : named.comparison().metrics()) {
            DisplayUnit unit = DisplayUnit.of(metric.key().id(), metric.unit());
            generator.writeStartObject();
            generator.writeStringField("base", unit.text(metric.base().median()));
            generator.writeStringField("new", unit.text(metric.next().median()));
            generator.writeEndObject();
        }
        generator.writeEndArray();
        generator.writeEndObject();
    }

    private static void writeSuite(SuiteOverview suite, JsonGenerator generator) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("definition", suite.record().definition());
        generator.writeStringField("sizedFor", suite.record().clusterText());
        stringArray(generator, "verdict", suite.verdict());
        stringArray(generator, "cluster", suite.cluster());
        generator.writeArrayFieldStart("steps");
        for (SuiteOverview.Step step : suite.steps()) {
            generator.writeStartObject();
            generator.writeStringField("id", step.record().id());
            generator.writeStringField("status", step.record().status().text());
            generator.writeStringField("time", DisplayUnit.fixed(step.record().seconds(), 1) + " s");
            generator.writeStringField("headline", step.headline());
            generator.writeStringField("limit", step.limit());
            generator.writeFieldName("findings");
            writeFindings(step.findings(), generator);
            generator.writeEndObject();
        }
        generator.writeEndArray();
        generator.writeEndObject();
    }

    private static void writeBaseline(SuiteBaseline baseline, JsonGenerator generator) throws IOException {
        generator.writeStartObject();
        generator.writeArrayFieldStart("steps");
        for (SuiteBaseline.Row row : baseline.rows()) {
            generator.writeStartObject();
            generator.writeStringField("step", row.step());
            stringArray(generator, "cells", List.of(row.baseTime(), row.nextTime(), row.timeChange(),
                    row.baseTimeSpread(), row.nextTimeSpread(), row.timeSignificance(), row.primaryFigures(),
                    row.primaryChange(), row.primarySignificance()));
            generator.writeArrayFieldStart("hosts");
            for (Map.Entry<String, String[]> figure : row.hostFigures().entrySet()) {
                generator.writeStartArray();
                generator.writeString(figure.getKey());
                generator.writeString(figure.getValue()[0]);
                generator.writeString(figure.getValue()[1]);
                generator.writeEndArray();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        }
        generator.writeEndArray();
        generator.writeEndObject();
    }

    /**
     * Each operation's capacity curve: the offered rates (the x of every line), each chart's latencies in seconds by
     * percentile (null where a step has none), the objective's bound and the answer in words.
     */
    private static void writeCapacityCurves(List<CapacityCurve> curves, JsonGenerator generator) throws IOException {
        generator.writeArrayFieldStart("capacityCurves");
        for (CapacityCurve curve : curves) {
            generator.writeStartObject();
            generator.writeStringField("operation", curve.operation());
            generator.writeArrayFieldStart("offered");
            for (double rate : curve.offered()) {
                generator.writeNumber(rate);
            }
            generator.writeEndArray();
            generator.writeFieldName("boundSeconds");
            if (curve.boundSeconds().isPresent()) {
                generator.writeNumber(curve.boundSeconds().getAsDouble());
            } else {
                generator.writeNull();
            }
            generator.writeStringField("objective", curve.objective().orElse(null));
            generator.writeStringField("answer", curve.answer().orElse(null));
            generator.writeArrayFieldStart("charts");
            for (CapacityCurve.Chart chart : curve.charts()) {
                generator.writeStartObject();
                generator.writeStringField("name", chart.name());
                generator.writeArrayFieldStart("lines");
                for (Map.Entry<String, List<Double>> line : chart.lines().entrySet()) {
                    generator.writeStartObject();
                    generator.writeStringField("percentile", line.getKey());
                    generator.writeArrayFieldStart("seconds");
                    for (Double seconds : line.getValue()) {
                        if (seconds == null) {
                            generator.writeNull();
                        } else {
                            generator.writeNumber(seconds);
                        }
                    }
                    generator.writeEndArray();
                    generator.writeEndObject();
                }
                generator.writeEndArray();
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        }
        generator.writeEndArray();
    }

    private static void writeFindings(List<Finding> findings, JsonGenerator generator) throws IOException {
        generator.writeStartArray();
        for (Finding finding : findings) {
            generator.writeStartObject();
            generator.writeStringField("kind", finding.kind().text());
            generator.writeStringField("host", finding.host().orElse(null));
            generator.writeStringField("brief", finding.brief());
            generator.writeStringField("text", finding.text());
            generator.writeEndObject();
        }
        generator.writeEndArray();
    }

    /**
     * The unit every figure of the results reads in, by identifier and base unit ("io_call_latency seconds"), for the
     * page's charts and tables: its symbol and how many base units make one. The page never chooses a unit itself.
     */
    private static void writeUnits(List<LoadedResult> results, JsonGenerator generator) throws IOException {
        Map<String, DisplayUnit> units = new TreeMap<>();
        for (LoadedResult loaded : results) {
            BenchResult result = loaded.result();
            result.metrics().forEach(metric -> unit(units, metric.id(), metric.unit()));
            result.distributions().forEach(distribution -> unit(units, distribution.id(), distribution.unit()));
            result.timeSeries().forEach(series -> unit(units, series.id(), series.unit()));
            result.taskSamples().forEach(task -> task.metrics().forEach(metric -> unit(units, metric.id(),
                    metric.unit())));
        }
        // A task's run time, which the page charts for programs without charts of their own.
        unit(units, "task_time", Unit.SECONDS);
        generator.writeObjectFieldStart("units");
        for (Map.Entry<String, DisplayUnit> unit : units.entrySet()) {
            generator.writeObjectFieldStart(unit.getKey());
            generator.writeStringField("symbol", unit.getValue().symbol());
            generator.writeNumberField("divisor", unit.getValue().divisor());
            generator.writeEndObject();
        }
        generator.writeEndObject();
    }

    private static void unit(Map<String, DisplayUnit> units, String id, Unit unit) {
        units.put(id + " " + unit.symbol(), DisplayUnit.of(id, unit));
    }

    /** Every metric as people read it: its name and its value in the unit every hbench output uses. */
    private static void writeMetricTexts(BenchResult result, JsonGenerator generator) throws IOException {
        generator.writeArrayFieldStart("metricTexts");
        for (Metric metric : result.metrics()) {
            generator.writeStartObject();
            generator.writeStringField("name", MetricNames.of(metric.key()));
            generator.writeStringField("value", DisplayUnit.of(metric.id(), metric.unit()).text(metric.value()));
            generator.writeStringField("better", metric.better().symbol());
            generator.writeBooleanField("primary", metric.id().equals(result.primaryMetric()));
            generator.writeEndObject();
        }
        generator.writeEndArray();
    }

    private static void stringArray(JsonGenerator generator, String name, List<String> values) throws IOException {
        generator.writeArrayFieldStart(name);
        for (String value : values) {
            generator.writeString(value);
        }
        generator.writeEndArray();
    }

    private static String resultJson(BenchResult result) throws IOException {
        StringWriter json = new StringWriter();
        new JsonResultFormat().write(result, json);
        return json.toString();
    }

    /**
     * JSON inside a script element: "</" would end the element early and "<!--" change how it is parsed, so every "<"
     * (JSON has them only inside strings) is written as its JSON escape, backslash u003c, which JSON.parse reads back.
     */
    static String inScript(String json) {
        return json.replace("<", "\\u003c");
    }

    /** A Content-Security-Policy source that allows the inline script {@code script}, 'sha256-...'. */
    private static String hashSource(String script) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(hash) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** The bundle's last line points at a map file, which a browser's tools would ask for: leave it out. */
    private static String withoutSourceMap(String script) {
        return script.replaceAll("(?m)^//# sourceMappingURL=.*$", "");
    }

    static String escapeHtml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " (a broken build)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
