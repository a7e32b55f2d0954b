package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.format.MetricNames;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

class StoreStatisticsTest {
    @Test
    void keepsOnlyTheRequestRetryAndThrottleCountersAndSumsTasks() {
        StoreStatistics first = StoreStatistics.of(Map.of("object_put_request", 3L, "action_http_get_request", 2L,
                "stream_write_bytes", 1_000_000L, "store_io_retry", 1L));
        StoreStatistics second = StoreStatistics.of(Map.of("object_put_request", 4L, "store_io_throttled", 2L));

        StoreStatistics sum = first.plus(second);

        assertThat(sum.counters()).containsExactlyInAnyOrderEntriesOf(Map.of("object_put_request", 7L,
                "action_http_get_request", 2L, "store_io_retry", 1L, "store_io_throttled", 2L));
        assertThat(sum.describe()).isEqualTo("7 PUT, 2 GET; 1 retries, 2 throttled");
    }

    @Test
    void countsSinceASnapshotAreTheDifference() {
        StoreStatistics before = StoreStatistics.of(Map.of("object_put_request", 3L, "object_metadata_request", 5L));
        StoreStatistics after = StoreStatistics.of(Map.of("object_put_request", 4L, "object_metadata_request", 9L));

        assertThat(after.since(before).counters()).containsExactlyInAnyOrderEntriesOf(Map.of("object_put_request", 1L,
                "object_metadata_request", 4L));
    }

    @Test
    void metricsNameEveryKindOfRequestAndAreAbsentWhereTheFileSystemCountsNothing() {
        StoreStatistics statistics = StoreStatistics.of(Map.of("object_put_request", 3L));

        Map<String, Double> metrics = statistics.metrics().stream().collect(Collectors.toMap(
                metric -> metric.key().toString(), Metric::value));

        assertThat(metrics).containsEntry("store_requests{statistic=object_put_request}", 3.0)
                .containsEntry("store_requests{statistic=action_http_get_request}", 0.0)
                .containsEntry("store_retries", 0.0)
                .containsEntry("store_throttled", 0.0)
                .doesNotContainKey("store_requests{statistic=object_multipart_initiated}");
        assertThat(StoreStatistics.none().metrics()).isEmpty();
        assertThat(StoreStatistics.of(Map.of("stream_write_bytes", 5L)).isEmpty()).isTrue();
    }

    @Test
    void peopleReadARequestByTheNameTheyKnowItBy() {
        assertThat(MetricNames.of(MetricKey.of("store_requests").withLabel("statistic", "object_metadata_request")))
                .isEqualTo("store requests, HEAD");
        assertThat(StoreStatistics.requestName("object_put_request")).isEqualTo("PUT");
    }

    @Test
    void theLocalFileSystemCountsNoStoreRequests() throws Exception {
        assertThat(StoreStatistics.of(FileSystem.getLocal(new Configuration())).isEmpty()).isTrue();
        assertThat(StoreStatistics.counts(FileSystem.getLocal(new Configuration()))).isFalse();
    }

    @Test
    void aNegativeCounterIsRefused() {
        assertThatThrownBy(() -> StoreStatistics.of(Map.of("object_put_request", -1L)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("counter object_put_request is negative: -1");
    }
}
