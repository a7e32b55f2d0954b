package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.testing.FaultyFileSystem;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How HSGen's job commits its output, on the local runner over faulty:/// (the local file system), whose second map's
 * output file dies at its first byte: no cluster is started.
 */
class HsGenCommitTest {
    @TempDir
    Path temp;

    private static final String KEY = FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION;

    /** HSGen of 20 rows in 2 maps into {@code gen}, whose second map fails; what the failed job left in it. */
    private List<String> failedGen(Configuration conf) throws IOException {
        Path gen = temp.resolve("gen");
        FaultyFileSystem.configure(conf, "part-m-00001", FaultyFileSystem.Fault.DIES_MID_WRITE);
        HsGenOptions options = HsGenOptions.builder(20).maps(2).replication(1)
                .outputDir(FaultyFileSystem.pathOf(gen).toString()).build();

        assertThatThrownBy(() -> new HsGen(conf, new PrintStream(OutputStream.nullOutputStream())).run(options))
                .isInstanceOf(BenchException.class);

        try (Stream<Path> files = Files.walk(gen)) {
            return files.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith("part-")).collect(Collectors.toList());
        }
    }

    @Test
    void aFailedJobLeavesNoFinishedTasksFileInTheOutput() throws IOException {
        assertThat(failedGen(new Configuration())).isEmpty();
    }

    @Test
    void anAlgorithmTheUserChoseStays() throws IOException {
        Configuration conf = new Configuration();
        conf.setInt(KEY, 2);

        // Algorithm 2 commits each task into the output as it ends: the first map's file stays after the failure.
        assertThat(failedGen(conf)).containsExactly("part-m-00000");
    }

    @Test
    void theJobCommitsWithAlgorithm1UnlessTheUserChoseOne() throws IOException {
        Job job = Job.getInstance(new Configuration());
        OutputCommitters.commitOnlyWithTheJob(new Configuration(), job);
        assertThat(job.getConfiguration().get(KEY)).isEqualTo("1");

        Configuration chosen = new Configuration();
        chosen.setInt(KEY, 2);
        Job kept = Job.getInstance(chosen);
        OutputCommitters.commitOnlyWithTheJob(chosen, kept);
        assertThat(kept.getConfiguration().get(KEY)).isEqualTo("2");
    }
}
