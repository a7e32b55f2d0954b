package io.hbench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.fs.CommitterLeftovers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import org.apache.hadoop.util.functional.RemoteIterators;

/**
 * The objects under a directory of the embedded object store, each by its path relative to the directory, with its
 * size: as S3A lists them, and as S3Proxy keeps them on disk (one file per object), for a test to check one by the
 * other.
 */
public final class StoredObjects {
    private StoredObjects() {
    }

    /** Every object under {@code dir}, listed through {@code fs}. */
    public static Map<String, Long> listed(FileSystem fs, String dir) throws IOException {
        org.apache.hadoop.fs.Path root = fs.makeQualified(new org.apache.hadoop.fs.Path(dir));
        Map<String, Long> objects = new TreeMap<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
        while (files.hasNext()) {
            LocatedFileStatus file = files.next();
            objects.put(file.getPath().toUri().getPath().substring(root.toUri().getPath().length() + 1),
                    file.getLen());
        }
        return objects;
    }

    /** Every file under {@code root}: the objects of that directory as S3Proxy keeps them. */
    public static Map<String, Long> onDisk(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).collect(Collectors.toMap(file -> root.relativize(file).toString(),
                    StoredObjects::size, (a, b) -> a, TreeMap::new));
        }
    }

    /**
     * Asserts that nothing of an output committer is left under {@code prefix} of {@code bucket}, the bucket's directory
     * on S3Proxy's disk: no magic or temporary path listed through {@code fs} or on disk, where S3Proxy keeps directory
     * markers as directories too, and no multipart upload begun and neither completed nor aborted.
     */
    public static void assertNothingOfTheCommittersLeftIn(FileSystem fs, Path bucket, String prefix)
            throws IOException {
        assertThat(listed(fs, "/" + prefix).keySet()).noneMatch(StoredObjects::isCommitters);
        try (Stream<Path> paths = Files.walk(bucket.resolve(prefix))) {
            assertThat(paths.map(path -> bucket.relativize(path).toString())).noneMatch(StoredObjects::isCommitters);
        }
        assertThat(RemoteIterators.toList(((S3AFileSystem) fs).listUploads(prefix + "/"))).isEmpty();
    }

    /** Whether any name on {@code path} is an output committer's, as hbench removes them ({@link CommitterLeftovers}). */
    private static boolean isCommitters(String path) {
        return Arrays.stream(path.split("/")).anyMatch(CommitterLeftovers::isCommitters);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
