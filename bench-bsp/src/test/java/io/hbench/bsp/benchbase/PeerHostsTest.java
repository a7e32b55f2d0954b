package io.hbench.bsp.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the peers of a job ran, as RandBench and EBB both say it. */
class PeerHostsTest {
    @Test
    void peersOnHostsOfTheirOwnShareNone() {
        PeerHosts hosts = new PeerHosts(List.of("w1", "w2", "w3"));

        assertThat(hosts.count()).isEqualTo(3);
        assertThat(hosts.oneHost()).isFalse();
        assertThat(hosts.someShared()).isFalse();
        assertThat(hosts.betweenHosts(0, 2)).isTrue();
        assertThat(hosts.summary()).isEqualTo("3 peers on 3 hosts");
    }

    @Test
    void peersOnOneHostAreNoneBetweenHosts() {
        PeerHosts hosts = new PeerHosts(List.of("vm", "vm"));

        assertThat(hosts.oneHost()).isTrue();
        assertThat(hosts.someShared()).isFalse();
        assertThat(hosts.betweenHosts(0, 1)).isFalse();
        assertThat(hosts.summary()).isEqualTo("2 peers on 1 host");
        assertThat(hosts.where()).isEqualTo("all 2 peers ran on one host (vm)");
    }

    @Test
    void theHostsThatRanSeveralPeersAreNamedMostFirstAndTheRestCounted() {
        PeerHosts hosts = new PeerHosts(List.of("a", "b", "b", "c", "c", "c", "d", "d", "e", "e", "f"));

        assertThat(hosts.someShared()).isTrue();
        assertThat(hosts.betweenHosts(1, 2)).isFalse();
        assertThat(hosts.where()).isEqualTo("the 11 peers ran on 6 hosts (3 on c, 2 on b, 2 on d and 1 more host"
                + " with several)");
    }
}
