package io.hbench.hs;

import io.hbench.error.InvalidOptionException;
import org.apache.hadoop.fs.Path;

/** Checks the options of several programs share. */
final class HsOptions {
    private HsOptions() {
    }

    static void checkReplication(int replication) {
        if (replication < 1 || replication > HsGenOptions.MAX_REPLICATION) {
            throw new InvalidOptionException("{} must be from 1 to " + HsGenOptions.MAX_REPLICATION + ", got "
                    + replication, "replication");
        }
    }

    /** @param option the option's name, as its builder method is named */
    static void checkPath(String option, String path) {
        if (path == null || path.isBlank()) {
            throw new InvalidOptionException("{} is empty", option);
        }
        try {
            new Path(path);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionException("{} '" + path + "' is not a valid path: " + e.getMessage(), option);
        }
    }
}
