package io.hbench.environment;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Environment;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The store a run's data lived in, and the client settings that shape its figures there, recorded beside the rest of
 * the run's environment: two runs on S3A with different part sizes or upload buffers measured different things. The
 * settings are read from the file system's own configuration, which for S3A holds the bucket's overrides
 * ({@code fs.s3a.bucket.<bucket>.*}). No credential is ever recorded: the endpoint loses any user information, and
 * every value passes Hadoop's redactor ({@code hadoop.security.sensitive-config-keys}).
 */
public final class StoreSettings {
    /** Recorded for every run whose data has a location: the file system's URI, e.g. {@code s3a://bucket}. */
    public static final String STORE_KEY = "store";
    /** S3A's settings that change what a benchmark measures: where it sends, how it buffers, splits and pools. */
    static final List<String> S3A_KEYS = List.of(
            "fs.s3a.endpoint",
            "fs.s3a.endpoint.region",
            "fs.s3a.path.style.access",
            "fs.s3a.connection.ssl.enabled",
            "fs.s3a.fast.upload.buffer",
            "fs.s3a.fast.upload.active.blocks",
            "fs.s3a.multipart.size",
            "fs.s3a.multipart.threshold",
            "fs.s3a.block.size",
            "fs.s3a.threads.max",
            "fs.s3a.max.total.tasks",
            "fs.s3a.connection.maximum",
            "fs.s3a.readahead.range",
            "fs.s3a.experimental.input.fadvise",
            "fs.s3a.retry.limit",
            "fs.s3a.attempts.maximum",
            "fs.s3a.directory.marker.retention",
            "fs.s3a.committer.name",
            "fs.s3a.committer.threads",
            "fs.s3a.encryption.algorithm",
            "fs.s3a.aws.credentials.provider");

    private StoreSettings() {
    }

    /**
     * {@code environment} with the store of the first of {@code locations} that is a path of a Hadoop file system, and
     * that store's settings; unchanged if none is.
     *
     * @param locations a result's locations: paths, and other things (a listening address) that are skipped
     */
    public static Environment record(Environment environment, Configuration conf, Collection<String> locations) {
        requireNonNull(environment, "environment is null");
        Map<String, String> settings = settings(conf, locations);
        return settings.isEmpty() ? environment : environment.withConfiguration(settings);
    }

    static Map<String, String> settings(Configuration conf, Collection<String> locations) {
        requireNonNull(conf, "conf is null");
        for (String location : requireNonNull(locations, "locations is null")) {
            FileSystem fs = fileSystem(conf, location);
            if (fs != null) {
                return settings(fs);
            }
        }
        return Map.of();
    }

    /** The file system {@code location} names, or null if it names none (an address, a relative name). */
    private static FileSystem fileSystem(Configuration conf, String location) {
        URI uri;
        try {
            uri = new URI(location);
        } catch (URISyntaxException e) {
            return null;
        }
        if (uri.getScheme() == null ? !location.startsWith("/") : uri.getAuthority() == null && uri.getPath() == null) {
            return null;
        }
        try {
            // A scheme with no file system (a host name before a port) fails here: UnsupportedFileSystemException.
            return new Path(uri).getFileSystem(conf);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    private static Map<String, String> settings(FileSystem fs) {
        Map<String, String> settings = new LinkedHashMap<>();
        URI uri = fs.getUri();
        settings.put(STORE_KEY, withoutUserInfo(uri));
        if ("s3a".equals(uri.getScheme())) {
            Configuration own = fs.getConf();
            ConfigRedactor redactor = new ConfigRedactor(own);
            for (String key : S3A_KEYS) {
                String value = own.getTrimmed(key);
                if (value != null && !value.isEmpty()) {
                    settings.put(key, redactor.redact(key, key.equals("fs.s3a.endpoint") ? withoutUserInfo(value)
                            : value));
                }
            }
        }
        return settings;
    }

    /** {@code http://key:secret@host} as {@code http://host}: old S3A setups put credentials in URIs. */
    static String withoutUserInfo(String value) {
        try {
            return withoutUserInfo(new URI(value));
        } catch (URISyntaxException e) {
            return value.contains("@") ? value.substring(value.lastIndexOf('@') + 1) : value;
        }
    }

    private static String withoutUserInfo(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri.toString();
        }
        try {
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), uri.getQuery(),
                    uri.getFragment()).toString();
        } catch (URISyntaxException e) {
            return uri.getScheme() + "://" + uri.getHost();
        }
    }
}
