package io.hbench.report.compare;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.hbench.result.MetricKey;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The comparison as JSON (schema {@value #SCHEMA}), in base units, with every value of both sides so that a reader can
 * redo the statistics. Field order is fixed; doubles are written as {@link Double#toString(double)} writes them.
 */
public final class JsonComparisonFormat implements ComparisonFormat {
    public static final String SCHEMA = "hbench-compare/1";

    private static final JsonFactory FACTORY = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    @Override
    public void write(Comparison comparison, Writer out) throws IOException {
        requireNonNull(comparison, "comparison is null");
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.setPrettyPrinter(new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n")));
            json.writeStartObject();
            json.writeStringField("schema", SCHEMA);
            json.writeStringField("test", "mann-whitney-u");
            json.writeNumberField("alpha", comparison.alpha());
            writeSide(json, "base", comparison.baseName(), comparison.baseFiles());
            writeSide(json, "new", comparison.nextName(), comparison.nextFiles());
            writeStrings(json, "differences", comparison.differences());
            json.writeArrayFieldStart("metrics");
            for (MetricComparison metric : comparison.metrics()) {
                json.writeStartObject();
                json.writeStringField("id", metric.key().id());
                json.writeObjectFieldStart("labels");
                for (Map.Entry<String, String> label : metric.key().labels().entrySet()) {
                    json.writeStringField(label.getKey(), label.getValue());
                }
                json.writeEndObject();
                json.writeStringField("unit", metric.unit().symbol());
                json.writeStringField("better", metric.better().symbol());
                json.writeBooleanField("primary", metric.primary());
                writeSample(json, "base", metric.base());
                writeSample(json, "new", metric.next());
                json.writeFieldName("changePercent");
                if (Double.isNaN(metric.changePercent())) {
                    json.writeNull();
                } else {
                    json.writeNumber(metric.changePercent());
                }
                json.writeNumberField("pValue", metric.significance().pValue());
                json.writeStringField("verdict", metric.significance().verdict().name().toLowerCase(Locale.ROOT));
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeFieldName("primaryGeomeanChangePercent");
            if (comparison.primaryGeomeanChangePercent().isPresent()) {
                json.writeNumber(comparison.primaryGeomeanChangePercent().getAsDouble());
            } else {
                json.writeNull();
            }
            writeStrings(json, "onlyInBase", identifiers(comparison.onlyInBase()));
            writeStrings(json, "onlyInNew", identifiers(comparison.onlyInNext()));
            json.writeEndObject();
            json.writeRaw('\n');
        }
    }

    private static void writeSide(JsonGenerator json, String field, String name, List<Path> files) throws IOException {
        json.writeObjectFieldStart(field);
        json.writeStringField("ran", name);
        json.writeArrayFieldStart("files");
        for (Path file : files) {
            json.writeString(file.toString());
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeSample(JsonGenerator json, String field, Sample sample) throws IOException {
        json.writeObjectFieldStart(field);
        json.writeNumberField("n", sample.size());
        json.writeNumberField("median", sample.median());
        json.writeNumberField("spreadPercent", sample.spread() * 100);
        json.writeArrayFieldStart("values");
        for (double value : sample.values()) {
            json.writeNumber(value);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static List<String> identifiers(List<MetricKey> keys) {
        return keys.stream().map(MetricKey::toString).collect(Collectors.toList());
    }

    private static void writeStrings(JsonGenerator json, String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }
}
