package io.hbench.datanodes;

import static java.util.Objects.requireNonNull;

import io.hbench.findings.BlockGroup;
import io.hbench.findings.SlowDataNodes;
import io.hbench.mapred.ReducedValues;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.stats.Histograms;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * What the tasks' blocks on HDFS say of each DataNode: how many blocks went through it and at what throughput, as the
 * first of a write's pipeline, as any member of one, and as the server of a read. Tasks send one {@link BlockGroup}
 * per distinct pipeline (or serving DataNode), not one record per block: the groups are as few as the distinct
 * pipelines, and still tell, for {@link SlowDataNodes}, which DataNodes every block went through, so a slow DataNode
 * is judged from the blocks exactly as if each had been sent. None on other file systems.
 */
public final class DataNodeBlocks {
    private static final DisplayUnit BLOCK_THROUGHPUT = DisplayUnit.of(SlowDataNodes.BLOCK_THROUGHPUT,
            Unit.BYTES_PER_SECOND);
    private static final DisplayUnit DATANODE_BYTES = DisplayUnit.of("datanode_bytes", Unit.BYTES);
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

    /** The groups the tasks sent through a summing reducer ({@link BlockRecords#emit}). */
    public static DataNodeBlocks from(ReducedValues values) {
        return of(values.histograms(BlockRecords.BLOCK), values.longSums(BlockRecords.BLOCK_BYTES));
    }

    /** The groups of the tasks' {@link BlockRecords}, as they wrote them in their task files. */
    public static DataNodeBlocks fromTexts(List<String> texts) {
        BlockRecords all = new BlockRecords();
        texts.forEach(all::addText);
        return all.toDataNodeBlocks();
    }

    /** The groups of {@link BlockRecords}' names: their throughputs and bytes. */
    static DataNodeBlocks of(Map<String, Histogram> throughputs, Map<String, Long> bytes) {
        List<BlockGroup> writes = new ArrayList<>();
        List<BlockGroup> reads = new ArrayList<>();
        throughputs.forEach((name, throughput) -> {
            int dot = name.indexOf('.');
            BlockGroup group = new BlockGroup(Arrays.asList(name.substring(dot + 1).split(",")), throughput,
                    bytes.getOrDefault(name, 0L));
            (name.substring(0, dot).equals(BlockRecords.WRITE) ? writes : reads).add(group);
        });
        return new DataNodeBlocks(writes, reads);
    }

    /** These blocks and {@code other}'s, as though one program had moved them all: a TPCx-HS run's phases. */
    public DataNodeBlocks plus(DataNodeBlocks other) {
        return new DataNodeBlocks(merged(writes, other.writes), merged(reads, other.reads));
    }

    private static List<BlockGroup> merged(List<BlockGroup> some, List<BlockGroup> others) {
        Map<List<String>, BlockGroup> byDataNodes = new LinkedHashMap<>();
        for (BlockGroup group : some) {
            byDataNodes.put(group.dataNodes(), group);
        }
        for (BlockGroup group : others) {
            byDataNodes.merge(group.dataNodes(), group, (one, two) -> {
                Histogram throughput = one.throughput();
                throughput.add(two.throughput());
                return new BlockGroup(one.dataNodes(), throughput, one.bytes() + two.bytes());
            });
        }
        return new ArrayList<>(byDataNodes.values());
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

    /**
     * One line per DataNode and role (first in a write's pipeline, any member, the server of a read): its blocks, their
     * throughput's p50 and p90, and their bytes, to at most two decimals; none where no blocks were recorded (not on
     * HDFS).
     *
     * @param label the line's start, from what it is about: "DataNode w1:9866 as first"
     */
    public List<String> lines(UnaryOperator<String> label) {
        DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        df.setRoundingMode(RoundingMode.HALF_EVEN);
        List<String> lines = new ArrayList<>();
        for (Row row : rows()) {
            Distribution throughput = row.throughput();
            lines.add(label.apply("DataNode " + row.dataNode() + " as " + row.role().label()) + row.blocks()
                    + (row.blocks() == 1 ? " block" : " blocks") + ", p50 "
                    + df.format(BLOCK_THROUGHPUT.convert(throughput.percentile(50))) + " " + BLOCK_THROUGHPUT.symbol()
                    + ", p90 " + df.format(BLOCK_THROUGHPUT.convert(throughput.percentile(90))) + " "
                    + BLOCK_THROUGHPUT.symbol() + ", " + df.format(DATANODE_BYTES.convert(row.bytes())) + " "
                    + DATANODE_BYTES.symbol());
        }
        return lines;
    }

    /** The DataNodes' throughput distributions and bytes, and the slow DataNodes' judgment ({@link SlowDataNodes}). */
    public void addTo(BenchResult.Builder result) {
        for (Row row : rows()) {
            result.distribution(row.throughput());
            result.metric(Metric.of("datanode_bytes", row.bytes(), Unit.BYTES, Better.NEITHER)
                    .withLabel("datanode", row.dataNode()).withLabel("role", row.role().label()));
        }
        SlowDataNodes.metrics(SlowDataNodes.MEMBER, writes).forEach(result::metric);
        SlowDataNodes.metrics(SlowDataNodes.SERVER, reads).forEach(result::metric);
    }
}
