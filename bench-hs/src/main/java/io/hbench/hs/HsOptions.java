package io.hbench.hs;

import org.apache.hadoop.fs.Path;

/** Checks the options of several programs share. */
final class HsOptions {
    private HsOptions() {
    }

    static void checkReplication(int replication) {
        if (replication < 1 || replication > HsGenOptions.MAX_REPLICATION) {
            throw new IllegalArgumentException("-replication must be from 1 to " + HsGenOptions.MAX_REPLICATION
                    + ", got " + replication);
        }
    }

    static void checkPath(String flag, String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(flag + " is empty");
        }
        try {
            new Path(path);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + " '" + path + "' is not a valid path: " + e.getMessage());
        }
    }
}
