package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.findings.BlockGroup;
import io.hbench.findings.SlowDataNodes;
import io.hbench.mapred.ReducedValues;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What the tasks' blocks on HDFS say of each DataNode: how many blocks went through it and at what throughput, as the
 * first of a write's pipeline, as any member of one, and as the server of a read. Tasks send one {@link BlockGroup}
 * per distinct pipeline (or serving DataNode), not one record per block: the groups are as few as the distinct
 * pipelines, and still tell, for {@link SlowDataNodes}, which DataNodes every block went through, so a slow DataNode
 * is judged from the blocks exactly as if each had been sent. None on other file systems.
 */
public final class DataNodeBlocks {
    /** The operation of blocks written through a pipeline. */
    static final String WRITE = "write";
    /** The operation of blocks read from one DataNode. */
    static final String READ = "read";
    private static final DataNodeBlocks NONE = new DataNodeBlocks(List.of(), List.of());

    /** What a DataNode was to a block. */
    public enum Role {
        /** The first of a write's pipeline, the DataNode the client sent to. */
        FIRST("first"),
        /** Any member of a write's pipeline. */
        MEMBER(SlowDataNodes.MEMBER),
        /** The DataNode that served a read. */
        SERVER(SlowDataNodes.SERVER);

        private final String label;

        Role(String label) {
            this.label = label;
        }

        /** As the result's labels and the report say it. */
        public String label() {
            return label;
        }
    }

    private final List<BlockGroup> writes;
    private final List<BlockGroup> reads;

    /**
     * @param writes written blocks, by pipeline
     * @param reads read blocks, by the DataNode that served them
     */
    public DataNodeBlocks(List<BlockGroup> writes, List<BlockGroup> reads) {
        this.writes = List.copyOf(requireNonNull(writes, "writes is null"));
        this.reads = List.copyOf(requireNonNull(reads, "reads is null"));
    }

    /** No blocks recorded: not on HDFS. */
    public static DataNodeBlocks none() {
        return NONE;
    }

    /** The groups the tasks sent ({@link TaskStats#BLOCK}). */
    static DataNodeBlocks from(ReducedValues values) {
        List<BlockGroup> writes = new ArrayList<>();
        List<BlockGroup> reads = new ArrayList<>();
        Map<String, Long> bytes = values.longSums(TaskStats.BLOCK_BYTES);
        values.histograms(TaskStats.BLOCK).forEach((name, throughput) -> {
            int dot = name.indexOf('.');
            BlockGroup group = new BlockGroup(Arrays.asList(name.substring(dot + 1).split(",")), throughput,
                    bytes.getOrDefault(name, 0L));
            (name.substring(0, dot).equals(WRITE) ? writes : reads).add(group);
        });
        return new DataNodeBlocks(writes, reads);
    }

    public boolean isEmpty() {
        return writes.isEmpty() && reads.isEmpty();
    }

    /** Blocks written, by pipeline in order. */
    public List<BlockGroup> writes() {
        return writes;
    }

    /** Blocks read, by the DataNode that served them. */
    public List<BlockGroup> reads() {
        return reads;
    }

    /** One DataNode in one role: its blocks' throughputs and bytes. */
    public static final class Row {
        private final String dataNode;
        private final Role role;
        private final Histogram throughput = Histograms.newHistogram();
        private long bytes;

        Row(String dataNode, Role role) {
            this.dataNode = dataNode;
            this.role = role;
        }

        private void add(BlockGroup group) {
            throughput.add(group.throughput());
            bytes += group.bytes();
        }

        public String dataNode() {
            return dataNode;
        }

        public Role role() {
            return role;
        }

        public long blocks() {
            return throughput.getTotalCount();
        }

        public long bytes() {
            return bytes;
        }

        /** The blocks' throughput in bytes/s, labelled with the DataNode and its role. */
        public Distribution throughput() {
            return Histograms.toDistribution(SlowDataNodes.BLOCK_THROUGHPUT, Unit.BYTES_PER_SECOND, throughput,
                    1.0 / BlockGroup.BYTES_PER_UNIT).withLabel("datanode", dataNode).withLabel("role", role.label());
        }
    }

    /** Every DataNode in every role it had, by DataNode, then first, member, server. */
    public List<Row> rows() {
        Map<String, Map<Role, Row>> rows = new TreeMap<>();
        for (BlockGroup pipeline : writes) {
            row(rows, pipeline.dataNodes().get(0), Role.FIRST).add(pipeline);
            pipeline.dataNodes().forEach(member -> row(rows, member, Role.MEMBER).add(pipeline));
        }
        for (BlockGroup served : reads) {
            row(rows, served.dataNodes().get(0), Role.SERVER).add(served);
        }
        List<Row> all = new ArrayList<>();
        rows.values().forEach(byRole -> all.addAll(byRole.values()));
        return all;
    }

    private static Row row(Map<String, Map<Role, Row>> rows, String dataNode, Role role) {
        return rows.computeIfAbsent(dataNode, key -> new TreeMap<>()).computeIfAbsent(role, key -> new Row(dataNode,
                role));
    }

    /** The DataNodes' throughput distributions and bytes, and the slow DataNodes' judgment ({@link SlowDataNodes}). */
    void addTo(BenchResult.Builder result) {
        for (Row row : rows()) {
            result.distribution(row.throughput());
            result.metric(Metric.of("datanode_bytes", row.bytes(), Unit.BYTES, Better.NEITHER)
                    .withLabel("datanode", row.dataNode()).withLabel("role", row.role().label()));
        }
        SlowDataNodes.metrics(SlowDataNodes.MEMBER, writes).forEach(result::metric);
        SlowDataNodes.metrics(SlowDataNodes.SERVER, reads).forEach(result::metric);
    }
}
