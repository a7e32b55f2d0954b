package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Where JmxReader finds a NameNode's /jmx: one place for the slow-node reports and the RPC counters. */
class JmxReaderTest {
    @Test
    void aNameNodeOfANameserviceIsAtItsHttpAddressOrHttpsUnderHttpsOnly() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("dfs.namenode.http-address.ns1.nn3", "nn3.example.com:9870");
        conf.set("dfs.namenode.https-address.ns1.nn3", "nn3.example.com:9871");

        assertThat(JmxReader.nameNodeEndpoint("ns1", "nn3", conf)).hasToString("http://nn3.example.com:9870");
        conf.set("dfs.http.policy", "HTTPS_ONLY");
        assertThat(JmxReader.nameNodeEndpoint("ns1", "nn3", conf)).hasToString("https://nn3.example.com:9871");
        assertThatThrownBy(() -> JmxReader.nameNodeEndpoint("ns1", "nn9", conf)).hasMessage(
                "no dfs.namenode.https-address.ns1.nn9 in the client's configuration");
    }

    @Test
    void theOneNameNodeListeningOnEveryAddressIsOnTheFileSystemsHost() {
        Configuration conf = new Configuration(false);

        assertThat(JmxReader.nameNodeEndpoint("nn.example.com", conf)).hasToString("http://nn.example.com:9870");
        conf.set("dfs.http.policy", "HTTPS_ONLY");
        assertThat(JmxReader.nameNodeEndpoint("nn.example.com", conf)).hasToString("https://nn.example.com:9871");
        conf.set("dfs.namenode.https-address", "web.example.com:50470");
        assertThat(JmxReader.nameNodeEndpoint("nn.example.com", conf)).hasToString("https://web.example.com:50470");
    }
}
