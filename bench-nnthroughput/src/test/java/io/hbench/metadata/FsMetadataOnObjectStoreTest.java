package io.hbench.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.fs.OwnedDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FsMetadata on S3Proxy, a real S3 API server, through S3A: one store for the class (Hadoop caches one S3A client per
 * bucket in a JVM, so a second store on the same bucket takes a class of its own: {@link FsMetadataToolOnObjectStoreTest}).
 * The server keeps each object as a file under {@code <store>/s3/data/hbench/}, so what the run left in the bucket is
 * read from the disk as well.
 */
class FsMetadataOnObjectStoreTest {
    @TempDir
    static java.nio.file.Path temp;

    private static EmbeddedCluster store;
    private static Configuration conf;

    @BeforeAll
    static void start() {
        store = EmbeddedCluster.start(new Configuration(), temp.resolve("store"), EmbeddedCluster.Storage.S3);
        conf = store.clientConfiguration();
    }

    @AfterAll
    static void stop() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void everyOperationChecksItsCountsSaysRenameIsACopyAndLeavesOnlyTheMarker() throws Exception {
        FsMetadataResult result = new FsMetadata(conf).run(FsMetadataOptions.builder(FsOperation.ALL).files(60)
                .threads(3).baseDir("/benchmarks/all").build());

        assertThat(result.failures()).isEmpty();
        assertThat(result.fileSystem()).isEqualTo("s3a://hbench");
        assertThat(result.baseDir()).isEqualTo("s3a://hbench/benchmarks/all");
        assertThat(result.operations()).extracting(op -> op.operation().label() + " " + op.figures().operations())
                .containsExactly("create 60", "mkdirs 60", "open 60", "fileStatus 60", "list 15", "rename 60",
                        "delete 60");
        assertThat(result.operations()).extracting(FsOpResult::checked).contains(
                "the 60 directories are listed under their names", "60 files listed in 15 directories, as created",
                "the 60 files are listed under their new names, none under its old one");
        String note = "s3a://hbench is an object store: rename copies each object and deletes the original, so its"
                + " rename figures are a copy's";
        assertThat(result.renameNote()).get().asString().startsWith(note);
        List<String> lines = FsMetadataReport.classicLines(result);
        int rename = lines.indexOf("--- rename inputs ---");
        assertThat(lines.get(rename - 1)).startsWith("Note: " + note);
        assertThat(lines.get(rename - 2)).isEmpty();
        assertThat(lines.stream().filter(line -> line.startsWith("Note: "))).hasSize(1);
        assertThat(onDisk("benchmarks/all")).containsExactly(OwnedDirectory.MARKER);
        FileSystem fs = FileSystem.get(conf);
        assertThat(Arrays.stream(fs.listStatus(new Path("/benchmarks/all"))).map(status -> status.getPath().getName()))
                .containsExactly(OwnedDirectory.MARKER);
    }

    @Test
    void keptObjectsLieInTheBucketUnderNnThroughputBenchmarksNames() throws Exception {
        FsMetadataResult result = new FsMetadata(conf).run(FsMetadataOptions.builder(FsOperation.CREATE).files(6)
                .filesPerDir(2).threads(2).keepResults(true).baseDir("/benchmarks/kept").build());

        assertThat(result.failures()).isEmpty();
        assertThat(result.renameNote()).isEmpty();
        assertThat(onDisk("benchmarks/kept")).containsExactly(OwnedDirectory.MARKER,
                "create/ThroughputBenchDir0/ThroughputBench0", "create/ThroughputBenchDir0/ThroughputBench1",
                "create/ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBench4",
                "create/ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBench5",
                "create/ThroughputBenchDir1/ThroughputBench2", "create/ThroughputBenchDir1/ThroughputBench3");
    }

    /** The objects under {@code prefix} of the bucket, as the server keeps them on its disk, sorted. */
    private static List<String> onDisk(String prefix) throws IOException {
        java.nio.file.Path dir = temp.resolve("store/s3/data/hbench").resolve(prefix);
        try (Stream<java.nio.file.Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(file -> dir.relativize(file).toString()).sorted()
                    .collect(Collectors.toList());
        }
    }
}
