package io.hbench.result.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.result.Unit;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the writer and the reader of a result's JSON agree on: which schema is written and which are read, how a
 * duration is spelled, and the accessors that take a field of one type or refuse it in one line that names the field.
 */
public final class ResultFields {
    /** The schema that is written, described in docs/results.md and by {@link #SCHEMA_RESOURCE}. */
    public static final String SCHEMA = "hbench-result/4";
    /** The schemas before this one that are read: each lacks fields that read as what it could not tell. */
    static final List<String> EARLIER_SCHEMAS = List.of("hbench-result/2", "hbench-result/3");
    /** The JSON Schema of {@value #SCHEMA}, on the class path. */
    public static final String SCHEMA_RESOURCE = "/io/hbench/result/hbench-result-4.schema.json";
    /** What every schema's name starts with, so that a file of an unknown version is told from one of no hbench. */
    static final String SCHEMA_PREFIX = "hbench-result/";

    private ResultFields() {
    }

    /** {@code duration} in seconds, exactly, without trailing zeros or exponent. */
    public static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.getSeconds())
                .add(BigDecimal.valueOf(duration.getNano(), 9))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A duration written by {@link #seconds(Duration)}, read back exactly. */
    static Duration seconds(JsonNode node, String field) throws IOException {
        finite(node, field);
        // Written as an exact decimal; the parser keeps it exact as long as it is read as a BigDecimal.
        BigDecimal nanos = new BigDecimal(number(node, field).asText()).movePointRight(9);
        return Duration.ofNanos(nanos.longValueExact());
    }

    static Unit unit(JsonNode node) throws IOException {
        return Unit.bySymbol(text(node, "unit"));
    }

    static Instant instant(JsonNode node, String field) throws IOException {
        return Instant.parse(text(node, field));
    }

    static Map<String, String> strings(JsonNode node, String field) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = object(node, field).fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = fields.next();
            values.put(entry.getKey(), textValue(entry.getValue(), field + "." + entry.getKey()));
        }
        return values;
    }

    /** A number, refused (as a value class refuses one) if it is too large for a double. */
    static double finite(JsonNode node, String field) throws IOException {
        JsonNode value = number(node, field);
        if (!Double.isFinite(value.doubleValue())) {
            throw new IllegalArgumentException(field + " is not finite: " + value.doubleValue());
        }
        return value.doubleValue();
    }

    static JsonNode field(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IOException("missing field: " + field);
        }
        return value;
    }

    static String text(JsonNode node, String field) throws IOException {
        return textValue(field(node, field), field);
    }

    static String nullableText(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        return value.isNull() ? null : textValue(value, field);
    }

    static String textValue(JsonNode value, String field) throws IOException {
        if (!value.isTextual()) {
            throw new IOException(field + " is not a string: " + value);
        }
        return value.textValue();
    }

    static JsonNode number(JsonNode node, String field) throws IOException {
        return numberValue(field(node, field), field);
    }

    static JsonNode numberValue(JsonNode value, String field) throws IOException {
        if (!value.isNumber()) {
            throw new IOException(field + " is not a number: " + value);
        }
        return value;
    }

    static JsonNode array(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        if (!value.isArray()) {
            throw new IOException(field + " is not an array: " + value);
        }
        return value;
    }

    static JsonNode object(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        if (!value.isObject()) {
            throw new IOException(field + " is not an object: " + value);
        }
        return value;
    }
}
