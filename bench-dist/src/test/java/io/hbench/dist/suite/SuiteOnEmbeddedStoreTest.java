package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.dist.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick suite on the embedded object store ({@code -embeddedStore}), with the steps it has of its own run for real
 * through bench.jar's driver: FsMetadata's create in NNThroughputBenchmark's place, and the three clean-ups that leave
 * the bucket with nothing the suite wrote; the steps an HDFS suite has too are faked. The whole suite for real takes
 * over two minutes on two cores, most of it FsMetadata's 2,000 objects per step.
 */
class SuiteOnEmbeddedStoreTest {
    @TempDir
    Path temp;

    @Test
    void fsMetadataMeasuresTheStoreInNnThroughputBenchmarksPlaceAndTheCleanUpsLeaveTheBucketEmpty() throws Exception {
        Path dir = temp.resolve("suite");
        Path store = temp.resolve("embedded");
        FakePrograms fakes = new FakePrograms();
        SuiteRunner.Launcher launcher = (args, stepOut, stepErr) -> runsForReal(args)
                ? Main.run(args.toArray(new String[0]), stepOut, stepErr) : fakes.run(args, stepOut, stepErr);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new SuiteTool(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), launcher).runCommandLine(new Configuration(),
                        new String[] {"-profile", "quick", "-out", dir.toString(), "-embeddedStore", "-embeddedDir",
                            store.toString()});

        String summary = out.toString(StandardCharsets.UTF_8);
        assertThat(status).as(err.toString(StandardCharsets.UTF_8) + summary).isZero();
        assertThat(fakes.programsRun()).containsExactly("TestDFSIO", "TestDFSIO", "FsMetadata", "FsMetadata",
                "FsMetadata", "TPCx-HS", "EBB", "RandBench");
        JsonNode create = new ObjectMapper().readTree(dir.resolve("03-fs-create.json").toFile());
        assertThat(create.get("benchmark").asText()).isEqualTo("FsMetadata");
        assertThat(create.get("outcome").asText()).isEqualTo("PASSED");
        assertThat(create.get("locations").get("baseDir").asText())
                .isEqualTo("s3a://hbench/benchmarks/hbench-suite/fs-metadata");
        assertThat(create.get("environment").get("configuration").get("hbench.suite.definition").asText())
                .isEqualTo("hbench-suite/2/quick");
        assertThat(Files.readString(dir.resolve("03-fs-create.log")))
                .contains("--- create stats  ---\n# operations: 2000\n", "Checked: the 2000 files are listed under"
                        + " their names");
        assertThat(summary).startsWith("----- hbench Suite ----- : hbench-suite/2/quick on the embedded cluster: 4"
                + " tasks at once, no HDFS (the file system has no NameNode)\nAll 12 steps ran and passed their"
                + " checks.\n")
                .contains("\nCluster: file system: s3a://hbench/, not HDFS: with no NameNode to measure, FsMetadata's"
                        + " steps time the metadata operations through the FileSystem API in NNThroughputBenchmark's"
                        + " place;")
                .containsPattern("\nfs-create +passed +\\d+\\.\\d  operations per second, create \\d+\\.\\d{3} ops/s");
        assertThat(Files.readString(dir.resolve("12-fs-clean.log"))).contains("fs-metadata");
        // The server keeps each object as a file of the bucket's directory: none is left.
        try (Stream<Path> left = Files.walk(store.resolve("s3/data/hbench"))) {
            assertThat(left.filter(Files::isRegularFile)).isEmpty();
        }
    }

    /** FsMetadata's create, the clean-ups and the report run; what an HDFS suite runs too is faked. */
    private static boolean runsForReal(List<String> args) {
        String program = args.get(0);
        return program.equals("Report") || args.contains("-clean")
                || program.equals("FsMetadata") && args.contains("create");
    }
}
