package io.hbench.fs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What an output committer leaves in a job's output after the job succeeded: the classic committer's
 * {@code _temporary} and S3A's magic committer's {@code __magic*} directories (its {@code .pendingset} files). A
 * committer cleans them up itself; a store that refuses part of the clean-up (a bulk delete answered with 500, an
 * unlisted multipart upload) keeps them, and the job still succeeds. hbench removes them from its own output
 * directories after each job, and checks that they are gone ({@link RunLeftovers}).
 */
public final class CommitterLeftovers {
    private static final String TEMPORARY = "_temporary";
    private static final String MAGIC_PREFIX = "__magic";

    private CommitterLeftovers() {
    }

    /** Whether an entry named {@code name} in a job's output is an output committer's. */
    public static boolean isCommitters(String name) {
        return name.equals(TEMPORARY) || name.startsWith(MAGIC_PREFIX);
    }

    /**
     * Removes the committers' entries in {@code output}, the output of a job that succeeded, each checked to be gone.
     *
     * @return what is left of them, empty if nothing is
     */
    public static List<Leftover> removeFrom(FileSystem fs, Path output) throws IOException {
        List<Leftover> left = new ArrayList<>();
        if (!fs.exists(output)) {
            return left;
        }
        for (FileStatus entry : fs.listStatus(output)) {
            if (isCommitters(entry.getPath().getName())) {
                Optional<Leftover> kept = RunLeftovers.remove(fs, entry.getPath(), entry.getPath().toString());
                kept.ifPresent(left::add);
            }
        }
        return left;
    }
}
