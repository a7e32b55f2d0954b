package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class NameserviceWatchTest {
    private static Configuration unreachableNameservice() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Configuration conf = new Configuration(false);
        conf.set("dfs.nameservices", "ns1");
        conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
        conf.set("dfs.namenode.rpc-address.ns1.nn1", "localhost:" + closedPort);
        conf.set("dfs.namenode.rpc-address.ns1.nn2", "localhost:" + closedPort);
        conf.set("dfs.client.failover.proxy.provider.ns1",
                "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
        return conf;
    }

    @Test
    void theFileSystemIsThePathsOrElseTheDefault() {
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", "hdfs://ns1");

        assertThat(NameserviceWatch.fileSystem("/benchmarks/x", conf)).isEqualTo(URI.create("hdfs://ns1"));
        assertThat(NameserviceWatch.fileSystem("hdfs://ns2/benchmarks/x", conf)).isEqualTo(URI.create("hdfs://ns2"));
        assertThat(NameserviceWatch.fileSystem("file:/tmp/x", conf)).isEqualTo(URI.create("file:///"));
    }

    @Test
    void aRunOffHdfsOrOnOneNameNodeRecordsNothing() throws Exception {
        Configuration conf = unreachableNameservice();
        try (NameserviceWatch local = NameserviceWatch.start(URI.create("file:///"), conf, Optional.empty());
                NameserviceWatch one = NameserviceWatch.start(URI.create("hdfs://127.0.0.1:8020"), conf,
                        Optional.empty())) {
            assertThat(local.finish()).isEmpty();
            assertThat(one.finish()).isEmpty();
        }
    }

    @Test
    void aNameserviceIsRecordedWithItsStatesAtStartAndEnd() throws Exception {
        Configuration conf = unreachableNameservice();
        String address = conf.get("dfs.namenode.rpc-address.ns1.nn1");
        try (NameserviceWatch watch = NameserviceWatch.start(URI.create("hdfs://ns1"), conf, Optional.empty())) {
            NameserviceRecord record = watch.finish().orElseThrow();

            assertThat(record.lines()).containsExactly("", "NameNodes of ns1: nn1 " + address + " unreachable"
                    + " throughout; nn2 " + address + " unreachable throughout");
            assertThat(record.failover()).isEmpty();
            assertThat(record.asked()).isEmpty();
        }
    }

    @Test
    void failoverAtWithoutAnActiveNameNodeIsRefusedBeforeTheRunNamingTheStates() throws Exception {
        Configuration conf = unreachableNameservice();

        assertThatThrownBy(() -> NameserviceWatch.start(URI.create("hdfs://ns1"), conf,
                Optional.of(Duration.ofSeconds(2))))
                .isInstanceOf(BenchException.class)
                .hasMessage("-failoverAt: nameservice ns1 has no active NameNode to fail over from (nn1 unreachable,"
                        + " nn2 unreachable)")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.CONFLICTING_OPTIONS);
    }
}
