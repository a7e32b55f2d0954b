package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** What -failoverAt's failover needs, refused before the run in one line naming what is missing; no NameNode runs. */
class HaFailoverTest {
    private static Configuration nameservice() {
        Configuration conf = new Configuration(false);
        conf.set("dfs.nameservices", "ns1");
        conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
        conf.set("dfs.namenode.rpc-address.ns1.nn1", "127.0.0.1:8020");
        conf.set("dfs.namenode.rpc-address.ns1.nn2", "127.0.0.1:8021");
        conf.set("dfs.client.failover.proxy.provider.ns1",
                "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
        return conf;
    }

    private static NameNodeStates states(String nn1, String nn2) {
        Map<String, String> states = new LinkedHashMap<>();
        states.put("nn1", nn1);
        states.put("nn2", nn2);
        return new NameNodeStates(states);
    }

    private static void assertRefused(Configuration conf, NameNodeStates states, String message) {
        assertThatThrownBy(() -> HaFailover.prepare(conf, Nameservice.of(URI.create("hdfs://ns1"), conf), states))
                .isInstanceOf(BenchException.class).hasMessage(message)
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.CONFLICTING_OPTIONS);
    }

    @Test
    void aNameserviceWithoutAStandbyHasNothingToFailOverTo() {
        assertRefused(nameservice(), states("active", "unreachable"), "-failoverAt: nameservice ns1 has no standby"
                + " NameNode to fail over to (nn1 active, nn2 unreachable)");
    }

    @Test
    void aFailoverWithoutFencingIsRefusedNamingTheSetting() {
        assertRefused(nameservice(), states("standby", "active"), "-failoverAt: a failover of ns1 without automatic"
                + " failover fences nn2: set dfs.ha.fencing.methods as hdfs haadmin -failover needs it (No fencer"
                + " configured for NameNode at /127.0.0.1:8021)");
    }
}
