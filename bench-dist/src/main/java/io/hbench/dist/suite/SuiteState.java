package io.hbench.dist.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hbench.fs.LocalOutput;
import io.hbench.report.ResultFiles;
import io.hbench.result.format.JsonErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite's own record, {@code suite.json} in its directory: the definition it ran, the cluster it was sized for and
 * how each step ended. Written after every step, by a rename, so an interrupted suite leaves a whole file behind.
 */
public final class SuiteState {
    public static final String FILE = ResultFiles.SUITE_RECORD;

    private final String definition;
    private final ClusterShape cluster;
    private final List<StepRecord> steps;

    public SuiteState(String definition, ClusterShape cluster, List<StepRecord> steps) {
        this.definition = requireNonNull(definition, "definition is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.steps = List.copyOf(requireNonNull(steps, "steps is null"));
    }

    public String definition() {
        return definition;
    }

    /** The cluster the sizes were derived from; a resumed suite keeps them. */
    public ClusterShape cluster() {
        return cluster;
    }

    public List<StepRecord> steps() {
        return steps;
    }

    /** This state with {@code record} in place of the step of the same id. */
    SuiteState with(StepRecord record) {
        List<StepRecord> updated = new ArrayList<>();
        for (StepRecord step : steps) {
            updated.add(step.id().equals(record.id()) ? record : step);
        }
        return new SuiteState(definition, cluster, updated);
    }

    void write(Path dir) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("definition", definition);
        root.putObject("cluster").put("concurrentTasks", cluster.concurrentTasks())
                .put("dataNodes", cluster.dataNodes()).put("embedded", cluster.embedded());
        ArrayNode array = root.putArray("steps");
        for (StepRecord step : steps) {
            array.addObject().put("id", step.id()).put("status", step.status().text())
                    .put("exitStatus", step.exitStatus()).put("seconds", step.seconds());
        }
        String json = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        LocalOutput.writeAtomically(dir.resolve(FILE), writer -> writer.write(json));
    }

    /** @throws IOException with a one-line message when the file is missing or not a suite's */
    static SuiteState read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            throw new IOException(dir + " holds no suite to resume (no " + FILE + ")");
        }
        try {
            JsonNode root = new ObjectMapper().readTree(Files.readString(file));
            List<StepRecord> steps = new ArrayList<>();
            for (JsonNode step : root.get("steps")) {
                steps.add(new StepRecord(step.get("id").asText(), StepRecord.Status.parse(step.get("status").asText()),
                        step.get("exitStatus").asInt(), step.get("seconds").asDouble()));
            }
            JsonNode cluster = root.get("cluster");
            return new SuiteState(root.get("definition").asText(), new ClusterShape(
                    cluster.get("concurrentTasks").asInt(), cluster.get("dataNodes").asInt(),
                    cluster.get("embedded").asBoolean()), steps);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not a suite's record: " + JsonErrors.describe(e));
        } catch (RuntimeException e) {
            // A field missing or of another type: the file is JSON, but not what Suite writes.
            throw new IOException(file + " is not a suite's record: it lacks the fields a suite writes");
        }
    }
}
