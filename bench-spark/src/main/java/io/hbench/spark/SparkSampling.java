package io.hbench.spark;

import static java.util.Objects.requireNonNull;

import io.hbench.resources.ClusterSampling;
import io.hbench.resources.ResourceSampling;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Whether a Spark program's run samples every host for its whole length ({@link ClusterSampling}). hbench samples the
 * hosts through YARN's NodeManagers, which are where Spark's executors run only under {@code spark.master yarn}; with
 * another master (local, standalone, Kubernetes) no host is sampled, and the run says so in one line.
 */
public final class SparkSampling {
    /** Spark 4's one master URL for YARN. */
    static final String YARN = "yarn";

    private SparkSampling() {
    }

    /** Whether a run under Spark master {@code master} samples the cluster's hosts: on YARN. */
    public static boolean samplesCluster(String master) {
        return YARN.equals(requireNonNull(master, "master is null").strip());
    }

    /**
     * The line for stderr of a run under {@code master} that samples no host although sampling is on; empty where it
     * samples, or where {@code -noResources} (or an interval of 0) turned sampling off.
     */
    public static Optional<String> notSampledNote(String master, Configuration conf) {
        if (samplesCluster(master) || ResourceSampling.interval(conf).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Not sampled: the hosts of Spark's executors (Spark's master is " + master + "; hbench"
                + " samples hosts through YARN's NodeManagers, under --master yarn)");
    }

    /**
     * Makes {@code conf} name YARN as where tasks run under {@code master} yarn, for the sampler, which asks YARN for
     * its NodeManagers where {@code mapreduce.framework.name} says yarn: a Spark cluster need have no mapred-site.xml.
     */
    static void nameYarn(Configuration conf, String master) {
        if (samplesCluster(master)) {
            conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.YARN_FRAMEWORK_NAME, "Spark's master " + YARN);
        }
    }
}
