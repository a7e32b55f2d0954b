package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.testing.FaultyFileSystem;
import io.hbench.testing.HeardLog;
import io.hbench.testing.ToolRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TestDFSIO write whose data store dies mid-write (faulty:///, in MapReduce's local runner in this process): the run
 * ends in one line naming the task attempt, what it could not do to which file, and why, and Hadoop's stack traces
 * are in the log file that line names, not on the terminal, unless {@code -verbose}.
 */
class TestDfsioTaskFailureTest {
    private static final Pattern LOG_NOTE = Pattern.compile(" \\(Hadoop's log: (\\S+\\.log)\\)$");

    @TempDir
    Path temp;

    private HeardLog configuredLog;

    @BeforeEach
    void listenAsTheConfiguredLogDoes() {
        configuredLog = HeardLog.onRoot();
    }

    @AfterEach
    void stopListening() {
        configuredLog.close();
    }

    @Test
    void aTaskThatCannotWriteEndsTheRunInOneLineNamingItsAttemptFileAndCauseWithTheTraceInTheLog() throws Exception {
        ToolRun write = write();

        assertThat(write.status).as(write.err).isEqualTo(1);
        String last = lastLine(write.err);
        assertThat(last).matches("TestDFSIO: TestDFSIO write failed: task attempt_local\\d+_\\d{4}_m_000000_0 could not"
                + " write faulty:" + Pattern.quote(temp.resolve("dfsio").toString()) + "/io_data/test_io_0: Connection"
                + " refused \\(Hadoop's log: .*\\)");
        assertThat(write.err).doesNotContain("\tat ", "Exception");
        Matcher note = LOG_NOTE.matcher(last);
        assertThat(note.find()).isTrue();
        Path log = Paths.get(note.group(1));
        assertThat(log.getFileName().toString()).startsWith("TestDFSIO-");
        assertThat(Files.readString(log)).contains("WARN org.apache.hadoop.mapred.LocalJobRunner: job_local",
                "java.net.ConnectException: Connection refused", "\tat ");
        // Moved to the file while the program ran, and back once it ended.
        assertThat(configuredLog.events()).isEmpty();
        assertThat(configuredLog.attached()).isTrue();
    }

    @Test
    void withVerboseHadoopsLogStaysWhereItsConfigurationSendsIt() throws Exception {
        ToolRun write = write("-verbose");

        assertThat(write.status).as(write.err).isEqualTo(1);
        assertThat(lastLine(write.err)).startsWith("TestDFSIO: TestDFSIO write").contains("could not write",
                "Connection refused").doesNotContain("Hadoop's log");
        assertThat(configuredLog.events()).anySatisfy(event -> {
            assertThat(event.getLoggerName()).isEqualTo("org.apache.hadoop.mapred.LocalJobRunner");
            assertThat(event.getThrowableStrRep()).anySatisfy(line -> assertThat(line).startsWith("\tat "));
        });
    }

    private ToolRun write(String... more) throws Exception {
        Configuration conf = FaultyFileSystem.configure(new Configuration(), "io_data",
                FaultyFileSystem.Fault.DIES_MID_WRITE);
        conf.setLong("faulty.write.limit", 1000);
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.framework.name", "local");
        conf.set("mapreduce.cluster.local.dir", temp.resolve("local").toString());
        conf.set("hadoop.tmp.dir", temp.resolve("tmp").toString());
        List<String> args = new ArrayList<>(List.of("-write", "-nrFiles", "1", "-fileSize", "1MB", "-rootDir",
                FaultyFileSystem.pathOf(temp.resolve("dfsio")).toString(), "-resFile",
                temp.resolve("results.log").toString(), "-noEmbedded", "-noResources"));
        args.addAll(List.of(more));
        return ToolRun.run(conf, TestDfsioTool::new, args.toArray(new String[0]));
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().collect(Collectors.toList());
        return lines.get(lines.size() - 1);
    }
}
