package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.fs.statistics.StoreStatisticNames;

/**
 * What an object store's client did for a run, by its own count (Hadoop's IOStatistics, which S3A and the other
 * object store clients keep): the requests it sent, by kind, and how many it retried or had throttled. The figures
 * explain a rate, such as many small parts or a store that pushed back, and cost money on a cloud store. A file
 * system that keeps no IOStatistics, such as HDFS, has none: {@link #isEmpty}. Only the kinds a client counted are
 * kept, a zero included; a kind it did not count is absent, never reported as zero.
 */
public final class StoreStatistics {
    /** The request counters kept, with the name operators know each request by. */
    private static final Map<String, String> REQUESTS = requests();
    private static final String RETRIES = StoreStatisticNames.STORE_IO_RETRY;
    private static final String THROTTLED = StoreStatisticNames.STORE_IO_THROTTLED;
    /** The counters of requests the store pushed back, with their names for people. */
    private static final Map<String, String> PUSHED_BACK = pushedBack();
    private static final StoreStatistics NONE = new StoreStatistics(Map.of());

    private final SortedMap<String, Long> counters;

    private StoreStatistics(Map<String, Long> counters) {
        this.counters = Collections.unmodifiableSortedMap(new TreeMap<>(counters));
    }

    private static Map<String, String> requests() {
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put(StoreStatisticNames.OBJECT_PUT_REQUEST, "PUT");
        // Not object_multipart_initiated: S3A 3.4 counts a stream's multipart start twice in its file system's
        // statistics (the stream's tracker and the store's both count it), and a figure known to be double is left out.
        requests.put(StoreStatisticNames.MULTIPART_UPLOAD_PART_PUT, "part PUT");
        requests.put(StoreStatisticNames.ACTION_HTTP_GET_REQUEST, "GET");
        requests.put(StoreStatisticNames.OBJECT_METADATA_REQUESTS, "HEAD");
        requests.put(StoreStatisticNames.OBJECT_LIST_REQUEST, "LIST");
        requests.put(StoreStatisticNames.OBJECT_CONTINUE_LIST_REQUEST, "LIST continued");
        requests.put(StoreStatisticNames.OBJECT_COPY_REQUESTS, "COPY");
        requests.put(StoreStatisticNames.OBJECT_DELETE_REQUEST, "DELETE");
        requests.put(StoreStatisticNames.OBJECT_BULK_DELETE_REQUEST, "bulk DELETE");
        return Collections.unmodifiableMap(requests);
    }

    private static Map<String, String> pushedBack() {
        Map<String, String> pushedBack = new LinkedHashMap<>();
        pushedBack.put(RETRIES, "retries");
        pushedBack.put(THROTTLED, "throttled");
        return Collections.unmodifiableMap(pushedBack);
    }

    /** A file system that keeps no IOStatistics. */
    public static StoreStatistics none() {
        return NONE;
    }

    /** The counters this class keeps, out of any IOStatistics counters; none if there are none of them. */
    public static StoreStatistics of(Map<String, Long> counters) {
        requireNonNull(counters, "counters is null");
        Map<String, Long> kept = new TreeMap<>();
        counters.forEach((name, value) -> {
            if (isKept(name)) {
                if (value < 0) {
                    throw new IllegalArgumentException("counter " + name + " is negative: " + value);
                }
                kept.put(name, value);
            }
        });
        return kept.isEmpty() ? NONE : new StoreStatistics(kept);
    }

    /** What {@code fs} has counted since it was created; none if it keeps no IOStatistics. */
    public static StoreStatistics of(FileSystem fs) {
        IOStatistics statistics = IOStatisticsSupport.retrieveIOStatistics(requireNonNull(fs, "fs is null"));
        return statistics == null ? NONE : of(statistics.counters());
    }

    /**
     * What {@code stream}, an object store's input or output stream, counted of its own requests once it is closed:
     * the data requests it sent (S3A: PUT and part PUT for an output stream, GET for an input stream), exact however
     * many others share its client; not the requests made to open it (HEAD, LIST), nor retries or throttled
     * requests, which only the client counts. None if it keeps no IOStatistics.
     */
    public static StoreStatistics ofStream(Object stream) {
        IOStatistics statistics = IOStatisticsSupport.retrieveIOStatistics(requireNonNull(stream, "stream is null"));
        return statistics == null ? NONE : of(statistics.counters());
    }

