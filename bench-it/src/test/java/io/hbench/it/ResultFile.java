package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A program's {@code -json} result, read as an operator's script reads it. */
final class ResultFile {
    private final JsonNode root;

    private ResultFile(JsonNode root) {
        this.root = root;
    }

    static ResultFile read(Path file) throws IOException {
        return new ResultFile(new ObjectMapper().readTree(Files.readString(file)));
    }

    JsonNode root() {
        return root;
    }

    /** The value of the only metric called {@code id}. */
    double metric(String id) {
        JsonNode found = null;
        for (JsonNode metric : root.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                assertThat(found).as("one metric " + id).isNull();
                found = metric;
            }
        }
        assertThat(found).as("metric " + id).isNotNull();
        return found.get("value").asDouble();
    }

    /** The value of the metric {@code id} without labels: a figure of the whole run, beside its labelled parts. */
    double wholeRunMetric(String id) {
        for (JsonNode metric : root.get("metrics")) {
            if (metric.get("id").asText().equals(id) && metric.get("labels").isEmpty()) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no metric " + id + " without labels");
    }

    /**
     * Asserts that the run says YARN ran it: the framework recorded in its environment, and every job it submitted
     * with the YARN application that ran it.
     */
    void assertRanOnYarn(int jobs) {
        assertThat(root.get("environment").get("configuration").get("mapreduce.framework.name").asText())
                .isEqualTo("yarn");
        assertThat(root.get("jobs")).hasSize(jobs);
        for (JsonNode job : root.get("jobs")) {
            assertThat(job.get("id").asText()).matches("job_\\d+_\\d{4,}");
            assertThat(job.get("applicationId").asText())
                    .isEqualTo(job.get("id").asText().replaceFirst("^job_", "application_"));
        }
    }
}
