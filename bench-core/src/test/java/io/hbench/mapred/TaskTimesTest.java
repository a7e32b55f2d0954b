package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.result.TaskSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskTimesTest {
    @TempDir
    java.nio.file.Path temp;

    @Test
    void asksTheTasksToWriteInsideTheOwnedOutput() {
        Configuration conf = new Configuration(false);

        Path directory = TaskTimes.requestIn(conf, new Path("/out"));

        assertThat(directory).isEqualTo(new Path("/out/_hbench-tasks"));
        assertThat(conf.get(TaskTimes.DIRECTORY_KEY)).isEqualTo("/out/_hbench-tasks");
    }

    @Test
    void readsOneSamplePerTaskTheLastAttemptWinsAndRemovesTheDirectory() throws IOException {
        java.nio.file.Path dir = Files.createDirectory(temp.resolve("_hbench-tasks"));
        write(dir, "attempt_1_0001_m_000001_0", "dn1\t2026-11-23T10:00:00Z\t1000000\n");
        write(dir, "attempt_1_0001_m_000000_0", "dn2\t2026-11-23T10:00:01Z\t2500000000\n");
        write(dir, "attempt_1_0001_m_000000_1", "dn3\t2026-11-23T10:00:05Z\t500000\n");
        FileSystem fs = FileSystem.getLocal(new Configuration());

        List<TaskSample> samples = TaskTimes.collect(fs, new Path(dir.toUri()));

        assertThat(samples).extracting(TaskSample::id)
                .containsExactly("attempt_1_0001_m_000000_1", "attempt_1_0001_m_000001_0");
        TaskSample retried = samples.get(0);
        assertThat(retried.host()).contains("dn3");
        assertThat(retried.start()).isEqualTo(Instant.parse("2026-11-23T10:00:05Z"));
        assertThat(retried.end()).isEqualTo(Instant.parse("2026-11-23T10:00:05.0005Z"));
        assertThat(retried.metric("task_time").orElseThrow().value()).isEqualTo(0.0005);
        assertThat(samples.get(1).duration().toMillis()).isEqualTo(1);
        assertThat(Files.exists(dir)).isFalse();
    }

    @Test
    void readsWhatTheTasksAttachedTheLastAttemptWinsAndTheTimesPassItOver() throws IOException {
        java.nio.file.Path dir = Files.createDirectory(temp.resolve("_hbench-tasks"));
        write(dir, "attempt_1_0001_m_000000_0", "dn1\t2026-11-23T10:00:00Z\t1000000\n");
        write(dir, "attempt_1_0001_m_000000_0.input", "first attempt");
        write(dir, "attempt_1_0001_m_000000_1.input", "second attempt");
        write(dir, "attempt_1_0001_m_000001_0.input", "other task");
        write(dir, "attempt_1_0001_m_000001_0.output", "other kind");
        FileSystem fs = FileSystem.getLocal(new Configuration());
        Path directory = new Path(dir.toUri());

        assertThat(TaskTimes.collectAttached(fs, directory, "input")).containsExactly("second attempt", "other task");
        assertThat(TaskTimes.collectAttached(fs, directory, "output")).containsExactly("other kind");
        assertThat(TaskTimes.collect(fs, directory)).extracting(TaskSample::id)
                .containsExactly("attempt_1_0001_m_000000_0");
    }

    @Test
    void nothingRecordedIsNoSamples() throws IOException {
        FileSystem fs = FileSystem.getLocal(new Configuration());

        assertThat(TaskTimes.collect(fs, new Path(temp.resolve("absent").toUri()))).isEmpty();
    }

    @Test
    void aMalformedFileIsAnErrorNamingIt() throws IOException {
        java.nio.file.Path dir = Files.createDirectory(temp.resolve("_hbench-tasks"));
        write(dir, "attempt_1_0001_r_000000_0", "dn1 only\n");
        FileSystem fs = FileSystem.getLocal(new Configuration());

        assertThatThrownBy(() -> TaskTimes.collect(fs, new Path(dir.toUri())))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("malformed task times in ")
                .hasMessageEndingWith("attempt_1_0001_r_000000_0");
    }

    private static void write(java.nio.file.Path dir, String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
