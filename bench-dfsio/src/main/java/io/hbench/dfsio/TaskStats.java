package io.hbench.dfsio;

import io.hbench.datanodes.BlockRecords;
import io.hbench.fs.StoreStatistics;
import io.hbench.mapred.SummingReducer;
import io.hbench.stats.Histograms;
import io.hbench.units.DataSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one map task measured on its one file, and how it reaches the reducer. Besides TestDFSIO's
 * five keys (with the same meaning) it sends the task's own sample, its open and I/O-call
 * latencies, the bytes it finished in each {@value #SLOT_MILLIS}-ms slot of wall-clock time,
 * any verification failure, and on HDFS its blocks' throughputs by the DataNodes they went through.
 */
final class TaskStats {
    static final String TASKS = "tasks";
    static final String SIZE = "size";
    static final String TIME = "time";
    static final String RATE = "rate";
    static final String SQRATE = "sqrate";
    static final String TASK_SAMPLE = "task";
    static final String LATENCY = "latency";
    static final String OPEN_LATENCY = "open";
    /** Bytes by wall-clock slot, keyed by epoch millis / {@link #SLOT_MILLIS}. */
    static final String SLOT = "slot.";
    /**
     * Fine enough that the per-second series can start where the I/O phase starts, which no task
     * knows in advance, and coarse enough to keep the reducer's input small.
     */
    static final long SLOT_MILLIS = 100;
    static final String FAILURES = "failures";
    /** The store client's counters ({@link StoreStatistics}), by IOStatistics name. */
    static final String STORE = "store.";
    /** Of a write to {@code -dataNodes}: its file's blocks, and those placed as it asked ({@link FavoredPlacement}). */
    static final String FAVORED_BLOCKS = "favored.blocks";
    static final String FAVORED_PLACED = "favored.placed";
    /** With {@code -dropBehind}: 1 if the file's stream accepted it ({@link DropBehind}), under one key or the other. */
    static final String DROP_BEHIND_ACCEPTED = "dropBehind.accepted";
    static final String DROP_BEHIND_REFUSED = "dropBehind.refused";
    /** With {@code -readFrom}: 1 under one key or the other, as the task's host held a replica of its file or not. */
    static final String READS_ON_REPLICA_HOST = "reads.replicaHost";
    static final String READS_ELSEWHERE = "reads.elsewhere";

    private final String fileName;
    private final String host;
    private final Histogram latencyMicros = Histograms.newHistogram();
    private final Histogram openMicros = Histograms.newHistogram();
    private final Map<Long, Long> bytesBySlot = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private final BlockRecords blocks = new BlockRecords();
    private StoreStatistics store = StoreStatistics.none();
    private FavoredPlacement favoredPlacement;
    private Boolean dropBehindAccepted;
    private Boolean onReplicaHost;
    private long startMicros;
    private long startNanos;
    private long endMicros;
    private long nanos;
    private long bytes;

    TaskStats(String fileName, String host) {
        this.fileName = fileName;
        this.host = host;
    }

    /** Opening the file (before the timed I/O) took {@code openNanos}. */
    void opened(long openNanos) {
        openMicros.recordValue(openNanos / 1000);
    }

    /** The timed I/O began at {@code epochMicros} on the wall clock, {@code nanoTime} on the monotonic one. */
    void started(long epochMicros, long nanoTime) {
        this.startMicros = epochMicros;
        this.startNanos = nanoTime;
    }

    /** The timed I/O ended (the file is closed). */
    void finished(long epochMicros, long nanoTime) {
        this.endMicros = epochMicros;
        this.nanos = nanoTime - startNanos;
    }

    /** One I/O call moved {@code count} bytes in {@code callNanos}, finishing at {@code epochMillis}. */
    void recordCall(long count, long callNanos, long epochMillis) {
        bytes += count;
        latencyMicros.recordValue(callNanos / 1000);
        bytesBySlot.merge(epochMillis / SLOT_MILLIS, count, Long::sum);
    }

    /** What the store's client counted for this task's I/O. */
    void storeStatistics(StoreStatistics statistics) {
        this.store = statistics;
    }

    /** How the NameNode placed the blocks of a write to {@code -dataNodes}. */
    void favoredPlacement(FavoredPlacement placement) {
        this.favoredPlacement = placement;
    }

    /** Whether the file's stream accepted {@code -dropBehind}. */
    void dropBehind(boolean accepted) {
        this.dropBehindAccepted = accepted;
    }

    /** The task's blocks on HDFS, timed, by the DataNodes they went through. */
    BlockRecords blocks() {
        return blocks;
    }

    /** Whether the task's host held a replica of the file it read ({@code -readFrom}). */
    void onReplicaHost(boolean held) {
        this.onReplicaHost = held;
    }

    void failure(String message) {
        failures.add(message);
    }

    long bytes() {
        return bytes;
    }

    /** Receives the reducer's key/value pairs: a map task's context, or a collector for {@code -seq}. */
    interface Sink {
        void accept(String key, String value) throws IOException, InterruptedException;
    }

    /** Sends every figure as reducer key/value pairs (see {@link SummingReducer}). */
    void emit(Sink out) throws IOException, InterruptedException {
        long millis = Math.round(nanos / 1e6);
        // TestDFSIO's rate is MiB/s per task, sent times 1000 and summed; its square likewise.
        double rate = nanos == 0 ? 0 : DataSize.toMebibytes(bytes) / (nanos / 1e9);
        out.accept(SummingReducer.LONG_SUM + TASKS, "1");
        out.accept(SummingReducer.LONG_SUM + SIZE, Long.toString(bytes));
        out.accept(SummingReducer.LONG_SUM + TIME, Long.toString(millis));
        out.accept(SummingReducer.DOUBLE_SUM + RATE, Double.toString(rate * 1000));
        out.accept(SummingReducer.DOUBLE_SUM + SQRATE, Double.toString(rate * rate * 1000));
        out.accept(SummingReducer.STRING_JOIN + TASK_SAMPLE, new TaskSampleText(fileName, host, startMicros, endMicros,
                nanos, bytes).toString());
        out.accept(SummingReducer.HISTOGRAM + LATENCY, Histograms.encode(latencyMicros));
        out.accept(SummingReducer.HISTOGRAM + OPEN_LATENCY, Histograms.encode(openMicros));
        for (Map.Entry<Long, Long> slot : bytesBySlot.entrySet()) {
            out.accept(SummingReducer.LONG_SUM + SLOT + slot.getKey(), slot.getValue().toString());
        }
        for (Map.Entry<String, Long> counter : store.counters().entrySet()) {
            out.accept(SummingReducer.LONG_SUM + STORE + counter.getKey(), counter.getValue().toString());
        }
        blocks.emit(out::accept);
        for (String failure : failures) {
            out.accept(SummingReducer.STRING_JOIN + FAILURES, failure.replace(SummingReducer.STRING_SEPARATOR, ','));
        }
        emitFavoredPlacement(out);
        if (dropBehindAccepted != null) {
            out.accept(SummingReducer.LONG_SUM + (dropBehindAccepted ? DROP_BEHIND_ACCEPTED : DROP_BEHIND_REFUSED), "1");
        }
        if (onReplicaHost != null) {
            out.accept(SummingReducer.LONG_SUM + (onReplicaHost ? READS_ON_REPLICA_HOST : READS_ELSEWHERE), "1");
        }
    }

    private void emitFavoredPlacement(Sink out) throws IOException, InterruptedException {
        if (favoredPlacement != null) {
            out.accept(SummingReducer.LONG_SUM + FAVORED_BLOCKS, Long.toString(favoredPlacement.blocks()));
            out.accept(SummingReducer.LONG_SUM + FAVORED_PLACED, Long.toString(favoredPlacement.placed()));
        }
    }
}
