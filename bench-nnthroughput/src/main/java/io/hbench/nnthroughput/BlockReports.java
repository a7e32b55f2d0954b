package io.hbench.nnthroughput;

import io.hbench.load.FileNames;
import io.hbench.load.Workers;
import io.hbench.security.KerberosLogin;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.namenode.NotReplicatedYetException;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.util.KerberosName;

/**
 * {@code -op blockReport}: {@code -datanodes} simulated DataNodes, one thread each, send
 * {@code -reports} block reports of {@code -blocksPerReport} blocks between them. Before timing,
 * the DataNodes register and heartbeat, and files of {@code -blocksPerFile} blocks are created
 * so that the NameNode places enough blocks on them to fill their reports (replication at most the
 * number of DataNodes). Every report is the same each time.
 *
 * <p>When the run ends, also on failure or interruption, every simulated DataNode that registered
 * reports a fatal disk error, which makes the NameNode remove it at once (Hadoop 3.4.2's
 * NameNodeRpcServer.errorReport with FATAL_DISK_ERROR calls DatanodeManager.removeDatanode: out
 * of the heartbeats and the network topology, so no write is ever placed on it). Left registered,
 * they stayed live for the ten minutes until they expired, and writes to the cluster failed when
 * the NameNode chose them as targets.
 */
final class BlockReports {
    static final String DATANODE_PRINCIPAL_KEY = "dfs.datanode.kerberos.principal";
    private static final int ADD_BLOCK_TRIES = 50;

    private final NameNodeTarget target;
    private final NnOptions options;
    private SimulatedDataNode[] datanodes;

    BlockReports(NameNodeTarget target, NnOptions options) {
        this.target = target;
        this.options = options;
    }

    /**
     * Why this run may not register simulated DataNodes with a remote Kerberos-secured NameNode; empty when it may. A
     * NameNode hands every DataNode that registers the cluster's block access keys, with which any block can be read
     * or written on the real DataNodes; a secured cluster therefore takes DataNodes only as their own principal
     * (service-level authorization checks it, and without that check the keys would go to whoever asks). So the run
     * must be that principal: an operator gives its keytab with -principal and -keytab.
     */
    static Optional<String> refusal(Configuration conf) throws IOException {
        if (!KerberosLogin.isKerberos(conf)) {
            return Optional.empty();
        }
        String pattern = conf.getTrimmed(DATANODE_PRINCIPAL_KEY);
        String what = "-op blockReport registers simulated DataNodes, and a Kerberos-secured NameNode takes"
                + " DataNodes only as their own principal";
        if (pattern == null || pattern.isEmpty()) {
            return Optional.of(what + ", which this configuration does not name (" + DATANODE_PRINCIPAL_KEY + "): use"
                    + " the cluster's hdfs-site.xml (HADOOP_CONF_DIR), and give -principal and -keytab of that"
                    + " principal");
        }
        String user = UserGroupInformation.getCurrentUser().getUserName();
        if (isDataNodePrincipal(user, pattern)) {
            return Optional.empty();
        }
        return Optional.of(what + " (" + DATANODE_PRINCIPAL_KEY + " " + pattern + "), since a DataNode that registers"
                + " gets the cluster's block access keys; this run is " + user + ": give -principal " + pattern
                + " -keytab <that principal's keytab on this host>, or run blockReport on a NameNode in this process"
                + " (no -fs, -D hadoop.security.authentication=simple)");
    }

    /** Same service and realm as the pattern, and the same host unless the pattern says _HOST (any DataNode's). */
    static boolean isDataNodePrincipal(String user, String pattern) {
        KerberosName name = new KerberosName(user);
        KerberosName expected = new KerberosName(pattern);
        return expected.getServiceName().equals(name.getServiceName())
                && (expected.getRealm() == null || expected.getRealm().equals(name.getRealm()))
                && (SecurityUtil.HOSTNAME_PATTERN.equals(expected.getHostName())
                        || Objects.equals(expected.getHostName(), name.getHostName()));
    }

    /** The replication of the block files: the configured one, at most the number of DataNodes. */
    short replication() {
        return (short) Math.min(options.replication(), options.datanodes());
    }

