package io.hbench.result.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
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
import io.hbench.result.Unit;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import static java.util.Objects.requireNonNull;

/**
 * Writes a result as pretty-printed JSON with a fixed field order, and reads it back with {@link #read(Reader)}.
 * <p>
 * The layout is schema {@value #SCHEMA}, described in docs/results.md and by the JSON Schema
 * {@value #SCHEMA_RESOURCE}. Instants are ISO-8601 UTC ({@code 2026-11-22T20:10:00.123Z}); units and directions are
 * their {@link Unit#symbol() symbols}; doubles are written as {@link Double#toString(double)} does, which reads back
 * as the same double and never depends on the locale; durations are exact decimal seconds. {@code outcome},
 * {@code durationSeconds}, a task's {@code durationSeconds}, a job's {@code applicationId} and the environment's
 * {@code taskHosts} are derived: written for readers of the file, checked or ignored when read back (the outcome and
 * the durations are checked). A number too large for a double ({@code 1e309}) is refused wherever it stands. Schema
 * {@code hbench-result/3} differs only in lacking the resources' hosts' {@code sharesKernelWith}, and is read as hosts
 * with kernels of their own, which is all it could tell; {@code hbench-result/2} lacks the resources' {@code coverage}
 * as well, and is read as covering the tasks' hosts while they ran, which is all it could sample. Files of any other
 * schema are refused with a message that says so, never misread.
 */
