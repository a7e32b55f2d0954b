package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.stats.Histograms;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classic lines' task time is Hadoop's TestDFSIO's: the clock starts once the file is open and
 * stops after close. On a file system whose open and close take known times, a task's time holds
 * the close's delay and not the open's, which hbench reports apart as open latency.
 */
class ClassicTimingTest {
    /** Far longer than writing or reading 1 MiB locally, so "time < open delay" cannot fail by chance. */
    private static final Duration OPEN_DELAY = Duration.ofMillis(2000);
    private static final Duration CLOSE_DELAY = Duration.ofMillis(300);
    /** The open latency comes from a histogram, exact to its 3 significant digits: it may read 0.1 % low. */
    private static final double OPEN_DELAY_AS_RECORDED_SECONDS =
            OPEN_DELAY.toMillis() / 1e3 * (1 - Math.pow(10, -Histograms.SIGNIFICANT_DIGITS));

    @TempDir
    Path dir;

    private TestDfsio dfsio;
    private String baseDir;

    @BeforeEach
    void setUp() {
        Configuration conf = new Configuration(false);
        conf.setClass("fs." + DelayingFileSystem.SCHEME + ".impl", DelayingFileSystem.class, FileSystem.class);
        conf.setBoolean("fs." + DelayingFileSystem.SCHEME + ".impl.disable.cache", true);
        conf.setLong(DelayingFileSystem.OPEN_DELAY_KEY, OPEN_DELAY.toMillis());
        conf.setLong(DelayingFileSystem.CLOSE_DELAY_KEY, CLOSE_DELAY.toMillis());
        dfsio = new TestDfsio(conf, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        baseDir = DelayingFileSystem.SCHEME + "://" + dir.resolve("dfsio").toUri().getPath();
    }

    @Test
    void aWritesTimeHoldsTheCloseButNotTheCreate() throws Exception {
        DfsioResult write = run(DfsioOperation.WRITE);

        DfsioTask task = write.tasks().get(0);
        assertThat(task.time()).as("task time").isGreaterThanOrEqualTo(CLOSE_DELAY).isLessThan(OPEN_DELAY);
        assertThat(write.openLatency().count()).isEqualTo(1);
        assertThat(write.openLatency().min()).as("open latency, s").isGreaterThanOrEqualTo(OPEN_DELAY_AS_RECORDED_SECONDS);
        assertThat(write.throughputMbSec()).as("classic throughput, MiB/s")
                .isEqualTo(1 / (task.time().toNanos() / 1e9));
    }

    @Test
    void aReadsTimeLeavesTheOpenOut() throws Exception {
        run(DfsioOperation.WRITE);

        DfsioResult read = run(DfsioOperation.READ);

        assertThat(read.tasks().get(0).time()).as("task time").isLessThan(OPEN_DELAY);
        assertThat(read.openLatency().min()).as("open latency, s").isGreaterThanOrEqualTo(OPEN_DELAY_AS_RECORDED_SECONDS);
    }

    private DfsioResult run(DfsioOperation operation) throws Exception {
        return dfsio.run(DfsioOptions.builder(operation).nrFiles(1).fileSize(1 << 20).baseDir(baseDir)
                .sequential(true).build());
    }
}
