package io.hbench.dist.suite;

import io.hbench.bsp.runners.ClusterCapacity;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.mapred.MapReduceFramework;
import io.hbench.report.suite.SuiteRecord;
import io.hbench.resources.ClusterSampling;
import io.hbench.resources.ResourceSampling;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * What a suite's sizes derive from: how many map tasks the cluster runs at once, and its DataNodes; none when its
 * default file system is not HDFS (an object store), which has no NameNode for NNThroughputBenchmark.
 */
public final class ClusterShape {
    /** The embedded cluster's MapReduce runs this many tasks at once (its BSP peers' default). */
    static final int EMBEDDED_TASKS = 4;

    private final int concurrentTasks;
    private final int dataNodes;
    private final boolean embedded;

    public ClusterShape(int concurrentTasks, int dataNodes, boolean embedded) {
        if (concurrentTasks < 1) {
            throw new IllegalArgumentException("the cluster runs no task at once (" + concurrentTasks + ")");
        }
        if (dataNodes < 0) {
            throw new IllegalArgumentException("the cluster has a negative number of DataNodes (" + dataNodes + ")");
        }
        this.concurrentTasks = concurrentTasks;
        this.dataNodes = dataNodes;
        this.embedded = embedded;
    }

    /**
     * The shape of the cluster {@code conf} names: YARN's room for map tasks and HDFS's live DataNodes, none if its
     * file system is not HDFS (asked of the file system: a DistributedFileSystem has a NameNode); with no cluster
     * configured, the embedded cluster's, whose storage is {@code embeddedStorage}.
     *
     * @throws BenchException CLUSTER_UNAVAILABLE when YARN or HDFS cannot be asked
     */
    static ClusterShape of(Configuration conf, EmbeddedCluster.Storage embeddedStorage) {
        boolean noCluster = "file".equals(FileSystem.getDefaultUri(conf).getScheme());
        if (noCluster && embeddedStorage == EmbeddedCluster.Storage.S3) {
            return new ClusterShape(EMBEDDED_TASKS, 0, true);
        }
        if (noCluster) {
            // An existing embedded storage keeps the count it was made with; the steps then say if replication differs.
            int dataNodes = conf.getInt(EmbeddedCluster.DATA_NODES_KEY, EmbeddedCluster.DEFAULT_DATA_NODES);
            return new ClusterShape(EMBEDDED_TASKS, Math.max(1, dataNodes), true);
        }
        int tasks = MapReduceFramework.isLocal(conf) ? EMBEDDED_TASKS : yarnTasks(conf);
        try (FileSystem fs = FileSystem.newInstance(conf)) {
            int dataNodes = fs instanceof DistributedFileSystem
                    ? Math.max(1, ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE).length) : 0;
            return new ClusterShape(Math.max(1, tasks), dataNodes, false);
        } catch (IOException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "cannot ask HDFS for its live DataNodes: "
                    + message.lines().findFirst().orElse(message), e);
        }
    }

    /**
     * The map tasks YARN runs at once beside the resource sampler, which holds a container on every NodeManager host
     * for each step's length ({@link ClusterSampling}): sized without it, a step's tasks would run in two waves.
     */
    private static int yarnTasks(Configuration conf) {
        ClusterCapacity capacity = ClusterCapacity.ofYarn(conf);
        long tasks = capacity.concurrentMaps();
        if (ResourceSampling.interval(conf).isPresent() && conf.getBoolean(ClusterSampling.ENABLED_KEY, true)) {
            tasks -= capacity.runningNodes();
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, tasks));
    }

    public int concurrentTasks() {
        return concurrentTasks;
    }

    /** The live DataNodes; 0 when the file system is not HDFS. */
    public int dataNodes() {
        return dataNodes;
    }

    /** Whether the file system is HDFS, whose NameNode NNThroughputBenchmark measures. */
    public boolean hasNameNode() {
        return dataNodes > 0;
    }

    /** Whether the suite runs on the embedded cluster, each step starting it. */
    public boolean embedded() {
        return embedded;
    }

    @Override
    public String toString() {
        return SuiteRecord.clusterText(embedded, concurrentTasks, dataNodes);
    }
}
