package io.hbench.result.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Engine;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.result.format.SampleResults;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

import static io.hbench.result.format.SampleResults.END;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonResultReaderTest {
    private final JsonResultFormat format = new JsonResultFormat();

    @Test
    void readsBackWhatItWrites() throws IOException {
        BenchResult result = SampleResults.seeded();

        assertThat(JsonResultReader.read(new StringReader(write(result)))).isEqualTo(result);
    }

    @Test
    void readsBackEdgeCases() throws IOException {
        Instant start = Instant.parse("2026-11-22T20:10:00.000000001Z");
        BenchResult result = BenchResult.builder("edge", "cases")
                .primaryMetric("tiny")
                .environment(Environment.builder().hbench("v", "unknown").hadoopVersion("h").java("j").os("o")
                        .clientHost("c").build())
                .start(start)
                .end(start)
                .parameter("empty", "")
                .metric("tiny", Double.MIN_VALUE, Unit.COUNT, Better.HIGHER)
                .metric("huge", Double.MAX_VALUE, Unit.BYTES, Better.NEITHER)
                .metric("negative_zero", -0.0, Unit.RATIO, Better.LOWER)
                .metric("tenth", 0.1, Unit.SECONDS, Better.LOWER)
                .metric("integral", 1e22, Unit.BYTES, Better.NEITHER)
                .metric(Metric.of("integral", 1, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER).withLabel("a", "é b=c,{}"))
                .distribution(new Distribution("empty", Unit.SECONDS, 0, 0, 0, 0, 0, new TreeMap<>()))
                .timeSeries(new TimeSeries("fine", Unit.OPERATIONS_PER_SECOND, start, Duration.ofNanos(1500), List.of()))
                .timeSeries(new TimeSeries("coarse", Unit.PERCENT, start, Duration.ofDays(400), List.of(1e-300, 7.0)))
                .timeSeries(new TimeSeries("odd", Unit.PERCENT, start, Duration.ofNanos(123_456_789_123L), List.of()))
                .taskSample(new TaskSample("unknown host", null, start, start.plusNanos(1), List.of()))
                .job(new SubmittedJob("job_local1_0001", "", null))
                .build();

        assertThat(JsonResultReader.read(new StringReader(write(result)))).isEqualTo(result);
    }

    @Test
    void readsBackTheEngineWithOnlyTheFieldsThatApplyAndNoEngineWhereThereIsNone() throws IOException {
        Engine spark = new Engine(Engine.SPARK, "4.1.3", Optional.of("local[2]"), OptionalInt.of(2), Optional.of("1g"));
        BenchResult onSpark = withEngine(Optional.of(spark));
        BenchResult onMapReduce = withEngine(Optional.of(Engine.mapReduce("3.4.2", "local")));
        BenchResult withoutEngine = withEngine(Optional.empty());

        assertThat(JsonResultReader.read(new StringReader(write(onSpark)))).isEqualTo(onSpark);
        assertThat(JsonResultReader.read(new StringReader(write(onMapReduce)))).isEqualTo(onMapReduce);
        assertThat(write(onMapReduce)).contains("\"engine\" : {\n    \"name\" : \"mapreduce\",\n"
                + "    \"version\" : \"3.4.2\",\n    \"master\" : \"local\"\n  },");
        assertThat(write(withoutEngine)).doesNotContain("engine");
        assertThat(JsonResultReader.read(new StringReader(write(withoutEngine))).engine()).isEmpty();
    }

    @Test
    void refusesAnEngineOfNoExecutorsOrOfAnUnknownName() throws IOException {
        String json = write(withEngine(Optional.of(new Engine(Engine.SPARK, "4.1.3", Optional.of("yarn"),
                OptionalInt.of(2), Optional.empty()))));

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json.replace("\"executors\" : 2",
                "\"executors\" : 0")))).isInstanceOf(IOException.class)
                .hasMessage("invalid hbench result: executors must be positive, not 0");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json.replace("\"spark\"", "\"flink\""))))
                .isInstanceOf(IOException.class)
                .hasMessage("invalid hbench result: engine name must be mapreduce or spark, not flink");
    }

    private static BenchResult withEngine(Optional<Engine> engine) {
        BenchResult.Builder result = BenchResult.builder("TPCx-HS", "run").primaryMetric("hsph_at_sf")
                .environment(Environment.builder().hbench("v", "unknown").hadoopVersion("h").java("j").os("o")
                        .clientHost("c").build())
                .start(Instant.EPOCH).end(Instant.EPOCH)
                .metric("hsph_at_sf", 1, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER);
        engine.ifPresent(result::engine);
        return result.build();
    }

    @Test
    void refusesASchema1FileInOneLineThatSaysWhatToDo() {
        String schema1 = "{\"schema\": \"hbench-result/1\", \"benchmark\": \"TestDFSIO\", \"metrics\": ["
                + "{\"name\": \"throughput\", \"value\": 12.5, \"unit\": \"MiB/s\"}]}";

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(schema1)))
                .isInstanceOf(IOException.class)
                .hasMessage("written in schema hbench-result/1 by another hbench version; this one reads hbench-result/2,"
                        + " hbench-result/3 and hbench-result/4: rerun the benchmark with this version");
    }

    @Test
    void readsASchema2ResultAsSampledWhileItsTasksRanOnKernelsOfTheirOwn() throws Exception {
        String written = write(SampleResults.seeded());
        String schema2 = written.replace("\"hbench-result/4\"", "\"hbench-result/2\"")
                .replace("\"coverage\" : \"tasks\",", "").replaceAll("\"sharesKernelWith\" : \\[ \\],", "");

        assertThat(schema2).doesNotContain("coverage").doesNotContain("sharesKernelWith");
        assertThat(JsonResultReader.read(new StringReader(schema2))).isEqualTo(SampleResults.seeded());
    }

    @Test
    void readsASchema3ResultAsHostsOnKernelsOfTheirOwn() throws Exception {
        String schema3 = write(SampleResults.seeded()).replace("\"hbench-result/4\"", "\"hbench-result/3\"")
                .replaceAll("\"sharesKernelWith\" : \\[ \\],", "");

        assertThat(schema3).doesNotContain("sharesKernelWith");
        assertThat(JsonResultReader.read(new StringReader(schema3))).isEqualTo(SampleResults.seeded());
    }

    @Test
    void refusesJsonThatIsNoHbenchResult() {
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader("{\"name\": \"x\"}")))
                .isInstanceOf(IOException.class)
                .hasMessage("not an hbench result: no \"schema\" field");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader("{\"schema\": \"jmh/1\"}")))
                .isInstanceOf(IOException.class)
                .hasMessage("not an hbench result: schema is jmh/1");
    }

    @Test
    void saysWhereAFileIsCutShortOrIsNoJsonAtAll() {
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader("{\n  \"schema\" : \"hbench-result/2\",\n  \"bench")))
                .isInstanceOf(IOException.class)
                .hasMessage("not a valid hbench result: the JSON ends early at line 3, column 9, as in a file cut short");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader("<html>")))
                .hasMessage("not a valid hbench result: not JSON at line 1, column 1");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader("")))
                .hasMessage("not a valid hbench result: the file is empty");
    }

    @Test
    void rejectsOutcomeThatContradictsFailures() throws IOException {
        String json = withField(write(SampleResults.seeded()), "outcome", "PASSED");

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json)))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("outcome PASSED does not match failures");
    }

    @Test
    void refusesADurationOrIntervalThatIsNotFiniteAsItRefusesAnyOtherNumber() throws IOException {
        String json = write(SampleResults.seeded());

        for (String field : List.of("durationSeconds", "bucketSeconds", "intervalSeconds")) {
            String infinite = json.replaceFirst("\"" + field + "\" : [0-9.]+", "\"" + field + "\" : 1e309");
            assertThat(infinite).isNotEqualTo(json);
            assertThatThrownBy(() -> JsonResultReader.read(new StringReader(infinite)))
                    .isInstanceOf(IOException.class)
                    .hasMessage("invalid hbench result: " + field + " is not finite: Infinity");
        }
        String infiniteTask = json.replace("\"durationSeconds\" : 4.967", "\"durationSeconds\" : -1e309");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(infiniteTask)))
                .hasMessage("invalid hbench result: durationSeconds is not finite: -Infinity");
        String metric = json.replaceFirst("\"value\" : [0-9.E]+", "\"value\" : 1e309");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(metric)))
                .hasMessageStartingWith("invalid hbench result: value of ").hasMessageEndingWith(" is not finite: Infinity");
    }

    @Test
    void refusesADurationThatContradictsStartAndEnd() throws IOException {
        String json = write(SampleResults.seeded());

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json.replace("\"durationSeconds\" : 5.333",
                "\"durationSeconds\" : 5")))).isInstanceOf(IOException.class)
                .hasMessage("durationSeconds 5 does not match start and end, 5.333 s apart");
        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json.replace("\"durationSeconds\" : 4.967",
                "\"durationSeconds\" : 4.968")))).isInstanceOf(IOException.class)
                .hasMessageMatching("task .+: durationSeconds 4.968 does not match start and end, 4.967 s apart");
    }

    @Test
    void rejectsMissingField() throws IOException {
        String json = write(SampleResults.seeded()).replace("\"benchmark\"", "\"bench\"");

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json)))
                .isInstanceOf(IOException.class)
                .hasMessage("missing field: benchmark");
    }

    @Test
    void rejectsInvalidResult() throws IOException {
        String json = withField(write(SampleResults.seeded()), "start", "2026-11-22T20:10:06Z");

        assertThatThrownBy(() -> JsonResultReader.read(new StringReader(json)))
                .isInstanceOf(IOException.class)
                .hasMessage("invalid hbench result: end is before start: start=2026-11-22T20:10:06Z, end=" + END);
    }

    private static String withField(String json, String field, String value) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json);
        root.put(field, value);
        return mapper.writeValueAsString(root);
    }

    private String write(BenchResult result) throws IOException {
        StringWriter out = new StringWriter();
        format.write(result, out);
        return out.toString();
    }
}
