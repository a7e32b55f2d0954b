package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Blocks that went through the same DataNodes, as the client that moved them saw them: for a write, its pipeline in
 * order (the first DataNode is the one the client sent to); for a read, the one DataNode that served it. The blocks'
 * throughputs are in a histogram, in KiB/s ({@value #BYTES_PER_UNIT} bytes/s), and their bytes summed: one group per
 * distinct pipeline rather than one record per block, so what tasks send grows with the DataNodes, not the data, and a
 * block's throughput and pipeline are still together for {@link SlowDataNodes}.
 */
public final class BlockGroup {
    /** Bytes per second of one unit of the histogram's values: KiB/s. */
    public static final int BYTES_PER_UNIT = 1024;

    private final List<String> dataNodes;
    private final Histogram throughput;
    private final long bytes;

    /**
     * @param dataNodes the pipeline in order, or the one DataNode that served the blocks
     * @param throughput the blocks' throughputs in KiB/s, one value per block
     */
    public BlockGroup(List<String> dataNodes, Histogram throughput, long bytes) {
        this.dataNodes = List.copyOf(requireNonNull(dataNodes, "dataNodes is null"));
        if (this.dataNodes.isEmpty() || this.dataNodes.stream().distinct().count() != this.dataNodes.size()) {
            throw new IllegalArgumentException("blocks go through one or more distinct DataNodes: " + dataNodes);
        }
        this.throughput = requireNonNull(throughput, "throughput is null").copy();
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes is negative: " + bytes);
        }
        this.bytes = bytes;
    }

    public List<String> dataNodes() {
        return dataNodes;
    }

    /** The blocks' throughputs in KiB/s; a copy. */
    public Histogram throughput() {
        return throughput.copy();
    }

    public long blocks() {
        return throughput.getTotalCount();
    }

    public long bytes() {
        return bytes;
    }
}
