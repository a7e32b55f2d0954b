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
    void asksAJobInThisProcessOftenAndOneOnYarnAtAnRpcsPace() {
        Configuration local = new Configuration(false);
        local.set("mapreduce.framework.name", "local");
        Configuration yarn = new Configuration(false);
        yarn.set("mapreduce.framework.name", "yarn");

        assertThat(JobMonitor.pollInterval(local)).isEqualTo(Duration.ofMillis(20));
        assertThat(JobMonitor.pollInterval(yarn)).isEqualTo(Duration.ofMillis(200));
    }

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
                .isEqualTo("TestDFSIO write: map  75% (48.000 MiB of 64.000 MiB), reduce   0%, 12 s");
        assertThat(JobMonitor.progressLine("HSGen", 0.5f, 0f, null, 0, Duration.ofSeconds(3)))
                .isEqualTo("HSGen: map  50%, reduce   0%, 3 s");
    }

    @Test
    void neverReadsOneHundredPercentBeforeEveryByteIsDone() {
        // 63.75 of 64 MiB is 99.6 %, which rounding made 100 %.
        assertThat(JobMonitor.progressLine("TestDFSIO write", 0f, 0f, 255L << 18, 64L << 20, Duration.ofSeconds(9)))
                .isEqualTo("TestDFSIO write: map  99% (63.750 MiB of 64.000 MiB), reduce   0%, 9 s");
        assertThat(JobMonitor.progressLine("TestDFSIO write", 0f, 0f, 64L << 20, 64L << 20, Duration.ofSeconds(10)))
                .isEqualTo("TestDFSIO write: map 100% (64.000 MiB of 64.000 MiB), reduce   0%, 10 s");
        assertThat(JobMonitor.progressLine("HSSort", 0.999f, 0.996f, null, 0, Duration.ofSeconds(40)))
                .isEqualTo("HSSort: map  99%, reduce  99%, 40 s");
        assertThat(JobMonitor.progressLine("HSSort", 1f, 0.29f, null, 0, Duration.ofSeconds(41)))
                .as("a float just below its percent still reads it").isEqualTo("HSSort: map 100%, reduce  29%, 41 s");
    }

    @Test
    void bytesPastTheTotalAreSaidToBePastItNotToBeXOfALesserY() {
        // A random read of 3 files of 1 MiB reads whole buffers of 1000000 bytes: 4 MB, past the 3 MiB asked for.
        assertThat(JobMonitor.progressLine("TestDFSIO random read", 0.33333334f, 0f, 4_000_000L, 3L << 20,
                Duration.ofSeconds(6)))
                .isEqualTo("TestDFSIO random read: map  33% (3.815 MiB, past the 3.000 MiB expected), reduce   0%,"
                        + " 6 s");
    }

    @Test
    void readsSmallByteCountsInTheSameUnitAsLargeOnes() {
        assertThat(JobMonitor.progressLine("HSGen", 0f, 0f, 100_000L, 3L << 30, Duration.ofSeconds(5)))
                .isEqualTo("HSGen: map   0% (0.0954 MiB of 3072.000 MiB), reduce   0%, 5 s");
    }
}
