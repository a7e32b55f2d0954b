package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.load.LoadOutcome;
import io.hbench.load.Schedule;
import io.hbench.result.BenchResult;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.testing.ResultSchema;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -rate} against a NameNode started in this process: every operation issued on its schedule, the figures
 * exactly those the run measured. Bounds only: never a wall-clock floor.
 */
class OpenLoopStandaloneTest {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};

    @TempDir
    static Path temp;

    private static NnThroughput.Session session;

    @BeforeAll
    static void start() {
        session = new NnThroughput(new Configuration(), temp.resolve("nn"),
                new PrintStream(OutputStream.nullOutputStream())).open();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    private static void assertLatencyNeverBelowServiceTime(Histogram latency, Histogram serviceTime) {
        for (double p : PERCENTILES) {
            assertThat(latency.getValueAtPercentile(p)).as("p%s", p)
                    .isGreaterThanOrEqualTo(serviceTime.getValueAtPercentile(p));
        }
    }

    @Test
    void createAtARateDoesEveryOperationAndReportsTheAchievedRateExactly() throws Exception {
        NnResult result = session.run(NnOptions.builder(NnOperation.CREATE).files(300).threads(4).close(true)
                .warmup(10).rate(200).keepResults(true).baseDirName("/rate/create").build());

        OpResult op = result.operations().get(0);
        LoadOutcome load = op.openLoop().orElseThrow();
        assertThat(load.totalOperations()).isEqualTo(300);
        assertThat(load.targetRate()).isEqualTo(200);
        assertThat(load.achievedRate()).isEqualTo(300 * 1e9 / load.measuredNanos());
        assertThat(op.elapsedNanos()).isEqualTo(load.measuredNanos());
        assertThat(op.opsPerSecond()).isEqualTo(load.achievedRate());
        assertThat(op.kinds().get("create").latency().count()).isEqualTo(300);
        assertLatencyNeverBelowServiceTime(load.latency(), load.serviceTime());
        assertThat(StandaloneTest.filesUnder(session.target().client(), "/rate/create/create")).hasSize(310);
    }

    @Test
    void aMixAtARateKeepsItsKindsApart() throws Exception {
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        weights.put(NnOperation.CREATE, 1);
        weights.put(NnOperation.FILE_STATUS, 4);
        NnResult result = session.run(NnOptions.builder(NnOperation.MIX).mix(weights).files(200).threads(3)
                .rate(400).arrivals(Schedule.Arrivals.POISSON).seed(3).baseDirName("/rate/mix").build());

        OpResult op = result.operations().get(0);
        LoadOutcome load = op.openLoop().orElseThrow();
        assertThat(load.totalOperations()).isEqualTo(200);
        assertThat(load.operations(0) + load.operations(1)).isEqualTo(200);
        assertThat(op.kinds().get("create").operations()).isEqualTo(load.operations(0));
        assertThat(op.kinds().get("fileStatus").operations()).isEqualTo(load.operations(1));
        for (int k = 0; k < 2; k++) {
            assertLatencyNeverBelowServiceTime(load.latency(k), load.serviceTime(k));
        }
        assertThat(load.achievedRate()).isEqualTo(200 * 1e9 / load.measuredNanos());
    }

    /**
     * Deletes consume their files, so a step finds its own only if they were made for it: every step deletes its
     * rate's worth, none fails on a missing file. The second step runs unless the first fell behind (saturation ends
     * the ramp), which a busy host may make it do.
     */
    @Test
    void aCurveOfDeletesMakesEachStepsFilesAndCarriesEveryStepInItsResult() throws Exception {
        NnResult result = session.run(NnOptions.builder(NnOperation.DELETE).threads(4).rates(100, 200)
                .stepDuration(Duration.ofSeconds(1)).baseDirName("/curve").build());

        CapacityCurve curve = result.curve().orElseThrow();
        boolean firstKept = curve.steps().get(0).load().keptSchedule();
        assertThat(curve.steps()).hasSize(firstKept ? 2 : 1);
        for (CapacityCurve.Step step : curve.steps()) {
            assertThat(step.load().totalOperations()).as("step %d", step.number()).isEqualTo(100L * step.number());
            assertThat(step.result().operation()).isEqualTo(NnOperation.DELETE);
        }
        assertThat(StandaloneTest.filesUnder(session.target().client(), "/curve/delete")).isEmpty();
        List<String> lines = NnReport.hbenchLines(result);
        assertThat(lines.get(lines.size() - 1)).matches("delete: (sustains [\\d,]+ ops/s|does not sustain 100 ops/s)"
                + " at p99 <= 10 ms \\(.+\\)");

        BenchResult json = result.toBenchResult(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
                .java("17").os("Linux").clientHost("h").commandLine(List.of("NNThroughputBenchmark")).build());
        ResultSchema.assertValid(json);
        assertThat(json.primaryMetric()).isEqualTo("sustained_ops_per_second");
        assertThat(json.parameters()).containsEntry("rates", "100,200").containsEntry("stepDuration", "1");
        assertThat(json.distributions()).filteredOn(d -> d.id().equals("latency")).extracting(Distribution::count)
                .containsExactlyElementsOf(firstKept ? List.of(100L, 200L) : List.of(100L));
    }

    /** A fileStatus of a name that was not made fails the run: each step found every file it read. */
    @Test
    void aCurveOfReadsGrowsOneSetOfFilesForItsStepsAndRemovesItAfterTheLast() throws Exception {
        NnResult result = session.run(NnOptions.builder(NnOperation.FILE_STATUS).threads(4).rates(100, 200)
                .stepDuration(Duration.ofSeconds(1)).baseDirName("/curveReads").build());

        CapacityCurve curve = result.curve().orElseThrow();
        for (CapacityCurve.Step step : curve.steps()) {
            assertThat(step.load().totalOperations()).as("step %d", step.number()).isEqualTo(100L * step.number());
        }
        assertThat(curve.steps().get(0).result().notes()).first().asString().startsWith("one set of files serves"
                + " every step");
        assertThat(StandaloneTest.filesUnder(session.target().client(), "/curveReads/fileStatus")).isEmpty();
    }

    @Test
    void theToolPrintsTheClassicLinesAndTheScheduleAndWritesThemAsMetrics() throws Exception {
        Path json = temp.resolve("rate.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        NnThroughputTool tool = new NnThroughputTool(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = ToolRunner.run(new Configuration(), tool, new String[] {"-op", "fileStatus", "-files", "200",
            "-threads", "2", "-rate", "200", "-arrivals", "poisson", "-seed", "5", "-standaloneDir",
            temp.resolve("tool").toString(), "-json", json.toString()});

        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("--- fileStatus stats  ---\n# operations: 200\n");
        assertThat(text).containsPattern("(?m)^Rate ops/s: target 200, achieved \\d+(\\.\\d{1,2})?"
                + " \\(poisson arrivals, seed 5, -threads 2\\)$");
        assertThat(text).containsPattern("(?m)^Service time ms: min [\\d.]+, p50 [\\d.]+, p90 [\\d.]+, p99 [\\d.]+,"
                + " p99\\.9 [\\d.]+, max [\\d.]+$");
        assertThat(text).containsPattern("(?m)^Behind schedule at end ms: [\\d.]+ \\([\\d.]+ % of the schedule's"
                + " 1000\\.000 ms\\)$");

        String written = Files.readString(json);
        ResultSchema.assertValid(written);
        JsonNode result = new ObjectMapper().readTree(written);
        assertThat(result.get("parameters").get("rate").asText()).isEqualTo("200.0");
        assertThat(result.get("parameters").get("arrivals").asText()).isEqualTo("poisson");
        assertThat(result.get("parameters").get("seed").asText()).isEqualTo("5");
        assertThat(metric(result, "target_ops_per_second").get("value").asDouble()).isEqualTo(200);
        assertThat(metric(result, "behind_schedule").get("unit").asText()).isEqualTo("seconds");
        JsonNode serviceTime = StreamSupport.stream(result.get("distributions").spliterator(), false)
                .filter(d -> d.get("id").asText().equals("service_time")).findFirst().orElseThrow();
        assertThat(serviceTime.get("count").asLong()).isEqualTo(200);
        assertThat(serviceTime.get("labels").get("operation").asText()).isEqualTo("fileStatus");
    }

    private static JsonNode metric(JsonNode result, String id) {
        return StreamSupport.stream(result.get("metrics").spliterator(), false)
                .filter(m -> m.get("id").asText().equals(id)).findFirst().orElseThrow();
    }
}
