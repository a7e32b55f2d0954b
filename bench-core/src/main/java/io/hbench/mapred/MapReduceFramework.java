package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.security.KerberosLogin;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.nativeio.NativeIO;
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
     * Refuses, before a program writes anything, to run a job with a shuffle (reducers) in this process while Kerberos
     * is on and this process lacks Hadoop's native library. With Kerberos on, the shuffle opens map outputs only
     * through SecureIOUtils, which checks each file's owner with native code; without it every reducer fails and the
     * job with it, giving no reason. Secured clusters' NodeManagers have the library; a client running the tasks
     * itself may not.
     */
    public static void requireShuffleSupport(Configuration conf) {
        requireShuffleSupport(conf, NativeIO.isAvailable());
    }

    /** @param nativeIo whether Hadoop's native I/O is loaded in this process */
    static void requireShuffleSupport(Configuration conf, boolean nativeIo) {
        if (nativeIo || !isLocal(conf) || !KerberosLogin.isKerberos(conf)) {
            return;
        }
        throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "MapReduce would run this program's tasks in"
                + " this process (mapreduce.framework.name=local), and with Kerberos on its shuffle needs Hadoop's native"
                + " library, which this process has not loaded: run on YARN (mapreduce.framework.name=yarn), or give"
                + " the JVM Hadoop's native library (-Djava.library.path=$HADOOP_HOME/lib/native)");
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
