package io.hbench.fs;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * How long S3A keeps trying a store that fails: the store check's own short bound, and the run's, said in words.
 *
 * <p>S3A (3.4) retries a failing call, a refused connection or an HTTP 5xx answer alike, up to {@value #LIMIT} times,
 * sleeping {@value #INTERVAL} times 2, 4, 8, ... between tries, each sleep give or take half (Hadoop's
 * exponentialBackoffRetry); throttled calls have a limit and interval of their own. Each try is itself retried by the
 * AWS SDK up to {@value #SDK_RETRIES} times. Connection and request timeouts below 15 s are raised to 15 s by S3A.
 */
final class S3aRetries {
    static final String LIMIT = "fs.s3a.retry.limit";
    static final String INTERVAL = "fs.s3a.retry.interval";
    static final String THROTTLE_LIMIT = "fs.s3a.retry.throttle.limit";
    static final String THROTTLE_INTERVAL = "fs.s3a.retry.throttle.interval";
    static final String SDK_RETRIES = "fs.s3a.attempts.maximum";
    private static final int DEFAULT_LIMIT = 7;
    private static final String DEFAULT_INTERVAL = "500ms";
    private static final int DEFAULT_THROTTLE_LIMIT = 20;
    private static final int DEFAULT_SDK_RETRIES = 5;
    /**
     * The store check's: one retry after 100 to 300 ms, none in the SDK, and S3A's shortest timeouts; a store that fails
     * every call is refused within a second where it refuses connections, within a minute where it never answers.
     */
    static final Map<String, String> PROBE_SETTINGS = Map.of(
            LIMIT, "1",
            INTERVAL, "100ms",
            THROTTLE_LIMIT, "1",
            THROTTLE_INTERVAL, "100ms",
            SDK_RETRIES, "0",
            "fs.s3a.connection.establish.timeout", "15s",
            "fs.s3a.connection.request.timeout", "15s",
            "fs.s3a.connection.timeout", "15s");

    private S3aRetries() {
    }

    /**
     * A copy of {@code conf} whose S3A client for {@code store} gives up after {@link #PROBE_SETTINGS}: the bucket's own
     * settings ({@code fs.s3a.bucket.<bucket>.*}) are set too, since S3A lets them override the general ones.
     */
    static Configuration forProbe(Configuration conf, URI store) {
        Configuration probe = new Configuration(requireNonNull(conf, "conf is null"));
        String bucket = requireNonNull(store, "store is null").getHost();
        PROBE_SETTINGS.forEach((key, value) -> {
            probe.set(key, value);
            if (bucket != null) {
                probe.set("fs.s3a.bucket." + bucket + "." + key.substring("fs.s3a.".length()), value);
            }
        });
        return probe;
    }

    /**
     * How long the run keeps trying a failing call, from the S3A settings in {@code conf} (the run's file system's own,
     * which holds the bucket's overrides), with the settings that govern it and their values.
     */
    static String runBound(Configuration conf) {
        int limit = conf.getInt(LIMIT, DEFAULT_LIMIT);
        long interval = conf.getTimeDuration(INTERVAL, DEFAULT_INTERVAL, TimeUnit.MILLISECONDS);
        String retries = limit <= 0 ? "the run does not retry a failing call (" + setting(conf, LIMIT, DEFAULT_LIMIT)
                : "the run retries a failing call up to " + limit + " times, waiting " + duration(2 * interval)
                        + " doubling each time, " + duration(interval * (Math.pow(2, limit + 1) - 2)) + " in all"
                        + " give or take half (" + setting(conf, LIMIT, DEFAULT_LIMIT) + ", "
                        + setting(conf, INTERVAL, DEFAULT_INTERVAL);
        return retries + "), each try up to " + conf.getInt(SDK_RETRIES, DEFAULT_SDK_RETRIES) + " times more in the"
                + " AWS SDK (" + setting(conf, SDK_RETRIES, DEFAULT_SDK_RETRIES) + "); throttled calls up to "
                + conf.getInt(THROTTLE_LIMIT, DEFAULT_THROTTLE_LIMIT) + " times ("
                + setting(conf, THROTTLE_LIMIT, DEFAULT_THROTTLE_LIMIT) + ", "
                + setting(conf, THROTTLE_INTERVAL, DEFAULT_INTERVAL) + ")";
    }

    private static String setting(Configuration conf, String key, Object defaultValue) {
        return key + "=" + conf.getTrimmed(key, String.valueOf(defaultValue));
    }

    /** Milliseconds as people read them: "200 ms", "1.5 s", "127 s". */
    static String duration(double millis) {
        if (millis < 1000) {
            return String.format(Locale.ROOT, "%.0f ms", millis);
        }
        return millis < 10_000 ? String.format(Locale.ROOT, "%.1f s", millis / 1000)
                : String.format(Locale.ROOT, "%,.0f s", millis / 1000);
    }
}
