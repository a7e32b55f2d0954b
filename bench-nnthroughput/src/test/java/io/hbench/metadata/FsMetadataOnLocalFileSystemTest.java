package io.hbench.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.OwnedDirectory;
import io.hbench.load.LoadOutcome;
import io.hbench.load.Schedule;
import io.hbench.result.BenchResult;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.FaultyFileSystem;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FsMetadata on the local file system (file://), through the tool as a user runs it: no cluster is started for it. */
class FsMetadataOnLocalFileSystemTest {
    @TempDir
    Path temp;

    @Test
    void everyOperationRunsOnAFileUriChecksItsCountsAndLeavesOnlyTheMarker() throws Exception {
        Path base = temp.resolve("meta");
        Path json = temp.resolve("all.json");
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-op", "all", "-files", "50", "-threads",
                "3", "-baseDir", base.toUri().toString(), "-json", json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.err).doesNotContain("embedded cluster");
        String dir = "file:" + base;
        for (String op : List.of("create", "open", "fileStatus", "list", "rename", "delete")) {
            assertThat(run.out).contains("\n--- " + op + " inputs ---\nbaseDir = " + dir + "/" + op + "\nnrFiles = 50\n"
                    + "nrThreads = 3\nnrFilesPerDir = 4\n", "--- " + op + " stats  ---\n# operations: "
                    + (op.equals("list") ? 13 : 50) + "\nElapsed Time: ", "--- hbench " + op + " --- file system: file:///");
        }
        assertThat(run.out).contains("--- mkdirs inputs ---\nbaseDir = " + dir + "/mkdirs\nnrDirs = 50\nnrThreads = 3\n"
                + "nrDirsPerDir = 4\n--- mkdirs stats  ---\n# operations: 50\n")
                .contains("Checked: the 50 files are listed under their names",
                        "Checked: the 50 directories are listed under their names", "Checked: all 50 files opened",
                        "Checked: all 50 files found, each a file", "Checked: 50 files listed in 13 directories, as created",
                        "Checked: the 50 files are listed under their new names, none under its old one",
                        "Checked: no file is left under " + dir + "/delete")
                .doesNotContain("FAILED", "object store");
        // Renaming on a local disk is a rename: no note says otherwise.
        assertThat(run.out.lines().filter(line -> line.startsWith("Note: "))).isEmpty();
        try (Stream<Path> left = Files.list(base)) {
            // The local file system keeps a checksum beside each file.
            assertThat(left.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder(OwnedDirectory.MARKER,
                    "." + OwnedDirectory.MARKER + ".crc");
        }
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("benchmark").asText()).isEqualTo("FsMetadata");
        assertThat(result.get("outcome").asText()).isEqualTo("PASSED");
        assertThat(result.get("locations").get("baseDir").asText()).isEqualTo(dir);
        assertThat(result.get("outputs").size()).isZero();
        assertThat(result.get("distributions")).extracting(d -> d.get("labels").get("operation").asText())
                .containsExactly("create", "mkdirs", "open", "fileStatus", "list", "rename", "delete");
        assertThat(result.get("resources").get("phases")).extracting(phase -> phase.get("name").asText())
                .containsExactly("create", "mkdirs", "open", "fileStatus", "list", "rename", "delete");
    }

    @Test
    void directoriesAStoreKeptAfterTheirRemovalAreALeftoverFindingInTheOutputAndTheResult() throws Exception {
        Path base = temp.resolve("kept-by-store");
        Path json = temp.resolve("mkdirs.json");
        // Only the operation's directory misbehaves: a store can pass the small check before the run and still keep a
        // larger tree.
        Configuration conf = FaultyFileSystem.configure(new Configuration(), "/mkdirs",
                FaultyFileSystem.Fault.KEEPS_NESTED_DIRECTORIES);
        ToolRun run = ToolRun.run(conf, FsMetadataTool::new, "-op", "mkdirs", "-files", "6", "-filesPerDir", "2",
                "-threads", "2", "-baseDir", FaultyFileSystem.pathOf(base).toString(), "-json", json.toString());

        // mkdirs made Dir0/{Bench0, Bench1, Dir0/{Bench4, Bench5}} and Dir1/{Bench2, Bench3}: 9 directories, all kept.
        String line = "9 entries left under faulty:" + base + "/mkdirs after removing it: the store kept them (a store"
                + " whose listing hides directories that hold only directories does: check it with 'hadoop fs -ls -R')";
        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out.lines().filter(out -> out.startsWith("leftover: "))).containsExactly("leftover: " + line);
        assertThat(run.out).doesNotContain("removed");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        BenchResult result = JsonResultReader.read(new StringReader(text));
        assertThat(result.outputs()).containsExactly(Map.entry("leftover{path=faulty:" + base + "/mkdirs}", "9"));
        assertThat(Findings.of(result, LinkCapacities.none())).filteredOn(f -> f.kind() == Finding.Kind.LEFTOVER)
                .extracting(Finding::text).containsExactly(line);
    }

    @Test
    void keepResultsKeepsTheFilesUnderNnThroughputBenchmarksNames() throws Exception {
        Path base = temp.resolve("kept");
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-op", "create", "-files", "6",
                "-filesPerDir", "2", "-threads", "2", "-keepResults", "-baseDir", base.toUri().toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(files(base.resolve("create"))).containsExactly("ThroughputBenchDir0/ThroughputBench0",
                "ThroughputBenchDir0/ThroughputBench1", "ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBench4",
                "ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBench5", "ThroughputBenchDir1/ThroughputBench2",
                "ThroughputBenchDir1/ThroughputBench3");
    }

    /** Bounds only: never a wall-clock floor. */
    @Test
    void atARateEveryCallIsIssuedOnItsScheduleAndTheFiguresAreThoseTheRunMeasured() throws Exception {
        FsMetadataResult result = new FsMetadata(new Configuration()).run(FsMetadataOptions.builder(FsOperation.ALL)
                .files(40).threads(2).rate(2000).arrivals(Schedule.Arrivals.POISSON).seed(5)
                .baseDir(temp.resolve("rate").toUri().toString()).build());

        assertThat(result.operations()).hasSize(7);
        for (FsOpResult op : result.operations()) {
            long calls = op.operation() == FsOperation.LIST ? 10 : 40;
            LoadOutcome load = op.openLoop().orElseThrow();
            assertThat(op.failures()).as(op.operation().label()).isEmpty();
            assertThat(load.totalOperations()).isEqualTo(calls);
            assertThat(op.figures().operations()).isEqualTo(calls);
            assertThat(op.latency().count()).isEqualTo(calls);
            assertThat(load.targetRate()).isEqualTo(2000);
            assertThat(load.achievedRate()).isEqualTo(calls * 1e9 / load.measuredNanos());
            assertThat(op.figures().opsPerSecond()).isEqualTo(load.achievedRate());
            Histogram latency = load.latency();
            Histogram serviceTime = load.serviceTime();
            for (double p : new double[] {50, 90, 99, 99.9, 100}) {
                assertThat(latency.getValueAtPercentile(p)).as("%s p%s", op.operation().label(), p)
                        .isGreaterThanOrEqualTo(serviceTime.getValueAtPercentile(p));
            }
        }
    }

    @Test
    void theToolPrintsTheScheduleOfARateAndWritesItsFigures() throws Exception {
        Path json = temp.resolve("rate.json");
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-op", "fileStatus", "-files", "30",
                "-threads", "2", "-rate", "3000", "-baseDir", temp.resolve("tool-rate").toUri().toString(), "-json",
                json.toString());

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("--- fileStatus stats  ---\n# operations: 30\n")
                .containsPattern("(?m)^Rate ops/s: target 3000, achieved \\d+(\\.\\d{1,2})? \\(fixed arrivals,"
                        + " -threads 2\\)$")
                .containsPattern("(?m)^Service time ms: min [\\d.]+, p50 [\\d.]+, p90 [\\d.]+, p99 [\\d.]+,"
                        + " p99\\.9 [\\d.]+, max [\\d.]+$")
                .containsPattern("(?m)^Behind schedule at end ms: [\\d.]+ \\([\\d.]+ % of the schedule's"
                        + " 10\\.000 ms\\)$")
                .contains("Checked: all 30 files found, each a file");
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("parameters").get("rate").asText()).isEqualTo("3000.0");
        assertThat(result.get("parameters").get("arrivals").asText()).isEqualTo("fixed");
        assertThat(result.get("parameters").has("seed")).isTrue();
        assertThat(metric(result, "target_ops_per_second").get("value").asDouble()).isEqualTo(3000);
        assertThat(metric(result, "behind_schedule").get("unit").asText()).isEqualTo("seconds");
        assertThat(result.get("distributions")).extracting(d -> d.get("id").asText() + " " + d.get("count").asLong())
                .containsExactly("latency 30", "service_time 30");
    }

    private static JsonNode metric(JsonNode result, String id) {
        return StreamSupport.stream(result.get("metrics").spliterator(), false)
                .filter(m -> m.get("id").asText().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aDirectoryHbenchDidNotCreateIsRefusedInOneLineAndLeftAsItWas() throws Exception {
        Path foreign = Files.createDirectories(temp.resolve("theirs"));
        Files.writeString(foreign.resolve("data.csv"), "keep me");
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-op", "delete", "-baseDir",
                foreign.toUri().toString());

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err.lines().findFirst()).get().asString().startsWith("FsMetadata: -baseDir file:" + foreign
                + " holds data hbench did not create (for example data.csv); nothing was changed.");
        assertThat(run.err).doesNotContain("Exception", "\tat ");
        assertThat(files(foreign)).containsExactly("data.csv");
    }

    @Test
    void aDeleteTheFileSystemAnswersButDoesNotDoIsAFailureOfTheRunExitOne() throws Exception {
        Configuration conf = new Configuration();
        conf.setClass("fs.file.impl", KeepingFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
        conf.setBoolean("fs.file.impl.disable.cache", true);
        Path base = temp.resolve("keeping");
        ToolRun run = ToolRun.run(conf, FsMetadataTool::new, "-op", "delete", "-files", "8", "-threads", "2",
                "-baseDir", base.toUri().toString());

        assertThat(run.status).as(run.err).isEqualTo(1);
        String left = "FAILED: 1 of the 8 files are left under file:" + base + "/delete after deleting every one";
        assertThat(run.out).as(run.err).contains("--- delete stats  ---\n# operations: 8\n", left)
                .doesNotContain("Checked: ");
        assertThat(run.err).contains("FsMetadata: delete: 1 of the 8 files are left under");
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(file -> !file.getFileName().toString().endsWith(".crc"))
                    .map(file -> dir.relativize(file).toString()).sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The local file system, whose delete of file ThroughputBench5 answers true and keeps it. */
    public static final class KeepingFileSystem extends RawLocalFileSystem {
        @Override
        public boolean delete(org.apache.hadoop.fs.Path path, boolean recursive) throws IOException {
            return path.getName().equals("ThroughputBench5") || super.delete(path, recursive);
        }
    }
}
