package io.hbench.datanodes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.junit.jupiter.api.Test;

class BlockWritesTest {
    private static final long MIB = 1 << 20;
    private static final long IN_FLIGHT = 82 * 64 * 1024;

    @Test
    void holdsTheStreamsPacketsInFlightTheQueuedOneAndTheOneBeingFilled() {
        assertThat(BlockWrites.inFlight(new Configuration(false))).isEqualTo(IN_FLIGHT);
        Configuration conf = new Configuration(false);
        conf.setInt("dfs.client.write.max-packets-in-flight", 10);
        conf.setInt("dfs.client-write-packet-size", 1000);
        assertThat(BlockWrites.inFlight(conf)).isEqualTo(12_000);
    }

    @Test
    void takesALargeBlocksPipelineWhileOnlySomeReplicasAreReported() throws IOException {
        assertThat(BlockWrites.fits(pipeline(1, 2), location(128 * MIB, 1), IN_FLIGHT)).isTrue();
        assertThat(BlockWrites.fits(pipeline(1, 2), location(128 * MIB, 3), IN_FLIGHT)).isFalse();
    }

    @Test
    void takesASmallBlocksPipelineOnlyOnExactlyItsReportedReplicas() throws IOException {
        // The pipeline asked may be an earlier block's, still being sent: holding the one replica reported proves
        // nothing of the other.
        assertThat(BlockWrites.fits(pipeline(1, 2), location(MIB, 1), IN_FLIGHT)).isFalse();
        assertThat(BlockWrites.fits(pipeline(1, 2), location(MIB, 1, 3), IN_FLIGHT)).isFalse();
        assertThat(BlockWrites.fits(pipeline(1, 2), location(MIB, 2, 1), IN_FLIGHT)).isTrue();
    }

    @Test
    void takesNoPipelineForABlockNotYetLocated() throws IOException {
        assertThat(BlockWrites.fits(pipeline(1, 2), location(128 * MIB), IN_FLIGHT)).isFalse();
    }

    private static DatanodeInfo[] pipeline(int... dataNodes) {
        DatanodeInfo[] pipeline = new DatanodeInfo[dataNodes.length];
        for (int i = 0; i < dataNodes.length; i++) {
            pipeline[i] = new DatanodeInfoBuilder().setIpAddr("10.0.0." + dataNodes[i]).setHostName("dn"
                    + dataNodes[i]).setDatanodeUuid("uuid-" + dataNodes[i]).setXferPort(9866).build();
        }
        return pipeline;
    }

    private static BlockLocation location(long length, int... dataNodes) {
        String[] names = new String[dataNodes.length];
        String[] hosts = new String[dataNodes.length];
        for (int i = 0; i < dataNodes.length; i++) {
            names[i] = "10.0.0." + dataNodes[i] + ":9866";
            hosts[i] = "dn" + dataNodes[i];
        }
        return new BlockLocation(names, hosts, 0, length);
    }
}
