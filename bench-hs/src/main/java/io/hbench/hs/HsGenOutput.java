package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.math.BigInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * HSGen's output directory on every engine: claimed and emptied before the data are written, and completed with the
 * summary ({@link GenSummary}) once they are.
 */
public final class HsGenOutput {
    private final HsGenOptions options;
    private final FileSystem fs;
    private final OwnedDirectory dir;
    private final UndoLog.Registration generating;

    private HsGenOutput(HsGenOptions options, FileSystem fs, OwnedDirectory dir) {
        this.options = options;
        this.fs = fs;
        this.dir = dir;
        // Should the run be stopped from outside, data still being generated goes; complete data stays, for HSSort.
        this.generating = dir.emptiedOnInterrupt();
    }

    /** Claims {@code options}' output directory, empty (see {@link HsDirs#claimEmpty}). */
    public static HsGenOutput claim(Configuration conf, HsGenOptions options) throws IOException {
        requireNonNull(options, "options is null");
        Path path = new Path(options.outputDir());
        FileSystem fs = path.getFileSystem(conf);
        StoreCheck.reach(conf, fs, path);
        OwnedDirectory dir = HsDirs.claimEmpty(fs, path, "-output");
        // The job's output committer may rename what the tasks wrote.
        StoreCheck.before(conf, dir, true);
        return new HsGenOutput(options, fs, dir);
    }

    /** The directory, qualified. */
    public Path path() {
        return dir.path();
    }

    public FileSystem fileSystem() {
        return fs;
    }

    /**
     * Stores the row count and checksum of the data written beside them, and keeps the data should the run be stopped
     * from now on.
     *
     * @throws BenchException JOB_FAILED if the job wrote another number of rows than asked for
     */
    public void complete(long rows, BigInteger checksum) throws IOException {
        if (rows != options.rows()) {
            throw new BenchException(ErrorCode.JOB_FAILED, "HSGen: the job wrote " + rows + " rows, not "
                    + options.rows());
        }
        new GenSummary(rows, checksum, options.skew()).write(fs, dir.path());
        generating.close();
    }
}
