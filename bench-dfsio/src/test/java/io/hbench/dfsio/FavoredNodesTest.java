package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.InvalidOptionException;
import java.net.InetSocketAddress;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;

class FavoredNodesTest {
    private static final Configuration NO_TRANSFER_ADDRESS = new Configuration(false);

    @Test
    void aHostWithoutPortMeansTheConfiguredTransferPort() {
        Configuration conf = new Configuration(false);
        conf.set("dfs.datanode.address", "0.0.0.0:50010");

        FavoredNodes nodes = FavoredNodes.resolve(List.of("127.0.0.1", "127.0.0.2:9999"), conf);

        assertThat(nodes.addresses()).containsExactly(new InetSocketAddress("127.0.0.1", 50010),
                new InetSocketAddress("127.0.0.2", 9999));
    }

    @Test
    void aHostWithoutPortMeansHdfssDefaultTransferPortWhereNoneIsConfigured() {
        assertThat(FavoredNodes.resolve(List.of("127.0.0.1"), NO_TRANSFER_ADDRESS).addresses())
                .containsExactly(new InetSocketAddress("127.0.0.1", 9866));
    }

    @Test
    void aHostWithoutPortIsRefusedWhereTheConfiguredTransferPortIsAny() {
        Configuration conf = new Configuration(false);
        conf.set("dfs.datanode.address", "127.0.0.1:0");

        assertThatThrownBy(() -> FavoredNodes.resolve(List.of("127.0.0.1"), conf))
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("dataNodes 127.0.0.1 has no port, and this cluster's dfs.datanode.address (127.0.0.1:0)"
                        + " names none: give host:port");
    }

    @Test
    void aHostThatDoesNotResolveIsRefused() {
        assertThatThrownBy(() -> FavoredNodes.resolve(List.of("127.0.0.1", "no-such-host.invalid:9866"),
                NO_TRANSFER_ADDRESS))
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage("dataNodes host no-such-host.invalid does not resolve");
    }

    @Test
    void aBlockIsPlacedAsAskedWhenEveryFavoredNodeHoldsAReplica() throws Exception {
        FavoredNodes twoOfThree = favored("10.0.0.1:1", "10.0.0.2:1");

        FavoredPlacement placement = twoOfThree.placement(new BlockLocation[] {
                block("10.0.0.1:1", "10.0.0.2:1", "10.0.0.3:1"),
                block("10.0.0.2:1", "10.0.0.3:1", "10.0.0.1:1"),
                // One favored node passed over.
                block("10.0.0.1:1", "10.0.0.3:1", "10.0.0.4:1"),
                // The right host, another DataNode on it.
                block("10.0.0.1:1", "10.0.0.2:2", "10.0.0.3:1"),
                block("10.0.0.3:1", "10.0.0.4:1", "10.0.0.5:1")}, 3);

        assertThat(placement).isEqualTo(new FavoredPlacement(2, 5));
    }

    @Test
    void withMoreFavoredNodesThanReplicasAnyOfThemWillDo() throws Exception {
        FavoredNodes four = favored("10.0.0.1:1", "10.0.0.2:1", "10.0.0.3:1", "10.0.0.4:1");

        FavoredPlacement placement = four.placement(new BlockLocation[] {
                block("10.0.0.4:1", "10.0.0.2:1"),
                block("10.0.0.1:1", "10.0.0.3:1"),
                block("10.0.0.1:1", "10.0.0.9:1")}, 2);

        assertThat(placement).isEqualTo(new FavoredPlacement(2, 3));
    }

    @Test
    void withOneReplicaTheFavoredNodeMustHoldIt() throws Exception {
        FavoredNodes one = favored("10.0.0.1:1");

        FavoredPlacement placement = one.placement(new BlockLocation[] {
                block("10.0.0.1:1"), block("10.0.0.1:1"), block("10.0.0.2:1")}, 1);

        assertThat(placement).isEqualTo(new FavoredPlacement(2, 3));
    }

    @Test
    void anEmptyFileHasNoBlocksToPlace() throws Exception {
        assertThat(favored("10.0.0.1:1").placement(new BlockLocation[0], 3)).isEqualTo(new FavoredPlacement(0, 0));
    }

    private static FavoredNodes favored(String... nodes) {
        return FavoredNodes.resolve(List.of(nodes), NO_TRANSFER_ADDRESS);
    }

    private static BlockLocation block(String... names) {
        return new BlockLocation(names, names, 0, 1);
    }
}
