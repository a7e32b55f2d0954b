package io.hbench.resources;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.result.HostUsage;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;

/** What hbench reads of a running cluster's /jmx, for the tests of other packages that have one running. */
public final class JmxProbe {
    private JmxProbe() {
    }

    /** Every bean of the DataNode's process that hbench asks for. */
    public static List<JsonNode> dataNodeBeans(Configuration conf, DatanodeInfo dataNode)
            throws IOException, InterruptedException {
        try (JmxReader reader = JmxReader.of(conf)) {
            return reader.beans(DataNodeSampler.Endpoint.of(dataNode, conf).base, DataNodeSnapshot.QUERY);
        }
    }

    /** The bytes the DataNode says it took from writers, as hbench reads them. */
    public static long bytesWritten(Configuration conf, DatanodeInfo dataNode)
            throws IOException, InterruptedException {
        return DataNodeSnapshot.of(Instant.now(), dataNodeBeans(conf, dataNode), dataNode.getXferPort())
                .orElseThrow().bytesWritten();
    }

    /** The NameNode's status bean, where its slow-node reports are. */
    public static JsonNode nameNodeStatus(Configuration conf) throws IOException, InterruptedException {
        try (JmxReader reader = JmxReader.of(conf)) {
            HdfsSlowNodeReports reports = HdfsSlowNodeReports.of(conf, reader);
            return reader.beans(reports.nameNodes().get(0), HdfsSlowNodeReports.QUERY).get(0);
        }
    }

    /** HDFS's slow-node reports as a run keeps them. */
    public static Map<String, String> slowNodeReports(Configuration conf, PrintStream progress)
            throws InterruptedException {
        try (JmxReader reader = JmxReader.of(conf)) {
            return slowNodeReports(conf, reader, progress);
        }
    }

    /** HDFS's slow-node reports as a run reading with {@code reader} keeps them; what it tells its user to progress. */
    public static Map<String, String> slowNodeReports(Configuration conf, JmxReader reader, PrintStream progress)
            throws InterruptedException {
        return HdfsSlowNodeReports.of(conf, reader).read(progress);
    }

    /** A reader that trusts the cluster's certificates as a run's does, but brings no Kerberos credentials. */
    public static JmxReader withoutCredentials(Configuration conf) {
        return new JmxReader(URLConnectionFactory.newDefaultURLConnectionFactory(conf), false);
    }

    /**
     * The DataNode's host as a run samples it through {@code reader}, a DataNode host without a NodeManager, from start
     * to stop at once; what the run tells its user on the way goes to {@code progress}.
     */
    public static HostUsage sampled(Configuration conf, JmxReader reader, DatanodeInfo dataNode, PrintStream progress)
            throws InterruptedException {
        return DataNodeSampler.start(reader, List.of(DataNodeSampler.Endpoint.of(dataNode, conf)),
                Duration.ofMinutes(1), "a DataNode host without a NodeManager: hbench can run nothing there", progress)
                .stop().get(0);
    }
}
