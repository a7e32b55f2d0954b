package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.stats.Histograms;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Latencies in nanoseconds that read exactly in ms at three decimals: below 1.05 ms, or 1 ms and 3 ms, whose
 * histogram buckets (HdrHistogram at three digits) end less than half a microsecond above them.
 */
class RoleLatencyTest {
    private static final Map<String, List<String>> METHODS = Map.of(
            "create", List.of("create", "complete"),
            "mkdirs", List.of("mkdirs"),
            "fileStatus", List.of("getFileInfo"),
            "open", List.of("getBlockLocations"),
            "delete", List.of("delete"));

    /** An active NameNode that served the writes, a standby, and two Observers, one of them not counted. */
    private static NameNodeCalls calls() {
        return new NameNodeCalls(List.of(
                NameNodeCalls.Served.counted("nn1", "active", new RpcCounters(Map.of("create", 10L, "complete", 10L,
                        "mkdirs", 5L, "getFileInfo", 2L, "msync", 40L))),
                NameNodeCalls.Served.counted("nn2", "standby", new RpcCounters(Map.of())),
                NameNodeCalls.Served.counted("nn3", "observer", new RpcCounters(Map.of("getFileInfo", 30L,
                        "getBlockLocations", 8L))),
                NameNodeCalls.Served.notCounted("nn4", "observer", "http://nn4:9870/jmx refused hbench: HTTP 403")));
    }

    private static Histogram histogram(long... nanos) {
        Histogram histogram = Histograms.newHistogram();
        for (long value : nanos) {
            histogram.recordValue(value);
        }
        return histogram;
    }

    /** Each role's distribution: its key and count. */
    private static List<String> keysAndCounts(List<RoleLatency> latencies) {
        return latencies.stream().map(role -> role.latency().key() + " " + role.latency().count())
                .collect(Collectors.toList());
    }

    @Test
    void theKindsOfAMixGoToTheRoleThatServedThemAndARolesKindsAreMerged() {
        Map<String, Histogram> kinds = new LinkedHashMap<>();
        kinds.put("create", histogram(1_000_000, 1_000_000));
        kinds.put("fileStatus", histogram(500_000, 500_000, 500_000));
        kinds.put("mkdirs", histogram(3_000_000));
        kinds.put("open", histogram(750_000));
        kinds.put("delete", histogram(250_000));
        kinds.put("blockReport", histogram(250_000));

        List<RoleLatency> latencies = RoleLatency.of(calls(), Map.of("mix", kinds), METHODS);

        assertThat(keysAndCounts(latencies)).as("delete's calls rose nowhere; blockReport has no methods")
                .containsExactly("latency{operation=mix,role=active} 3", "latency{operation=mix,role=observer} 4");
        assertThat(latencies).extracting(RoleLatency::line).containsExactly(
                "mix latency on the active ms (create, mkdirs): min 1.000, p50 1.000, p90 3.000, p99 3.000,"
                        + " p99.9 3.000, max 3.000",
                "mix latency on the observer ms (fileStatus, open): min 0.500, p50 0.500, p90 0.750, p99 0.750,"
                        + " p99.9 0.750, max 0.750");
    }

    @Test
    void anOperationOfOneKindIsNamedOnceInItsLine() {
        Map<String, Map<String, Histogram>> operations = new LinkedHashMap<>();
        operations.put("create", Map.of("create", histogram(1_000_000)));
        operations.put("fileStatus", Map.of("fileStatus", histogram(250_000, 500_000)));

        List<RoleLatency> latencies = RoleLatency.of(calls(), operations, METHODS);

        assertThat(keysAndCounts(latencies)).containsExactly("latency{operation=create,role=active} 1",
                "latency{operation=fileStatus,role=observer} 2");
        assertThat(latencies).extracting(RoleLatency::line).containsExactly(
                "create latency on the active ms: min 1.000, p50 1.000, p90 1.000, p99 1.000, p99.9 1.000,"
                        + " max 1.000",
                "fileStatus latency on the observer ms: min 0.250, p50 0.250, p90 0.500, p99 0.500, p99.9 0.500,"
                        + " max 0.500");
    }

    @Test
    void kindsNoNameNodeCountedGiveNone() {
        assertThat(RoleLatency.of(calls(), Map.of("delete", Map.of("delete", histogram(250_000))), METHODS))
                .isEmpty();
    }
}
