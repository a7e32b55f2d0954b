package io.hbench.report.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Two suites compared step by step, in the format asked for: text, one block per step under its name; JSON, one
 * object whose {@code steps} hold each step's comparison; CSV, one table with the step in a first column.
 */
final class SuiteComparisonFormat {
    private SuiteComparisonFormat() {
    }

    static void write(ComparisonFormat format, Map<String, Comparison> steps, Writer out) throws IOException {
        if (format instanceof JsonComparisonFormat) {
            // The comparisons' own generator, so that they keep its escapes.
            try (JsonGenerator json = JsonComparisonFormat.generator(out)) {
                json.writeStartObject();
                json.writeArrayFieldStart("steps");
                for (Map.Entry<String, Comparison> step : steps.entrySet()) {
                    json.writeStartObject();
                    json.writeStringField("step", step.getKey());
                    json.writeFieldName("comparison");
                    JsonComparisonFormat.writeObject(step.getValue(), json);
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
                json.writeRaw('\n');
            }
            return;
        }
        boolean header = true;
        for (Map.Entry<String, Comparison> step : steps.entrySet()) {
            List<String> lines = written(format, step.getValue()).lines().collect(Collectors.toList());
            if (format instanceof CsvComparisonFormat) {
                for (int i = 0; i < lines.size(); i++) {
                    if (i == 0 && !header) {
                        continue;
                    }
                    out.write((i == 0 ? "step" : step.getKey()) + "," + lines.get(i) + "\n");
                }
                header = false;
            } else {
                out.write("=== step " + step.getKey() + " ===\n");
                for (String line : lines) {
                    out.write(line + "\n");
                }
                out.write("\n");
            }
        }
    }

    private static String written(ComparisonFormat format, Comparison comparison) throws IOException {
        StringWriter text = new StringWriter();
        format.write(comparison, text);
        return text.toString();
    }
}
