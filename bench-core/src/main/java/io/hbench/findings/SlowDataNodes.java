package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Unit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Which DataNodes stand out on the slow side of the blocks that went through them: {@link SlowHostRule} applied per
 * DataNode, every block one observation that speaks of the DataNodes it went through.
 * <ul>
 * <li>A read's block speaks of the one DataNode that served it, whose figure is the median of its blocks, as a task
 * host's is the median of its tasks.
 * <li>A write's block speaks of every DataNode of its pipeline, and a DataNode's figure is the <em>best</em> of the
 * blocks through it, in any position, as a host's is the best of its connections: a pipeline runs at its slowest
 * member, since a packet is acknowledged only once the last DataNode has it. A slow third replica is slow in every
 * block it holds and so is named as itself, while the first DataNode of those pipelines shows its own speed in the
 * blocks whose pipelines avoided the slow one. A median would convict the healthy DataNodes too: with 5 DataNodes and
 * 3 replicas, each is in 3 of every 5 pipelines, so most of a healthy DataNode's blocks may share the slow one. The
 * position adds nothing to blame, since every member waits for the last; the DataNode table shows it.
 * </ul>
 * The evidence counts slow blocks: those at least the rule's shortfall ({@link SlowHostRule#MIN_SHORTFALL_PERCENT} %)
 * below the median of the blocks that went through no slow DataNode, a typical healthy block (the median DataNode's
 * figure, a best block, would count a healthy block a little below its pipeline's best as slow), and of them the ones
 * that went through the named DataNode, so that "23 of 24 slow blocks had it in their pipeline" says the DataNode is
 * common to the slow pipelines. The judgment is made where the blocks are (the program's result) and recorded as
 * metrics ({@link #metrics}), which {@link Findings} words: a result holds the DataNodes' distributions, not every
 * block.
 */
public final class SlowDataNodes {
    /** The role of a DataNode in a write's pipeline, in any position. */
    public static final String MEMBER = "member";
    /** The role of a DataNode that served a read. */
    public static final String SERVER = "server";
    /** The distribution of a DataNode's blocks' throughput, by {@code datanode} and {@code role}. */
    public static final String BLOCK_THROUGHPUT = "block_throughput";
    private static final String SLOW_DATANODE = "slow_datanode";
    private static final String SLOW_DATANODE_BLOCKS = "slow_datanode_blocks";
    private static final String SLOW_BLOCKS = "slow_blocks";

    private SlowDataNodes() {
    }

    /** A DataNode the rule named, with the figures the finding gives. */
    public static final class Slow {
        private final String dataNode;
        private final double timesMedian;
        private final long slowBlocksThrough;
        private final long slowBlocks;

        Slow(String dataNode, double timesMedian, long slowBlocksThrough, long slowBlocks) {
            this.dataNode = requireNonNull(dataNode, "dataNode is null");
            this.timesMedian = timesMedian;
            this.slowBlocksThrough = slowBlocksThrough;
            this.slowBlocks = slowBlocks;
        }

        public String dataNode() {
            return dataNode;
        }

        /** How many times as long as the median DataNode's its blocks took, by the rule's figure: above 1. */
        public double timesMedian() {
            return timesMedian;
        }

        /** The slow blocks that went through it. */
        public long slowBlocksThrough() {
            return slowBlocksThrough;
        }

        /** All slow blocks, through any DataNode. */
        public long slowBlocks() {
            return slowBlocks;
        }
    }

    /**
     * The slow DataNodes among those {@code groups} went through, slowest first; none where the DataNodes run on fewer
     * than {@link SlowHostRule#MIN_HOSTS} hosts. DataNodes of one machine share its disks, network and CPU, as an
     * embedded cluster's do: as for hosts, it takes 3 to tell one apart, and between them a few blocks' best figures
     * that happened to tie made one 10 % below them slow.
     */
    public static List<Slow> judge(List<BlockGroup> groups) {
        requireNonNull(groups, "groups is null");
        long hosts = groups.stream().flatMap(group -> group.dataNodes().stream()).map(SlowDataNodes::host).distinct()
                .count();
        if (hosts < SlowHostRule.MIN_HOSTS) {
            return List.of();
        }
        List<Observation> blocks = new ArrayList<>();
        for (BlockGroup group : groups) {
            for (HistogramIterationValue value : group.throughput().recordedValues()) {
                if (value.getValueIteratedTo() <= 0) {
                    continue;
                }
                Observation block = new Observation(group.dataNodes(), "", value.getValueIteratedTo());
                for (long i = 0; i < value.getCountAtValueIteratedTo(); i++) {
                    blocks.add(block);
                }
            }
        }
        List<SlowHost> named = SlowHostRule.apply(blocks, Better.HIGHER);
        if (named.isEmpty()) {
            return List.of();
        }
        Set<String> slowDataNodes = named.stream().map(SlowHost::host).collect(Collectors.toSet());
        double[] healthy = blocks.stream().filter(block -> Collections.disjoint(block.hosts(), slowDataNodes))
                .mapToDouble(Observation::value).toArray();
        // Where every block went through a slow DataNode, the rule's own line: the median DataNode's figure.
        double typical = healthy.length > 0 ? new Median().evaluate(healthy) : named.get(0).allMedian().orElseThrow();
        double slowAtOrBelow = (1 - SlowHostRule.MIN_SHORTFALL_PERCENT / 100.0) * typical;
        long slowBlocks = blocks.stream().filter(block -> block.value() <= slowAtOrBelow).count();
        List<Slow> slow = new ArrayList<>();
        for (SlowHost dataNode : named) {
            long through = blocks.stream().filter(block -> block.value() <= slowAtOrBelow
                    && block.hosts().contains(dataNode.host())).count();
            slow.add(new Slow(dataNode.host(), 1 / dataNode.relativeSpeed(), through, slowBlocks));
        }
        return slow;
    }

    /** The judgment of {@code groups}, whose DataNodes had {@code role}, as a result's metrics; none if none is slow. */
    public static List<Metric> metrics(String role, List<BlockGroup> groups) {
        List<Slow> judged = judge(groups);
        List<Metric> metrics = new ArrayList<>();
        for (Slow slow : judged) {
            metrics.add(Metric.of(SLOW_DATANODE, slow.timesMedian(), Unit.RATIO, Better.LOWER)
                    .withLabel("datanode", slow.dataNode()).withLabel("role", role));
            metrics.add(Metric.of(SLOW_DATANODE_BLOCKS, slow.slowBlocksThrough(), Unit.COUNT, Better.LOWER)
                    .withLabel("datanode", slow.dataNode()).withLabel("role", role));
        }
        if (!judged.isEmpty()) {
            metrics.add(Metric.of(SLOW_BLOCKS, judged.get(0).slowBlocks(), Unit.COUNT, Better.LOWER)
                    .withLabel("role", role));
        }
        return metrics;
    }

    /** The slow DataNodes {@code result} recorded ({@link #metrics}), one finding each. */
    static List<Finding> of(BenchResult result) {
        List<Finding> findings = new ArrayList<>();
        for (Metric slow : result.metrics(SLOW_DATANODE)) {
            String dataNode = slow.labels().get("datanode");
            String role = slow.labels().get("role");
            long through = count(result, MetricKey.of(SLOW_DATANODE_BLOCKS).withLabel("datanode", dataNode)
                    .withLabel("role", role));
            long all = count(result, MetricKey.of(SLOW_BLOCKS).withLabel("role", role));
            String times = String.format(Locale.ROOT, "%.1fx", slow.value());
            String text = SERVER.equals(role)
                    ? "blocks it served took " + times + " the median; " + through + " of " + all
                            + " slow blocks came from it"
                    : "blocks through it took " + times + " the median; " + through + " of " + all
                            + " slow blocks had it in their pipeline";
            findings.add(new Finding(Finding.Kind.SLOW_DATANODE, Optional.of(host(dataNode)), dataNode,
                    dataNode + " (" + text + ")"));
        }
        return findings;
    }

    private static long count(BenchResult result, MetricKey key) {
        return Math.round(result.metric(key).map(Metric::value).orElse(0.0));
    }

    /** The host of a DataNode named host:port. */
    private static String host(String dataNode) {
        int colon = dataNode.lastIndexOf(':');
        return colon > 0 ? dataNode.substring(0, colon) : dataNode;
    }
}
