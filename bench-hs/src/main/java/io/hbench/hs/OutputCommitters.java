package io.hbench.hs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * Which output committer commits a job's output. hbench never chooses one: its output formats are FileOutputFormats,
 * which take theirs from PathOutputCommitterFactory, so the cluster's settings decide, as for any job of the cluster
 * (on S3A, {@code fs.s3a.committer.name}). After a job its committer is read back from {@code _SUCCESS}.
 */
final class OutputCommitters {
    /** The classic FileOutputCommitter, by the name S3A's {@code fs.s3a.committer.name} gives it. */
    static final String CLASSIC = "file";
    /** No {@code _SUCCESS} (mapreduce.fileoutputcommitter.marksuccessfuljobs=false), or one that names no committer. */
    static final String UNKNOWN = "unknown";

    private OutputCommitters() {
    }

    /**
     * The committer that committed the job output in {@code output}, as its {@code _SUCCESS} says: S3A's committers
     * and the manifest committer write a JSON summary whose "committer" field names them ("magic", "directory",
     * "partitioned", "manifest"); the classic committer writes an empty file.
     */
    static String recorded(FileSystem fs, Path output) throws IOException {
        Path success = new Path(output, FileOutputCommitter.SUCCEEDED_FILE_NAME);
        if (!fs.exists(success)) {
            return UNKNOWN;
        }
        byte[] bytes;
        try (InputStream in = fs.open(success)) {
            bytes = in.readAllBytes();
        }
        if (bytes.length == 0) {
            return CLASSIC;
        }
        try {
            JsonNode committer = new ObjectMapper().readTree(bytes).get("committer");
            return committer != null && committer.isTextual() ? committer.asText() : UNKNOWN;
        } catch (JsonProcessingException e) {
            return UNKNOWN;
        }
    }
}
