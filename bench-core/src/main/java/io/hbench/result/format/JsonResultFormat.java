package io.hbench.result.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.hbench.result.BenchResult;
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
import io.hbench.result.Unit;
import io.hbench.result.json.JsonResultReader;
import io.hbench.result.json.ResultFields;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.hbench.result.json.ResultFields.SCHEMA;
import static io.hbench.result.json.ResultFields.seconds;
import static java.util.Objects.requireNonNull;

/**
 * Writes a result as pretty-printed JSON with a fixed field order; {@link JsonResultReader} reads it back.
 * <p>
 * The layout is schema {@value ResultFields#SCHEMA}, described in docs/results.md and by the JSON Schema
 * {@value ResultFields#SCHEMA_RESOURCE}. Instants are ISO-8601 UTC ({@code 2026-11-22T20:10:00.123Z}); units and
 * directions are their {@link Unit#symbol() symbols}; doubles are written as {@link Double#toString(double)} does, which
 * reads back as the same double and never depends on the locale; durations are exact decimal seconds. {@code outcome},
 * {@code durationSeconds}, a task's {@code durationSeconds}, a job's {@code applicationId} and the environment's
 * {@code taskHosts} are derived: written for readers of the file.
 */
public final class JsonResultFormat
        implements ResultFormat {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            // The caller owns the Writer.
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();
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
            if (result.engine().isPresent()) {
                writeEngine(json, result.engine().get());
            }
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

    /** Written only for a program that runs on more than one engine, so that other programs' files stay as they were. */
    private static void writeEngine(JsonGenerator json, Engine engine) throws IOException {
        json.writeObjectFieldStart("engine");
        json.writeStringField("name", engine.name());
        json.writeStringField("version", engine.version());
        if (engine.master().isPresent()) {
            json.writeStringField("master", engine.master().get());
        }
        if (engine.executors().isPresent()) {
            json.writeNumberField("executors", engine.executors().getAsInt());
        }
        if (engine.executorMemory().isPresent()) {
            json.writeStringField("executorMemory", engine.executorMemory().get());
        }
        json.writeEndObject();
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
            if (host.source() != HostUsage.Source.HOST) {
                // Written only for a host sampled otherwise than through its own counters: optional in schema 4.
                json.writeStringField("sampledThrough", host.source().id());
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        writeMetrics(json, "cluster", resources.cluster());
        json.writeEndObject();
    }
}
