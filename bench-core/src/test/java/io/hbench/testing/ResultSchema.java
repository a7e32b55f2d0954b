package io.hbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.hbench.result.BenchResult;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.result.json.ResultFields;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Validates JSON results against the schema file that docs/results.md publishes. */
public final class ResultSchema {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonSchema SCHEMA = load();

    private ResultSchema() {}

    private static JsonSchema load() {
        try (InputStream in = ResultFields.class.getResourceAsStream(ResultFields.SCHEMA_RESOURCE)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema's complaints about {@code json}; empty if it is valid. */
    public static Set<String> violations(String json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            return SCHEMA.validate(node).stream().map(ValidationMessage::getMessage).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code result} as JSON and asserts the schema accepts it; returns the JSON. */
    public static String assertValid(BenchResult result) {
        StringWriter json = new StringWriter();
        try {
            new JsonResultFormat().write(result, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertValid(json.toString());
        return json.toString();
    }

    public static void assertValid(String json) {
        assertThat(violations(json)).as("schema violations").isEmpty();
    }
}
