package io.hbench.nnthroughput;

import io.hbench.error.InvalidOptionException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * How a run makes its files: their block size and replication, whether create completes each file, and whether
 * append starts a new block. Immutable; {@link NnOptions.Builder} checks the values and names the flags.
 */
final class NewFiles {
    /**
     * The block size and replication of options that leave them to the cluster: {@link #resolve} fills in its
     * configured dfs.blocksize and dfs.replication, as Hadoop's NNThroughputBenchmark takes them.
     */
    static final int FROM_CLUSTER = 0;
    static final NewFiles DEFAULT = new NewFiles(FROM_CLUSTER, (short) FROM_CLUSTER, false, false);

    private final long blockSize;
    private final short replication;
    private final boolean close;
    private final boolean appendNewBlk;

    /**
     * @param blockSize bytes, or {@link #FROM_CLUSTER}
     * @param replication copies, or {@link #FROM_CLUSTER}
     */
    NewFiles(long blockSize, short replication, boolean close, boolean appendNewBlk) {
        if (blockSize < FROM_CLUSTER || replication < FROM_CLUSTER) {
            throw new IllegalArgumentException("a block size and replication are the cluster's (" + FROM_CLUSTER
                    + ") or more, got " + blockSize + " and " + replication);
        }
        this.blockSize = blockSize;
        this.replication = replication;
        this.close = close;
        this.appendNewBlk = appendNewBlk;
    }

    /**
     * These values where {@code own} names the option, the defaults elsewhere; but the block size and replication
     * stay, given or not, since they may be the cluster's, filled in by {@link #resolve}.
     */
    NewFiles keeping(Set<NnOption> own) {
        return new NewFiles(blockSize, replication, own.contains(NnOption.CLOSE) && close,
                own.contains(NnOption.APPEND_NEW_BLOCK) && appendNewBlk);
    }

    /** These values with a block size and replication not given taken from the cluster {@code conf} configures. */
    NewFiles resolve(Configuration conf) {
        long resolvedBlockSize = blockSize != FROM_CLUSTER ? blockSize
                : conf.getLongBytes(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT);
        short resolvedReplication = replication != FROM_CLUSTER ? replication
                : (short) Math.max(1, Math.min(Short.MAX_VALUE, conf.getInt(DFSConfigKeys.DFS_REPLICATION_KEY,
                        DFSConfigKeys.DFS_REPLICATION_DEFAULT)));
        if (resolvedBlockSize < 1) {
            throw new InvalidOptionException("the configuration's " + DFSConfigKeys.DFS_BLOCK_SIZE_KEY + " "
                    + resolvedBlockSize + " is no block size: give {}", NnOption.BLOCK_SIZE.optionName());
        }
        return new NewFiles(resolvedBlockSize, resolvedReplication, close, appendNewBlk);
    }

    /** Bytes, or {@link #FROM_CLUSTER} until {@linkplain #resolve resolved}. */
    long blockSize() {
        return blockSize;
    }

    /** Copies, or {@link #FROM_CLUSTER} until {@linkplain #resolve resolved}. */
    short replication() {
        return replication;
    }

    boolean close() {
        return close;
    }

    boolean appendNewBlk() {
        return appendNewBlk;
    }
}
