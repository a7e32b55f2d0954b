package io.hbench.result.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

class JsonResultFormatTest {
    private final JsonResultFormat format = new JsonResultFormat();

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        byte[] written = withDefaultLocale(locale, () -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            format.write(SampleResults.seeded(), out);
            return out.toByteArray();
        });

        GoldenFiles.assertMatches(JsonResultFormatTest.class, "result.json", written);
    }

    @Test
    void writesSchemaFirstAndFieldsInFixedOrder() throws IOException {
        JsonNode root = new ObjectMapper().readTree(write(SampleResults.seeded()));

        assertThat(root.fieldNames()).toIterable().containsExactly(
                "schema", "benchmark", "operation", "primaryMetric", "start", "end", "durationSeconds", "outcome",
                "failures", "parameters", "locations", "outputs", "environment", "jobs", "metrics", "distributions",
                "timeSeries", "tasks", "resources");
        assertThat(root.get("schema").textValue()).isEqualTo("hbench-result/4");
    }

    @Test
    void writesDerivedFieldsForReaders() throws IOException {
        JsonNode root = new ObjectMapper().readTree(write(SampleResults.seeded()));

        assertThat(root.get("durationSeconds").decimalValue()).isEqualByComparingTo("5.333");
        assertThat(root.get("outcome").textValue()).isEqualTo("FAILED");
        assertThat(root.get("tasks").get(3).get("host").isNull()).isTrue();
        assertThat(root.get("tasks").get(0).get("durationSeconds").isNumber()).isTrue();
        assertThat(root.get("jobs").get(0).get("applicationId").textValue()).isEqualTo("application_1764000000000_0001");
        assertThat(root.get("environment").get("taskHosts").toString())
                .isEqualTo("{\"dn1.example.com\":1,\"dn2.example.com\":2,\"dn3.example.com\":1}");
        assertThat(root.get("distributions").get(1).get("percentiles").fieldNames()).toIterable()
                .containsExactly("50.0", "90.0", "99.0", "99.9");
    }

    @Test
    void leavesWriterOpen() throws IOException {
        StringWriter text = new StringWriter();
        Writer out = new BufferedWriter(text);
        format.write(SampleResults.seeded(), out);
        out.write("more");
        out.flush();

        assertThat(text.toString()).endsWith("}\nmore");
    }

    @Test
    void writesWhatTheJsonSchemaAccepts() {
        ResultSchema.assertValid(SampleResults.seeded());
    }

    @Test
    void jsonSchemaRejectsADimensionPackedIntoAMetricIdentifier() throws IOException {
        String json = write(SampleResults.seeded()).replace("\"id\" : \"exec_time\"", "\"id\" : \"run 1 exec time\"");

        assertThat(ResultSchema.violations(json)).hasSize(1);
    }

    @Test
    void hostsThatShareAKernelSaySoAndReadBack() throws IOException {
        BenchResult result = BenchResult.builder("TestDFSIO", "write").primaryMetric("throughput")
                .start(Instant.parse("2026-11-23T10:00:00Z")).end(Instant.parse("2026-11-23T10:00:05Z"))
                .environment(SampleResults.environment())
                .metric("throughput", 1.0, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .resources(SampleResults.resourcesOfOneKernel(new Random(7)))
                .build();

        String json = write(result);

        assertThat(new ObjectMapper().readTree(json).get("resources").get("hosts").get(0).get("sharesKernelWith")
                .toString()).isEqualTo("[\"w2.example.com\"]");
        ResultSchema.assertValid(json);
        assertThat(JsonResultReader.read(new StringReader(json))).isEqualTo(result);
    }

    @Test
    void aHostSampledThroughItsDataNodesMetricsSaysSoReadsBackAndSchema4TakesItAsAnOptionalField()
            throws IOException {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        HostUsage dataNode = HostUsage.sampledThroughDataNode("w4", List.of(start, start.plusSeconds(1)),
                List.of(new ResourceSeries(MetricKey.of("datanode_written"), Unit.BYTES_PER_SECOND, List.of(5.0))),
                List.of(Metric.of("datanode_written", 5.0, Unit.BYTES_PER_SECOND, Better.NEITHER)
                        .withLabel("stat", "mean")));
        HostUsage own = HostUsage.sampled("dn1", List.of(start, start.plusSeconds(1)), List.of(), List.of());
        BenchResult result = BenchResult.builder("TestDFSIO", "write").primaryMetric("throughput")
                .start(start).end(start.plusSeconds(5)).environment(SampleResults.environment())
                .metric("throughput", 1.0, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .resources(new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                        List.of(own, dataNode), List.of()))
                .build();

        String json = write(result);

        JsonNode written = new ObjectMapper().readTree(json).get("resources").get("hosts");
        assertThat(written.get(0).has("sampledThrough")).as("a host's own counters: left out, as before").isFalse();
        assertThat(written.get(1).get("sampledThrough").textValue()).isEqualTo("datanode-metrics");
        ResultSchema.assertValid(json);
        assertThat(JsonResultReader.read(new StringReader(json))).isEqualTo(result);
    }

    @Test
    void aHostsLinkKnownOrNotReadsBackAndSchema4TakesItAsAnOptionalField() throws IOException {
        ResourceUsage sampled = SampleResults.resourcesOfOneKernel(new Random(7));
        List<HostUsage> hosts = List.of(
                sampled.hosts().get(0).withLink(new HostLink(Optional.of(1.25e9), List.of("bond0"),
                        "the sum of the speeds of bond0's slaves eth1, eth2")),
                sampled.hosts().get(1).withLink(new HostLink(Optional.empty(), List.of("veth0"),
                        "only virtual interfaces carried its traffic (veth0), whose speed is no link's")),
                sampled.hosts().get(2));
        BenchResult result = BenchResult.builder("TestDFSIO", "write").primaryMetric("throughput")
                .start(Instant.parse("2026-11-23T10:00:00Z")).end(Instant.parse("2026-11-23T10:00:05Z"))
                .environment(SampleResults.environment())
                .metric("throughput", 1.0, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .resources(new ResourceUsage(sampled.coverage(), sampled.interval(), sampled.phases(), hosts,
                        sampled.cluster()))
                .build();

        String json = write(result);

        JsonNode written = new ObjectMapper().readTree(json).get("resources").get("hosts");
        assertThat(written.get(0).get("link").toString()).isEqualTo("{\"bytesPerSecond\":1.25E9,\"interfaces\":"
                + "[\"bond0\"],\"basis\":\"the sum of the speeds of bond0's slaves eth1, eth2\"}");
        assertThat(written.get(1).get("link").get("bytesPerSecond").isNull()).isTrue();
        assertThat(written.get(2).has("link")).as("unknown to the sampler: left out, as before").isFalse();
        ResultSchema.assertValid(json);
        assertThat(JsonResultReader.read(new StringReader(json))).isEqualTo(result);
    }

    private String write(BenchResult result) throws IOException {
        StringWriter out = new StringWriter();
        format.write(result, out);
        return out.toString();
    }
}
