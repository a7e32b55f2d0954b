package io.hbench.it;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;

/**
 * HDFS's default block placement, but the replicas of the jobs' and the resource sampler's own files (MapReduce's
 * staging and history under {@code /tmp}, the sampler's directory) go to the healthy DataNodes alone, never to the hosts
 * named in {@value #SLOW_HOSTS}. There a job's start read bench.jar at a slow host's 4 Mbit/s, each host in turn, and
 * wrote it at its disk's 200 ms a packet, tens of seconds a job that no test judges; what the benchmarks write is
 * placed as before, so the slow hosts still slow every run as the tests need.
 *
 * <p>The NameNode loads it by name ({@code dfs.block.replicator.classname}) and hands it its configuration.
 */
public final class JobFilesOnHealthyHosts extends BlockPlacementPolicyDefault implements Configurable {
    /** The DataNodes' host names, comma-separated, that hold no replica of a job's or the sampler's own files. */
    static final String SLOW_HOSTS = "hbench.it.placement.slowHosts";

    private Set<String> slowHosts;

    private Configuration conf;

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        slowHosts = Set.copyOf(conf.getTrimmedStringCollection(SLOW_HOSTS));
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
            List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
            BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
        return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
                excluding(srcPath, excludedNodes), blocksize, storagePolicy, flags);
    }

    @Override
    public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
            List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
            BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags, EnumMap<StorageType, Integer> sTypes) {
        return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
                excluding(srcPath, excludedNodes), blocksize, storagePolicy, flags, sTypes);
    }

    /** {@code excludedNodes} and, for a job's or the sampler's own file, the slow hosts' DataNodes. */
    private Set<Node> excluding(String srcPath, Set<Node> excludedNodes) {
        if (srcPath == null || !(srcPath.startsWith("/tmp/") || srcPath.contains("/.hbench-sampling-"))) {
            return excludedNodes;
        }
        Set<Node> excluded = excludedNodes == null ? new HashSet<>() : new HashSet<>(excludedNodes);
        for (Node node : clusterMap.getLeaves(NodeBase.ROOT)) {
            if (node instanceof DatanodeInfo && slowHosts.contains(((DatanodeInfo) node).getHostName())) {
                excluded.add(node);
            }
        }
        return excluded;
    }
}
