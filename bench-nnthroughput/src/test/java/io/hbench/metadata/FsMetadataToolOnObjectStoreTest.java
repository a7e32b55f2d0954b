package io.hbench.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.fs.OwnedDirectory;
import io.hbench.testing.ToolRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FsMetadata as a user runs it on a laptop: the tool starts the embedded object store itself ({@code -embeddedStore}). */
class FsMetadataToolOnObjectStoreTest {
    @TempDir
    Path temp;

    @Test
    void theToolRunsOnTheEmbeddedStoreEndToEnd() throws Exception {
        Path embedded = temp.resolve("tool");
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-embeddedStore", "-embeddedDir",
                embedded.toString(), "-op", "rename", "-files", "20", "-threads", "2");

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.err).contains("starting an embedded cluster on an S3 object store");
        assertThat(run.out).contains("\nNote: s3a://hbench is an object store: rename copies each object and deletes"
                + " the original", "\n--- rename inputs ---\nbaseDir = s3a://hbench/benchmarks/FsMetadata/rename\n"
                + "nrFiles = 20\nnrThreads = 2\nnrFilesPerDir = 4\n--- rename stats  ---\n# operations: 20\n"
                + "Elapsed Time: ", " Ops per sec: ", "Average Time: ", "--- hbench rename --- file system: s3a://hbench",
                "Checked: the 20 files are listed under their new names, none under its old one");
        try (Stream<Path> left = Files.walk(embedded.resolve("s3/data/hbench/benchmarks/FsMetadata"))) {
            assertThat(left.filter(Files::isRegularFile).map(file -> file.getFileName().toString()))
                    .containsExactly(OwnedDirectory.MARKER);
        }
    }
}
