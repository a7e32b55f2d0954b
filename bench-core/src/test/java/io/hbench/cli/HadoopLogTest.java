package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.HeardLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HadoopLogTest {
    private static final Logger HADOOP = Logger.getLogger("org.apache.hadoop.fs.SomeClient");

    @TempDir
    Path temp;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private HeardLog configured;

    @BeforeEach
    void listenAsTheConfiguredLogDoes() {
        configured = HeardLog.onRoot();
    }

    @AfterEach
    void stopListening() {
        configured.close();
    }

    @Test
    void aWarningGoesToAnOwnerOnlyFileThatIsKeptAndTheConfiguredLogIsBackAfter() throws Exception {
        Path file;
        try (HadoopLog log = HadoopLog.toFile(temp.resolve("logs"), "TestDFSIO", errStream())) {
            HADOOP.warn("retrying", new java.io.IOException("Connection refused"));
            file = log.fileWithWarnings().orElseThrow();
            assertThat(log.warningsLine()).contains("hbench: Hadoop logged 1 warning, in " + file);
        }
        HADOOP.warn("after the run");

        assertThat(file.getFileName().toString()).matches("TestDFSIO-\\d{8}-\\d{6}-\\d+\\.log");
        assertThat(Files.readString(file)).contains(" WARN org.apache.hadoop.fs.SomeClient: retrying\n",
                "java.io.IOException: Connection refused", "\tat ");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        assertThat(configured.messages()).containsExactly("after the run");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aRunWithoutWarningsLeavesNoFileAndSaysNothing() throws Exception {
        try (HadoopLog log = HadoopLog.toFile(temp.resolve("logs"), "HSGen", errStream())) {
            HADOOP.info("nothing wrong");
            assertThat(log.fileWithWarnings()).isEmpty();
            assertThat(log.warningsLine()).isEmpty();
        }

        assertThat(logs(temp.resolve("logs"))).isEmpty();
    }

    @Test
    void theLocalRunnersTasksAreHeardAtInfoWhileTheLogIsInTheFileOnly() throws Exception {
        Logger localRunner = Logger.getLogger("org.apache.hadoop.mapred.LocalJobRunner");
        Level before = localRunner.getLevel();
        try (HadoopLog log = HadoopLog.toFile(temp.resolve("logs"), "HSGen", errStream())) {
            assertThat(localRunner.isEnabledFor(Level.INFO)).isTrue();
            localRunner.info("Starting task: attempt_local1_0001_m_000000_0");
            assertThat(log.fileWithWarnings()).isEmpty();
            assertThat(configured.messages()).isEmpty();
        }

        assertThat(localRunner.getLevel()).isEqualTo(before);
    }

    @Test
    void theDirectoryKeepsTheNewestFiles() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("logs"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        for (int i = 0; i < HadoopLog.KEPT + 3; i++) {
            Path old = Files.createFile(dir.resolve("Old-" + i + ".log"));
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * (i + 1)));
        }

        try (HadoopLog log = HadoopLog.toFile(dir, "HSGen", errStream())) {
            HADOOP.error("kept");
            assertThat(log.fileWithWarnings()).isPresent();
        }

        List<String> names = logs(dir);
        assertThat(names).hasSize(HadoopLog.KEPT).anyMatch(name -> name.startsWith("HSGen-"))
                .doesNotContain("Old-0.log", "Old-3.log").contains("Old-4.log", "Old-22.log");
    }

    @Test
    void aDirectoryOthersCanChangeLeavesTheLogAsConfiguredInOneLine() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("open"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));

        try (HadoopLog log = HadoopLog.toFile(dir, "HSGen", errStream())) {
            HADOOP.warn("as configured");
            assertThat(log.fileWithWarnings()).isEmpty();
        }

        assertThat(configured.messages()).containsExactly("as configured");
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("hbench: Hadoop's log stays where its"
                + " configuration sends it: " + dir + " cannot take it (").hasLineCount(1);
    }

    private PrintStream errStream() {
        return new PrintStream(err, true, StandardCharsets.UTF_8);
    }

    private static List<String> logs(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).collect(Collectors.toList());
        }
    }
}