    /** Whether {@code fs} counts its requests in IOStatistics this class keeps, as an object store's client does. */
    public static boolean counts(FileSystem fs) {
        IOStatistics statistics = IOStatisticsSupport.retrieveIOStatistics(requireNonNull(fs, "fs is null"));
        return statistics != null && statistics.counters().keySet().stream().anyMatch(StoreStatistics::isKept);
    }

    /** How people know the request an IOStatistics counter counts: "PUT" for {@code object_put_request}. */
    public static String requestName(String statistic) {
        return REQUESTS.getOrDefault(requireNonNull(statistic, "statistic is null"), statistic);
    }

    private static boolean isKept(String name) {
        return REQUESTS.containsKey(name) || name.equals(RETRIES) || name.equals(THROTTLED);
    }

    public boolean isEmpty() {
        return counters.isEmpty();
    }

    /** The kept counters by their IOStatistics names, e.g. {@code object_put_request}. */
    public SortedMap<String, Long> counters() {
        return counters;
    }

    /** These counts and {@code other}'s added up, as the tasks of one run add up to the run. */
    public StoreStatistics plus(StoreStatistics other) {
        Map<String, Long> sum = new TreeMap<>(counters);
        other.counters.forEach((name, value) -> sum.merge(name, value, Long::sum));
        return sum.isEmpty() ? NONE : new StoreStatistics(sum);
    }

    /** What was counted after {@code earlier}, a snapshot of the same client's counters. */
    public StoreStatistics since(StoreStatistics earlier) {
        Map<String, Long> difference = new TreeMap<>(counters);
        earlier.counters.forEach((name, value) -> difference.merge(name, -value, Long::sum));
        return of(difference);
    }

    /**
     * The figures of a result: {@code store_requests{statistic=object_put_request}} and the rest by kind, then
     * {@code store_retries} and {@code store_throttled}, each where it was counted; none for a file system without
     * IOStatistics.
     */
    public List<Metric> metrics() {
        List<Metric> metrics = new ArrayList<>();
        for (String request : REQUESTS.keySet()) {
            if (counters.containsKey(request)) {
                metrics.add(Metric.of("store_requests", count(request), Unit.COUNT, Better.NEITHER)
                        .withLabel("statistic", request));
            }
        }
        if (counters.containsKey(RETRIES)) {
            metrics.add(Metric.of("store_retries", count(RETRIES), Unit.COUNT, Better.LOWER));
        }
        if (counters.containsKey(THROTTLED)) {
            metrics.add(Metric.of("store_throttled", count(THROTTLED), Unit.COUNT, Better.LOWER));
        }
        return metrics;
    }

    /**
     * For people: "3 PUT, 6 GET, 9 HEAD; 0 retries, 0 throttled", naming only the kinds of request sent, then the
     * kinds not counted, if any: "3 PUT; not counted: GET, HEAD, ..., retries, throttled".
     */
    public String describe() {
        List<String> sent = new ArrayList<>();
        List<String> notCounted = new ArrayList<>();
        REQUESTS.forEach((name, label) -> {
            if (!counters.containsKey(name)) {
                notCounted.add(label);
            } else if (count(name) > 0) {
                sent.add(count(name) + " " + label);
            }
        });
        List<String> pushedBack = new ArrayList<>();
        PUSHED_BACK.forEach((name, label) -> {
            if (counters.containsKey(name)) {
                pushedBack.add(count(name) + " " + label);
            } else {
                notCounted.add(label);
            }
        });
        return (sent.isEmpty() ? "none" : String.join(", ", sent))
                + (pushedBack.isEmpty() ? "" : "; " + String.join(", ", pushedBack))
                + (notCounted.isEmpty() ? "" : "; not counted: " + String.join(", ", notCounted));
    }

    private long count(String name) {
        return counters.getOrDefault(name, 0L);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof StoreStatistics && counters.equals(((StoreStatistics) obj).counters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(counters);
    }

    @Override
    public String toString() {
        return "StoreStatistics" + counters;
    }
}
