package io.hbench.nnthroughput;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.security.RefreshUserMappingsProtocol;

/**
 * The NameNode a run measures: one in this process whose RPC server methods are called directly
 * ({@link StandaloneNameNode}), or a remote one reached over RPC ({@link RemoteNameNode}).
 * {@link #close} releases what the target opened (and stops a NameNode it started).
 */
interface NameNodeTarget extends AutoCloseable {
    /** The client protocol: namespace operations. */
    ClientProtocol client();

    /** The DataNode protocol, for simulated DataNodes (block reports). */
    DatanodeProtocol datanode();

    RefreshUserMappingsProtocol userMappings();

    /** True when the NameNode runs in this process. */
    boolean standalone();

    /** The NameNode itself, in standalone mode only. */
    Optional<NameNode> nameNode();

    /** The block pool the simulated DataNodes report to. */
    String blockPoolId() throws IOException;

    /** Where the NameNode is, for results: "standalone" or its URI. */
    String description();

    @Override
    void close();
}
