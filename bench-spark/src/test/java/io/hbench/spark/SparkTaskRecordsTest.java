package io.hbench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.result.Metric;
import io.hbench.result.TaskSample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * {@link SparkTaskRecords} against Spark in local[2, 2] (two threads, a task tried twice): one sample per task of the
 * recorded thread's jobs, with what it read and wrote, of a task's attempts the one that succeeded.
 */
@Timeout(120)
class SparkTaskRecordsTest {
    private static final String ID = "attempt_(\\d+)_(\\d{4})_([mr])_(\\d{6})_(\\d+)";

    @TempDir
    static Path temp;

    private static JavaSparkContext spark;
    /** A thread of its own, started before any records: its jobs are not the test's. */
    private static ExecutorService otherThread;

    @BeforeAll
    static void startSpark() throws Exception {
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2, 2]").setAppName("SparkTaskRecordsTest")
                .set("spark.ui.enabled", "false")
                .set("spark.local.dir", temp.resolve("spark").toString()));
        otherThread = Executors.newSingleThreadExecutor();
        otherThread.submit(() -> null).get();
    }

    @AfterAll
    static void stopSpark() {
        if (otherThread != null) {
            otherThread.shutdownNow();
        }
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void hsGenHasOneSamplePerMapWithTheRowsAndBytesItWrote() throws Exception {
        // The raw local file system: no checksum files, whose bytes Spark would count as the task's output too.
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        conf.setClass("fs.file.impl", RawLocalFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
        conf.setBoolean("fs.file.impl.disable.cache", true);

        HsGenResult result = new SparkHsGen(spark, conf).run(HsGenOptions.builder(10_000).maps(3).replication(1)
                .outputDir(temp.resolve("gen").toString()).build());

        List<TaskSample> tasks = result.tasks();
        assertThat(tasks).extracting(task -> task.id().replaceAll(ID, "$3 $4 $5"))
                .containsExactly("m 000000 0", "m 000001 0", "m 000002 0");
        // Rows 3,334, 3,333 and 3,333, as MapReduce HSGen splits them.
        assertThat(tasks).extracting(task -> figure(task, "records_written")).containsExactly(3334L, 3333L, 3333L);
        assertThat(tasks).extracting(task -> figure(task, "bytes_written"))
                .containsExactly(333_400L, 333_300L, 333_300L);
        assertThat(tasks).extracting(task -> figure(task, "records_read")).containsOnly(0L);
        assertThat(tasks).allSatisfy(task -> {
            assertThat(task.host()).isPresent();
            assertThat(task.metric("task_time").map(Metric::value)).contains(task.duration().toMillis() / 1e3);
        });
    }

    @Test
    void aShuffleJobHasMapTasksAndReduceTasksWithTheRecordsEachMoved() throws Exception {
        List<TaskSample> tasks;
        try (SparkTaskRecords records = SparkTaskRecords.start(spark)) {
            // 1 to 1,000 in 4 partitions, by their remainder mod 3 into 3: remainder 1 has 334, the others 333.
            spark.parallelize(IntStream.rangeClosed(1, 1000).boxed().collect(Collectors.toList()), 4)
                    .mapToPair(i -> new Tuple2<>(i % 3, i)).partitionBy(new HashPartitioner(3)).count();
            tasks = records.tasks();
        }

        Map<String, List<TaskSample>> byKind = tasks.stream()
                .collect(Collectors.groupingBy(task -> task.id().replaceAll(ID, "$3")));
        assertThat(byKind.get("m")).extracting(task -> figure(task, "records_written"))
                .containsExactly(250L, 250L, 250L, 250L);
        assertThat(byKind.get("r")).extracting(task -> figure(task, "records_read"))
                .containsExactly(333L, 334L, 333L);
        assertThat(byKind.get("m")).extracting(task -> task.id().replaceAll(ID, "$2")).doesNotContainAnyElementsOf(
                byKind.get("r").stream().map(task -> task.id().replaceAll(ID, "$2")).collect(Collectors.toList()));
        assertThat(tasks).hasSize(7);
    }

    @Test
    void aTaskThatFailedOnceCountsOnceByTheAttemptThatSucceeded() throws Exception {
        List<TaskSample> tasks;
        try (SparkTaskRecords records = SparkTaskRecords.start(spark)) {
            spark.parallelize(IntStream.range(0, 100).boxed().collect(Collectors.toList()), 2)
                    .mapPartitionsWithIndex((partition, rows) -> {
                        if (partition == 1 && TaskContext.get().attemptNumber() == 0) {
                            throw new IllegalStateException("injected failure of the first attempt");
                        }
                        return rows;
                    }, true).count();
            tasks = records.tasks();
        }

        assertThat(tasks).extracting(task -> task.id().replaceAll(ID, "$4 $5"))
                .containsExactly("000000 0", "000001 1");
    }

    @Test
    void recordsOnlyTheJobsOfItsThreadWhileOpen() throws Exception {
        JavaRDD<Integer> three = spark.parallelize(List.of(1, 2, 3), 3);
        three.count();
        List<TaskSample> tasks;
        try (SparkTaskRecords records = SparkTaskRecords.start(spark)) {
            Future<Long> other = otherThread.submit(() -> spark.parallelize(List.of(1, 2, 3, 4, 5), 5).count());
            spark.parallelize(List.of(1, 2), 2).count();
            assertThat(other.get()).isEqualTo(5);
            tasks = records.tasks();
        }
        three.count();

        assertThat(tasks).hasSize(2);
    }

    private static long figure(TaskSample task, String id) {
        return (long) task.metric(id).orElseThrow().value();
    }
}
