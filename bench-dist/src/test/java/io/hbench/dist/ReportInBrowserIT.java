package io.hbench.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.bsp.ebb.EbbTool;
import io.hbench.bsp.randbench.RandBenchTool;
import io.hbench.cli.BenchTool;
import io.hbench.dfsio.TestDfsioTool;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.hs.TpcxhsTool;
import io.hbench.nnthroughput.NnThroughputTool;
import io.hbench.report.html.ReportTool;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.StepRecord;
import io.hbench.report.suite.SuiteRecord;
import io.hbench.resources.ResourceField;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.testing.ToolRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTML report of a real run of every program, in a real browser: Debian's chromium driven by chromedriver. Every
 * chart must draw, the console must stay free of errors (but those a test provokes) and no request may leave the page;
 * a script slipped into the page must not run. A screenshot of each page is left in target/. Without chromium and chromedriver (.ci/run installs them) the test is skipped, saying so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportInBrowserIT {
    private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Paths.get("/usr/bin/chromedriver");
    private static final Path TARGET = Paths.get(System.getProperty("basedir", "."), "target");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    static Path dir;
    private EmbeddedCluster cluster;
    private Configuration conf;
    private final List<Path> results = new ArrayList<>();
    private Path secondWrite;

    @BeforeAll
    void runEveryProgramOnAnEmbeddedCluster() throws Exception {
        boolean browser = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!browser) {
            System.err.println("ReportInBrowserIT skipped: no " + CHROMIUM + " and " + CHROMEDRIVER
                    + " (apt-get install chromium chromium-driver)");
        }
        assumeTrue(browser, "no chromium and chromedriver: the report's browser test is skipped");
        cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("cluster"));
        conf = cluster.clientConfiguration();
        run("dfsio-write-1", TestDfsioTool::new, "-write", "-nrFiles", "3", "-fileSize", "2MB", "-rootDir", "/r/dfsio");
        secondWrite = run("dfsio-write-2", TestDfsioTool::new, "-write", "-nrFiles", "3", "-fileSize", "2MB", "-rootDir",
                "/r/dfsio");
        run("dfsio-read", TestDfsioTool::new, "-read", "-verify", "-nrFiles", "3", "-fileSize", "2MB", "-rootDir",
                "/r/dfsio");
        run("nn-1-thread", NnThroughputTool::new, "-op", "create", "-files", "40", "-threads", "1", "-baseDirName",
                "/r/nn1");
        run("nn-4-threads", NnThroughputTool::new, "-op", "create", "-files", "40", "-threads", "4", "-baseDirName",
                "/r/nn4");
        run("tpcxhs-1000", TpcxhsTool::new, "-rows", "1000", "-baseDir", "/r/hs1");
        run("tpcxhs-3000", TpcxhsTool::new, "-rows", "3000", "-baseDir", "/r/hs3");
        run("randbench", RandBenchTool::new, "100", "20", "4", "-peers", "3", "-warmup", "1", "-seed", "5");
        run("ebb", EbbTool::new, "-s", "1KB-4KB", "-r", "2", "-b", "4", "-relative", "-peers", "4", "-seed", "3");
    }

    @AfterAll
    void stopTheCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Path run(String name, BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> tool, String... args)
            throws Exception {
        Path json = dir.resolve(name + ".json");
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-json", json.toString()));
        ToolRun run = ToolRun.run(conf, tool, all.toArray(new String[0]));
        assertThat(run.status).as("%s: %s", name, run.err).isZero();
        if (!name.equals("dfsio-write-2")) {
            results.add(json);
        }
        return json;
    }

    @Test
    void theReportOfEveryProgramDrawsEveryChartWithoutErrorsOrRequests() throws Exception {
        Path page = report("report-all.html");

        Browsed browsed = browse(page, "report-screenshot.png", 4000);

        assertThat(browsed.sections).as("one section per run").isEqualTo(results.size());
        // TestDFSIO 2 x 4 charts, NNThroughputBenchmark 2 x 2, TPCx-HS 2 x 1, RandBench 2, EBB 3, threads 1, scaling 1,
        // and every run's resources: CPU, network and disk over time. A chart of fewer than three points is a table of
        // its values instead.
        assertThat(browsed.charts + browsed.valueTables).isEqualTo(8 + 4 + 2 + 2 + 3 + 1 + 1 + results.size() * 3);
        assertThat(browsed.text).contains("TPCx-HS across scale factors", "NameNode throughput against client threads",
                "Resource utilization", "CPU busy %");
    }

    @Test
    void theCompareViewDrawsEachWorkloadsTwoSidesWithTheirSignificanceAndTheirOwnScalingLines() throws Exception {
        String hs1 = dir.resolve("tpcxhs-1000.json").toString();
        String hs3 = dir.resolve("tpcxhs-3000.json").toString();
        String nn1 = dir.resolve("nn-1-thread.json").toString();
        String nn4 = dir.resolve("nn-4-threads.json").toString();
        Path page = report("report-compare.html", hs1, hs3, nn1, nn4, "-vs", secondWrite.toString(), hs1, hs3, nn1,
                nn4);

        Browsed browsed = browse(page, "report-compare-screenshot.png", 4000);

        assertThat(browsed.text).contains("Compare: TestDFSIO write (1 runs vs 1 runs)", "too few samples",
                "TPCx-HS across scale factors", "create, base", "create, new").containsPattern("Compare: TPCx-HS run \\([^)]*\\) \\(1 runs vs 1 runs\\)");
        assertThat(browsed.text.lines().filter(line -> line.matches("(base|new) [0-9.]+ 1 .*"))).as("a row per side and"
                + " scale factor").hasSize(4);
    }

    @Test
    void aSuitesReportOpensWithItsVerdictAndListsEveryStepTheCleanStepToo() throws Exception {
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        List<String> stepIds = List.of("dfsio-write", "dfsio-read", "nn-create", "tpcx-hs", "ebb", "randbench",
                "dfsio-clean");
        List<String> sources = List.of("dfsio-write-1", "dfsio-read", "nn-4-threads", "tpcxhs-1000", "ebb", "randbench");
        List<StepRecord> steps = new ArrayList<>();
        for (int i = 0; i < stepIds.size(); i++) {
            if (i < sources.size()) {
                Files.copy(dir.resolve(sources.get(i) + ".json"),
                        suite.resolve(StepFile.of(i, stepIds.get(i)).result()));
            }
            steps.add(new StepRecord(stepIds.get(i), StepRecord.Status.PASSED, 0, 1.5 + i));
        }
        new SuiteRecord("hbench-suite/1/quick", 4, 3, true, steps).write(suite);
        Path page = dir.resolve("report-suite.html");
        assertThat(new ReportTool(new PrintStream(new ByteArrayOutputStream()), System.err).runCommandLine(conf,
                new String[] {"-out", page.toString(), suite.toString()})).isZero();

        // The first screen, as a person opening the page sees it: the README shows it.
        Browsed browsed = browse(page, "report-suite-screenshot.png", 1000);

        assertThat(browsed.firstSection).startsWith("Suite hbench-suite/1/quick\nsized for the embedded cluster")
                .contains("All 7 steps ran and passed their checks.", "DataNodes", "limited by");
        for (String step : stepIds) {
            assertThat(browsed.firstSection).as(step).containsPattern("(?m)^" + step + " passed \\d+\\.\\d s");
        }
        assertThat(browsed.firstSection).contains("ebb · reading:");
        assertThat(browsed.sections).isEqualTo(sources.size());
    }

    @Test
    void aChartOfFewerThanThreeRealPointsShowsItsValuesNotALoneDot() throws Exception {
        // Three sampling intervals, but a value in only one: a chart of it would be one dot in an empty frame.
        Instant start = Instant.parse("2026-11-24T10:00:00Z");
        List<Instant> times = List.of(start, start.plusSeconds(1), start.plusSeconds(2), start.plusSeconds(3));
        List<ResourceSeries> series = new ArrayList<>();
        for (ResourceField field : List.of(ResourceField.CPU_USER, ResourceField.CPU_SYSTEM, ResourceField.CPU_IOWAIT,
                ResourceField.CPU_STEAL, ResourceField.NET_SENT, ResourceField.NET_RECEIVED, ResourceField.DISK_READ,
                ResourceField.DISK_WRITTEN)) {
            series.add(new ResourceSeries(field.key(), field.unit(), Arrays.asList(null, 10.0, null)));
        }
        BenchResult.Builder result = BenchResult.builder("Sketch", "gaps").primaryMetric("files")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17")
                        .os("Linux").clientHost("gw1").commandLine(List.of("Sketch")).build())
                .start(start).end(start.plusSeconds(3)).metric("files", 3, Unit.COUNT, Better.NEITHER)
                .resources(new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1), List.of(),
                        List.of(HostUsage.sampled("h1", times, series, List.of())), List.of()));
        for (int i = 0; i < 3; i++) {
            result.taskSample(new TaskSample("task " + i, "h1", start, start.plusSeconds(1 + i), List.of()));
        }
        Path json = dir.resolve("gaps.json");
        try (Writer writer = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
            new JsonResultFormat().write(result.build(), writer);
        }
        Path page = dir.resolve("report-gaps.html");
        assertThat(new ReportTool(new PrintStream(new ByteArrayOutputStream()), System.err).runCommandLine(conf,
                new String[] {"-out", page.toString(), json.toString()})).isZero();

        Browsed browsed = browse(page, "report-gaps-screenshot.png", 1000);

        assertThat(browsed.charts).as("the tasks' run times, three bars").isEqualTo(1);
        assertThat(browsed.valueTables).as("CPU, network and disk, each one value").isEqualTo(3);
    }

    @Test
    void aCapacityCurveDrawsLatencyAgainstTheOfferedRateUnderItsAnswer() throws Exception {
        // A hand-made curve as NNThroughputBenchmark -rates writes one: four steps, the knee at the fourth.
        Instant start = Instant.parse("2026-11-24T10:00:00Z");
        BenchResult.Builder result = BenchResult.builder("NNThroughputBenchmark", "fileStatus")
                .primaryMetric("sustained_ops_per_second")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17")
                        .os("Linux").clientHost("gw1").commandLine(List.of("NNThroughputBenchmark")).build())
                .start(start).end(start.plusSeconds(120)).parameter("rates", "2000,4000,8000,16000")
                .parameter("stepDuration", "30").parameter("slo", "p99=10ms");
        double[] p99 = {0.002, 0.003, 0.006, 0.025};
        for (int i = 0; i < p99.length; i++) {
            double offered = 2000 << i;
            String step = Integer.toString(i + 1);
            result.metric(Metric.of("target_ops_per_second", offered, Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                            .withLabel("operation", "fileStatus").withLabel("step", step))
                    .metric(Metric.of("ops_per_second", offered, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                            .withLabel("operation", "fileStatus").withLabel("step", step))
                    .distribution(new Distribution("latency", Unit.SECONDS, 1000, p99[i] / 10, p99[i] * 2, p99[i] / 4,
                            0, new TreeMap<>(Map.of(50.0, p99[i] / 4, 99.0, p99[i], 99.9, p99[i] * 2)))
                            .withLabel("operation", "fileStatus").withLabel("step", step));
        }
        result.metric(Metric.of("sustained_ops_per_second", 7990, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("operation", "fileStatus"))
                .metric(Metric.of("knee_ops_per_second", 16000, Unit.OPERATIONS_PER_SECOND, Better.NEITHER)
                        .withLabel("operation", "fileStatus"))
                .metric(Metric.of("slo_seconds", 0.010, Unit.SECONDS, Better.NEITHER)
                        .withLabel("operation", "fileStatus"));
        Path json = dir.resolve("curve.json");
        try (Writer writer = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
            new JsonResultFormat().write(result.build(), writer);
        }
        Path page = dir.resolve("report-curve.html");
        assertThat(new ReportTool(new PrintStream(new ByteArrayOutputStream()), System.err).runCommandLine(conf,
                new String[] {"-out", page.toString(), json.toString()})).isZero();

        Browsed browsed = browse(page, "report-curve-screenshot.png", 1000);

        assertThat(browsed.charts).as("the curve, and no chart of the steps as runs of their own").isEqualTo(1);
        assertThat(browsed.text).contains("fileStatus: sustains 7,990 ops/s at p99 <= 10 ms (knee between 8,000 and"
                + " 16,000 ops/s)\nLatency against offered rate, fileStatus (ms)");
    }

    @Test
    void aScriptSlippedIntoThePageDoesNotRunWhileThePagesOwnScriptsDraw() throws Exception {
        Path page = dir.resolve("report-injected.html");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(new ReportTool(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8)).runCommandLine(conf, new String[] {"-out", page.toString(),
                results.get(0).toString()})).as(err.toString(StandardCharsets.UTF_8)).isZero();
        // What a result's text would add to the page if it ever escaped as markup: a script and an event handler.
        String html = Files.readString(page);
        assertThat(html).contains("<body>\n");
        Files.writeString(page, html.replace("<body>\n", "<body>\n<script>document.body.appendChild("
                + "document.createTextNode('INJECTED SCRIPT RAN'));</script><img src=\"data:,\" onerror=\""
                + "document.body.appendChild(document.createTextNode('INJECTED HANDLER RAN'))\">\n"));

        Browsed browsed = browse(page, "report-injected-screenshot.png", 1000,
                message -> message.contains("Content Security Policy"));

        assertThat(browsed.text).doesNotContain("INJECTED").contains("TestDFSIO write");
        assertThat(browsed.expectedErrors).as("the policy refused the script and the handler").hasSize(2);
        assertThat(browsed.sections).isEqualTo(1);
    }

    private Path report(String name, String... more) {
        Path page = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("-out", page.toString()));
        if (more.length == 0) {
            results.forEach(result -> args.add(result.toString()));
        } else {
            args.add(results.get(0).toString());
            args.addAll(List.of(more));
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ReportTool(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8)).runCommandLine(conf, args.toArray(new String[0]));
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return page;
    }

    /** What the browser saw of a page. */
    private static final class Browsed {
        List<String> expectedErrors;
        int sections;
        int charts;
        int valueTables;
        String firstSection;
        String text;
    }

    private static Browsed browse(Path page, String screenshot, int height) throws Exception {
        return browse(page, screenshot, height, message -> false);
    }

    /** Loads the page and checks it; the console may hold no error or warning but those {@code expected} names. */
    private static Browsed browse(Path page, String screenshot, int height, Predicate<String> expected)
            throws Exception {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // The flags keep chromium from calling home, which this machine's closed network would refuse loudly.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1400," + height,
                "--user-data-dir=" + Files.createTempDirectory("hbench-chromium"));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        logs.enable(LogType.PERFORMANCE, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        try {
            String url = page.toUri().toString();
            driver.get(url);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!"true".equals(driver.findElement(By.tagName("body")).getAttribute("data-report-ready"))) {
                assertThat(System.nanoTime()).as("the page's script finished within 30 s").isLessThan(deadline);
                Thread.sleep(100);
            }
            List<WebElement> canvases = driver.findElements(By.cssSelector("canvas.hbench-chart"));
            assertThat(canvases).isNotEmpty();
            for (WebElement canvas : canvases) {
                assertThat(canvas.getAttribute("data-drawn")).isEqualTo("true");
                assertThat((Boolean) ((JavascriptExecutor) driver).executeScript(INKED, canvas))
                        .as("chart '%s' has ink", canvas.findElement(By.xpath("..")).getText()).isTrue();
            }
            List<String> errors = new ArrayList<>();
            List<String> expectedErrors = new ArrayList<>();
            for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
                if (entry.getLevel().intValue() >= Level.WARNING.intValue()) {
                    (expected.test(entry.getMessage()) ? expectedErrors : errors).add(entry.getMessage());
                }
            }
            assertThat(errors).as("console errors and warnings").isEmpty();
            assertThat(requests(driver, url)).as("requests of the page other than for itself")
                    .isNotEmpty().allMatch(request -> request.equals(url) || request.startsWith("data:"));
            Path shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
            Files.createDirectories(TARGET);
            Files.copy(shot, TARGET.resolve(screenshot), StandardCopyOption.REPLACE_EXISTING);
            Browsed browsed = new Browsed();
            browsed.expectedErrors = expectedErrors;
            browsed.sections = driver.findElements(By.cssSelector("section.run")).size();
            browsed.charts = canvases.size();
            browsed.valueTables = driver.findElements(By.cssSelector("div.chart.values")).size();
            browsed.firstSection = driver.findElement(By.cssSelector("section")).getText();
            browsed.text = driver.findElement(By.tagName("body")).getText();
            return browsed;
        } finally {
            driver.quit();
        }
    }

    /** Whether the canvas has any pixel that is not fully transparent: the chart drew something. */
    private static final String INKED = "var c = arguments[0]; if (!c.width || !c.height) { return false; }"
            + " var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            + " for (var i = 3; i < d.length; i += 4) { if (d[i] !== 0) { return true; } } return false;";

    /**
     * Every URL the page's document asked for, its own included, from chromedriver's performance log; the browser's
     * own start page, loaded before it, is left out.
     */
    private static List<String> requests(ChromeDriver driver, String page) throws Exception {
        List<String> urls = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.PERFORMANCE)) {
            JsonNode message = MAPPER.readTree(entry.getMessage()).get("message");
            JsonNode params = message.get("params");
            if (message.get("method").asText().equals("Network.requestWillBeSent")
                    && params.path("documentURL").asText().equals(page)) {
                urls.add(params.get("request").get("url").asText());
            }
        }
        return urls;
    }
}
