package io.hbench.findings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.resources.HdfsSlowNodeReports;
import io.hbench.result.BenchResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What HDFS's own slow-node detection said at the run's end: the NameNode's SlowPeersReport and SlowDisksReport, as
 * the result keeps them ({@link HdfsSlowNodeReports}), in one line when either names a node. It stands beside
 * hbench's own findings; whether they agree is for the reader to see.
 */
final class HdfsSlowNodes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HdfsSlowNodes() {
    }

    /** The line, if a report names a node; empty if none does, HDFS kept none, or one cannot be read. */
    static Optional<Finding> of(BenchResult result) {
        try {
            List<String> peers = new ArrayList<>();
            for (JsonNode peer : report(result, HdfsSlowNodeReports.SLOW_PEERS)) {
                // Hadoop 3.4 lists each reporting node with its latencies; 3.3 and before, the nodes alone.
                JsonNode reporters = peer.has("SlowPeerLatencyWithReportingNodes")
                        ? peer.path("SlowPeerLatencyWithReportingNodes") : peer.path("ReportingNodes");
                peers.add(peer.path("SlowNode").asText() + " (reported by " + reporters.size()
                        + (reporters.size() == 1 ? " DataNode)" : " DataNodes)"));
            }
            List<String> disks = new ArrayList<>();
            for (JsonNode disk : report(result, HdfsSlowNodeReports.SLOW_DISKS)) {
                disks.add(disk.path("SlowDiskID").asText());
            }
            if (peers.isEmpty() && disks.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Finding(Finding.Kind.READING, Optional.empty(), "HDFS's slow nodes",
                    text(peers, disks)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** "HDFS's own slow-node detection: slow peers w2:9866 (reported by 3 DataNodes); slow disks: none". */
    static String text(List<String> peers, List<String> disks) {
        return "HDFS's own slow-node detection: slow peers" + (peers.isEmpty() ? ": none" : " " + String.join(", ",
                peers)) + "; slow disks" + (disks.isEmpty() ? ": none" : " " + String.join(", ", disks));
    }

    /** The report's entries; none if the result has no such report. */
    private static JsonNode report(BenchResult result, String output) throws IOException {
        String report = result.outputs().get(output);
        return report == null ? JSON.createArrayNode() : JSON.readTree(report);
    }
}
