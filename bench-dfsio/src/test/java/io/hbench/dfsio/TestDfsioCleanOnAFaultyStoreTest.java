package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.testing.FaultyFileSystem;
import io.hbench.testing.ToolRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO -clean on a store that answers a delete with success and keeps a directory's directories (faulty:///, as
 * the S3 server of issue 40 did), and on one that does not: no cluster, no job, the local file system under it.
 */
class TestDfsioCleanOnAFaultyStoreTest {
    @TempDir
    Path temp;

    /**
     * What a write and a read leave in the base directory: the marker, 2 control files, 2 data files and 2 outputs, 7
     * files of 31 bytes.
     */
    private Path baseDirAsARunLeftIt() throws Exception {
        Path base = temp.resolve("dfsio");
        Files.createDirectories(base.resolve("io_control"));
        Files.createDirectories(base.resolve("io_data"));
        Files.createDirectories(base.resolve("io_write"));
        Files.createDirectories(base.resolve("io_read"));
        Files.writeString(base.resolve(OwnedDirectory.MARKER), "Created by hbench.\n");
        for (int i = 0; i < 2; i++) {
            Files.writeString(base.resolve("io_control/in_file_test_io_" + i), "c");
            Files.writeString(base.resolve("io_data/test_io_" + i), "data");
        }
        Files.writeString(base.resolve("io_write/part-00000"), "w");
        Files.writeString(base.resolve("io_read/part-00000"), "r");
        return base;
    }

    private static ToolRun clean(Path base, FaultyFileSystem.Fault... faults) throws Exception {
        Configuration conf = FaultyFileSystem.configure(new Configuration(), "", faults);
        // A file system of its own as the default: no embedded cluster is started for it.
        conf.set("fs.defaultFS", FaultyFileSystem.SCHEME + ":///");
        return ToolRun.run(conf, TestDfsioTool::new, "-clean", "-rootDir", FaultyFileSystem.pathOf(base).toString());
    }

    @Test
    void aCleanThatTheStoreKeptFailsInOneLineWithWhatIsLeftAndNeverSaysRemoved() throws Exception {
        Path base = baseDirAsARunLeftIt();

        ToolRun run = clean(base, FaultyFileSystem.Fault.KEEPS_NESTED_DIRECTORIES);

        // The delete took the marker, the base directory's one file, and kept its 4 directories and their 6 files.
        assertThat(run.status).isEqualTo(ErrorCode.CLEANUP_INCOMPLETE.kind().exitStatus().code()).isEqualTo(1);
        assertThat(run.err.lines()).containsExactly("TestDFSIO: 10 entries left under faulty:" + base
                + " after removing it: the store kept them (a store whose listing hides directories that hold only"
                + " directories does: check it with 'hadoop fs -ls -R')");
        assertThat(run.out + run.err).doesNotContain("removed");
        assertThat(Files.isDirectory(base.resolve("io_data"))).isTrue();
    }

    @Test
    void aCleanOnAHealthyStoreRemovesTheDirectoryAndSaysSo() throws Exception {
        Path base = baseDirAsARunLeftIt();

        ToolRun run = clean(base);

        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).isEqualTo("TestDFSIO: removed faulty:" + base + ": 7 files, 0.0000296 MiB (31 bytes)\n");
        assertThat(Files.exists(base)).isFalse();
    }
}
