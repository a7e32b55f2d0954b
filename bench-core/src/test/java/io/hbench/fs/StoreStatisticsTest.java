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
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;
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
        assertThat(sum.describe()).isEqualTo("7 PUT, 2 GET; 1 retries, 2 throttled; not counted: part PUT, HEAD, LIST,"
                + " LIST continued, COPY, DELETE, bulk DELETE");
    }

    @Test
    void countsSinceASnapshotAreTheDifference() {
        StoreStatistics before = StoreStatistics.of(Map.of("object_put_request", 3L, "object_metadata_request", 5L));
        StoreStatistics after = StoreStatistics.of(Map.of("object_put_request", 4L, "object_metadata_request", 9L));

        assertThat(after.since(before).counters()).containsExactlyInAnyOrderEntriesOf(Map.of("object_put_request", 1L,
                "object_metadata_request", 4L));
    }

    @Test
    void metricsNameEveryCountedKindOfRequestAndAreAbsentWhereTheFileSystemCountsNothing() {
        StoreStatistics statistics = StoreStatistics.of(Map.of("object_put_request", 3L, "action_http_get_request", 0L,
                "store_io_retry", 0L, "object_multipart_initiated", 1L));

        Map<String, Double> metrics = statistics.metrics().stream().collect(Collectors.toMap(
                metric -> metric.key().toString(), Metric::value));

        // A kind not counted is absent, not zero.
        assertThat(metrics).containsOnly(Map.entry("store_requests{statistic=object_put_request}", 3.0),
                Map.entry("store_requests{statistic=action_http_get_request}", 0.0), Map.entry("store_retries", 0.0));
        assertThat(StoreStatistics.none().metrics()).isEmpty();
        assertThat(StoreStatistics.of(Map.of("stream_write_bytes", 5L)).isEmpty()).isTrue();
    }

    @Test
    void aStreamCountsItsOwnRequestsAndAnObjectWithoutStatisticsNone() {
        IOStatisticsStore counted = IOStatisticsBinding.iostatisticsStore()
                .withCounters("object_put_request", "multipart_upload_part_put", "stream_write_bytes").build();
        counted.incrementCounter("multipart_upload_part_put", 3);
        IOStatisticsSource stream = new IOStatisticsSource() {
            @Override
            public IOStatistics getIOStatistics() {
                return counted;
            }
        };

        assertThat(StoreStatistics.ofStream(stream).counters()).containsOnly(Map.entry("object_put_request", 0L),
                Map.entry("multipart_upload_part_put", 3L));
        assertThat(StoreStatistics.ofStream(stream).describe()).isEqualTo("3 part PUT; not counted: GET, HEAD, LIST,"
                + " LIST continued, COPY, DELETE, bulk DELETE, retries, throttled");
        assertThat(StoreStatistics.ofStream(new Object()).isEmpty()).isTrue();
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
