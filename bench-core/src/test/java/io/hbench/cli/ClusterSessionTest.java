package io.hbench.cli;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClusterSessionTest {
    @Test
    void seesNoClusterInTheShippedDefaults() {
        assertThat(ClusterSession.isClusterConfigured(new Configuration())).isFalse();
    }

    @Test
    void seesAClusterWhenDefaultFsIsHdfs() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "hdfs://nn:8020");

        assertThat(ClusterSession.isClusterConfigured(conf)).isTrue();
    }

    @Test
    void respectsALocalDefaultFsTheUserChoseExplicitly() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");

        assertThat(ClusterSession.isClusterConfigured(conf)).isTrue();
    }

    @Test
    void keepsTheChoiceInACopyOfTheConfiguration() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");

        assertThat(ClusterSession.isClusterConfigured(new Configuration(conf))).isTrue();
        assertThat(ClusterSession.isClusterConfigured(new Configuration(new Configuration()))).isFalse();
    }
}
