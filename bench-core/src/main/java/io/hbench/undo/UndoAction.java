package io.hbench.undo;

import java.util.Optional;

/** Undoes one thing a run made on the cluster: kills a job, removes a directory. */
@FunctionalInterface
public interface UndoAction {
    /**
     * Undoes it, if there is still something to undo.
     *
     * @return what was done, in the past tense ("killed job job_1_0001", "removed /user/u/x"); empty if nothing was
     *         left to undo (the job had ended, the directory was gone)
     */
    Optional<String> undo() throws Exception;
}
