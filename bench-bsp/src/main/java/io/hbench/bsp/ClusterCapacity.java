package io.hbench.bsp;

import java.util.List;

/**
 * How many map tasks of one size a YARN cluster can run at once, from each running node's free
 * memory and vcores, after the MapReduce application master has taken its container.
 */
final class ClusterCapacity {
    private ClusterCapacity() {
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
}
