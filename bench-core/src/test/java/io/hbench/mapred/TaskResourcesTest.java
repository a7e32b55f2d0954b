package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.resources.HostSamples;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskResourcesTest {
    @TempDir
    Path dir;

    @Test
    void theLocalRunnersTasksHandTheirSamplesToTheClientWithoutAFile() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", "local");
        Optional<org.apache.hadoop.fs.Path> samplesDir = TaskResources.requestIn(conf,
                new org.apache.hadoop.fs.Path(dir.resolve("output").toUri()));
        TaskAttemptContext task = new TaskAttemptContextImpl(conf,
                TaskAttemptID.forName("attempt_local7_0001_m_000000_0"));

        TaskResources.leave(task, TaskResources.join(task));

        FileSystem fs = FileSystem.getLocal(conf);
        assertThat(fs.exists(samplesDir.orElseThrow())).isFalse();
        List<HostSamples> collected = TaskResources.collect(fs, samplesDir);
        assertThat(collected).extracting(HostSamples::host).containsExactly(HostSamples.localHost());
        // Taken once: a second collection finds nothing left behind.
        assertThat(TaskResources.collect(fs, samplesDir)).isEmpty();
    }
}
