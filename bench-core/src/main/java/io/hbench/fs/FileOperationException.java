package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.ErrorText;
import java.io.IOException;

/**
 * A file operation of a benchmark's task that failed, said as what the task was doing, on which file, and why in a few
 * words: "could not write s3a://bucket/dfsio/io_data/test_io_2: Connection refused". A task's exception is all that a
 * failed job's cause can quote ({@link io.hbench.mapred.FailedTaskCause}); the file system's own names the request,
 * not the benchmark's step.
 */
public final class FileOperationException extends IOException {
    private static final long serialVersionUID = 1L;
    /** How every such message begins: the task, named before it, is what could not. */
    public static final String BEGINNING = "could not ";

    /**
     * @param operation what the task was doing, as a verb: "write", "read", "append to"
     * @param path the file, as the file system names it
     */
    public FileOperationException(String operation, Object path, Throwable cause) {
        super(BEGINNING + requireNonNull(operation, "operation is null") + " " + requireNonNull(path, "path is null")
                + ": " + causeNotNaming(path.toString(), requireNonNull(cause, "cause is null")), cause);
    }

    /**
     * The cause in a few words ({@link ErrorText#cause}), without what it says first about the same file: an object
     * store's client names the request and the path before its reason ("upload on s3a://b/k: ...").
     */
    private static String causeNotNaming(String path, Throwable cause) {
        String words = ErrorText.cause(cause);
        int named = words.indexOf(path + ": ");
        return named < 0 || named + path.length() + 2 == words.length() ? words
                : words.substring(named + path.length() + 2);
    }
}
