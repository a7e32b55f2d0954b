package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.stats.Histograms;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.namenode.NameNode;

/**
 * {@code -op replication}, standalone only: how fast the NameNode's redundancy monitor schedules
 * re-replication. Simulated DataNodes hold {@code -totalBlocks} blocks at {@code -replication};
 * {@code -nodesToDecommission} of them are decommissioned, and one thread asks the block manager to
 * compute DataNode work until there is none (or Hadoop's operation count is reached). The block
 * manager's own monitor thread is stopped first, so only the benchmark schedules work.
 *
 * <p>Hadoop reaches the block manager through its test utilities; hbench calls the same
 * package-private methods by reflection, as no public API exposes them.
 */
final class Replication {
    private final NameNodeTarget target;
    private final NnOptions options;

    Replication(NameNodeTarget target, NnOptions options) {
        this.target = target;
        this.options = options;
    }

    /** Hadoop's count: four times the decommissioned blocks over the work one monitor pass schedules. */
    int operationsRequired() {
        int datanodes = options.datanodes();
        return (int) ((long) options.totalBlocks() * options.replication() * options.nodesToDecommission() * 2
                / ((long) datanodes * datanodes));
    }

    OpResult run() throws IOException, InterruptedException {
        NameNode nameNode = target.nameNode().orElseThrow(NnThroughput::replicationNeedsStandalone);
        StandaloneNameNode standalone = (StandaloneNameNode) target;
        BlockManager blockManager = nameNode.getNamesystem().getBlockManager();
        int datanodes = options.datanodes();
        short replication = (short) Math.min(options.replication(), datanodes);
        NnOptions reportOptions = NnOptions.builder(NnOperation.BLOCK_REPORT).datanodes(datanodes)
                .blocksPerReport(Math.max(1, options.totalBlocks() * replication / datanodes))
                .blocksPerFile(datanodes).blockSize(options.blockSize()).defaultReplication(replication)
                .baseDirName(options.baseDirName()).build();
        String base = options.baseDir(NnOperation.REPLICATION);
        SimulatedDataNode[] nodes = new BlockReports(target, reportOptions).prepare(base);
        stopRedundancyMonitor(blockManager);
        String blockPoolId = target.blockPoolId();
        for (SimulatedDataNode node : nodes) {
            node.sendReport(target.datanode(), blockPoolId);
        }
        int decommissionedBlocks = 0;
        List<String> excluded = new ArrayList<>();
        for (int i = 0; i < options.nodesToDecommission(); i++) {
            SimulatedDataNode node = nodes[datanodes - 1 - i];
            decommissionedBlocks += node.blockCount();
            excluded.add(node.transferAddress());
        }
        standalone.exclude(excluded);
        target.client().refreshNodes();
        blockManager.setMaxReplicationStreams(options.nodeReplicationLimit());

        int required = operationsRequired();
        Histogram histogram = Histograms.newHistogram();
        long cumulative = 0;
        long operations = 0;
        long pending = 0;
        long start = System.nanoTime();
        for (int i = 0; i < required; i++) {
            long callStart = System.nanoTime();
            int work = computeDatanodeWork(blockManager);
            long nanos = System.nanoTime() - callStart;
            operations++;
            cumulative += nanos;
            if (options.histograms()) {
                histogram.recordValue(nanos);
            }
            pending += work;
            if (work == 0) {
                break;
            }
        }
        long elapsed = System.nanoTime() - start;
        String distribution = Arrays.stream(nodes).map(n -> Integer.toString(n.blockCount()))
                .collect(Collectors.joining(", ", "(", ")"));
        List<String> inputs = List.of("baseDir = " + base, "numOpsRequired = " + required,
                "datanodes = " + datanodes + " " + distribution,
                "decommissioned datanodes = " + options.nodesToDecommission(),
                "datanode replication limit = " + options.nodeReplicationLimit(),
                "total blocks = " + options.totalBlocks());
        double perSecond = elapsed == 0 ? 0 : pending * 1e9 / elapsed;
        List<String> extra = List.of("decommissioned blocks = " + decommissionedBlocks,
                "pending replications = " + pending, "replications per sec: " + perSecond);
        OpResult.Kind kind = NnThroughput.kind("replication", operations, cumulative, histogram, options);
        return new OpResult(NnOperation.REPLICATION, inputs, extra, operations, elapsed, cumulative, List.of(kind),
                null, 0, false, List.of("one thread computes DataNode work until there is none; the block"
                        + " manager's redundancy monitor is stopped; simulated DataNodes stay registered"));
    }

    private static Object call(BlockManager blockManager, String name) {
        try {
            Method method = BlockManager.class.getDeclaredMethod(name);
            method.setAccessible(true);
            return method.invoke(blockManager);
        } catch (InvocationTargetException e) {
            throw new BenchException(ErrorCode.FILE_SYSTEM_ERROR, "the block manager's " + name + " failed: "
                    + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new BenchException(ErrorCode.INTERNAL_ERROR, "-op replication needs BlockManager." + name
                    + "(), which this Hadoop version does not offer: " + e, e);
        }
    }

    private static int computeDatanodeWork(BlockManager blockManager) {
        return (Integer) call(blockManager, "computeDatanodeWork");
    }

    /** Stops the monitor thread without it ending the process (its test switch), as Hadoop's benchmark does. */
    private static void stopRedundancyMonitor(BlockManager blockManager) throws InterruptedException {
        call(blockManager, "enableRMTerminationForTesting");
        Thread monitor = (Thread) call(blockManager, "getRedundancyThread");
        if (monitor != null) {
            monitor.interrupt();
            monitor.join();
        }
    }
}
