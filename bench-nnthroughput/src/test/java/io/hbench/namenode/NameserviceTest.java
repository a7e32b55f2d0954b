package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class NameserviceTest {
    private static final String PROVIDER = "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider";

    private static Configuration haConfiguration() {
        Configuration conf = new Configuration(false);
        conf.set("dfs.nameservices", "ns1");
        conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
        conf.set("dfs.namenode.rpc-address.ns1.nn1", "127.0.0.1:8020");
        conf.set("dfs.namenode.rpc-address.ns1.nn2", "127.0.0.1:8021");
        conf.set("dfs.client.failover.proxy.provider.ns1", PROVIDER);
        return conf;
    }

    @Test
    void aNameserviceGivesItsNameNodesInTheOrderTheConfigurationListsThem() {
        Nameservice nameservice = Nameservice.of(URI.create("hdfs://ns1"), haConfiguration());

        assertThat(nameservice.logical()).isTrue();
        assertThat(nameservice.name()).isEqualTo("ns1");
        assertThat(nameservice.nameNodes()).containsExactly(
                Map.entry("nn1", new InetSocketAddress("127.0.0.1", 8020)),
                Map.entry("nn2", new InetSocketAddress("127.0.0.1", 8021)));
    }

    @Test
    void oneNameNodeIsNamedByItsAddress() {
        Nameservice nameservice = Nameservice.of(URI.create("hdfs://127.0.0.1:9000"), haConfiguration());

        assertThat(nameservice.logical()).isFalse();
        assertThat(nameservice.name()).isEqualTo("127.0.0.1:9000");
        assertThat(nameservice.nameNodes()).containsOnlyKeys("127.0.0.1:9000");
        assertThatThrownBy(() -> nameservice.states(haConfiguration())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aNameserviceWithoutAFailoverProviderIsRefusedNamingTheSetting() {
        Configuration conf = haConfiguration();
        conf.unset("dfs.client.failover.proxy.provider.ns1");

        assertThatThrownBy(() -> Nameservice.of(URI.create("hdfs://ns1"), conf))
                .isInstanceOf(BenchException.class)
                .hasMessage("-fs hdfs://ns1: nameservice ns1 has no failover proxy provider: set"
                        + " dfs.client.failover.proxy.provider.ns1 (e.g. to " + PROVIDER + ")")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.NAMESERVICE_NOT_CONFIGURED);
    }

    @Test
    void anUnknownNameserviceIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> Nameservice.of(URI.create("hdfs://ns9.invalid"), haConfiguration()))
                .isInstanceOf(BenchException.class)
                .hasMessage("-fs hdfs://ns9.invalid: ns9.invalid is neither a nameservice of dfs.nameservices (ns1)"
                        + " nor a host that resolves");
    }

    @Test
    void aNameserviceWithoutNameNodesOrWithoutAnAddressIsRefusedNamingTheSetting() {
        Configuration noList = haConfiguration();
        noList.unset("dfs.ha.namenodes.ns1");
        Configuration noAddress = haConfiguration();
        noAddress.unset("dfs.namenode.rpc-address.ns1.nn2");

        assertThatThrownBy(() -> Nameservice.of(URI.create("hdfs://ns1"), noList)).hasMessage("-fs hdfs://ns1:"
                + " nameservice ns1 lists no NameNodes: set dfs.ha.namenodes.ns1 and dfs.namenode.rpc-address.ns1.<id>"
                + " for each");
        assertThatThrownBy(() -> Nameservice.of(URI.create("hdfs://ns1"), noAddress)).hasMessage("-fs hdfs://ns1:"
                + " NameNode nn2 of nameservice ns1 has no address: set dfs.namenode.rpc-address.ns1.nn2");
    }

    @Test
    void aNameserviceWithAPortIsRefused() {
        assertThatThrownBy(() -> Nameservice.of(URI.create("hdfs://ns1:8020"), haConfiguration())).hasMessage(
                "-fs hdfs://ns1:8020: ns1 is a nameservice, whose NameNodes have their own ports: give -fs hdfs://ns1"
                        + " without a port");
    }

    @Test
    void aNameNodeThatDoesNotAnswerIsUnreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Configuration conf = haConfiguration();
        conf.set("dfs.namenode.rpc-address.ns1.nn1", "127.0.0.1:" + closedPort);
        conf.set("dfs.namenode.rpc-address.ns1.nn2", "127.0.0.1:" + closedPort);

        NameNodeStates states = Nameservice.of(URI.create("hdfs://ns1"), conf).states(conf);

        assertThat(states.byNameNode()).containsExactly(Map.entry("nn1", "unreachable"),
                Map.entry("nn2", "unreachable"));
        assertThat(states.active()).isEmpty();
    }
}