    /** Registers the DataNodes and places the blocks on them; the inputs of the timed reports. */
    SimulatedDataNode[] prepare(String base) throws IOException, InterruptedException {
        int count = options.datanodes();
        DatanodeProtocol protocol = target.datanode();
        NamespaceInfo namespace = protocol.versionRequest();
        String blockPoolId = namespace.getBlockPoolID();
        datanodes = new SimulatedDataNode[count];
        Map<String, SimulatedDataNode> byUuid = new HashMap<>();
        for (int i = 0; i < count; i++) {
            datanodes[i] = new SimulatedDataNode(i, options.blocksPerReport());
            datanodes[i].register(protocol, namespace, blockPoolId);
            datanodes[i].heartbeat(protocol);
            byUuid.put(datanodes[i].uuid(), datanodes[i]);
        }
        short replication = replication();
        int blocks = (int) Math.ceil((double) options.blocksPerReport() * count / replication);
        int files = (int) Math.ceil((double) blocks / options.blocksPerFile());
        ClientProtocol client = target.client();
        // Real DataNodes of a remote cluster must not get these blocks: exclude every node but ours.
        List<DatanodeInfo> others = new ArrayList<>();
        for (DatanodeInfo node : client.getDatanodeReport(HdfsConstants.DatanodeReportType.LIVE)) {
            if (!byUuid.containsKey(node.getDatanodeUuid())) {
                others.add(node);
            }
        }
        DatanodeInfo[] exclude = others.isEmpty() ? null : others.toArray(new DatanodeInfo[0]);
        FileNames names = FileNames.generate(base, 100, 0, files);
        String clientName = options.operation().label() + "-client";
        for (int f = 0; f < files; f++) {
            String path = names.name(f);
            HdfsFileStatus status;
            try {
                status = client.create(path, FsPermission.getFileDefault(), clientName, Creates.CREATE_FLAGS, true,
                        replication, options.blockSize(), CryptoProtocolVersion.supported(), null, null);
            } catch (RemoteException e) {
                Creates.refuseBelowMinimumBlockSize(e, options.blockSize(), target);
                throw e;
            }
            ExtendedBlock last = null;
            for (int b = 0; b < options.blocksPerFile(); b++) {
                LocatedBlock located = addBlock(client, path, clientName, last, exclude, status.getFileId());
                last = located.getBlock();
                for (DatanodeInfo location : located.getLocations()) {
                    SimulatedDataNode node = byUuid.get(location.getDatanodeUuid());
                    if (node != null) {
                        node.receive(protocol, blockPoolId, last.getLocalBlock());
                    }
                }
            }
            for (int tries = 0; !client.complete(path, clientName, last, status.getFileId()) && tries < 100; tries++) {
                Thread.sleep(10);
            }
        }
        for (SimulatedDataNode node : datanodes) {
            node.prepareReport();
        }
        return datanodes;
    }

    /** addBlock also commits the previous block, which fails until the NameNode has processed its receipt. */
    private static LocatedBlock addBlock(ClientProtocol client, String path, String clientName, ExtendedBlock previous,
            DatanodeInfo[] exclude, long fileId) throws IOException, InterruptedException {
        for (int tries = 1; ; tries++) {
            try {
                return client.addBlock(path, clientName, previous, exclude, fileId, null, null);
            } catch (NotReplicatedYetException | RemoteException e) {
                boolean notYet = e instanceof NotReplicatedYetException || ((RemoteException) e).getClassName()
                        .equals(NotReplicatedYetException.class.getName());
                if (!notYet || tries == ADD_BLOCK_TRIES) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    OpResult run() throws IOException, InterruptedException {
        try {
            return prepareAndReport();
        } finally {
            removeDataNodes();
        }
    }

    /** Takes every simulated DataNode that registered off the NameNode; see the class comment. */
    private void removeDataNodes() throws IOException {
        if (datanodes == null) {
            return;
        }
        // An interrupted thread cannot make the RPCs: clear the flag for the clean-up, then restore it.
        boolean interrupted = Thread.interrupted();
        IOException failure = null;
        try {
            DatanodeProtocol protocol = target.datanode();
            for (SimulatedDataNode node : datanodes) {
                if (node == null || !node.registered()) {
                    continue;
                }
                try {
                    protocol.errorReport(node.registration(), DatanodeProtocol.FATAL_DISK_ERROR,
                            "simulated DataNode of hbench NNThroughputBenchmark -op blockReport: the run is over");
                } catch (IOException e) {
                    if (failure == null) {
                        failure = new IOException("could not remove the simulated DataNode "
                                + node.transferAddress() + " from the NameNode " + target.description()
                                + "; it stays registered until it expires: " + e.getMessage(), e);
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private OpResult prepareAndReport() throws IOException, InterruptedException {
        String base = options.baseDir(NnOperation.BLOCK_REPORT);
        SimulatedDataNode[] nodes = prepare(base);
        String blockPoolId = target.blockPoolId();
        DatanodeProtocol protocol = target.datanode();
        int threads = nodes.length;
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                return nodes[thread].sendReport(protocol, blockPoolId);
            }

            @Override
            public String describe(int thread, int index) {
                return "the block report of simulated DataNode " + nodes[thread].transferAddress();
            }
        };
        Workers.Outcome outcome = new Workers("blockReport", threads, 1, options.histograms(),
                options.duration().orElse(null), true, options.ugCacheRefreshCount(),
                NnThroughput.refresher(options, target)).run(Workers.divide(options.warmup(), threads),
                Workers.divide(options.reports(), threads), op);
        String distribution = java.util.Arrays.stream(nodes).map(n -> Integer.toString(n.blockCount()))
                .collect(Collectors.joining(", ", "(", ")"));
        List<String> inputs = List.of("baseDir = " + base, "reports = " + options.reports(),
                "datanodes = " + threads + " " + distribution, "blocksPerReport = " + options.blocksPerReport(),
                "blocksPerFile = " + options.blocksPerFile());
        List<String> notes = List.of("each thread is one simulated DataNode; its report lists its "
                + "blocks, then made-up ones up to -blocksPerReport; the simulated DataNodes are removed from the"
                + " NameNode when the run ends");
        return NnThroughput.result(NnOperation.BLOCK_REPORT, inputs, outcome, options, null, notes);
    }
}
