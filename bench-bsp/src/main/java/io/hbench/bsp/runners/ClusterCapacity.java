package io.hbench.bsp.runners;

import io.hbench.bsp.RuntimeSupport;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.resources.HostNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * How many map tasks of the configured size a YARN cluster can run at once now, from each running node's free memory
 * and vcores, after the MapReduce ApplicationMaster has taken its container, and on how many hosts. BSP jobs need all
 * their peers at once, and say when they must share hosts; Suite sizes its steps by it.
 */
public final class ClusterCapacity {
    private final int runningNodes;
    private final long concurrentMaps;
    private final long mapMemory;
    private final long mapVcores;
    private final List<String> hostsWithRoom;

    private ClusterCapacity(int runningNodes, long concurrentMaps, long mapMemory, long mapVcores,
            List<String> hostsWithRoom) {
        this.runningNodes = runningNodes;
        this.concurrentMaps = concurrentMaps;
        this.mapMemory = mapMemory;
        this.mapVcores = mapVcores;
        this.hostsWithRoom = hostsWithRoom;
    }

    /**
     * Asks the ResourceManager of {@code conf}, for map tasks of {@code mapreduce.map.memory.mb} and
     * {@code mapreduce.map.cpu.vcores} beside an ApplicationMaster of {@code yarn.app.mapreduce.am.resource.*}.
     *
     * @throws BenchException CLUSTER_UNAVAILABLE when YARN cannot be asked
     */
    public static ClusterCapacity ofYarn(Configuration conf) {
        long mapMemory = positive(conf.getLong("mapreduce.map.memory.mb", -1), 1024);
        long mapVcores = positive(conf.getLong("mapreduce.map.cpu.vcores", 1), 1);
        long amMemory = positive(conf.getLong("yarn.app.mapreduce.am.resource.mb", 1536), 1536);
        long amVcores = positive(conf.getLong("yarn.app.mapreduce.am.resource.cpu-vcores", 1), 1);
        List<long[]> free = new ArrayList<>();
        TreeSet<String> hostsWithRoom = new TreeSet<>();
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(conf);
            yarn.start();
            for (NodeReport node : yarn.getNodeReports(NodeState.RUNNING)) {
                long usedMemory = node.getUsed() == null ? 0 : node.getUsed().getMemorySize();
                long usedVcores = node.getUsed() == null ? 0 : node.getUsed().getVirtualCores();
                long[] room = {node.getCapability().getMemorySize() - usedMemory,
                        node.getCapability().getVirtualCores() - usedVcores};
                free.add(room);
                if (room[0] >= mapMemory && room[1] >= mapVcores) {
                    // By the host's one name: NodeManagers that share a host share its links.
                    hostsWithRoom.add(HostNames.canonical(node.getNodeId().getHost()));
                }
            }
        } catch (IOException | YarnException e) {
            throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "cannot ask YARN how many tasks it can run at once: "
                    + RuntimeSupport.describe(e), e);
        }
        return new ClusterCapacity(free.size(), concurrentMaps(free, mapMemory, mapVcores, amMemory, amVcores),
                mapMemory, mapVcores, List.copyOf(hostsWithRoom));
    }

    public int runningNodes() {
        return runningNodes;
    }

    /** Map tasks that can run at once now, beside the job's ApplicationMaster. */
    public long concurrentMaps() {
        return concurrentMaps;
    }

    /** The hosts of running NodeManagers with room for a map task now, by name. */
    public List<String> hostsWithRoom() {
        return hostsWithRoom;
    }

    long mapMemory() {
        return mapMemory;
    }

    long mapVcores() {
        return mapVcores;
    }

    /** @param freeNodes each node's free {memory MB, vcores} */
    static long concurrentMaps(List<long[]> freeNodes, long mapMemory, long mapVcores, long amMemory, long amVcores) {
        long total = 0;
        boolean masterPlaced = false;
        for (long[] node : freeNodes) {
            long memory = node[0];
            long vcores = node[1];
            if (!masterPlaced && memory >= amMemory && vcores >= amVcores) {
                masterPlaced = true;
                memory -= amMemory;
                vcores -= amVcores;
            }
            total += Math.min(memory / mapMemory, vcores / mapVcores);
        }
        return masterPlaced ? total : 0;
    }

    private static long positive(long value, long otherwise) {
        return value > 0 ? value : otherwise;
    }
}
