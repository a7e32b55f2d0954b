package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which principals blockReport's simulated DataNodes may register as on a secured cluster. */
class DataNodePrincipalTest {
    @Test
    void anyHostsDataNodePrincipalMatchesAHostPattern() {
        assertThat(BlockReports.isDataNodePrincipal("dn/node7.example.com@EXAMPLE.COM", "dn/_HOST@EXAMPLE.COM"))
                .isTrue();
    }

    @Test
    void aNamedHostMustBeThatHost() {
        assertThat(BlockReports.isDataNodePrincipal("dn/node7@EXAMPLE.COM", "dn/node7@EXAMPLE.COM")).isTrue();
        assertThat(BlockReports.isDataNodePrincipal("dn/node8@EXAMPLE.COM", "dn/node7@EXAMPLE.COM")).isFalse();
    }

    @Test
    void anotherServiceOrRealmIsNotTheDataNodes() {
        assertThat(BlockReports.isDataNodePrincipal("alice@EXAMPLE.COM", "dn/_HOST@EXAMPLE.COM")).isFalse();
        assertThat(BlockReports.isDataNodePrincipal("nn/node7@EXAMPLE.COM", "dn/_HOST@EXAMPLE.COM")).isFalse();
        assertThat(BlockReports.isDataNodePrincipal("dn/node7@OTHER.ORG", "dn/_HOST@EXAMPLE.COM")).isFalse();
    }
}
