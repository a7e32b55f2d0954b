package io.hbench.result.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Engine;
import io.hbench.result.Environment;
import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;

import java.io.IOException;
import java.io.Reader;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;

import static io.hbench.result.json.ResultFields.EARLIER_SCHEMAS;
import static io.hbench.result.json.ResultFields.SCHEMA;
import static io.hbench.result.json.ResultFields.SCHEMA_PREFIX;
import static io.hbench.result.json.ResultFields.array;
import static io.hbench.result.json.ResultFields.field;
import static io.hbench.result.json.ResultFields.finite;
import static io.hbench.result.json.ResultFields.instant;
import static io.hbench.result.json.ResultFields.nullableText;
import static io.hbench.result.json.ResultFields.number;
import static io.hbench.result.json.ResultFields.numberValue;
import static io.hbench.result.json.ResultFields.object;
import static io.hbench.result.json.ResultFields.seconds;
import static io.hbench.result.json.ResultFields.strings;
import static io.hbench.result.json.ResultFields.text;
import static io.hbench.result.json.ResultFields.textValue;
import static io.hbench.result.json.ResultFields.unit;
import static java.util.Objects.requireNonNull;

/**
 * Reads a result that {@link io.hbench.result.format.JsonResultFormat} wrote, in schema {@value ResultFields#SCHEMA}
 * or an earlier one that is still read. {@code outcome}, {@code durationSeconds}, a task's {@code durationSeconds}, a
 * job's {@code applicationId} and the environment's {@code taskHosts} are derived: the outcome and the durations are
 * checked against what they were derived from, the others ignored. A number too large for a double ({@code 1e309}) is
 * refused wherever it stands. Schema {@code hbench-result/3} differs only in lacking the resources' hosts'
 * {@code sharesKernelWith}, and is read as hosts with kernels of their own, which is all it could tell;
 * {@code hbench-result/2} lacks the resources' {@code coverage} as well, and is read as covering the tasks' hosts while
 * they ran, which is all it could sample. Files of any other schema are refused with a message that says so, never
 * misread.
 * <p>
 * It lives apart from the writers of {@code io.hbench.result.format}: they present a result, each in its own way,
 * while this takes one format back, every schema version of it, and is all that Compare and Report need.
 */
public final class JsonResultReader {
    /** How long a message of {@link #read} may be: a wrong value it quotes may be as long as the file. */
    private static final int MESSAGE_LENGTH = 200;
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonResultReader() {
    }

