package io.hbench.report.compare;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.hbench.cli.TerminalText;
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
 * Every character that prints nothing ({@link TerminalText#printable}) is written as its {@code \\uXXXX} escape, which
 * any JSON reader reads back, so that the JSON is safe to print to a terminal.
 */
public final class JsonComparisonFormat implements ComparisonFormat {
    public static final String SCHEMA = "hbench-compare/1";

    private static final JsonFactory FACTORY = new JsonFactoryBuilder().characterEscapes(new PrintableEscapes())
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    @Override
    public void write(Comparison comparison, Writer out) throws IOException {
        requireNonNull(comparison, "comparison is null");
        try (JsonGenerator json = generator(out)) {
            writeObject(comparison, json);
            json.writeRaw('\n');
        }
    }

    /** One object whose array ("steps", "workloads") holds each comparison under its name ("step", "workload"). */
    @Override
    public void writeNamed(Comparisons comparisons, Writer out) throws IOException {
        String word = comparisons.grouping().word();
        try (JsonGenerator json = generator(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart(word + "s");
            for (Comparisons.Named named : comparisons.all()) {
                json.writeStartObject();
                json.writeStringField(word, named.name());
                json.writeFieldName("comparison");
                writeObject(named.comparison(), json);
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
            json.writeRaw('\n');
        }
    }

    /** A generator that writes as this format does: indented by two spaces, each value on a line of its own. */
    static JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator json = FACTORY.createGenerator(out);
        json.setPrettyPrinter(new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n")));
        return json;
    }

    /** The comparison as one JSON object, where {@code json} is. */
    static void writeObject(Comparison comparison, JsonGenerator json) throws IOException {
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

    /** Jackson escapes the C0 controls itself; these add DEL and every other character that prints nothing. */
    private static final class PrintableEscapes extends CharacterEscapes {
        private final int[] ascii;

        PrintableEscapes() {
            ascii = standardAsciiEscapesForJSON();
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            // Jackson hands over UTF-16 units: the halves of a character beyond the BMP are written as they are.
            if (Character.isSurrogate((char) ch) || TerminalText.printable(ch)) {
                return null;
            }
            return new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch));
        }
    }
}
