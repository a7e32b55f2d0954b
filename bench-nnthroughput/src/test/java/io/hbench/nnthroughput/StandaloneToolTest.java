package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.fs.PrivateDirectory;
import io.hbench.testing.OtherUser;
import io.hbench.testing.ResultSchema;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool with no NameNode configured: it starts one in this process, not an embedded cluster. */
class StandaloneToolTest {
    @TempDir
    Path temp;

    @Test
    void withNoFileSystemConfiguredTheToolStartsANameNodeInThisProcessAndKeepsItsNamespace() throws Exception {
        Path dir = temp.resolve("nn");
        Path json = temp.resolve("create.json");
        String[] create = {"-op", "create", "-files", "12", "-threads", "2", "-close", "-keepResults",
            "-standaloneDir", dir.toString(), "-json", json.toString()};
        String[] open = {"-op", "open", "-files", "12", "-threads", "2", "-useExisting", "-baseDirName",
            "/nnThroughputBenchmark", "-standaloneDir", dir.toString()};

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = run(create, out, err);

        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("embedded cluster");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--- create stats  ---\n# operations: 12\n",
                "--- hbench create --- NameNode: standalone");
        assertThat(dir.resolve(StandaloneNameNode.MARKER_FILE)).exists();
        assertThat(Files.exists(dir.resolve("name").resolve("current").resolve("VERSION"))).isTrue();
        String text = Files.readString(json);
        ResultSchema.assertValid(text);
        JsonNode result = new ObjectMapper().readTree(text);
        assertThat(result.get("locations").get("nameNode").asText()).isEqualTo("standalone");
        assertThat(result.get("environment").get("commandLine")).extracting(JsonNode::asText)
                .containsExactlyElementsOf(Stream.concat(Stream.of("NNThroughputBenchmark"), Stream.of(create))
                        .collect(Collectors.toList()));
        assertThat(result.get("jobs")).isEmpty();
        // Standalone, the client's host is the NameNode's: the one host sampled, the operation its phase.
        JsonNode resources = result.get("resources");
        assertThat(resources.get("hosts")).hasSize(1);
        assertThat(resources.get("hosts").get(0).get("host").asText())
                .isEqualTo(java.net.InetAddress.getLocalHost().getHostName());
        assertThat(resources.get("phases")).extracting(phase -> phase.get("name").asText()).containsExactly("create");

        // The kept files are still there for a second program: Hadoop's -keepResults then -useExisting. The
        // open step renames create/ to open/ as Hadoop's does.
        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        ByteArrayOutputStream err2 = new ByteArrayOutputStream();
        int second = run(open, out2, err2);

        assertThat(second).as(err2.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out2.toString(StandardCharsets.UTF_8)).contains("--- open stats  ---\n# operations: 12\n",
                "Note: files made by an earlier run (-useExisting)");
    }

    @Test
    void aNameDirectoryAnotherNameNodeHoldsIsRefusedInOneLine() throws Exception {
        Path dir = PrivateDirectory.claim(temp.resolve("held"));
        Path name = Files.createDirectories(dir.resolve("name"));
        Files.writeString(dir.resolve(StandaloneNameNode.MARKER_FILE), "");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        // Held as Hadoop's storage holds it while a NameNode runs.
        try (FileChannel channel = FileChannel.open(name.resolve("in_use.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = channel.lock()) {
            int status = run(new String[] {"-op", "create", "-files", "1", "-standaloneDir", dir.toString()}, out, err);

            assertThat(status).isEqualTo(2);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("NNThroughputBenchmark: the standalone NameNode"
                + " directory " + dir + " is in use by another NNThroughputBenchmark; wait for it to finish or choose"
                + " another -standaloneDir\n");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(name.resolve("current")).as("the NameNode was not started: nothing formatted").doesNotExist();
    }

    @Test
    void aDirectoryAnotherUserMadeFirstIsRefusedAndTheFileItsExcludeLinksToIsLeftWhole() throws Exception {
        OtherUser.assumeRoot();
        Path victim = Files.writeString(temp.resolve("victim.txt"), "the victim's own file\n");
        Path dir = OtherUser.plantStorage(temp.resolve("hbench-nnthroughput-root"), StandaloneNameNode.MARKER_FILE);
        Path hosts = OtherUser.give(Files.createDirectory(dir.resolve("hosts")));
        OtherUser.give(Files.createSymbolicLink(hosts.resolve("exclude"), victim));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = run(new String[] {"-op", "create", "-files", "1", "-standaloneDir", dir.toString()}, out, err);

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().findFirst()).hasValue("NNThroughputBenchmark:"
                + " -standaloneDir " + dir + " belongs to nobody, not to root who runs this, so hbench writes nothing in"
                + " it: remove it, or choose another -standaloneDir");
        assertThat(victim).hasContent("the victim's own file");
        assertThat(dir.resolve("name")).doesNotExist();
    }

    @Test
    void aDirectoryUnderAParentOfAnotherUserIsRefusedInOneLineBeforeAnythingIsMade() throws Exception {
        OtherUser.assumeRoot();
        Path parent = OtherUser.give(Files.createDirectory(temp.resolve("mp2")));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = parent.resolve("nn");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = run(new String[] {"-op", "create", "-files", "1", "-standaloneDir", dir.toString()}, out, err);

        assertThat(status).isEqualTo(2);
        String errors = err.toString(StandardCharsets.UTF_8);
        assertThat(errors.lines().findFirst()).hasValue("NNThroughputBenchmark: -standaloneDir " + dir
                + " lies under " + parent + ", which belongs to nobody, not to root who runs this, so hbench writes"
                + " nothing there: choose a directory whose every parent is yours or root's");
        assertThat(errors).as("the usage hint follows, no stack trace").doesNotContain("Exception", "\tat ");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(parent).isEmptyDirectory();
    }

    private static int run(String[] args, ByteArrayOutputStream out, ByteArrayOutputStream err) throws Exception {
        NnThroughputTool tool = new NnThroughputTool(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return ToolRunner.run(new Configuration(), tool, args);
    }
}
