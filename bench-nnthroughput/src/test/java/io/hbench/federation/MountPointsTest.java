package io.hbench.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class MountPointsTest {
    private static final InetSocketAddress ROUTER = new InetSocketAddress("127.0.0.1", 8888);

    @Test
    void mountPointsAreGroupedBySubclusterAndOneSpanningSubclustersBelongsToNone() {
        MountPoints table = new MountPoints(List.of(new MountPoints.Entry("/ns1", List.of("ns1")),
                new MountPoints.Entry("/b", List.of("ns0")), new MountPoints.Entry("/a", List.of("ns0", "ns0")),
                new MountPoints.Entry("/both", List.of("ns0", "ns1")), new MountPoints.Entry("/none", List.of())));

        assertThat(table.bySubcluster()).containsExactly(Map.entry("ns0", List.of("/a", "/b")),
                Map.entry("ns1", List.of("/ns1")));
        assertThat(table.subclusters("/nnThroughputBenchmark")).containsExactly(
                new Subcluster("ns0", "/a/nnThroughputBenchmark"), new Subcluster("ns1", "/ns1/nnThroughputBenchmark"));
    }

    @Test
    void theBaseDirectoryInASubclusterIsTheMountPointAndTheLastComponentOfBaseDirName() {
        assertThat(Subcluster.under("ns0", "/ns0", "/deep/bench").baseDir()).isEqualTo("/ns0/bench");
        assertThat(Subcluster.under("ns0", "/ns0/", "/bench/").baseDir()).isEqualTo("/ns0/bench");
    }

    @Test
    void theAdminAddressTakesTheRoutersHostWhenItsSettingIsAWildcardOrUnset() {
        Configuration conf = new Configuration(false);
        assertThat(MountPoints.adminAddress(ROUTER, conf)).isEqualTo(new InetSocketAddress("127.0.0.1", 8111));
        conf.set(MountPoints.ADMIN_ADDRESS, "0.0.0.0:9111");
        assertThat(MountPoints.adminAddress(ROUTER, conf)).isEqualTo(new InetSocketAddress("127.0.0.1", 9111));
        conf.set(MountPoints.ADMIN_ADDRESS, "localhost:7111");
        assertThat(MountPoints.adminAddress(ROUTER, conf)).isEqualTo(new InetSocketAddress("localhost", 7111));
    }

    @Test
    void pathsGivenByHandMustBeAbsoluteAndEachGivenOnce() {
        assertThat(SubclusterTargets.paths(List.of("/ns0", "/ns1")).givenPaths()).contains(List.of("/ns0", "/ns1"));
        assertThat(SubclusterTargets.fromMountTable().givenPaths()).isEmpty();
        assertThatThrownBy(() -> SubclusterTargets.paths(List.of("ns0"))).hasMessage(
                "'ns0' is not an absolute path below the root");
        assertThatThrownBy(() -> SubclusterTargets.paths(List.of("/"))).hasMessage(
                "'/' is not an absolute path below the root");
        assertThatThrownBy(() -> SubclusterTargets.paths(List.of("/ns0", "/ns0"))).hasMessage("/ns0 is given twice");
    }
}
