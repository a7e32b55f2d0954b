package io.hbench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.resources.ResourceSampling;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which Spark runs sample the cluster's hosts: those on YARN, through its NodeManagers; the others say so. */
class SparkSamplingTest {
    @Test
    void aRunOnYarnSamplesTheClusterAndSaysNothing() {
        assertThat(SparkSampling.samplesCluster("yarn")).isTrue();
        assertThat(SparkSampling.notSampledNote("yarn", new Configuration(false))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"local[2]", "local[*]", "spark://master:7077", "k8s://https://api:6443", ""})
    void aRunUnderAnotherMasterSamplesNothing(String master) {
        assertThat(SparkSampling.samplesCluster(master)).isFalse();
    }

    @Test
    void aRunUnderAnotherMasterSaysInOneLineThatNoHostIsSampled() {
        assertThat(SparkSampling.notSampledNote("local[2]", new Configuration(false))).contains("Not sampled: the"
                + " hosts of Spark's executors (Spark's master is local[2]; hbench samples hosts through YARN's"
                + " NodeManagers, under --master yarn)");
    }

    @Test
    void aRunWithSamplingOffSaysNothing() {
        Configuration conf = new Configuration(false);
        ResourceSampling.disable(conf);

        assertThat(SparkSampling.notSampledNote("local[2]", conf)).isEmpty();
    }

    @Test
    void theSamplerAsksYarnForItsNodeManagersUnderMasterYarn() {
        Configuration yarn = new Configuration();
        SparkSampling.nameYarn(yarn, "yarn");
        Configuration local = new Configuration();
        SparkSampling.nameYarn(local, "local[2]");

        assertThat(MapReduceFramework.isLocal(yarn)).isFalse();
        assertThat(MapReduceFramework.name(local)).isEqualTo(MapReduceFramework.name(new Configuration()));
    }
}
