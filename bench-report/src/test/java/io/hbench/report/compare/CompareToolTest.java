package io.hbench.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.report.Results;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Engine;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.testing.GoldenFiles;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CompareToolTest {
    private static final Engine MAPREDUCE = Engine.mapReduce("3.4.2", "yarn");
    private static final Engine SPARK = new Engine(Engine.SPARK, "4.1.3", Optional.of("yarn"), OptionalInt.of(4),
            Optional.of("8g"));
    // Throughput clearly up (about +20%), exec time the same but noisy, files equal, create ops/s clearly down.
    private static final double[] BASE_THROUGHPUT = {100, 102, 98, 101, 99};
    private static final double[] NEW_THROUGHPUT = {120, 121, 119, 122, 118};
    private static final double[] BASE_EXEC = {30, 31, 29, 30.5, 29.5};
    private static final double[] NEW_EXEC = {30.2, 29.8, 31, 29, 30.4};
    private static final double[] BASE_CREATE = {1000, 1010, 990, 1005, 995};
    private static final double[] NEW_CREATE = {900, 905, 895, 910, 890};

    @TempDir
    Path temp;
    private Path baseDir;
    private Path newDir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void writeResults() throws Exception {
        baseDir = temp.resolve("base");
        newDir = temp.resolve("new");
        for (int i = 0; i < 5; i++) {
            Results.write(baseDir.resolve("run" + i + ".json"),
                    Results.dfsioWrite(4, BASE_THROUGHPUT[i], BASE_EXEC[i], BASE_CREATE[i]));
            Results.write(newDir.resolve("run" + i + ".json"),
                    Results.dfsioWrite(4, NEW_THROUGHPUT[i], NEW_EXEC[i], NEW_CREATE[i]));
        }
    }

    private int compare(String... args) {
        out.reset();
        err.reset();
        return new CompareTool(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).runCommandLine(null, args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printsTheTextTableOfTheGoldenFileInEveryLocale(Locale locale) throws Exception {
        int status = withDefaultLocale(locale, () -> compare(baseDir.toString(), "-vs", newDir.toString()));

        assertThat(status).isZero();
        GoldenFiles.assertMatches(CompareToolTest.class, "compare.txt", out().getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void printsTheCsvOfTheGoldenFileInEveryLocale(Locale locale) throws Exception {
        int status = withDefaultLocale(locale, () -> compare(baseDir.toString(), "-vs", newDir.toString(), "-csv"));

        assertThat(status).isZero();
        GoldenFiles.assertMatches(CompareToolTest.class, "compare.csv", out().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsBothMediansOfARowInTheFiguresOneUnit() throws Exception {
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("fast/run" + i + ".json"), Results.dfsioWrite(4, 1000 + i, 30, 1000));
            Results.write(temp.resolve("faster/run" + i + ".json"), Results.dfsioWrite(4, 1100 + i, 30, 1000));
        }

        assertThat(compare(temp.resolve("fast").toString(), "-vs", temp.resolve("faster").toString())).isZero();

        assertThat(out()).containsPattern("(?m)^aggregate throughput \\* +MiB/s +1002\\.000 ± 0% +1102\\.000 ± 0% ");
    }

    @Test
    void aSmallRunsHsphKeepsThreeSignificantDigitsOnBothSides() throws Exception {
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("slow/run" + i + ".json"), tpcxhs(0.00234 + i * 1e-6));
            Results.write(temp.resolve("fast/run" + i + ".json"), tpcxhs(0.00117 + i * 1e-6));
        }

        assertThat(compare(temp.resolve("slow").toString(), "-vs", temp.resolve("fast").toString())).isZero();

        assertThat(out()).containsPattern("(?m)^HSph@SF \\* +sf/h +0\\.00234 ± 0% +0\\.00117 ± 0% ");
    }

    private static BenchResult tpcxhs(double hsph) {
        return BenchResult.builder("TPCx-HS", "run").primaryMetric("hsph_at_sf")
                .environment(Results.environment()).start(Instant.parse("2026-11-23T10:00:00Z"))
                .end(Instant.parse("2026-11-23T10:01:00Z")).parameter("scaleFactor", "0.00001")
                .metric("hsph_at_sf", hsph, Unit.SCALE_FACTORS_PER_HOUR, Better.HIGHER).build();
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void comparesTpcxhsOnMapReduceWithTpcxhsOnSparkNamingEachSidesEngine(Locale locale) throws Exception {
        double[] mapReduce = {0.90, 0.92, 0.91, 0.93};
        double[] spark = {1.20, 1.22, 1.21, 1.23};
        for (int i = 0; i < 4; i++) {
            Instant start = Instant.parse("2026-11-23T10:00:00Z").plusSeconds(3600L * i);
            Results.write(temp.resolve("mapreduce/hs-" + i + ".json"), Results.tpcxhs("1", 1e12, mapReduce[i],
                    3600 / mapReduce[i], 3500 / mapReduce[i], start, MAPREDUCE));
            Results.write(temp.resolve("spark/hs-" + i + ".json"), Results.tpcxhs("1", 1e12, spark[i],
                    3600 / spark[i], 3500 / spark[i], start, SPARK));
        }

        int status = withDefaultLocale(locale, () -> compare(temp.resolve("mapreduce").toString(), "-vs",
                temp.resolve("spark").toString()));

        assertThat(status).isZero();
        assertThat(err()).isEmpty();
        GoldenFiles.assertMatches(CompareToolTest.class, "compare-engines.txt", out().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void runsOfOneSideOnTwoEnginesAreNoRepetitions() throws Exception {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        Path mixed = Results.write(temp.resolve("mixed/hs-1.json"), Results.tpcxhs("1", 1e12, 1, 3600, 3500, start,
                MAPREDUCE));
        Path onSpark = Results.write(temp.resolve("mixed/hs-2.json"), Results.tpcxhs("1", 1e12, 1.2, 3000, 2900,
                start, SPARK));
        Results.write(temp.resolve("spark/hs-1.json"), Results.tpcxhs("1", 1e12, 1.2, 3000, 2900, start, SPARK));

        assertThat(compare(temp.resolve("mixed").toString(), "-vs", temp.resolve("spark").toString())).isEqualTo(2);

        assertThat(err().lines().findFirst().orElseThrow()).isEqualTo("Compare: the base side's runs are no"
                + " repetitions of one run: engine mapreduce 3.4.2 on yarn vs spark 4.1.3 on yarn, 4 executors of 8g ("
                + mixed + " vs " + onSpark + ") (-force to compare anyway)");
    }

    @Test
    void namesTheFiguresOnlyOneSideHasAsPeopleReadThemAndCsvKeepsTheIdentifiers() throws Exception {
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("more/run" + i + ".json"), Results.dfsioWrite(4, BASE_THROUGHPUT[i],
                    BASE_EXEC[i], BASE_CREATE[i], Metric.of("io_rate_stddev", 3 * Results.MIB, Unit.BYTES_PER_SECOND,
                            Better.LOWER), Metric.of("ops_per_second", 10, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                            .withLabel("operation", "open")));
        }

        assertThat(compare(temp.resolve("more").toString(), "-vs", newDir.toString())).isZero();
        assertThat(out()).contains("\noperations per second, create  ops/s  ")
                .endsWith("only in base: IO rate std deviation; operations per second, open\n")
                .doesNotContain("io_rate_stddev", "ops_per_second");

        assertThat(compare(temp.resolve("more").toString(), "-vs", newDir.toString(), "-csv")).isZero();
        assertThat(out()).contains("\nops_per_second,operation=create,ops/s,");
    }

    @Test
    void writesJsonWithEveryValueAndTheVerdicts() throws Exception {
        assertThat(compare(baseDir.toString(), "-vs", newDir.toString(), "-json")).isZero();

        JsonNode root = new ObjectMapper().readTree(out());
        assertThat(root.get("schema").textValue()).isEqualTo("hbench-compare/1");
        JsonNode throughput = root.get("metrics").get(0);
        assertThat(throughput.get("id").textValue()).isEqualTo("aggregate_throughput");
        assertThat(throughput.get("primary").booleanValue()).isTrue();
        assertThat(throughput.get("base").get("median").doubleValue()).isEqualTo(100 * Results.MIB);
        assertThat(throughput.get("new").get("values")).hasSize(5);
        assertThat(throughput.get("changePercent").doubleValue()).isCloseTo(20.0, within(1e-9));
        assertThat(throughput.get("verdict").textValue()).isEqualTo("significant");
        assertThat(root.get("primaryGeomeanChangePercent").doubleValue()).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void failsOnAPrimaryMetricThatGotSignificantlyWorseByMoreThanTheLimit() throws Exception {
        assertThat(compare(newDir.toString(), "-vs", baseDir.toString(), "-failOn", "10")).isEqualTo(1);
        assertThat(err()).isEqualTo("Compare: aggregate throughput got worse by 16.67% (p=0.008), more than -failOn"
                + " 10%\n");

        assertThat(compare(newDir.toString(), "-vs", baseDir.toString(), "-failOn", "20")).isZero();
        assertThat(compare(baseDir.toString(), "-vs", newDir.toString(), "-failOn", "0")).isZero();
    }

    @Test
    void aFailOnLimitThatIsNoNumberIsRefusedRatherThanNeverFailing() {
        // NaN compares false with every change, so a gate given it would pass every regression.
        assertThat(compare(newDir.toString(), "-vs", baseDir.toString(), "-failOn", "NaN")).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: -failOn 'NaN' is not a number\nRun 'Compare -help' for usage.\n");

        assertThat(compare(newDir.toString(), "-vs", baseDir.toString(), "-failOn", "ten")).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: -failOn 'ten' is not a number\nRun 'Compare -help' for usage.\n");
    }

    @Test
    void refusesDifferentParametersNamingThemUnlessForced() throws Exception {
        Path other = Results.write(temp.resolve("other.json"), Results.dfsioWrite(8, 100, 30, 1000));

        assertThat(compare(baseDir.resolve("run0.json").toString(), "-vs", other.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Compare: different parameters: nrFiles 4 vs 8 (-force to compare anyway)\n");

        assertThat(compare(baseDir.resolve("run0.json").toString(), "-vs", other.toString(), "-force")).isZero();
        assertThat(out()).contains("forced despite: different parameters: nrFiles 4 vs 8")
                .contains("too few samples");
    }

    /** ESC retitles the terminal, BEL ends the title, CR and LF forge a line, U+2028 breaks one where it is shown. */
    private static final String HOSTILE = "a\u001b]0;owned\u0007b\r\nforged\u2028c";
    private static final String HOSTILE_ESCAPED = "a\\x1b]0;owned\\x07b\\r\\nforged\\u2028c";

    @Test
    void printsTheControlCharactersOfAFileEscapedInTheTableAndInEveryErrorLine() throws Exception {
        Metric label = Metric.of("ops_per_second", 10, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                .withLabel("operation", HOSTILE);
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("hostile-base/run" + i + ".json"), Results.dfsioWriteBuilder(4,
                    BASE_THROUGHPUT[i], BASE_EXEC[i], BASE_CREATE[i], label).parameter("note", HOSTILE).build());
            Results.write(temp.resolve("hostile-new/run" + i + ".json"), Results.dfsioWriteBuilder(4,
                    NEW_THROUGHPUT[i], NEW_EXEC[i], NEW_CREATE[i], label).parameter("note", HOSTILE).build());
        }
        Results.write(temp.resolve("hostile-base/run5.json"), Results.dfsioWriteBuilder(4, 1, 1, 1, label)
                .parameter("note", HOSTILE).failure("disk " + HOSTILE).build());
        Path plain = Results.write(temp.resolve("plain.json"), Results.dfsioWriteBuilder(4, 100, 30, 1000)
                .parameter("note", "plain").build());
        String base = temp.resolve("hostile-base").toString();
        String next = temp.resolve("hostile-new").toString();

        for (String format : List.of("-text", "-csv", "-json")) {
            List<String> args = new ArrayList<>(List.of(base, "-vs", next));
            if (!format.equals("-text")) {
                args.add(format);
            }
            assertThat(compare(args.toArray(new String[0]))).as(err()).isZero();
            assertThat(out()).as(format).doesNotContain("\u001b", "\u0007", "\u2028").doesNotContainPattern("\r(?!\n)")
                    .doesNotContainPattern("(?m)^forged");
            assertThat(err()).as(format).isEqualTo("Compare: leaving out " + temp.resolve("hostile-base/run5.json")
                    + ": the run failed (disk a\\x1b]0;owned\\x07b)\n");
        }
        compare(base, "-vs", next);
        assertThat(out()).contains("operations per second, " + HOSTILE_ESCAPED + "  ops/s");
        compare(base, "-vs", next, "-csv");
        assertThat(out()).contains("\r\nops_per_second,operation=" + HOSTILE_ESCAPED + ",ops/s,");

        assertThat(compare(base, "-vs", plain.toString())).isEqualTo(2);
        assertThat(err()).contains("\nCompare: different parameters: note " + HOSTILE_ESCAPED + " vs plain (-force to"
                + " compare anyway)\n");
        assertThat(compare(base, "-vs", plain.toString(), "-force")).isZero();
        assertThat(out()).contains("forced despite: different parameters: note " + HOSTILE_ESCAPED + " vs plain\n");
    }

    @Test
    void namesAFileWithControlCharactersInItsNameEscaped() {
        Path missing = temp.resolve("run\u001b[2J.json");

        assertThat(compare(missing.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: " + temp.resolve("run") + "\\x1b[2J.json: no such file\n");
    }

    @Test
    void refusesASchema1FileInOneLine() throws Exception {
        Path old = temp.resolve("old.json");
        Files.writeString(old, "{\"schema\": \"hbench-result/1\", \"benchmark\": \"TestDFSIO\"}");

        assertThat(compare(old.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: " + old + ": written in schema hbench-result/1 by another hbench version;"
                + " this one reads hbench-result/2, hbench-result/3 and hbench-result/4: rerun the benchmark with this"
                + " version\n");
    }

    @Test
    void aTruncatedOrForeignFileIsNamedWithWhereItIsWrongInOneLine() throws Exception {
        Path whole = Files.list(baseDir).sorted().findFirst().orElseThrow();
        Path truncated = Files.writeString(temp.resolve("truncated.json"), Files.readString(whole).substring(0, 40));
        Path notes = Files.writeString(temp.resolve("notes.json"), "my notes\n");

        assertThat(compare(truncated.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).matches("Compare: " + Pattern.quote(truncated.toString()) + ": not a valid hbench result: the"
                + " JSON ends early at line \\d+, column \\d+, as in a file cut short\n");
        assertThat(compare(notes.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: " + notes + ": not a valid hbench result: not JSON at line 1, column 3\n");
    }

    @Test
    void aFileWhoseFaultIsLongIsRefusedInOneShortLine() throws Exception {
        Path whole = Files.list(baseDir).sorted().findFirst().orElseThrow();
        String huge = "[" + "0,".repeat(5000) + "0]";
        Path crafted = Files.writeString(temp.resolve("crafted.json"), Files.readString(whole)
                .replace("\"benchmark\" : \"TestDFSIO\"", "\"benchmark\" : " + huge));

        assertThat(compare(crafted.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Compare: " + crafted + ": benchmark is not a string: [0,0,0,").endsWith("...\n")
                .hasSizeLessThan(400);
    }

    @Test
    void saysWhatIsMissingInOneLine() {
        assertThat(compare(baseDir.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: give both sides: BASE... -vs NEW...\nRun 'Compare -help' for usage.\n");

        assertThat(compare(temp.resolve("nothing").toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("Compare: " + temp.resolve("nothing") + ": no such file\n");

        assertThat(compare(baseDir.toString(), "-vs", newDir.toString(), "-alpha", "x")).isEqualTo(2);
        assertThat(err()).startsWith("Compare: -alpha 'x' is not a number\n");
    }

    @Test
    void comparesSuitesStepByStepEachDirectoryARepetition() throws Exception {
        double[] baseThroughput = {100, 101, 99, 100.5};
        double[] newThroughput = {150, 151, 149, 150.5};
        List<String> args = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            args.add(suite("a" + i, "hbench-suite/1/quick", baseThroughput[i]).toString());
        }
        args.add("-vs");
        for (int i = 0; i < 4; i++) {
            args.add(suite("b" + i, "hbench-suite/1/quick", newThroughput[i]).toString());
        }

        assertThat(compare(args.toArray(new String[0]))).as(err()).isZero();
        assertThat(out()).startsWith("=== step dfsio-write ===\nbase: TestDFSIO write, 4 runs; new: TestDFSIO write, 4 runs;")
                .containsPattern("aggregate throughput \\*  MiB/s +100\\.250 ± 1%  150\\.250 ± 1%  \\+49\\.88% better  0\\.029  4\\+4");
    }

    @Test
    void suitesComparedAsJsonOrCsvKeepTheStep() throws Exception {
        Path base = suite("a", "hbench-suite/1/quick", 100);
        Path next = suite("b", "hbench-suite/1/quick", 150);

        assertThat(compare(base.toString(), "-vs", next.toString(), "-json")).as(err()).isZero();
        JsonNode steps = new ObjectMapper().readTree(out()).get("steps");
        assertThat(steps).hasSize(1);
        assertThat(steps.get(0).get("step").asText()).isEqualTo("dfsio-write");
        assertThat(steps.get(0).get("comparison").isObject()).isTrue();

        assertThat(compare(base.toString(), "-vs", next.toString(), "-csv")).as(err()).isZero();
        List<String> rows = out().lines().collect(java.util.stream.Collectors.toList());
        assertThat(rows.get(0)).startsWith("step,");
        assertThat(rows.subList(1, rows.size())).isNotEmpty().allSatisfy(row -> assertThat(row).startsWith("dfsio-write,"));
    }

    @Test
    void refusesSuitesOfDifferentDefinitions() throws Exception {
        Path quick = suite("quick", "hbench-suite/1/quick", 100);
        Path standard = suite("standard", "hbench-suite/1/standard", 100);

        assertThat(compare(quick.toString(), "-vs", standard.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Compare: " + quick.resolve("01-dfsio-write.json") + " is of suite"
                + " hbench-suite/1/quick and " + standard.resolve("01-dfsio-write.json") + " of suite"
                + " hbench-suite/1/standard: suites of different definitions ran different steps and sizes, so their"
                + " figures are not compared\n");
    }

    @Test
    void refusesASuiteAgainstResultsThatAreNotOne() throws Exception {
        Path quick = suite("quick", "hbench-suite/1/quick", 100);

        assertThat(compare(quick.toString(), "-vs", newDir.toString())).isEqualTo(2);
        assertThat(err()).startsWith("Compare: give suite directories on both sides, or results on both: a suite's"
                + " steps are compared step by step with another suite's\n");
    }

    @Test
    void comparesTwoDirectoriesOfMixedProgramsWorkloadByWorkloadAndNamesWhatItLeavesOut() throws Exception {
        Path base = temp.resolve("cluster-a");
        Path next = temp.resolve("cluster-b");
        for (int i = 0; i < 4; i++) {
            Results.write(base.resolve("write" + i + ".json"), run("TestDFSIO", "write", 100 + i, "nrFiles", "4"));
            Results.write(next.resolve("write" + i + ".json"), run("TestDFSIO", "write", 200 + i, "nrFiles", "4"));
            Results.write(base.resolve("read" + i + ".json"), run("TestDFSIO", "read", 300 + i, "nrFiles", "4"));
            Results.write(next.resolve("read" + i + ".json"), run("TestDFSIO", "read", 300 + i, "nrFiles", "4"));
            for (String scaleFactor : List.of("1", "3")) {
                Results.write(base.resolve("hs-" + scaleFactor + "-" + i + ".json"),
                        run("TPCx-HS", "run", 10 + i, "scale_factor", scaleFactor));
                Results.write(next.resolve("hs-" + scaleFactor + "-" + i + ".json"),
                        run("TPCx-HS", "run", scaleFactor.equals("3") ? 5 + i : 10 + i, "scale_factor", scaleFactor));
            }
            // EBB draws a seed when given none: runs that differ only in it are repetitions.
            Results.write(base.resolve("ebb" + i + ".json"), run("EBB", "random", 50 + i, "seed", "1" + i));
            Results.write(next.resolve("ebb" + i + ".json"), run("EBB", "random", 50 + i, "seed", "2" + i));
        }
        Path onlyInNew = Results.write(next.resolve("hs-10.json"), run("TPCx-HS", "run", 10, "scale_factor", "10"));
        Path nn = Results.write(base.resolve("nn.json"), run("NNThroughputBenchmark", "create", 10, "threads", "4"));

        assertThat(compare(base.toString(), "-vs", next.toString())).as(err()).isZero();

        assertThat(out().lines().filter(line -> line.startsWith("=== "))).containsExactly("=== EBB random ===",
                "=== TPCx-HS run (scale_factor 1) ===",
                "=== TPCx-HS run (scale_factor 3) ===", "=== TestDFSIO read ===", "=== TestDFSIO write ===");
        assertThat(out()).contains("=== TPCx-HS run (scale_factor 3) ===\nbase: TPCx-HS run, 4 runs; new: TPCx-HS run,"
                + " 4 runs;");
        assertThat(err()).isEqualTo("Compare: leaving out NNThroughputBenchmark create, 1 run on the base side (" + nn
                + "): the new side did not run NNThroughputBenchmark create\n"
                + "Compare: leaving out TPCx-HS run (scale_factor 10), 1 run on the new side (" + onlyInNew + "): the"
                + " base side ran TPCx-HS run only with other parameters\n");

        assertThat(compare(base.toString(), "-vs", next.toString(), "-json")).isZero();
        JsonNode workloads = new ObjectMapper().readTree(out()).get("workloads");
        assertThat(workloads.findValuesAsText("workload")).containsExactly("EBB random", "TPCx-HS run (scale_factor 1)",
                "TPCx-HS run (scale_factor 3)", "TestDFSIO read", "TestDFSIO write");
        assertThat(workloads.get(1).get("comparison").get("base").get("files")).hasSize(4);

        assertThat(compare(base.toString(), "-vs", next.toString(), "-csv")).isZero();
        assertThat(out()).startsWith("workload,metric,labels,").contains("\r\nTPCx-HS run (scale_factor 3),score,");
    }

    @Test
    void failOnGatesEveryWorkloadAndNamesTheOneThatGotWorse() throws Exception {
        Path base = temp.resolve("before");
        Path next = temp.resolve("after");
        for (int i = 0; i < 5; i++) {
            Results.write(base.resolve("write" + i + ".json"), run("TestDFSIO", "write", 100 + i, "nrFiles", "4"));
            Results.write(next.resolve("write" + i + ".json"), run("TestDFSIO", "write", 100 + i, "nrFiles", "4"));
            Results.write(base.resolve("hs" + i + ".json"), run("TPCx-HS", "run", 10 + i, "scale_factor", "3"));
            Results.write(next.resolve("hs" + i + ".json"), run("TPCx-HS", "run", 5 + i, "scale_factor", "3"));
        }

        assertThat(compare(base.toString(), "-vs", next.toString(), "-failOn", "10")).isEqualTo(1);
        assertThat(err()).isEqualTo("Compare: TPCx-HS run: score got worse by 41.67% (p=0.008), more than -failOn"
                + " 10%\n");
    }

    @Test
    void refusesSidesWithNoWorkloadInCommonInOneShortLineAndForcePairsEachProgramsOneWorkload() throws Exception {
        Path base = temp.resolve("four");
        Path next = temp.resolve("eight");
        for (int i = 0; i < 30; i++) {
            Results.write(base.resolve("write" + i + ".json"), run("TestDFSIO", "write", 100 + i, "nrFiles", "4"));
            Results.write(base.resolve("read" + i + ".json"), run("TestDFSIO", "read", 100 + i, "nrFiles", "4"));
            Results.write(next.resolve("write" + i + ".json"), run("TestDFSIO", "write", 100 + i, "nrFiles", "8"));
            Results.write(next.resolve("read" + i + ".json"), run("TestDFSIO", "read", 100 + i, "nrFiles", "8"));
        }

        assertThat(compare(base.toString(), "-vs", next.toString())).isEqualTo(2);
        assertThat(err().lines().findFirst().orElseThrow()).isEqualTo("Compare: the two sides ran no workload (program"
                + " and parameters) in common: base ran TestDFSIO read (nrFiles 4), TestDFSIO write (nrFiles 4); new ran"
                + " TestDFSIO read (nrFiles 8), TestDFSIO write (nrFiles 8) (-force to compare a program's runs whose"
                + " parameters differ)");

        assertThat(compare(base.toString(), "-vs", next.toString(), "-force")).as(err()).isZero();
        assertThat(out()).contains("=== TestDFSIO read (nrFiles 4 vs 8) ===\n", "=== TestDFSIO write (nrFiles 4 vs 8)"
                + " ===\n", "forced despite: different parameters: nrFiles 4 vs 8\n");
        assertThat(err()).isEmpty();
    }

    @Test
    void aProgramsWorkloadThatDiffersOnEachSideIsLeftOutSayingSoUnlessForced() throws Exception {
        Path base = temp.resolve("left");
        Path next = temp.resolve("right");
        Results.write(base.resolve("write.json"), run("TestDFSIO", "write", 100, "nrFiles", "4"));
        Results.write(next.resolve("write.json"), run("TestDFSIO", "write", 100, "nrFiles", "4"));
        Path read4 = Results.write(base.resolve("read.json"), run("TestDFSIO", "read", 100, "nrFiles", "4"));
        Path read8 = Results.write(next.resolve("read.json"), run("TestDFSIO", "read", 100, "nrFiles", "8"));

        assertThat(compare(base.toString(), "-vs", next.toString())).isZero();
        assertThat(out().lines().filter(line -> line.startsWith("=== "))).containsExactly("=== TestDFSIO write ===");
        assertThat(err()).isEqualTo("Compare: leaving out TestDFSIO read (nrFiles 4), 1 run on the base side (" + read4
                + "): the new side ran TestDFSIO read only with other parameters (-force to compare them anyway)\n"
                + "Compare: leaving out TestDFSIO read (nrFiles 8), 1 run on the new side (" + read8 + "): the base"
                + " side ran TestDFSIO read only with other parameters (-force to compare them anyway)\n");

        assertThat(compare(base.toString(), "-vs", next.toString(), "-force")).isZero();
        assertThat(out().lines().filter(line -> line.startsWith("=== "))).containsExactly(
                "=== TestDFSIO read (nrFiles 4 vs 8) ===", "=== TestDFSIO write ===");
        assertThat(err()).isEmpty();
    }

    @Test
    void aSideWhoseRunsAreNoRepetitionsIsRefusedInOneShortLineThatCallsNoneOfThemNew() throws Exception {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            args.add(suite("a" + i, "hbench-suite/1/quick", 100 + i).toString());
        }
        Results.write(temp.resolve("a0/01-dfsio-write.json"), Results.suiteDfsioWrite("hbench-suite/1/quick", 100));
        for (int i = 1; i < 20; i++) {
            Results.write(temp.resolve("a" + i + "/01-dfsio-write.json"), BenchResult.builder("TestDFSIO", "write")
                    .primaryMetric("files").environment(Results.environment()).start(Instant.EPOCH)
                    .end(Instant.EPOCH).parameter("nrFiles", 8).metric("files", 8, Unit.COUNT, Better.NEITHER).build());
        }
        args.add("-vs");
        args.add(suite("b", "hbench-suite/1/quick", 100).toString());

        assertThat(compare(args.toArray(new String[0]))).isEqualTo(2);
        assertThat(err().lines().findFirst().orElseThrow()).isEqualTo("Compare: the base side's runs are no repetitions"
                + " of one run: nrFiles 4 vs 8 (" + temp.resolve("a0/01-dfsio-write.json") + " vs "
                + temp.resolve("a1/01-dfsio-write.json") + ", " + temp.resolve("a2/01-dfsio-write.json")
                + " and 17 more) (-force to compare anyway)");
    }

    @Test
    void aCapacityCurvesSustainedRateComesFirstAndASignificantGainReadsBetter() throws Exception {
        double[] base = {20000, 20100, 19900, 20050, 19950};
        double[] next = {24000, 24100, 23900, 24050, 23950};

        assertThat(compareCurves(base, next)).as(err()).isZero();

        assertThat(err()).isEmpty();
        assertThat(out().lines().skip(2).findFirst().orElseThrow()).matches("sustained ops per second, fileStatus \\*"
                + " +ops/s +20000\\.000 ± 1% +24000\\.000 ± 0% +\\+20\\.00% better +0\\.008 +5\\+5");
        assertThat(out()).contains("\noperations per second, fileStatus, step 5 ", "\ntarget ops per second, fileStatus,"
                + " step 5 ").doesNotContain("only in");
    }

    @Test
    void aCapacityCurvesSustainedRateThatMovedWithinTheNoiseReadsTilde() throws Exception {
        double[] base = {20000, 21000, 19000, 20500, 19500};
        double[] next = {20200, 19800, 21000, 19000, 20400};

        assertThat(compareCurves(base, next)).as(err()).isZero();

        assertThat(out().lines().skip(2).findFirst().orElseThrow()).matches("sustained ops per second, fileStatus \\*"
                + " +ops/s +20000\\.000 ± 5% +20200\\.000 ± 6% +~ +1\\.000 +5\\+5");
    }

    @Test
    void comparesTwoRampsSustainedRatesButOnlyTheStepsBothOfferedAtOneRateSayingWhichAreLeftOut() throws Exception {
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("curve-a/run" + i + ".json"), curve(20000 + i, 2000, 4000, 8000));
            Results.write(temp.resolve("curve-b/run" + i + ".json"), curve(24000 + i, 2000, 5000, 10000, 20000));
        }

        assertThat(compare(temp.resolve("curve-a").toString(), "-vs", temp.resolve("curve-b").toString()))
                .as(err()).isZero();

        assertThat(err()).isEqualTo("Compare: leaving out steps 2, 3, 4 of NNThroughputBenchmark fileStatus: the sides"
                + " offered them at different rates (4000 vs 5000, 8000 vs 10000, none vs 20000 ops/s), and a step's"
                + " figures are compared only at one rate\n");
        assertThat(out().lines().skip(2).findFirst().orElseThrow()).startsWith("sustained ops per second, fileStatus *");
        assertThat(out()).contains("\noperations per second, fileStatus, step 1 ", "\ntarget ops per second, fileStatus,"
                + " step 1 ").doesNotContain("step 2", "step 3", "step 4", "only in");
    }

    /** Compares five curves of one ramp on each side, which sustained {@code base} and {@code next} ops/s. */
    private int compareCurves(double[] base, double[] next) throws Exception {
        for (int i = 0; i < 5; i++) {
            Results.write(temp.resolve("curve-a/run" + i + ".json"), curve(base[i], 2000, 4000, 8000, 16000, 32000));
            Results.write(temp.resolve("curve-b/run" + i + ".json"), curve(next[i], 2000, 4000, 8000, 16000, 32000));
        }
        return compare(temp.resolve("curve-a").toString(), "-vs", temp.resolve("curve-b").toString());
    }

    /**
     * A capacity curve that sustained {@code sustained} ops/s, its knee at its last step: each step kept its offered
     * rate, its latency p50, p99 and p99.9 1, 2 and 4 ms times the step's number.
     */
    private static BenchResult curve(double sustained, double... offered) {
        double[][] latencies = new double[offered.length][];
        for (int i = 0; i < offered.length; i++) {
            latencies[i] = new double[] {0.001 * (i + 1), 0.002 * (i + 1), 0.004 * (i + 1)};
        }
        return Results.capacityCurve(offered, offered, latencies, sustained, offered[offered.length - 1]);
    }

    /** A passed run of {@code benchmark} whose primary figure, "score", is {@code score}. */
    private static BenchResult run(String benchmark, String operation, double score, String... parameters) {
        BenchResult.Builder run = BenchResult.builder(benchmark, operation).primaryMetric("score")
                .environment(Results.environment()).start(Instant.parse("2026-11-23T10:00:00Z"))
                .end(Instant.parse("2026-11-23T10:01:00Z"))
                .metric("score", score, Unit.COUNT, Better.HIGHER);
        for (int i = 0; i < parameters.length; i += 2) {
            run.parameter(parameters[i], parameters[i + 1]);
        }
        return run.build();
    }

    /** A suite directory as Suite leaves it, with one step's result. */
    private Path suite(String name, String definition, double throughputMib) throws Exception {
        Path dir = temp.resolve(name);
        Results.write(dir.resolve("01-dfsio-write.json"), Results.suiteDfsioWrite(definition, throughputMib));
        Files.writeString(dir.resolve("suite.json"), "{\"definition\": \"" + definition + "\"}\n");
        return dir;
    }
}
