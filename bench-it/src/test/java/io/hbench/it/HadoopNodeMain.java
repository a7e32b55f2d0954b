package io.hbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeFaultInjector;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;

/**
 * One node of {@link NamespaceCluster}: Hadoop's own daemons, started as their main classes start them, in one JVM so
 * that two cores can hold a cluster of several nodes: {@code master} runs the NameNode (formatted first), the
 * ResourceManager and the JobHistoryServer; {@code worker} a DataNode and a NodeManager; {@code datanode} a DataNode
 * alone, as a storage host where YARN runs nothing. The configuration is the cluster's directory on the classpath, with
 * each node's directories under the system property {@code hbench.node.dir}. It writes {@code <ready file>} once its
 * daemons run, and runs until it is killed.
 *
 * <p>A DataNode (a worker's or a datanode's) may be given a disk of a set slowness: Hadoop's
 * {@link DataNodeFaultInjector} holds every packet of a block that a MapReduce task writes for that many milliseconds
 * before it goes to disk. Only a task's: the benchmarks measure what their tasks write, while the job's own files (its
 * jar, split and configuration, replicated to every DataNode, and the ApplicationMaster's history) would otherwise wait
 * on the slow disk at every job's start and end, and measure nothing. A task on w3 of {@link SlowHostOnNamespacesIT}
 * that writes its one replica to w3's own DataNode, over no shaped link, still goes at 0.29 MiB/s: 64 KiB per 200 ms.
 *
 * <p>Arguments: {@code master <ready file>}, or {@code worker} or {@code datanode} followed by
 * {@code <ready file> <milliseconds per packet written>}.
 */
public final class HadoopNodeMain {
    private HadoopNodeMain() {
    }

    /**
     * Whether the block this thread receives comes from a MapReduce task: the DataNode names the thread receiving a
     * block after the writer's client ({@code DataXceiver for client <client> at ...}), down the whole pipeline, and a
     * task's client is named after its attempt ({@code DFSClient_attempt_...}).
     */
    private static boolean writtenByATask() {
        return Thread.currentThread().getName().contains("DFSClient_attempt_");
    }

    public static void main(String[] args) throws IOException {
        Path ready = Paths.get(args[1]);
        // Several daemons in one JVM register metrics sources of the same name, as in Hadoop's own mini clusters.
        DefaultMetricsSystem.setMiniClusterMode(true);
        if (args[0].equals("master")) {
            HdfsConfiguration hdfs = new HdfsConfiguration();
            NameNode.format(hdfs);
            NameNode.createNameNode(new String[0], hdfs);
            YarnConfiguration yarn = new YarnConfiguration();
            ResourceManager resourceManager = new ResourceManager();
            resourceManager.init(yarn);
            resourceManager.start();
            JobHistoryServer history = new JobHistoryServer();
            history.init(new YarnConfiguration());
            history.start();
        } else if (args[0].equals("worker") || args[0].equals("datanode")) {
            long diskDelayMillis = Long.parseLong(args[2]);
            DataNodeFaultInjector.set(new DataNodeFaultInjector() {
                @Override
                public void delayWriteToDisk() {
                    if (!writtenByATask()) {
                        return;
                    }
                    try {
                        Thread.sleep(diskDelayMillis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            DataNode.createDataNode(new String[0], new HdfsConfiguration());
            if (args[0].equals("worker")) {
                NodeManager nodeManager = new NodeManager();
                nodeManager.init(new YarnConfiguration());
                nodeManager.start();
            }
        } else {
            throw new IllegalArgumentException("no role " + args[0] + ": master, worker or datanode");
        }
        Files.writeString(ready, "up\n");
    }
}
