package io.hbench.hs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.embedded.ConfigurationSources;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitterFactory;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * Which output committer commits a job's output. hbench never chooses one: its output formats take theirs from a
 * FileOutputFormat, which takes it from PathOutputCommitterFactory, so the cluster's settings decide, as for any job of the cluster
 * (on S3A, {@code fs.s3a.committer.name}). After a job its committer is read back from {@code _SUCCESS}; before one,
 * it is foreseen for the one case worth a note: the classic committer writing into an object store.
 */
public final class OutputCommitters {
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
    public static String recorded(FileSystem fs, Path output) throws IOException {
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

    /**
     * Has {@code job} commit its tasks' output only with the job, unless {@code given} chose how: Hadoop's default
     * classic committer (algorithm 2) commits each task into the output, so a failed job left its finished tasks'
     * files there; algorithm 1 commits them only with the job. Spark makes the same choice for its own Hadoop
     * configuration. Other committers ignore the setting.
     */
    public static void commitOnlyWithTheJob(Configuration given, Job job) {
        if (!ConfigurationSources.isSetExplicitly(given, FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION)) {
            job.getConfiguration().setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
        }
    }

    /**
     * The note {@code program} prints before its jobs when their output in {@code dir} would go through the classic
     * committer into an object store: its job commit renames every output file, which in a store copies every
     * object. Empty otherwise.
     */
    public static Optional<String> copyNote(String program, Configuration conf, String dir) throws IOException {
        Path path = new Path(dir);
        FileSystem fs = path.getFileSystem(conf);
        Path output = fs.makeQualified(path);
        if (!HsDirs.isObjectStore(fs, output)) {
            return Optional.empty();
        }
        // The committer a task of the job would create: the same factory, from the same settings.
        PathOutputCommitter committer = PathOutputCommitterFactory.createCommitter(output,
                new TaskAttemptContextImpl(conf, new TaskAttemptID()));
        if (!(committer instanceof FileOutputCommitter)) {
            return Optional.empty();
        }
        String scheme = output.toUri().getScheme();
        return Optional.of(program + ": note: " + output + " is in an object store, where the classic output"
                + " committer's job commit copies every output object (a rename in an object store is a copy and a"
                + " delete); " + (scheme.equals("s3a") ? "-D fs.s3a.committer.name=magic or =directory commits"
                        : "the store's own committer (-D mapreduce.outputcommitter.factory.scheme." + scheme
                                + "=<its factory>) commits")
                + " without copying");
    }
}
