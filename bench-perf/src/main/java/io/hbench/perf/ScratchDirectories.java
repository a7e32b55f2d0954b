package io.hbench.perf;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileUtil;

/** The comparisons' scratch directories (name directories, embedded clusters) under the temp directory. */
final class ScratchDirectories {
    private ScratchDirectories() {
    }

    /** Removes {@code dir} and everything in it; a directory that cannot be removed is an error, not a leftover. */
    static void delete(Path dir) throws IOException {
        if (!FileUtil.fullyDelete(dir.toFile())) {
            throw new IOException("cannot delete scratch directory " + dir);
        }
    }
}
