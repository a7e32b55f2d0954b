package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.SubmittedJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobMonitorTest {
    @TempDir
    Path dir;

    @Test
    void saysWhichJobItSubmittedAndReturnsItsIdentity() throws Exception {
        Files.writeString(dir.resolve("input.txt"), "one line\n");
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.framework.name", "local");
        conf.set("mapreduce.cluster.local.dir", dir.resolve("local").toString());
        conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
        Job job = Job.getInstance(conf, "hbench monitor test");
        job.setInputFormatClass(TextInputFormat.class);
        FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("input.txt").toUri()));
        job.setMapperClass(Mapper.class);
        job.setNumReduceTasks(0);
        job.setOutputFormatClass(NullOutputFormat.class);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        SubmittedJob submitted = new JobMonitor(new PrintStream(progress, true, StandardCharsets.UTF_8), "test job")
                .run(job, null, 0);

        assertThat(submitted.id()).isEqualTo(job.getJobID().toString()).startsWith("job_local");
        assertThat(submitted.name()).isEqualTo("hbench monitor test");
        assertThat(progress.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow())
                .isEqualTo("hbench: test job: submitted job " + submitted.id()
                        + submitted.trackingUrl().map(url -> ", tracking URL " + url).orElse(""));
    }

    @Test
    void takesTheMapShareFromTheBytesTheTasksCountedSoTheLineAgreesWithItself() {
        // The framework says 0 % while a task's single record is being written; the bytes say three quarters.
        assertThat(JobMonitor.progressLine("TestDFSIO write", 0f, 0f, 48L << 20, 64L << 20, Duration.ofSeconds(12)))
                .isEqualTo("TestDFSIO write: map  75% (48.00 MiB of 64.00 MiB), reduce   0%, 12 s");
        assertThat(JobMonitor.progressLine("HSGen", 0.5f, 0f, null, 0, Duration.ofSeconds(3)))
                .isEqualTo("HSGen: map  50%, reduce   0%, 3 s");
    }
}
