package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtilClient;

/**
 * HDFS's own slow-node detection, as the NameNode reports it on its /jmx ({@value #QUERY}, JSON strings): the
 * DataNodes their pipeline peers found slow to acknowledge ({@code SlowPeersReport}, where
 * {@code dfs.datanode.peer.stats.enabled}) and the disks that answered slowly ({@code SlowDisksReport}, where file-I/O
 * profiling is on). Read once, at a run's end, and kept as the result's outputs {@value #SLOW_PEERS} and
 * {@value #SLOW_DISKS} as the NameNode wrote them; a report HDFS does not keep is left out.
 */
public final class HdfsSlowNodeReports {
    /** The NameNode's SlowPeersReport: [{"SlowNode": "host:port", "SlowPeerLatencyWithReportingNodes": [...]}]. */
    public static final String SLOW_PEERS = "hdfs_slow_peers";
    /** The NameNode's SlowDisksReport: [{"SlowDiskID": "host:disk", "Latencies": {"READ": ms, ...}}]. */
    public static final String SLOW_DISKS = "hdfs_slow_disks";
    static final String QUERY = "Hadoop:service=NameNode,name=NameNodeStatus";

    private final JmxReader reader;
    private final List<URI> nameNodes;

    HdfsSlowNodeReports(JmxReader reader, List<URI> nameNodes) {
        this.reader = requireNonNull(reader, "reader is null");
        this.nameNodes = List.copyOf(requireNonNull(nameNodes, "nameNodes is null"));
    }

    /** The NameNodes' web endpoints of the file system {@code conf} names; none if it is not HDFS. */
    static HdfsSlowNodeReports of(Configuration conf, JmxReader reader) {
        URI fs = FileSystem.getDefaultUri(conf);
        if (!"hdfs".equals(fs.getScheme()) || fs.getHost() == null) {
            return new HdfsSlowNodeReports(reader, List.of());
        }
        if (!HAUtilClient.isLogicalUri(conf, fs)) {
            return new HdfsSlowNodeReports(reader, List.of(JmxReader.nameNodeEndpoint(fs.getHost(), conf)));
        }
        List<URI> nameNodes = new ArrayList<>();
        for (String id : DFSUtilClient.getNameNodeIds(conf, fs.getHost())) {
            try {
                nameNodes.add(JmxReader.nameNodeEndpoint(fs.getHost(), id, conf));
            } catch (IOException e) {
                // A NameNode without a web address in this configuration is not asked, as HDFS's web clients skip it.
                continue;
            }
        }
        return new HdfsSlowNodeReports(reader, nameNodes);
    }

    /** Where the NameNodes' web endpoints are, in the order asked. */
    List<URI> nameNodes() {
        return nameNodes;
    }

    /**
     * The active NameNode's reports, as outputs; empty where it keeps none or no NameNode's endpoint answered, which
     * {@code progress} says in one line.
     */
    public Map<String, String> read(PrintStream progress) throws InterruptedException {
        Map<String, String> reports = new LinkedHashMap<>();
        Optional<JsonNode> status = Optional.empty();
        List<String> failures = new ArrayList<>();
        for (URI nameNode : nameNodes) {
            try {
                for (JsonNode bean : reader.beans(nameNode, QUERY)) {
                    if (status.isEmpty() || "active".equals(bean.path("State").asText())) {
                        status = Optional.of(bean);
                    }
                }
            } catch (IOException e) {
                failures.add(e.getMessage());
            }
        }
        if (status.isEmpty()) {
            if (!failures.isEmpty()) {
                progress.println("hbench: HDFS's slow-node reports cannot be read: " + String.join("; ", failures));
            }
            return reports;
        }
        report(status.get(), "SlowPeersReport").ifPresent(report -> reports.put(SLOW_PEERS, report));
        report(status.get(), "SlowDisksReport").ifPresent(report -> reports.put(SLOW_DISKS, report));
        return reports;
    }

    private static Optional<String> report(JsonNode status, String attribute) {
        JsonNode report = status.path(attribute);
        return report.isTextual() && !report.asText().isBlank() ? Optional.of(report.asText()) : Optional.empty();
    }
}
