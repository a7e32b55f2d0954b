package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.EmbeddedCluster;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.util.ConfigUtil;

/**
 * Where MapReduce runs a job's tasks: in this client's process ({@code local}) or on a cluster
 * ({@code yarn}). The one place hbench reads {@code mapreduce.framework.name}.
 *
 * <p>A {@link Configuration} built by ToolRunner knows only core-default.xml and core-site.xml;
 * mapred-site.xml joins its default resources only once MapReduce's configuration classes have
 * loaded. Read before that, the key says {@code local} on a gateway whose mapred-site.xml says
 * {@code yarn}, so every reader must go through here.
 */
public final class MapReduceFramework {
    private MapReduceFramework() {
    }

    /** The framework's name as MapReduce will read it when the job is submitted, e.g. "local" or "yarn". */
    public static String name(Configuration conf) {
        requireNonNull(conf, "conf is null");
        // Adds mapred-default.xml, mapred-site.xml, yarn-default.xml and yarn-site.xml to every
        // Configuration's default resources; idempotent.
        ConfigUtil.loadResources();
        return conf.getTrimmed(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    }

    /** Whether MapReduce runs the tasks inside this client process. */
    public static boolean isLocal(Configuration conf) {
        return MRConfig.LOCAL_FRAMEWORK_NAME.equals(name(conf));
    }

    /**
     * Whether MapReduce would run a job's tasks inside this client although the data is on a
     * cluster's file system: {@code -fs hdfs://...} on a machine whose configuration names no YARN.
     * The embedded cluster runs its tasks in-process by design and is not such a case.
     */
    public static boolean runsTasksInThisClientAgainstACluster(Configuration conf) {
        return isLocal(conf) && !"file".equals(FileSystem.getDefaultUri(conf).getScheme())
                && !conf.getBoolean(EmbeddedCluster.EMBEDDED_KEY, false);
    }
}
