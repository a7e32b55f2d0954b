package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One reading of a DataNode's own metrics (its /jmx, {@link #QUERY}): the bytes it served to readers and took from
 * writers, its packets' acknowledgement round trips, and where file-I/O profiling is on
 * ({@code dfs.datanode.fileio.profiling.sampling.percentage} above 0), each volume's reads and writes of its files.
 * <p>
 * Bytes are counters. A latency is Hadoop's rate: a count of operations and the mean time of those the DataNode timed
 * in its last metrics period, which its /jmx refreshes at most every 10 s; {@link DataNodeUsage} weights that mean by
 * the operations each interval added. Several DataNodes in one JVM (a MiniDFSCluster) each have their activity bean,
 * named after their transfer port; their volumes' beans cannot be told apart, so they are left out then.
 */
final class DataNodeSnapshot {
    /** Every DataNode bean, in one request. */
    static final String QUERY = "Hadoop:service=DataNode,name=*";
    static final String ACTIVITY = "Hadoop:service=DataNode,name=DataNodeActivity-";
    static final String VOLUME = "Hadoop:service=DataNode,name=DataNodeVolume-";

    private final Instant time;
    private final long bytesRead;
    private final long bytesWritten;
    private final Optional<Rate> ackRoundTrip;
    private final SortedMap<String, Rate> volumeReads;
    private final SortedMap<String, Rate> volumeWrites;

    DataNodeSnapshot(Instant time, long bytesRead, long bytesWritten, Optional<Rate> ackRoundTrip,
            Map<String, Rate> volumeReads, Map<String, Rate> volumeWrites) {
        this.time = requireNonNull(time, "time is null");
        this.bytesRead = bytesRead;
        this.bytesWritten = bytesWritten;
        this.ackRoundTrip = requireNonNull(ackRoundTrip, "ackRoundTrip is null");
        this.volumeReads = new TreeMap<>(requireNonNull(volumeReads, "volumeReads is null"));
        this.volumeWrites = new TreeMap<>(requireNonNull(volumeWrites, "volumeWrites is null"));
    }

    /**
     * The figures of the DataNode that listens for transfers on {@code transferPort} among {@code beans}, read at
     * {@code time}; empty if no activity bean is its (not a DataNode, or another one's).
     */
    static Optional<DataNodeSnapshot> of(Instant time, List<JsonNode> beans, int transferPort) {
        List<JsonNode> activities = new ArrayList<>();
        List<JsonNode> volumes = new ArrayList<>();
        for (JsonNode bean : beans) {
            String name = bean.path("name").asText();
            if (name.startsWith(ACTIVITY)) {
                activities.add(bean);
            } else if (name.startsWith(VOLUME)) {
                volumes.add(bean);
            }
        }
        // DataNodeActivity-<host>-<transfer port>: the DataNode's name with its colon replaced.
        Optional<JsonNode> own = activities.size() == 1 ? Optional.of(activities.get(0)) : activities.stream()
                .filter(bean -> bean.path("name").asText().endsWith("-" + transferPort)).findFirst();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        JsonNode activity = own.get();
        SortedMap<String, Rate> reads = new TreeMap<>();
        SortedMap<String, Rate> writes = new TreeMap<>();
        if (activities.size() == 1) {
            for (JsonNode volume : volumes) {
                String path = volume.path("name").asText().substring(VOLUME.length());
                Rate.of(volume, "ReadIoRate", 1e-3).ifPresent(rate -> reads.put(path, rate));
                Rate.of(volume, "WriteIoRate", 1e-3).ifPresent(rate -> writes.put(path, rate));
            }
        }
        return Optional.of(new DataNodeSnapshot(time, counter(activity, "BytesRead"),
                counter(activity, "BytesWritten"), Rate.of(activity, "PacketAckRoundTripTimeNanos", 1e-9), reads,
                writes));
    }

    private static long counter(JsonNode bean, String attribute) {
        JsonNode value = bean.path(attribute);
        return value.isIntegralNumber() ? value.asLong() : CounterSnapshot.ABSENT;
    }

    Instant time() {
        return time;
    }

    /** {@link CounterSnapshot#ABSENT} where the DataNode does not say. */
    long bytesRead() {
        return bytesRead;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    Optional<Rate> ackRoundTrip() {
        return ackRoundTrip;
    }

    /** By volume directory; empty where file-I/O profiling is off. */
    SortedMap<String, Rate> volumeReads() {
        return volumeReads;
    }

    SortedMap<String, Rate> volumeWrites() {
        return volumeWrites;
    }

    /** A metrics rate: how many operations so far, and the mean time of those of the last metrics period. */
    static final class Rate {
        final long operations;
        final double meanSeconds;

        Rate(long operations, double meanSeconds) {
            this.operations = operations;
            this.meanSeconds = meanSeconds;
        }

        /** {@code <name>NumOps} and {@code <name>AvgTime}, the time in units of {@code seconds} each. */
        static Optional<Rate> of(JsonNode bean, String name, double seconds) {
            JsonNode operations = bean.path(name + "NumOps");
            JsonNode mean = bean.path(name + "AvgTime");
            if (!operations.isIntegralNumber() || !mean.isNumber()) {
                return Optional.empty();
            }
            return Optional.of(new Rate(operations.asLong(), mean.asDouble() * seconds));
        }
    }
}
