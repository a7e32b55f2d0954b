package io.hbench.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/** What hbench reads of a running cluster's /jmx, for the tests of other packages that have one running. */
public final class JmxProbe {
    private JmxProbe() {
    }

    /** Every bean of the DataNode's process that hbench asks for. */
    public static List<JsonNode> dataNodeBeans(Configuration conf, DatanodeInfo dataNode)
            throws IOException, InterruptedException {
        return JmxReader.of(conf).beans(DataNodeSampler.Endpoint.of(dataNode, conf).base, DataNodeSnapshot.QUERY);
    }

    /** The bytes the DataNode says it took from writers, as hbench reads them. */
    public static long bytesWritten(Configuration conf, DatanodeInfo dataNode)
            throws IOException, InterruptedException {
        return DataNodeSnapshot.of(Instant.now(), dataNodeBeans(conf, dataNode), dataNode.getXferPort())
                .orElseThrow().bytesWritten();
    }

    /** The NameNode's status bean, where its slow-node reports are. */
    public static JsonNode nameNodeStatus(Configuration conf) throws IOException, InterruptedException {
        JmxReader reader = JmxReader.of(conf);
        HdfsSlowNodeReports reports = HdfsSlowNodeReports.of(conf, reader);
        return reader.beans(reports.nameNodes().get(0), HdfsSlowNodeReports.QUERY).get(0);
    }

    /** HDFS's slow-node reports as a run keeps them. */
    public static Map<String, String> slowNodeReports(Configuration conf, PrintStream progress)
            throws InterruptedException {
        return HdfsSlowNodeReports.of(conf, JmxReader.of(conf)).read(progress);
    }
}
