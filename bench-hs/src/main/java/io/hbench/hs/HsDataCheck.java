package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * HSDataCheck: from the file system's metadata alone, the data files of a directory: each a whole
 * number of records, with at least the required replication where the file system keeps replicas
 * (an object store keeps copies of its own, and reports none); the record count (total size / 100)
 * and total size as expected. Times itself. No job.
 */
public final class HsDataCheck {
    private final Configuration conf;

    public HsDataCheck(Configuration conf) {
        this.conf = requireNonNull(conf, "conf is null");
    }

    public HsDataCheckResult run(HsDataCheckOptions options) throws IOException {
        requireNonNull(options, "options is null");
        Instant start = Instant.now();
        long begin = System.nanoTime();
        Path dir = new Path(options.dir());
        FileSystem fs = dir.getFileSystem(conf);
        List<FileStatus> files = HsDirs.dataFiles(fs, dir, "-dir");
        if (files.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "-dir " + fs.makeQualified(dir) + " holds no data files");
        }
        List<String> problems = new ArrayList<>();
        long bytes = 0;
        boolean replicas = HsDirs.reportsReplicas(fs, dir);
        int lowestReplication = Integer.MAX_VALUE;
        for (FileStatus file : files) {
            bytes += file.getLen();
            lowestReplication = Math.min(lowestReplication, file.getReplication());
            if (file.getLen() % Records.RECORD_LENGTH != 0) {
                problems.add(file.getPath().getName() + " is " + file.getLen()
                        + " bytes, not a whole number of 100-byte records");
            }
            if (replicas && file.getReplication() < options.replication()) {
                problems.add(file.getPath().getName() + " has replication " + file.getReplication() + ", below "
                        + options.replication());
            }
        }
        long rows = bytes / Records.RECORD_LENGTH;
        if (options.expectedRows().isPresent() && options.expectedRows().get() != rows) {
            long expected = options.expectedRows().get();
            problems.add("record count " + rows + " (" + bytes + " bytes) is not the " + expected + " expected ("
                    + expected * Records.RECORD_LENGTH + " bytes)");
        }
        Duration time = Duration.ofNanos(System.nanoTime() - begin);
        return new HsDataCheckResult(options, start, Instant.now(), time, files.size(), bytes,
                replicas ? Optional.of(lowestReplication) : Optional.empty(), problems);
    }
}
