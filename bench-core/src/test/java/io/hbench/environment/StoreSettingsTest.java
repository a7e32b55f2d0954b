package io.hbench.environment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class StoreSettingsTest {
    @Test
    void theStoreOfTheFirstLocationThatIsAPathIsRecordedAndAddressesAreSkipped() {
        Configuration conf = new Configuration();
        conf.set("fs.s3a.endpoint", "http://key:secret@store.example:9000");
        conf.set("fs.s3a.multipart.size", "32M");
        conf.set("fs.s3a.bucket.data.multipart.size", "16M");
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");

        assertThat(StoreSettings.settings(conf, List.of("127.0.0.1:5000", "host:5000", "", "s3a://data/bench")))
                .containsEntry("store", "s3a://data")
                .containsEntry("fs.s3a.endpoint", "http://store.example:9000")
                .containsEntry("fs.s3a.multipart.size", "16M")
                .doesNotContainKey("fs.s3a.secret.key");
        assertThat(StoreSettings.settings(conf, List.of("file:///tmp/bench"))).containsExactly(
                java.util.Map.entry("store", "file:///"));
        assertThat(StoreSettings.settings(conf, List.of("listen:1234"))).isEmpty();
    }
}
