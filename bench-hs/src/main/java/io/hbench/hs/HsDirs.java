package io.hbench.hs;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Directory rules shared by the programs: hbench writes only into its own directories. */
public final class HsDirs {
    private HsDirs() {
    }

    /**
     * Claims {@code dir} as an output directory (see {@link OwnedDirectory#claim}) and removes what
     * an earlier run left in it. A directory that exists and is not hbench's throws UNSAFE_DIRECTORY
     * before anything is deleted.
     */
    public static OwnedDirectory claimEmpty(FileSystem fs, Path dir, String flag) throws IOException {
        OwnedDirectory owned = OwnedDirectory.claim(fs, dir, flag);
        for (FileStatus entry : fs.listStatus(owned.path())) {
            String name = entry.getPath().getName();
            if (!name.equals(OwnedDirectory.MARKER)) {
                owned.deleteChild(name);
            }
        }
        return owned;
    }

    /** The data files of a directory: every file whose name does not start with "_" or ".", by name. */
    static List<FileStatus> dataFiles(FileSystem fs, Path dir, String flag) throws IOException {
        if (!fs.exists(dir)) {
            throw new BenchException(ErrorCode.MISSING_INPUT, flag + " " + fs.makeQualified(dir) + " does not exist");
        }
        if (!fs.getFileStatus(dir).isDirectory()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " " + fs.makeQualified(dir)
                    + " is a file, not a directory");
        }
        List<FileStatus> files = new ArrayList<>();
        for (FileStatus status : fs.listStatus(dir)) {
            String name = status.getPath().getName();
            if (status.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                files.add(status);
            }
        }
        files.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
        return files;
    }

    /**
     * Whether {@code path} is in an object store, as its file system answers (never as its scheme suggests): its
     * files are objects with entity tags, which neither HDFS's files nor local ones have. In a store a rename is a
     * copy and a delete.
     */
    static boolean isObjectStore(FileSystem fs, Path path) throws IOException {
        return fs.hasPathCapability(path, CommonPathCapabilities.ETAGS_AVAILABLE);
    }

    /**
     * Whether {@code path}'s file system reports how many replicas its files have. One whose block locations are
     * made up from a file's length (an object store, the local file system) keeps no replicas on the cluster's
     * hosts, and says replication 1 whatever keeps the data durable.
     */
    static boolean reportsReplicas(FileSystem fs, Path path) throws IOException {
        return !fs.hasPathCapability(path, CommonPathCapabilities.VIRTUAL_BLOCK_LOCATIONS);
    }
}
