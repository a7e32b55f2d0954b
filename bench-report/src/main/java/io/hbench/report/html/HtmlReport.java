package io.hbench.report.html;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.hbench.fs.LocalOutput;
import io.hbench.report.LoadedResult;
import io.hbench.report.compare.Comparison;
import io.hbench.report.compare.JsonComparisonFormat;
import io.hbench.result.BenchResult;
import io.hbench.result.format.JsonResultFormat;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Writes one self-contained HTML page of results: Chart.js, the page's script and style, and the data are all inlined,
 * and a Content-Security-Policy forbids the page any request, so it works offline and on air-gapped clusters. The
 * data are the results exactly as their JSON files hold them, plus what is computed here where it must be right
 * (the comparison's statistics, the TPCx-HS scaling table, each run's resource utilization); the page's script only
 * draws.
 */
public final class HtmlReport {
    /** Chart.js, from its webjar. */
    static final String CHART_JS = "/META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final String SCRIPT = "/io/hbench/report/html/report.js";
    private static final String STYLE = "/io/hbench/report/html/report.css";
    private static final JsonFactory FACTORY = new JsonFactory();

    private final String title;
    private final Instant generated;

    public HtmlReport(String title, Instant generated) {
        this.title = requireNonNull(title, "title is null");
        this.generated = requireNonNull(generated, "generated is null");
    }

    /**
     * @param results every run to show, each in its own section
     * @param comparison base against new, when two sets of runs were given
     */
    public void write(List<LoadedResult> results, Optional<Comparison> comparison, Writer out) throws IOException {
        requireNonNull(results, "results is null");
        requireNonNull(comparison, "comparison is null");
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                // By this a later Report knows the page for its own, and replaces it without -overwrite.
                .append(LocalOutput.REPORT_GENERATOR).append("\n")
                // Nothing may leave the page: no fetch, no image, no font, no script from elsewhere.
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escapeHtml(title)).append("</title>\n")
                .append("<style>\n").append(resource(STYLE)).append("</style>\n")
                .append("<script>\n").append(withoutSourceMap(resource(CHART_JS))).append("\n</script>\n")
                .append("<script type=\"application/json\" id=\"hbench-data\">")
                .append(inScript(data(results, comparison))).append("</script>\n")
                .append("</head>\n<body>\n<main id=\"report\"></main>\n")
                .append("<script>\n").append(resource(SCRIPT)).append("</script>\n")
                .append("</body>\n</html>\n");
        out.write(page.toString());
        out.flush();
    }

    private String data(List<LoadedResult> results, Optional<Comparison> comparison) throws IOException {
        StringWriter json = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(json)) {
            generator.writeStartObject();
            generator.writeStringField("title", title);
            generator.writeStringField("generated", generated.toString());
            generator.writeArrayFieldStart("results");
            for (LoadedResult loaded : results) {
                generator.writeStartObject();
                generator.writeStringField("file", loaded.file().toString());
                generator.writeFieldName("result");
                generator.writeRawValue(resultJson(loaded.result()));
                generator.writeFieldName("resourceSection");
                ResourceSection.write(loaded.result(), generator);
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeFieldName("comparison");
            if (comparison.isPresent()) {
                StringWriter compared = new StringWriter();
                new JsonComparisonFormat().write(comparison.get(), compared);
                generator.writeRawValue(compared.toString());
            } else {
                generator.writeNull();
            }
            generator.writeArrayFieldStart("tpcxhsScaling");
            List<BenchResult> all = results.stream().map(LoadedResult::result).collect(Collectors.toList());
            for (TpcxhsScaling.Row row : TpcxhsScaling.rows(all)) {
                generator.writeStartObject();
                generator.writeStringField("scaleFactor", row.scaleFactor.toPlainString());
                generator.writeNumberField("dataBytes", row.dataBytes);
                generator.writeNumberField("dataChangePercent", row.dataChangePercent);
                generator.writeNumberField("hsph", row.hsph);
                generator.writeNumberField("timeSeconds", row.timeSeconds);
                generator.writeNumberField("timeStdDevPercent", row.timeStdDevPercent);
                generator.writeNumberField("timeChangePercent", row.timeChangePercent);
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        }
        return json.toString();
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
