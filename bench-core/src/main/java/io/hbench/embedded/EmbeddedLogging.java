package io.hbench.embedded;

import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/** Keeps Hadoop's daemons quiet in embedded mode, so that results read cleanly (DESIGN.md). */
final class EmbeddedLogging {
    /** Loggers that warn about facts of an embedded, single-machine cluster, which are not problems here. */
    private static final String[] EXPECTED_WARNINGS = {
        "org.apache.hadoop.util.NativeCodeLoader",
        "org.apache.hadoop.metrics2",
        "org.apache.hadoop.mapreduce.JobResourceUploader",
        "org.apache.hadoop.hdfs.server",
        "org.apache.hadoop.http.HttpRequestLog",
        "org.apache.hadoop.security.authentication.server.AuthenticationFilter",
    };
    /** Stopping daemons interrupts their threads, and they log that loudly; it is expected. */
    private static final String[] SHUTDOWN_NOISE = {
        "org.apache.hadoop.hdfs",
        "org.apache.hadoop.hdfs.server",
        "org.apache.hadoop.fs.CachingGetSpaceUsed",
        "org.apache.hadoop.ipc",
    };

    private EmbeddedLogging() {
    }

    static void quiet() {
        Logger.getRootLogger().setLevel(Level.WARN);
        for (String name : EXPECTED_WARNINGS) {
            Logger.getLogger(name).setLevel(Level.ERROR);
        }
    }

    static void silenceShutdown() {
        for (String name : SHUTDOWN_NOISE) {
            Logger.getLogger(name).setLevel(Level.OFF);
        }
    }
}
