package io.hbench.dfsio;

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
 * five keys (with the same meaning) it sends the task's own sample, its I/O-call latencies, the
 * bytes it finished in each second of wall-clock time, and any verification failure.
 */
final class TaskStats {
    static final String TASKS = "tasks";
    static final String SIZE = "size";
    static final String TIME = "time";
    static final String RATE = "rate";
    static final String SQRATE = "sqrate";
    static final String TASK_SAMPLE = "task";
    static final String LATENCY = "latency";
    static final String SECOND = "second.";
    static final String FAILURES = "failures";

    private final String fileName;
    private final String host;
    private final Histogram latencyMicros = Histograms.newHistogram();
    private final Map<Long, Long> bytesBySecond = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private long startMicros;
    private long endMicros;
    private long nanos;
    private long bytes;

    TaskStats(String fileName, String host) {
        this.fileName = fileName;
        this.host = host;
    }

    void started(long epochMicros) {
        this.startMicros = epochMicros;
    }

    void finished(long epochMicros, long elapsedNanos) {
        this.endMicros = epochMicros;
        this.nanos = elapsedNanos;
    }

    /** One I/O call moved {@code count} bytes in {@code callNanos}, finishing at {@code epochMillis}. */
    void recordCall(long count, long callNanos, long epochMillis) {
        bytes += count;
        latencyMicros.recordValue(callNanos / 1000);
        bytesBySecond.merge(epochMillis / 1000, count, Long::sum);
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
        for (Map.Entry<Long, Long> second : bytesBySecond.entrySet()) {
            out.accept(SummingReducer.LONG_SUM + SECOND + second.getKey(), second.getValue().toString());
        }
        for (String failure : failures) {
            out.accept(SummingReducer.STRING_JOIN + FAILURES, failure.replace(SummingReducer.STRING_SEPARATOR, ','));
        }
    }
}
