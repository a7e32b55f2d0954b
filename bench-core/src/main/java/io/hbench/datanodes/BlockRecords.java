package io.hbench.datanodes;

import io.hbench.findings.BlockGroup;
import io.hbench.mapred.SummingReducer;
import io.hbench.stats.Histograms;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One task's blocks on HDFS, each timed and named by the DataNodes it went through, kept as {@link DataNodeBlocks}
 * needs them: per distinct pipeline (or serving DataNode) a histogram of the blocks' throughputs in KiB/s
 * ({@link BlockGroup}) and their bytes summed. A task sends them as reducer pairs ({@link #emit}, TestDFSIO's summing
 * reducer) or as text in its task file ({@link #toText}, TPCx-HS's tasks, which have no reducer of their own).
 */
public final class BlockRecords {
    /** The operation of blocks written through a pipeline. */
    public static final String WRITE = "write";
    /** The operation of blocks read from one DataNode. */
    public static final String READ = "read";
    /**
     * Block throughputs in KiB/s ({@link BlockGroup}), by the DataNodes the blocks went through:
     * {@code block.write.dn1,dn2,dn3} (the pipeline in order) or {@code block.read.dn} (the DataNode that served them).
     */
    public static final String BLOCK = "block.";
    /** The bytes of the blocks of {@link #BLOCK}, by the same names. */
    public static final String BLOCK_BYTES = "blockbytes.";

    private final Map<String, Histogram> throughput = new TreeMap<>();
    private final Map<String, Long> bytes = new TreeMap<>();

    /**
     * One block went through {@code dataNodes} in {@code blockNanos}.
     *
     * @param operation {@link #WRITE} or {@link #READ}
     * @param dataNodes a write's pipeline in order, or the DataNode that served a read
     */
    public void record(String operation, List<String> dataNodes, long bytes, long blockNanos) {
        String name = operation + '.' + String.join(",", dataNodes);
        long kibPerSecond = Math.round(bytes * 1e9 / Math.max(1, blockNanos) / BlockGroup.BYTES_PER_UNIT);
        throughput.computeIfAbsent(name, key -> Histograms.newHistogram()).recordValue(Math.max(1, kibPerSecond));
        this.bytes.merge(name, bytes, Long::sum);
    }

    public boolean isEmpty() {
        return throughput.isEmpty();
    }

    /** Receives reducer key/value pairs. */
    public interface Sink {
        void accept(String key, String value) throws IOException, InterruptedException;
    }

    /** Sends the blocks as {@link SummingReducer} pairs, which {@link DataNodeBlocks#from} reads once summed. */
    public void emit(Sink out) throws IOException, InterruptedException {
        for (Map.Entry<String, Histogram> blocks : throughput.entrySet()) {
            out.accept(SummingReducer.HISTOGRAM + BLOCK + blocks.getKey(), Histograms.encode(blocks.getValue()));
            out.accept(SummingReducer.LONG_SUM + BLOCK_BYTES + blocks.getKey(), bytes.get(blocks.getKey()).toString());
        }
    }

    /** One line per pipeline (or serving DataNode): its name, its encoded histogram and its bytes, tab-separated. */
    public String toText() {
        StringBuilder text = new StringBuilder();
        throughput.forEach((name, histogram) -> text.append(name).append('\t').append(Histograms.encode(histogram))
                .append('\t').append(bytes.get(name)).append('\n'));
        return text.toString();
    }

    /**
     * Adds the blocks of {@link #toText()}'s {@code text}.
     *
     * @throws IllegalArgumentException if a line is not one that {@link #toText()} writes
     */
    public void addText(String text) {
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] fields = line.split("\t");
            if (fields.length != 3 || fields[0].indexOf('.') < 0) {
                throw new IllegalArgumentException("not a line of block records: " + line);
            }
            throughput.computeIfAbsent(fields[0], key -> Histograms.newHistogram()).add(Histograms.decode(fields[1]));
            bytes.merge(fields[0], Long.parseLong(fields[2]), Long::sum);
        }
    }

    /** The blocks as the groups {@link DataNodeBlocks} holds. */
    DataNodeBlocks toDataNodeBlocks() {
        return DataNodeBlocks.of(throughput, bytes);
    }
}
