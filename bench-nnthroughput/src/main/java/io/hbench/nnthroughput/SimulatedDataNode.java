package io.hbench.nnthroughput;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs.BlockReportReplica;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.security.token.block.ExportedBlockKeys;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.protocol.BlockReportContext;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.DatanodeRegistration;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.hdfs.server.protocol.ReceivedDeletedBlockInfo;
import org.apache.hadoop.hdfs.server.protocol.SlowDiskReports;
import org.apache.hadoop.hdfs.server.protocol.SlowPeerReports;
import org.apache.hadoop.hdfs.server.protocol.StorageBlockReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReceivedDeletedBlocks;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.net.DNS;
import org.apache.hadoop.util.VersionInfo;

/**
 * A DataNode that exists only as calls to the NameNode: it registers, heartbeats with one storage,
 * is told about the blocks the NameNode places on it, and sends a block report of a fixed size (its
 * real blocks, then made-up ones the NameNode does not know, as Hadoop's benchmark does). Its
 * transfer port is {@code index + 1}, which no real DataNode uses, so it is never confused with one.
 */
final class SimulatedDataNode {
    /** Room enough for any block size: the NameNode places a block only where it fits. */
    private static final long CAPACITY = 1L << 50;

    private final int index;
    private final int capacity;
    private final List<BlockReportReplica> blocks = new ArrayList<>();
    private DatanodeRegistration registration;
    private DatanodeStorage storage;
    private BlockListAsLongs report;

    SimulatedDataNode(int index, int capacity) {
        this.index = index;
        this.capacity = capacity;
    }

    /** Registers with the NameNode and sends an empty first block report, as a starting DataNode does. */
    void register(DatanodeProtocol nameNode, NamespaceInfo namespace, String blockPoolId) throws IOException {
        DatanodeID id = new DatanodeID(DNS.getDefaultIP("default"), DNS.getDefaultHost("default", "default"),
                org.apache.hadoop.hdfs.server.datanode.DataNode.generateUuid(), index + 1,
                DFSConfigKeys.DFS_DATANODE_HTTP_DEFAULT_PORT, DFSConfigKeys.DFS_DATANODE_HTTPS_DEFAULT_PORT,
                DFSConfigKeys.DFS_DATANODE_IPC_DEFAULT_PORT);
        registration = nameNode.registerDatanode(new DatanodeRegistration(id, new DataStorage(namespace),
                new ExportedBlockKeys(), VersionInfo.getVersion()));
        registration.setNamespaceInfo(namespace);
        storage = new DatanodeStorage(DatanodeStorage.generateUuid());
        nameNode.blockReport(registration, blockPoolId,
                new StorageBlockReport[] {new StorageBlockReport(storage, BlockListAsLongs.EMPTY)},
                new BlockReportContext(1, 0, System.nanoTime(), 0L));
    }

    void heartbeat(DatanodeProtocol nameNode) throws IOException {
        StorageReport[] reports = {new StorageReport(storage, false, CAPACITY, 0, CAPACITY, 0, 0)};
        nameNode.sendHeartbeat(registration, reports, 0L, 0L, 0, 0, 0, null, true, SlowPeerReports.EMPTY_REPORT,
                SlowDiskReports.EMPTY_REPORT);
    }

    /**
     * Tells the NameNode that a block it placed here arrived, and keeps it for the block report if
     * there is room (the report has a fixed size); false when there was none.
     */
    boolean receive(DatanodeProtocol nameNode, String blockPoolId, Block block) throws IOException {
        boolean kept = blocks.size() < capacity;
        if (kept) {
            blocks.add(new BlockReportReplica(block));
        }
        ReceivedDeletedBlockInfo[] received = {new ReceivedDeletedBlockInfo(block,
                ReceivedDeletedBlockInfo.BlockStatus.RECEIVED_BLOCK, null)};
        nameNode.blockReceivedAndDeleted(registration, blockPoolId, new StorageReceivedDeletedBlocks[] {
            new StorageReceivedDeletedBlocks(new DatanodeStorage(storage.getStorageID()), received)});
        return kept;
    }

    /** Fixes the report: the real blocks, then made-up ones up to the capacity. */
    void prepareReport() {
        List<BlockReportReplica> all = new ArrayList<>(blocks);
        for (int i = blocks.size(); i < capacity; i++) {
            all.add(new BlockReportReplica(new Block(capacity - i, 0, 0)));
        }
        report = BlockListAsLongs.encode(all);
    }

    /** Sends the block report; returns the nanoseconds of the call. */
    long sendReport(DatanodeProtocol nameNode, String blockPoolId) throws IOException {
        StorageBlockReport[] reports = {new StorageBlockReport(storage, report)};
        long start = System.nanoTime();
        nameNode.blockReport(registration, blockPoolId, reports, new BlockReportContext(1, 0, System.nanoTime(), 0L));
        return System.nanoTime() - start;
    }

    String uuid() {
        return registration.getDatanodeUuid();
    }

    String transferAddress() {
        return registration.getXferAddr();
    }

    int blockCount() {
        return blocks.size();
    }

    /** Whether the NameNode accepted this DataNode's registration (and so must be told when it goes). */
    boolean registered() {
        return registration != null;
    }

    DatanodeRegistration registration() {
        return registration;
    }
}
