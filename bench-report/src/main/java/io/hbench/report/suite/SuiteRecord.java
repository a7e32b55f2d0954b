package io.hbench.report.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hbench.fs.LocalOutput;
import io.hbench.report.ResultFiles;
import io.hbench.result.json.JsonErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite's own record, {@value ResultFiles#SUITE_RECORD} in its directory: the definition it ran, the cluster it was
 * sized for and how each step ended. Suite writes it after every step, by a rename, so an interrupted suite leaves a
 * whole file behind; Report reads it to show every step, the ones that left no result too.
 */
public final class SuiteRecord {
    private final String definition;
    private final int concurrentTasks;
    private final int dataNodes;
    private final boolean embedded;
    private final List<StepRecord> steps;

    public SuiteRecord(String definition, int concurrentTasks, int dataNodes, boolean embedded,
            List<StepRecord> steps) {
        this.definition = requireNonNull(definition, "definition is null");
        this.concurrentTasks = concurrentTasks;
        this.dataNodes = dataNodes;
        this.embedded = embedded;
        this.steps = List.copyOf(requireNonNull(steps, "steps is null"));
    }

    public String definition() {
        return definition;
    }

    /** How many map tasks the cluster ran at once when the suite was sized. */
    public int concurrentTasks() {
        return concurrentTasks;
    }

    /** The live DataNodes when the suite was sized; 0 when the default file system is not HDFS. */
    public int dataNodes() {
        return dataNodes;
    }

    /**
     * Whether the suite's file system was HDFS, with a NameNode for NNThroughputBenchmark to measure; on any other
     * (an object store) FsMetadata measures the metadata operations through the FileSystem API instead.
     */
    public boolean hasNameNode() {
        return dataNodes > 0;
    }

    public boolean embedded() {
        return embedded;
    }

    public List<StepRecord> steps() {
        return steps;
    }

    /** The files of step {@code index} (from 0) in the suite's directory: {@code 01-dfsio-write.json}. */
    public StepFile stepFile(int index) {
        return StepFile.of(index, steps.get(index).id());
    }

    /** "the embedded cluster: 4 tasks at once, 3 DataNodes". */
    public String clusterText() {
        return clusterText(embedded, concurrentTasks, dataNodes);
    }

    /** A cluster's shape as a suite says it is sized for it; 0 DataNodes is a file system that is not HDFS. */
    public static String clusterText(boolean embedded, int concurrentTasks, int dataNodes) {
        return (embedded ? "the embedded cluster: " : "") + concurrentTasks + " tasks at once, " + (dataNodes == 0
                ? "no HDFS (the file system has no NameNode)" : dataNodes + (dataNodes == 1 ? " DataNode" : " DataNodes"));
    }

    public static boolean isSuite(Path dir) {
        return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve(ResultFiles.SUITE_RECORD));
    }

    public void write(Path dir) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("definition", definition);
        root.putObject("cluster").put("concurrentTasks", concurrentTasks).put("dataNodes", dataNodes)
                .put("embedded", embedded);
        ArrayNode array = root.putArray("steps");
        for (StepRecord step : steps) {
            array.addObject().put("id", step.id()).put("status", step.status().text())
                    .put("exitStatus", step.exitStatus()).put("seconds", step.seconds());
        }
        String json = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        LocalOutput.writeAtomically(dir.resolve(ResultFiles.SUITE_RECORD), writer -> writer.write(json));
    }

    /** @throws IOException with a one-line message when the file is missing or not a suite's */
    public static SuiteRecord read(Path dir) throws IOException {
        Path file = dir.resolve(ResultFiles.SUITE_RECORD);
        if (!Files.exists(file)) {
            throw new IOException(dir + " holds no suite (no " + ResultFiles.SUITE_RECORD + ")");
        }
        try {
            JsonNode root = new ObjectMapper().readTree(Files.readString(file));
            List<StepRecord> steps = new ArrayList<>();
            for (JsonNode step : root.get("steps")) {
                steps.add(new StepRecord(step.get("id").asText(), StepRecord.Status.parse(step.get("status").asText()),
                        step.get("exitStatus").asInt(), step.get("seconds").asDouble()));
            }
            JsonNode cluster = root.get("cluster");
            return new SuiteRecord(root.get("definition").asText(), cluster.get("concurrentTasks").asInt(),
                    cluster.get("dataNodes").asInt(), cluster.get("embedded").asBoolean(), steps);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not a suite's record: " + JsonErrors.describe(e));
        } catch (RuntimeException e) {
            // A field missing or of another type: the file is JSON, but not what Suite writes.
            throw new IOException(file + " is not a suite's record: it lacks the fields a suite writes");
        }
    }
}
