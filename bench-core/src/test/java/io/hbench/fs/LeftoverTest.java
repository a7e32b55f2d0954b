package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.FaultyFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeftoverTest {
    @TempDir
    java.nio.file.Path temp;

    private FileSystem faulty() throws IOException {
        return FileSystem.get(FaultyFileSystem.pathOf(temp).toUri(), FaultyFileSystem.configure(new Configuration(),
                "", FaultyFileSystem.Fault.KEEPS_NESTED_DIRECTORIES));
    }

    /** d/x, d/e/, d/e/y, d/e/f/, d/e/f/z and d/g/: 6 entries under d, one a file in d itself. */
    private void tree() throws IOException {
        Files.createDirectories(temp.resolve("d/e/f"));
        Files.createDirectories(temp.resolve("d/g"));
        Files.writeString(temp.resolve("d/x"), "1");
        Files.writeString(temp.resolve("d/e/y"), "2");
        Files.writeString(temp.resolve("d/e/f/z"), "3");
    }

    @Test
    void countsTheFilesAndDirectoriesAtEveryDepthButNotThePathItself() throws IOException {
        tree();
        FileSystem fs = FileSystem.getLocal(new Configuration());

        assertThat(Leftover.entriesUnder(fs, new Path(temp.resolve("d").toString()))).isEqualTo(6);
        assertThat(Leftover.entriesUnder(fs, new Path(temp.resolve("d/x").toString()))).isZero();
    }

    @Test
    void aRemovalThatWorkedLeavesNothing() throws IOException {
        Files.createDirectories(temp.resolve("d/e"));
        Files.writeString(temp.resolve("d/e/y"), "2");
        FileSystem fs = FileSystem.getLocal(new Configuration());

        assertThat(Leftover.remove(fs, new Path(temp.resolve("d").toString()), "d")).isEmpty();
        assertThat(Files.exists(temp.resolve("d"))).isFalse();
    }

    @Test
    void aRemovalAStoreAnsweredWithSuccessAndKeptCountsWhatIsLeft() throws IOException {
        // The delete takes d/x and keeps d/e/, d/e/y, d/e/f/, d/e/f/z and d/g/: 5 entries.
        tree();
        FileSystem fs = faulty();
        Path d = FaultyFileSystem.pathOf(temp.resolve("d"));

        assertThat(Leftover.remove(fs, d, "faulty:///d")).contains(new Leftover("faulty:///d", 5));
        assertThat(Files.exists(temp.resolve("d/x"))).isFalse();
    }

    @Test
    void saysTheCountAndThePathInOneLine() {
        assertThat(new Leftover("s3a://b/dfsio/io_data", 102).text()).isEqualTo("102 entries left under"
                + " s3a://b/dfsio/io_data after removing it: " + Leftover.LIKELY_CAUSE);
        assertThat(new Leftover("/b/x", 1).text()).startsWith("1 entry left under /b/x after removing it: ");
        assertThat(new Leftover("/b/x", 0).text()).isEqualTo("/b/x is still there after removing it: the store"
                + " kept it");
        assertThat(new Leftover("/b/x", 102).brief()).isEqualTo("102 entries left");
    }

    @Test
    void aResultsOutputsCarryLeftoversBothWays() {
        List<Leftover> leftovers = List.of(new Leftover("s3a://b/x", 102), new Leftover("/y", 0));

        Map<String, String> outputs = Leftover.outputs(leftovers);

        assertThat(outputs).containsExactly(Map.entry("leftover{path=s3a://b/x}", "102"),
                Map.entry("leftover{path=/y}", "0"));
        assertThat(Leftover.inOutputs(Map.of("checksum", "1a", "leftover{path=s3a://b/x}", "102")))
                .containsExactly(new Leftover("s3a://b/x", 102));
    }

    @Test
    void theRunKeepsWhatIsLeftNowOfEachPath() throws IOException {
        Files.createDirectories(temp.resolve("d/e"));
        Files.writeString(temp.resolve("d/e/y"), "2");
        FileSystem fs = faulty();
        Path d = FaultyFileSystem.pathOf(temp.resolve("d"));
        RunLeftovers.take();

        RunLeftovers.remove(fs, d, "d");
        assertThat(RunLeftovers.take()).containsExactly(new Leftover("d", 2));

        RunLeftovers.remove(fs, d, "d");
        FileSystem.getLocal(new Configuration()).delete(new Path(temp.resolve("d").toString()), true);
        RunLeftovers.remove(fs, d, "d");
        assertThat(RunLeftovers.take()).isEmpty();
    }
}
