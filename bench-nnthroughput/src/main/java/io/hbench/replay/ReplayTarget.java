package io.hbench.replay;

import java.io.Closeable;

/**
 * What a replay issues its commands to: a file system ({@link FileSystemTarget}), or a test's fake. Called by many
 * workers at once.
 */
interface ReplayTarget extends Closeable {
    /**
     * Issues {@code call} as its logged user, or as the running user when the replay does not impersonate.
     *
     * @return false when the file system answered false (a delete of nothing, a refused rename): counted as a failure
     * @throws Exception the command's failure, counted by its cause ({@link FailureCause})
     */
    boolean issue(ReplayCall call) throws Exception;
}
