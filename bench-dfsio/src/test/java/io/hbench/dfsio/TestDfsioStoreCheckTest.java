package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.testing.FaultyFileSystem;
import io.hbench.testing.FaultyFileSystem.Fault;
import io.hbench.testing.ResultSchema;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO on a store that keeps nested directories from a recursive delete (faulty:///, no cluster): the store check
 * refuses it before anything of the run is written, in one line, and leaves the base directory as it was;
 * {@code -noStoreCheck} runs anyway and the result says the check was skipped.
 */
class TestDfsioStoreCheckTest {
    @TempDir
    Path temp;

    private Configuration keepsNestedDirectories() {
        return FaultyFileSystem.configure(new Configuration(), StoreCheck.PROBE_PREFIX, Fault.KEEPS_NESTED_DIRECTORIES);
    }

    private String rootDir() {
        return FaultyFileSystem.pathOf(temp.resolve("dfsio")).toString();
    }

    /** Every file and directory under the base directory, relative to it. */
    private List<String> underBase() throws IOException {
        Path base = temp.resolve("dfsio");
        try (Stream<Path> entries = Files.walk(base)) {
            return entries.map(entry -> base.relativize(entry).toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void aStoreThatKeepsWhatItDeletedIsRefusedBeforeTheRunInOneLineLeavingTheBaseDirectoryAsItWas() throws Exception {
        Files.createDirectories(temp.resolve("dfsio/io_data"));
        Files.writeString(temp.resolve("dfsio").resolve(OwnedDirectory.MARKER), "Created by hbench.\n");
        Files.writeString(temp.resolve("dfsio/io_data/test_io_0"), "an earlier run's data");
        List<String> before = underBase();

        ToolRun run = ToolRun.run(keepsNestedDirectories(), TestDfsioTool::new, "-write", "-nrFiles", "1",
                "-fileSize", "1KB", "-rootDir", rootDir(), "-noEmbedded");

        assertThat(run.status).isEqualTo(1);
        assertThat(run.out).isEmpty();
        assertThat(run.err.lines()).singleElement().asString()
                .startsWith("TestDFSIO: store check of " + rootDir() + " failed before the run: removing " + rootDir()
                        + "/" + StoreCheck.PROBE_PREFIX)
                // A test before this one in the JVM may have left a thread that warns: then the line names the log.
                .matches(".*" + Pattern.quote(" recursively left it in place (with its nested directory a/b); check the"
                        + " file system's recursive delete; the check's directory was removed; -noStoreCheck skips this"
                        + " check") + "( \\(Hadoop's log: [^)]+\\.log\\))?");
        assertThat(underBase()).isEqualTo(before);
    }

    @Test
    void noStoreCheckRunsAnywayAndTheResultSaysTheCheckWasSkipped() throws Exception {
        Path json = temp.resolve("write.json");

        ToolRun run = ToolRun.run(keepsNestedDirectories(), TestDfsioTool::new, "-write", "-seq", "-nrFiles", "1",
                "-fileSize", "1KB", "-rootDir", rootDir(), "-noEmbedded", "-noResources", "-noStoreCheck", "-json",
                json.toString());

        assertThat(run.status).as(run.err).isZero();
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode outputs = new ObjectMapper().readTree(text).get("outputs");
        assertThat(outputs.get(StoreCheck.OUTPUT).asText()).isEqualTo("skipped");
        assertThat(outputs.size()).isOne();
    }
}
