package io.hbench.findings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.resources.HdfsSlowNodeReports;
import io.hbench.result.BenchResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What HDFS's own slow-node detection said at the run's end: the NameNode's SlowPeersReport and SlowDisksReport, as
 * the result keeps them ({@link HdfsSlowNodeReports}), in one line when either names a node. Where the run timed its
 * blocks, the line says too whether HDFS's slow peers are the DataNodes hbench's blocks named ({@link SlowDataNodes}),
 * host by host: HDFS names a node by the address its peers reach it at, hbench by the one block locations give.
 */
final class HdfsSlowNodes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HdfsSlowNodes() {
    }

    /**
     * The line, if a report names a node; empty if none does, HDFS kept none, or one cannot be read.
     *
     * @param slowDataNodes the run's own slow-DataNode findings
     */
    static Optional<Finding> of(BenchResult result, List<Finding> slowDataNodes) {
        try {
            List<String> peers = new ArrayList<>();
            Set<String> peerHosts = new TreeSet<>();
            for (JsonNode peer : report(result, HdfsSlowNodeReports.SLOW_PEERS)) {
                // Hadoop 3.4 lists each reporting node with its latencies; 3.3 and before, the nodes alone.
                JsonNode reporters = peer.has("SlowPeerLatencyWithReportingNodes")
                        ? peer.path("SlowPeerLatencyWithReportingNodes") : peer.path("ReportingNodes");
                peerHosts.add(host(peer.path("SlowNode").asText()));
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
            boolean blocksTimed = result.distributions().stream()
                    .anyMatch(distribution -> distribution.id().equals(SlowDataNodes.BLOCK_THROUGHPUT));
            return Optional.of(new Finding(Finding.Kind.READING, Optional.empty(), "HDFS's slow nodes",
                    text(peers, disks) + (blocksTimed ? agreement(peerHosts, slowDataNodes) : "")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** "HDFS's own slow-node detection: slow peers w2:9866 (reported by 3 DataNodes); slow disks: none". */
    static String text(List<String> peers, List<String> disks) {
        return "HDFS's own slow-node detection: slow peers" + (peers.isEmpty() ? ": none" : " " + String.join(", ",
                peers)) + "; slow disks" + (disks.isEmpty() ? ": none" : " " + String.join(", ", disks));
    }

    /**
     * "; hbench's blocks named w2:9866: they agree", or "...: they differ": whether the hosts of HDFS's slow peers are
     * those of hbench's slow DataNodes.
     */
    static String agreement(Set<String> peerHosts, List<Finding> slowDataNodes) {
        List<String> named = new ArrayList<>();
        Set<String> hosts = new TreeSet<>();
        for (Finding finding : slowDataNodes) {
            named.add(finding.brief());
            hosts.add(host(finding.brief()));
        }
        return "; hbench's blocks named " + (named.isEmpty() ? "no slow DataNode" : String.join(", ", named))
                + (hosts.equals(peerHosts) ? ": they agree" : ": they differ");
    }

    private static String host(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    /** The report's entries; none if the result has no such report. */
    private static JsonNode report(BenchResult result, String output) throws IOException {
        String report = result.outputs().get(output);
        return report == null ? JSON.createArrayNode() : JSON.readTree(report);
    }
}
