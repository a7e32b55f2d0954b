package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.FaultyFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitterLeftoversTest {
    @TempDir
    Path temp;

    /** A job's output as committers can leave it: its data, _SUCCESS, and both committers' directories. */
    private Path output() throws IOException {
        Path output = temp.resolve("io_write");
        Files.createDirectories(output.resolve("_temporary/0/task_1"));
        Files.createDirectories(output.resolve("__magic_job-1/tasks"));
        Files.writeString(output.resolve("part-00000"), "data");
        Files.writeString(output.resolve("_SUCCESS"), "");
        Files.writeString(output.resolve("_temporary/0/task_1/part-00000"), "x");
        Files.writeString(output.resolve("__magic_job-1/job-1.pendingset"), "{}");
        Files.writeString(output.resolve("__magic_job-1/tasks/task_1.pendingset"), "{}");
        return output;
    }

    private Stream<String> names(Path dir) throws IOException {
        return Files.list(dir).map(path -> path.getFileName().toString());
    }

    @Test
    void namesTheClassicAndTheMagicCommittersEntries() {
        assertThat(CommitterLeftovers.isCommitters("_temporary")).isTrue();
        assertThat(CommitterLeftovers.isCommitters("__magic_job-7f3a")).isTrue();
        assertThat(CommitterLeftovers.isCommitters("__magic")).isTrue();
        assertThat(CommitterLeftovers.isCommitters("_SUCCESS")).isFalse();
        assertThat(CommitterLeftovers.isCommitters("part-00000")).isFalse();
        assertThat(CommitterLeftovers.isCommitters("_hbench-tasks")).isFalse();
    }

    @Test
    void removesOnlyTheCommittersEntries() throws IOException {
        Path output = output();
        FileSystem fs = FileSystem.getLocal(new Configuration());

        assertThat(CommitterLeftovers.removeFrom(fs, new org.apache.hadoop.fs.Path(output.toString()))).isEmpty();

        try (Stream<String> left = names(output)) {
            assertThat(left.filter(name -> !name.endsWith(".crc")).collect(Collectors.toList()))
                    .containsExactlyInAnyOrder("part-00000", "_SUCCESS");
        }
    }

    @Test
    void saysWhatAStoreKeptOfThem() throws IOException {
        Path output = output();
        FileSystem fs = FileSystem.get(FaultyFileSystem.pathOf(temp).toUri(), FaultyFileSystem.configure(
                new Configuration(), "", FaultyFileSystem.Fault.KEEPS_NESTED_DIRECTORIES));
        RunLeftovers.take();

        // _temporary keeps 0/, 0/task_1/ and its part file: 3 entries; __magic_job-1 loses its pendingset file and
        // keeps tasks/ and tasks/task_1.pendingset: 2.
        Leftover temporary = new Leftover("faulty:" + output.resolve("_temporary"), 3);
        Leftover magic = new Leftover("faulty:" + output.resolve("__magic_job-1"), 2);
        assertThat(CommitterLeftovers.removeFrom(fs, FaultyFileSystem.pathOf(output)))
                .containsExactlyInAnyOrder(temporary, magic);
        assertThat(RunLeftovers.take()).containsExactlyInAnyOrder(temporary, magic);
    }
}
