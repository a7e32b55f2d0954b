package io.hbench.nnthroughput;

import java.util.Set;

/**
 * What replication asks of the NameNode: how many of its DataNodes are decommissioned, how many replications each
 * DataNode may run at once and how many blocks there are. Immutable; {@link NnOptions.Builder} checks the values and
 * names the flags.
 */
final class ReplicationOptions {
    static final ReplicationOptions DEFAULT = new ReplicationOptions(1, 100, 100);

    private final int nodesToDecommission;
    private final int nodeReplicationLimit;
    private final int totalBlocks;

    ReplicationOptions(int nodesToDecommission, int nodeReplicationLimit, int totalBlocks) {
        if (nodesToDecommission < 0 || nodeReplicationLimit < 1 || totalBlocks < 1) {
            throw new IllegalArgumentException("nodesToDecommission is at least 0, nodeReplicationLimit and totalBlocks"
                    + " at least 1, got " + nodesToDecommission + ", " + nodeReplicationLimit + " and " + totalBlocks);
        }
        this.nodesToDecommission = nodesToDecommission;
        this.nodeReplicationLimit = nodeReplicationLimit;
        this.totalBlocks = totalBlocks;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    ReplicationOptions keeping(Set<NnOption> own) {
        return new ReplicationOptions(
                own.contains(NnOption.NODES_TO_DECOMMISSION) ? nodesToDecommission : DEFAULT.nodesToDecommission,
                own.contains(NnOption.NODE_REPLICATION_LIMIT) ? nodeReplicationLimit : DEFAULT.nodeReplicationLimit,
                own.contains(NnOption.TOTAL_BLOCKS) ? totalBlocks : DEFAULT.totalBlocks);
    }

    int nodesToDecommission() {
        return nodesToDecommission;
    }

    int nodeReplicationLimit() {
        return nodeReplicationLimit;
    }

    int totalBlocks() {
        return totalBlocks;
    }
}