public final class JsonResultFormat
        implements ResultFormat {
    public static final String SCHEMA = "hbench-result/4";
    /** The schemas before this one that are read: each lacks fields that read as what it could not tell. */
    static final List<String> EARLIER_SCHEMAS = List.of("hbench-result/2", "hbench-result/3");
    /** The JSON Schema of {@value #SCHEMA}, on the class path. */
    public static final String SCHEMA_RESOURCE = "/io/hbench/result/hbench-result-4.schema.json";

    private static final String SCHEMA_PREFIX = "hbench-result/";
    /** How long a message of {@link #read} may be: a wrong value it quotes may be as long as the file. */
    private static final int MESSAGE_LENGTH = 200;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            // The caller owns the Writer.
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    // "\n" rather than the platform's line separator, so files are identical on every machine.
    private static final DefaultPrettyPrinter PRETTY_PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    @Override
    public void write(BenchResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        requireNonNull(out, "out is null");
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            // The pretty printer tracks nesting, so each generator needs its own.
            json.setPrettyPrinter(PRETTY_PRINTER.createInstance());
            json.writeStartObject();
            json.writeStringField("schema", SCHEMA);
            json.writeStringField("benchmark", result.benchmark());
            json.writeStringField("operation", result.operation());
            json.writeStringField("primaryMetric", result.primaryMetric());
            json.writeStringField("start", result.start().toString());
            json.writeStringField("end", result.end().toString());
            json.writeFieldName("durationSeconds");
            json.writeNumber(seconds(result.duration()));
            json.writeStringField("outcome", result.outcome().name());
            json.writeArrayFieldStart("failures");
            for (String failure : result.failures()) {
                json.writeString(failure);
            }
            json.writeEndArray();
            writeStrings(json, "parameters", result.parameters());
            writeStrings(json, "locations", result.locations());
            writeStrings(json, "outputs", result.outputs());
            writeEnvironment(json, result);
            json.writeArrayFieldStart("jobs");
            for (SubmittedJob job : result.jobs()) {
                json.writeStartObject();
                json.writeStringField("id", job.id());
                json.writeStringField("name", job.name());
                json.writeStringField("applicationId", job.applicationId().orElse(null));
                json.writeStringField("trackingUrl", job.trackingUrl().orElse(null));
                json.writeEndObject();
            }
            json.writeEndArray();
            writeMetrics(json, result.metrics());
            json.writeArrayFieldStart("distributions");
            for (Distribution distribution : result.distributions()) {
                writeDistribution(json, distribution);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("timeSeries");
            for (TimeSeries series : result.timeSeries()) {
                writeTimeSeries(json, series);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("tasks");
            for (TaskSample task : result.taskSamples()) {
                writeTask(json, task);
            }
            json.writeEndArray();
            json.writeFieldName("resources");
            if (result.resources().isPresent()) {
                writeResources(json, result.resources().get());
            } else {
                json.writeNull();
            }
            json.writeEndObject();
            json.writeRaw('\n');
        }
    }

    private static void writeEnvironment(JsonGenerator json, BenchResult result) throws IOException {
        Environment environment = result.environment();
        json.writeObjectFieldStart("environment");
        json.writeObjectFieldStart("hbench");
        json.writeStringField("version", environment.hbenchVersion());
        json.writeStringField("commit", environment.hbenchCommit());
        json.writeEndObject();
        json.writeObjectFieldStart("hadoop");
        json.writeStringField("client", environment.hadoopVersion());
        json.writeStringField("cluster", environment.clusterHadoopVersion().orElse(null));
        json.writeEndObject();
        json.writeStringField("java", environment.java());
        json.writeStringField("os", environment.os());
        json.writeStringField("clientHost", environment.clientHost());
        json.writeObjectFieldStart("taskHosts");
        for (Map.Entry<String, Integer> host : result.taskHosts().entrySet()) {
            json.writeNumberField(host.getKey(), host.getValue());
        }
        json.writeEndObject();
        json.writeArrayFieldStart("commandLine");
        for (String argument : environment.commandLine()) {
            json.writeString(argument);
        }
        json.writeEndArray();
        writeStrings(json, "configuration", environment.configuration());
        json.writeEndObject();
    }

    private static void writeStrings(JsonGenerator json, String field, Map<String, String> values) throws IOException {
        json.writeObjectFieldStart(field);
        for (Map.Entry<String, String> entry : values.entrySet()) {
            json.writeStringField(entry.getKey(), entry.getValue());
        }
        json.writeEndObject();
    }

    private static void writeKey(JsonGenerator json, MetricKey key) throws IOException {
        json.writeStringField("id", key.id());
        writeStrings(json, "labels", key.labels());
    }

    private static void writeMetrics(JsonGenerator json, List<Metric> metrics) throws IOException {
        writeMetrics(json, "metrics", metrics);
    }

    private static void writeMetrics(JsonGenerator json, String field, List<Metric> metrics) throws IOException {
        json.writeArrayFieldStart(field);
        for (Metric metric : metrics) {
            json.writeStartObject();
            writeKey(json, metric.key());
            json.writeNumberField("value", metric.value());
            json.writeStringField("unit", metric.unit().symbol());
            json.writeStringField("better", metric.better().symbol());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeDistribution(JsonGenerator json, Distribution distribution) throws IOException {
        json.writeStartObject();
        writeKey(json, distribution.key());
        json.writeStringField("unit", distribution.unit().symbol());
        json.writeNumberField("count", distribution.count());
        json.writeNumberField("min", distribution.min());
        json.writeNumberField("max", distribution.max());
        json.writeNumberField("mean", distribution.mean());
        json.writeNumberField("stdDev", distribution.stdDev());
        json.writeObjectFieldStart("percentiles");
        for (Map.Entry<Double, Double> percentile : distribution.percentiles().entrySet()) {
            json.writeNumberField(Double.toString(percentile.getKey()), percentile.getValue());
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void writeTimeSeries(JsonGenerator json, TimeSeries series) throws IOException {
        json.writeStartObject();
        writeKey(json, series.key());
        json.writeStringField("unit", series.unit().symbol());
        json.writeStringField("start", series.start().toString());
        json.writeFieldName("bucketSeconds");
        json.writeNumber(seconds(series.bucketWidth()));
        json.writeArrayFieldStart("values");
        for (double value : series.values()) {
            json.writeNumber(value);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeTask(JsonGenerator json, TaskSample task) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", task.id());
        json.writeStringField("host", task.host().orElse(null));
        json.writeStringField("start", task.start().toString());
        json.writeStringField("end", task.end().toString());
        json.writeFieldName("durationSeconds");
        json.writeNumber(seconds(task.duration()));
        writeMetrics(json, task.metrics());
        json.writeEndObject();
    }

    private static void writeResources(JsonGenerator json, ResourceUsage resources) throws IOException {
        json.writeStartObject();
        json.writeStringField("coverage", resources.coverage().symbol());
        json.writeFieldName("intervalSeconds");
        json.writeNumber(seconds(resources.interval()));
        json.writeArrayFieldStart("phases");
        for (Phase phase : resources.phases()) {
            json.writeStartObject();
            json.writeStringField("name", phase.name());
            json.writeStringField("start", phase.start().toString());
            json.writeStringField("end", phase.end().toString());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("hosts");
        for (HostUsage host : resources.hosts()) {
            json.writeStartObject();
            json.writeStringField("host", host.host());
            json.writeStringField("unavailable", host.unavailableReason().orElse(null));
            json.writeArrayFieldStart("sharesKernelWith");
            for (String other : host.sharesKernelWith()) {
                json.writeString(other);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("sampleTimes");
            for (Instant time : host.sampleTimes()) {
                json.writeString(time.toString());
            }
            json.writeEndArray();
            json.writeArrayFieldStart("series");
            for (ResourceSeries series : host.series()) {
                json.writeStartObject();
                writeKey(json, series.key());
                json.writeStringField("unit", series.unit().symbol());
                json.writeArrayFieldStart("values");
                for (Double value : series.values()) {
                    if (value == null) {
                        json.writeNull();
                    } else {
                        json.writeNumber(value);
                    }
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
            writeMetrics(json, "summary", host.summary());
            if (host.link().isPresent()) {
                // Written only where known, so that schema 4 gained it as an optional field.
                json.writeObjectFieldStart("link");
                if (host.link().get().bytesPerSecond().isPresent()) {
                    json.writeNumberField("bytesPerSecond", host.link().get().bytesPerSecond().get());
                } else {
                    json.writeNullField("bytesPerSecond");
                }
                json.writeArrayFieldStart("interfaces");
                for (String name : host.link().get().interfaces()) {
                    json.writeString(name);
                }
                json.writeEndArray();
                json.writeStringField("basis", host.link().get().basis());
                json.writeEndObject();
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        writeMetrics(json, "cluster", resources.cluster());
        json.writeEndObject();
    }

    /** {@code duration} in seconds, exactly, without trailing zeros or exponent. */
    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.getSeconds())
                .add(BigDecimal.valueOf(duration.getNano(), 9))
                .stripTrailingZeros()
                .toPlainString();
    }

    /**
     * Reads a result written by {@link #write}; {@code read(write(r))} equals {@code r}.
     *
     * @throws IOException if {@code in} is not JSON, is of another schema than {@value #SCHEMA} (the message says which
     *         and what to do), or describes an invalid result; the message is one line of at most
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

    private static Map<String, String> strings(JsonNode node, String field) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = object(node, field).fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = fields.next();
            values.put(entry.getKey(), textValue(entry.getValue(), field + "." + entry.getKey()));
        }
        return values;
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

    private static ResourceUsage.Coverage coverage(String symbol) throws IOException {
        try {
            return ResourceUsage.Coverage.bySymbol(symbol);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static Unit unit(JsonNode node) throws IOException {
        return Unit.bySymbol(text(node, "unit"));
    }

    private static Instant instant(JsonNode node, String field) throws IOException {
        return Instant.parse(text(node, field));
    }

    private static Duration seconds(JsonNode node, String field) throws IOException {
        finite(node, field);
        // Written as an exact decimal; the parser keeps it exact as long as it is read as a BigDecimal.
        BigDecimal nanos = new BigDecimal(number(node, field).asText()).movePointRight(9);
        return Duration.ofNanos(nanos.longValueExact());
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

    /** A number, refused (as a value class refuses one) if it is too large for a double. */
    private static double finite(JsonNode node, String field) throws IOException {
        JsonNode value = number(node, field);
        if (!Double.isFinite(value.doubleValue())) {
            throw new IllegalArgumentException(field + " is not finite: " + value.doubleValue());
        }
        return value.doubleValue();
    }

    private static JsonNode field(JsonNode node, String field) throws IOException {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IOException("missing field: " + field);
        }
        return value;
    }

    private static String text(JsonNode node, String field) throws IOException {
        return textValue(field(node, field), field);
    }

    private static String nullableText(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        return value.isNull() ? null : textValue(value, field);
    }

    private static String textValue(JsonNode value, String field) throws IOException {
        if (!value.isTextual()) {
            throw new IOException(field + " is not a string: " + value);
        }
        return value.textValue();
    }

    private static JsonNode number(JsonNode node, String field) throws IOException {
        return numberValue(field(node, field), field);
    }

    private static JsonNode numberValue(JsonNode value, String field) throws IOException {
        if (!value.isNumber()) {
            throw new IOException(field + " is not a number: " + value);
        }
        return value;
    }

    private static JsonNode array(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        if (!value.isArray()) {
            throw new IOException(field + " is not an array: " + value);
        }
        return value;
    }

    private static JsonNode object(JsonNode node, String field) throws IOException {
        JsonNode value = field(node, field);
        if (!value.isObject()) {
            throw new IOException(field + " is not an object: " + value);
        }
        return value;
    }
}
