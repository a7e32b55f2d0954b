package io.hbench.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.fs.StoreStatistics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded cluster on S3Proxy, a real S3 API server, reached through S3A as a cluster on S3 reaches its store. */
class EmbeddedObjectStoreTest {
    @TempDir
    Path temp;

    @Test
    void keepsObjectsAcrossRestartsRunsJobsThroughTheMagicCommitterAndKeepsItsCredentialsOwnerOnly() throws Exception {
        Path dir = temp.resolve("store");
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/bench/in/data.txt");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), dir, EmbeddedCluster.Storage.S3)) {
            assertThat(cluster.storage()).isEqualTo(EmbeddedCluster.Storage.S3);
            assertThat(cluster.dataNodes()).isZero();
            Configuration conf = cluster.clientConfiguration();
            assertThat(conf.get("fs.defaultFS")).isEqualTo("s3a://hbench/");
            FileSystem fs = FileSystem.get(conf);
            assertThat(StoreStatistics.counts(fs)).as("S3A counts its requests").isTrue();
            try (FSDataOutputStream out = fs.create(file)) {
                out.write("a\nb\nc\n".getBytes(StandardCharsets.UTF_8));
            }
            // S3A's committers make a directory per task attempt and list it at commit, empty if the task wrote
            // nothing (a map task of a job with reducers): the server must keep such a marker as S3 does.
            org.apache.hadoop.fs.Path empty = new org.apache.hadoop.fs.Path("/bench/empty");
            assertThat(fs.mkdirs(empty)).isTrue();
            assertThat(fs.getFileStatus(empty).isDirectory()).isTrue();
            assertThat(fs.listFiles(empty, true).hasNext()).isFalse();
        }
        // The server keeps each object as a file of the bucket's directory.
        assertThat(Files.readString(dir.resolve("s3/data/hbench/bench/in/data.txt"))).isEqualTo("a\nb\nc\n");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(new Configuration(), dir, EmbeddedCluster.Storage.S3)) {
            Configuration conf = cluster.clientConfiguration();
            FileSystem fs = FileSystem.get(conf);
            assertThat(fs.getFileStatus(file).getLen()).isEqualTo(6);
            assertThatThrownBy(() -> EmbeddedCluster.start(new Configuration(), dir, EmbeddedCluster.Storage.S3))
                    .isInstanceOf(BenchException.class)
                    .hasMessageContaining("is in use by another hbench program");

            Job job = Job.getInstance(conf, "identity");
            job.setMapperClass(Mapper.class);
            job.setNumReduceTasks(0);
            job.setOutputKeyClass(LongWritable.class);
            job.setOutputValueClass(Text.class);
            FileInputFormat.addInputPath(job, file.getParent());
            org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/bench/out");
            FileOutputFormat.setOutputPath(job, out);
            assertThat(job.waitForCompletion(false)).isTrue();
            assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path(out, "part-m-00000")).getLen()).isPositive();
            // An S3A committer's _SUCCESS is a JSON manifest naming it; the classic committer's is empty.
            String success = new String(fs.open(new org.apache.hadoop.fs.Path(out, "_SUCCESS")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertThat(success).contains("\"committer\":\"magic\"");
        }
        Path secrets = dir.resolve("s3/secrets");
        assertThat(Files.getPosixFilePermissions(secrets)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        try (Stream<Path> files = Files.list(secrets)) {
            files.forEach(secret -> assertThat(permissions(secret)).isEqualTo("rw-------"));
        }
    }

    private static String permissions(Path file) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