    /**
     * Reads a result written by {@link io.hbench.result.format.JsonResultFormat#write}; {@code read(write(r))} equals
     * {@code r}.
     *
     * @throws IOException if {@code in} is not JSON, is of another schema than {@value ResultFields#SCHEMA} (the message
     *         says which and what to do), or describes an invalid result; the message is one line of at most
     *         200 characters, whatever the file holds where it is wrong
     */
    public static BenchResult read(Reader in) throws IOException {
        requireNonNull(in, "in is null");
        try {
            return readChecked(in);
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage());
            if (message.length() <= MESSAGE_LENGTH) {
                throw e;
            }
            throw new IOException(message.substring(0, MESSAGE_LENGTH - 3) + "...", e);
        }
    }

    private static BenchResult readChecked(Reader in) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IOException("not a valid hbench result: " + JsonErrors.describe(e), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new IOException("not a valid hbench result: the file is empty");
        }
        checkSchema(root);
        try {
            BenchResult result = readResult(root);
            String outcome = text(root, "outcome");
            if (!outcome.equals(result.outcome().name())) {
                throw new IOException("outcome " + outcome + " does not match failures " + result.failures());
            }
            checkDuration(root, result.start(), result.end(), "");
            return result;
        } catch (IllegalArgumentException | DateTimeParseException | ArithmeticException e) {
            throw new IOException("invalid hbench result: " + e.getMessage(), e);
        }
    }

    /** Refuses, in one line, a file of no hbench or of a schema this version does not read. */
    private static void checkSchema(JsonNode root) throws IOException {
        if (!root.isObject() || !root.has("schema")) {
            throw new IOException("not an hbench result: no \"schema\" field");
        }
        String schema = text(root, "schema");
        if (!schema.equals(SCHEMA) && !EARLIER_SCHEMAS.contains(schema)) {
            if (schema.startsWith(SCHEMA_PREFIX)) {
                throw new IOException("written in schema " + schema + " by another hbench version; this one reads "
                        + String.join(", ", EARLIER_SCHEMAS) + " and " + SCHEMA
                        + ": rerun the benchmark with this version");
            }
            throw new IOException("not an hbench result: schema is " + schema);
        }
    }

    private static BenchResult readResult(JsonNode root) throws IOException {
        BenchResult.Builder builder = BenchResult.builder(text(root, "benchmark"), text(root, "operation"))
                .primaryMetric(text(root, "primaryMetric"))
                .start(instant(root, "start"))
                .end(instant(root, "end"))
                .environment(readEnvironment(object(root, "environment")));
        for (JsonNode failure : array(root, "failures")) {
            builder.failure(textValue(failure, "failures"));
        }
        strings(root, "parameters").forEach(builder::parameter);
        strings(root, "locations").forEach(builder::location);
        strings(root, "outputs").forEach(builder::output);
        if (root.has("engine")) {
            builder.engine(readEngine(object(root, "engine")));
        }
        for (JsonNode node : array(root, "jobs")) {
            builder.job(new SubmittedJob(text(node, "id"), text(node, "name"), nullableText(node, "trackingUrl")));
        }
        readMetrics(root).forEach(builder::metric);
        for (JsonNode node : array(root, "distributions")) {
            builder.distribution(readDistribution(node));
        }
        for (JsonNode node : array(root, "timeSeries")) {
            builder.timeSeries(readTimeSeries(node));
        }
        for (JsonNode node : array(root, "tasks")) {
            builder.taskSample(readTask(node));
        }
        JsonNode resources = field(root, "resources");
        if (!resources.isNull()) {
            builder.resources(readResources(resources));
        }
        return builder.build();
    }

    private static Engine readEngine(JsonNode node) throws IOException {
        OptionalInt executors = OptionalInt.empty();
        if (node.has("executors")) {
            JsonNode count = number(node, "executors");
            if (!count.canConvertToInt() || !count.isIntegralNumber()) {
                throw new IOException("executors is not a whole number: " + count);
            }
            executors = OptionalInt.of(count.intValue());
        }
        return new Engine(text(node, "name"), text(node, "version"), optionalText(node, "master"), executors,
                optionalText(node, "executorMemory"));
    }

    private static Optional<String> optionalText(JsonNode node, String field) throws IOException {
        return node.has(field) ? Optional.of(text(node, field)) : Optional.empty();
    }

    private static Environment readEnvironment(JsonNode node) throws IOException {
        JsonNode hbench = object(node, "hbench");
        JsonNode hadoop = object(node, "hadoop");
        List<String> commandLine = new ArrayList<>();
        for (JsonNode argument : array(node, "commandLine")) {
            commandLine.add(textValue(argument, "commandLine"));
        }
        Environment.Builder environment = Environment.builder()
                .hbench(text(hbench, "version"), text(hbench, "commit"))
                .hadoopVersion(text(hadoop, "client"))
                .clusterHadoopVersion(nullableText(hadoop, "cluster"))
                .java(text(node, "java"))
                .os(text(node, "os"))
                .clientHost(text(node, "clientHost"))
                .commandLine(commandLine);
        strings(node, "configuration").forEach(environment::configuration);
        return environment.build();
    }

    private static MetricKey readKey(JsonNode node) throws IOException {
        return new MetricKey(text(node, "id"), strings(node, "labels"));
    }

    private static List<Metric> readMetrics(JsonNode parent) throws IOException {
        return readMetrics(parent, "metrics");
    }

    private static List<Metric> readMetrics(JsonNode parent, String field) throws IOException {
        List<Metric> metrics = new ArrayList<>();
        for (JsonNode node : array(parent, field)) {
            metrics.add(new Metric(readKey(node), number(node, "value").doubleValue(), unit(node),
                    Better.bySymbol(text(node, "better"))));
        }
        return metrics;
    }

    private static Distribution readDistribution(JsonNode node) throws IOException {
        JsonNode count = number(node, "count");
        if (!count.isIntegralNumber() || !count.canConvertToLong()) {
            throw new IOException("count is not an integer: " + count);
        }
        SortedMap<Double, Double> percentiles = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = object(node, "percentiles").fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> percentile = fields.next();
            percentiles.put(parsePercentile(percentile.getKey()), numberValue(percentile.getValue(), "percentiles").doubleValue());
        }
        return new Distribution(
                readKey(node),
                unit(node),
                count.longValue(),
                number(node, "min").doubleValue(),
                number(node, "max").doubleValue(),
                number(node, "mean").doubleValue(),
                number(node, "stdDev").doubleValue(),
                percentiles);
    }

    private static double parsePercentile(String key) throws IOException {
        try {
            return Double.parseDouble(key);
        } catch (NumberFormatException e) {
            throw new IOException("percentile is not a number: " + key, e);
        }
    }

    private static TimeSeries readTimeSeries(JsonNode node) throws IOException {
        List<Double> values = new ArrayList<>();
        for (JsonNode value : array(node, "values")) {
            values.add(numberValue(value, "values").doubleValue());
        }
        return new TimeSeries(readKey(node), unit(node), instant(node, "start"), seconds(node, "bucketSeconds"), values);
    }

    private static TaskSample readTask(JsonNode node) throws IOException {
        checkDuration(node, instant(node, "start"), instant(node, "end"), "task " + text(node, "id") + ": ");
        return new TaskSample(
                text(node, "id"),
                nullableText(node, "host"),
                instant(node, "start"),
                instant(node, "end"),
                readMetrics(node));
    }

    private static ResourceUsage readResources(JsonNode node) throws IOException {
        List<Phase> phases = new ArrayList<>();
        for (JsonNode phase : array(node, "phases")) {
            phases.add(new Phase(text(phase, "name"), instant(phase, "start"), instant(phase, "end")));
        }
        List<HostUsage> hosts = new ArrayList<>();
        for (JsonNode host : array(node, "hosts")) {
            String unavailable = nullableText(host, "unavailable");
            if (unavailable != null) {
                hosts.add(HostUsage.unavailable(text(host, "host"), unavailable));
                continue;
            }
            List<Instant> times = new ArrayList<>();
            for (JsonNode time : array(host, "sampleTimes")) {
                times.add(Instant.parse(textValue(time, "sampleTimes")));
            }
            List<ResourceSeries> series = new ArrayList<>();
            for (JsonNode one : array(host, "series")) {
                List<Double> values = new ArrayList<>();
                for (JsonNode value : array(one, "values")) {
                    values.add(value.isNull() ? null : numberValue(value, "values").doubleValue());
                }
                series.add(new ResourceSeries(readKey(one), unit(one), values));
            }
            // Schemas 2 and 3 did not say whether hosts shared a kernel.
            List<String> sharesKernelWith = new ArrayList<>();
            if (host.has("sharesKernelWith")) {
                for (JsonNode other : array(host, "sharesKernelWith")) {
                    sharesKernelWith.add(textValue(other, "sharesKernelWith"));
                }
            }
            if (host.has("sampledThrough") && source(text(host, "sampledThrough"))
                    == HostUsage.Source.DATANODE_METRICS) {
                hosts.add(HostUsage.sampledThroughDataNode(text(host, "host"), times, series,
                        readMetrics(host, "summary")));
                continue;
            }
            HostUsage usage = HostUsage.sampled(text(host, "host"), times, series, readMetrics(host, "summary"))
                    .sharingKernelWith(sharesKernelWith);
            hosts.add(host.has("link") ? usage.withLink(readLink(host.get("link"))) : usage);
        }
        // Schema 2 had no coverage: its resources were always the tasks' hosts while they ran.
        ResourceUsage.Coverage coverage = node.has("coverage") ? coverage(text(node, "coverage"))
                : ResourceUsage.Coverage.TASKS;
        return new ResourceUsage(coverage, seconds(node, "intervalSeconds"), phases, hosts,
                readMetrics(node, "cluster"));
    }

    private static HostLink readLink(JsonNode link) throws IOException {
        List<String> interfaces = new ArrayList<>();
        for (JsonNode name : array(link, "interfaces")) {
            interfaces.add(textValue(name, "interfaces"));
        }
        Optional<Double> bytesPerSecond = link.path("bytesPerSecond").isNull() ? Optional.empty()
                : Optional.of(number(link, "bytesPerSecond").doubleValue());
        return new HostLink(bytesPerSecond, interfaces, text(link, "basis"));
    }

    private static HostUsage.Source source(String id) throws IOException {
        try {
            return HostUsage.Source.of(id);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static ResourceUsage.Coverage coverage(String symbol) throws IOException {
        try {
            return ResourceUsage.Coverage.bySymbol(symbol);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * Checks a derived {@code durationSeconds} against the start and end it was written from, exactly: both read as
     * the double their decimal text stands for.
     */
    private static void checkDuration(JsonNode node, Instant start, Instant end, String whose) throws IOException {
        double written = finite(node, "durationSeconds");
        String apart = seconds(Duration.between(start, end));
        if (written != Double.parseDouble(apart)) {
            throw new IOException(whose + "durationSeconds " + node.get("durationSeconds").asText() + " does not match"
                    + " start and end, " + apart + " s apart");
        }
    }
}
