package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.resources.HdfsSlowNodeReports;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HdfsSlowNodesTest {
    /** As a NameNode of Hadoop 3.4 writes it: w2 reported by three DataNodes, w3 by one. */
    private static final String SLOW_PEERS = "[{\"SlowNode\":\"w2:9866\",\"SlowPeerLatencyWithReportingNodes\":["
            + reporter("w1") + "," + reporter("w3") + "," + reporter("w4") + "]},{\"SlowNode\":\"w3:9866\","
            + "\"SlowPeerLatencyWithReportingNodes\":[" + reporter("w1") + "]}]";

    private static String reporter(String host) {
        return "{\"ReportingNode\":\"" + host + ":9866\",\"ReportedLatency\":40.0,\"MedianLatency\":2.0,"
                + "\"MadLatency\":0.5,\"UpperLimitLatency\":5.0}";
    }

    private static BenchResult result(Map<String, String> reports) {
        Instant start = Instant.parse("2026-11-27T10:00:00Z");
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("throughput").start(start)
                .end(start.plusSeconds(5)).environment(Environment.builder().hbench("v", "unknown")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1").build())
                .metric("throughput", 1.0, Unit.BYTES_PER_SECOND, Better.HIGHER).build().withOutputs(reports);
    }

    @Test
    void namesTheSlowPeersWithHowManyDataNodesReportedEach() {
        assertThat(HdfsSlowNodes.of(result(Map.of(HdfsSlowNodeReports.SLOW_PEERS, SLOW_PEERS,
                HdfsSlowNodeReports.SLOW_DISKS, "[]")), List.of())).map(Finding::text).contains("HDFS's own slow-node"
                        + " detection: slow peers w2:9866 (reported by 3 DataNodes), w3:9866 (reported by 1"
                        + " DataNode); slow disks: none");
    }

    @Test
    void namesTheSlowDisksAsTheNameNodeNamesThem() {
        assertThat(HdfsSlowNodes.of(result(Map.of(HdfsSlowNodeReports.SLOW_DISKS, "[{\"SlowDiskID\":"
                + "\"w2:/data/1\",\"Latencies\":{\"READ\":120.0,\"WRITE\":80.0}}]")), List.of())).map(Finding::text)
                .contains("HDFS's own slow-node detection: slow peers: none; slow disks w2:/data/1");
    }

    @Test
    void saysNothingWhenNoReportNamesANodeOrHdfsKeepsNone() {
        assertThat(HdfsSlowNodes.of(result(Map.of(HdfsSlowNodeReports.SLOW_PEERS, "[]")), List.of())).isEmpty();
        assertThat(HdfsSlowNodes.of(result(Map.of()), List.of())).isEmpty();
    }

    @Test
    void whereTheRunTimedItsBlocksItSaysWhetherHbenchsSlowDataNodesAreHdfssSlowPeers() {
        Finding w2 = new Finding(Finding.Kind.SLOW_DATANODE, Optional.of("w2"), "w2:9866",
                "w2:9866 (blocks through it took 4.8x the median; 23 of 24 slow blocks had it in their pipeline)");
        String onlyW2 = "[{\"SlowNode\":\"w2:9866\",\"SlowPeerLatencyWithReportingNodes\":[" + reporter("w1") + "]}]";

        assertThat(HdfsSlowNodes.of(timedBlocks(Map.of(HdfsSlowNodeReports.SLOW_PEERS, onlyW2)), List.of(w2)))
                .map(Finding::text).contains("HDFS's own slow-node detection: slow peers w2:9866 (reported by 1"
                        + " DataNode); slow disks: none; hbench's blocks named w2:9866: they agree");
        assertThat(HdfsSlowNodes.of(timedBlocks(Map.of(HdfsSlowNodeReports.SLOW_PEERS, SLOW_PEERS)), List.of(w2)))
                .map(Finding::text).hasValueSatisfying(text -> assertThat(text)
                        .endsWith("; hbench's blocks named w2:9866: they differ"));
        assertThat(HdfsSlowNodes.of(timedBlocks(Map.of(HdfsSlowNodeReports.SLOW_PEERS, onlyW2)), List.of()))
                .map(Finding::text).hasValueSatisfying(text -> assertThat(text)
                        .endsWith("; hbench's blocks named no slow DataNode: they differ"));
    }

    private static BenchResult timedBlocks(Map<String, String> reports) {
        Histogram blocks = Histograms.newHistogram();
        blocks.recordValue(1000);
        Distribution throughput = Histograms.toDistribution(SlowDataNodes.BLOCK_THROUGHPUT, Unit.BYTES_PER_SECOND,
                blocks, 1.0 / 1024).withLabel("datanode", "w1:9866").withLabel("role", SlowDataNodes.MEMBER);
        Instant start = Instant.parse("2026-11-27T10:00:00Z");
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("throughput").start(start)
                .end(start.plusSeconds(5)).environment(Environment.builder().hbench("v", "unknown")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1").build())
                .metric("throughput", 1.0, Unit.BYTES_PER_SECOND, Better.HIGHER).distribution(throughput).build()
                .withOutputs(reports);
    }

    @Test
    void findingsHaveTheLine() {
        assertThat(Findings.of(result(Map.of(HdfsSlowNodeReports.SLOW_PEERS, SLOW_PEERS)), LinkCapacities.none()))
                .extracting(Finding::toString).contains("reading: HDFS's own slow-node detection: slow peers w2:9866"
                        + " (reported by 3 DataNodes), w3:9866 (reported by 1 DataNode); slow disks: none");
    }
}
