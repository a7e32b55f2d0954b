package io.hbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.testing.FaultyFileSystem.Fault;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fault-injecting store other tests stand on misbehaves exactly as it says, and only where it is told to. */
class FaultyFileSystemTest {
    @TempDir
    java.nio.file.Path dir;

    private FileSystem fs(String paths, Fault... faults) throws IOException {
        return FileSystem.get(FaultyFileSystem.pathOf(dir).toUri(),
                FaultyFileSystem.configure(new Configuration(false), paths, faults));
    }

    @Test
    void recursiveDeleteLeavesNestedDirectoriesAndSaysItDeleted() throws IOException {
        FileSystem fs = fs("", Fault.KEEPS_NESTED_DIRECTORIES);
        Path base = new Path(FaultyFileSystem.pathOf(dir), "base");
        fs.mkdirs(new Path(base, "a/b"));
        fs.create(new Path(base, "file")).close();

        assertThat(fs.delete(base, true)).isTrue();

        assertThat(Files.exists(dir.resolve("base/a/b"))).isTrue();
        assertThat(Files.exists(dir.resolve("base/file"))).isFalse();
    }

    @Test
    void readsComeBackMangledAtEachFourKibibytes() throws IOException {
        FileSystem fs = fs("", Fault.CORRUPTS_READS);
        Path file = new Path(FaultyFileSystem.pathOf(dir), "body");
        byte[] body = new byte[5000];
        try (OutputStream out = fs.create(file)) {
            out.write(body);
        }
        byte[] read;
        try (InputStream in = fs.open(file)) {
            read = in.readAllBytes();
        }
        assertThat(read).hasSize(5000);
        assertThat(read[0]).isEqualTo((byte) 0xFF);
        assertThat(read[4096]).isEqualTo((byte) 0xFF);
        assertThat(read[1]).isZero();
    }

    @Test
    void listingsFailAsAServerErrorOnlyOnTheFaultedPaths() throws IOException {
        FileSystem fs = fs("bad", Fault.FAILS_LISTINGS);
        fs.mkdirs(new Path(FaultyFileSystem.pathOf(dir), "bad"));
        fs.mkdirs(new Path(FaultyFileSystem.pathOf(dir), "good"));

        assertThat(fs.listStatus(new Path(FaultyFileSystem.pathOf(dir), "good"))).isEmpty();
        assertThatThrownBy(() -> fs.listStatus(new Path(FaultyFileSystem.pathOf(dir), "bad")))
                .hasMessageContaining("Status Code: 500");
    }

    @Test
    void writesDieAfterTheLimitKeepingWhatWasWritten() throws IOException {
        Configuration conf = FaultyFileSystem.configure(new Configuration(false), "", Fault.DIES_MID_WRITE);
        conf.setLong(FaultyFileSystem.WRITE_LIMIT_KEY, 10);
        FileSystem fs = FileSystem.get(FaultyFileSystem.pathOf(dir).toUri(), conf);
        Path file = new Path(FaultyFileSystem.pathOf(dir), "half");

        try (OutputStream out = fs.create(file)) {
            out.write(new byte[8]);
            assertThatThrownBy(() -> out.write(new byte[8])).isInstanceOf(ConnectException.class);
        }
        assertThat(Files.size(dir.resolve("half"))).isEqualTo(10);
        assertThat(fs.getUri().getScheme()).isEqualTo("faulty");
    }
}
