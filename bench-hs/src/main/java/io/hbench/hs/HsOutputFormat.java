package io.hbench.hs;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.InvalidJobConfException;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Writes records as raw bytes, key then value, with the replication hbench asks for (not the
 * file system client's default, which a cached client may have fixed earlier), and makes each
 * file durable (hsync, where the stream can) before it is closed. The output directory may exist:
 * hbench has already checked that it is its own and emptied it. The file goes where the job's
 * committer says (FileOutputFormat's work path), so the cluster's committer commits it.
 *
 * <p>It is not itself a FileOutputFormat, only uses one for the committer and the work path: for a FileOutputFormat
 * the task asks the file system's statistics for the bytes written before and after every record, which walks every
 * thread's statistics twice per record (in one JVM with a cluster inside, over a third of a sorting reducer's
 * time). The writer counts its bytes itself and adds them to the same counter once.
 */
public final class HsOutputFormat extends OutputFormat<Text, Text> {
    static final String REPLICATION_KEY = "hbench.hs.output.replication";
    static final String SYNC_KEY = "hbench.hs.output.sync";

    /** The committer and the work path, as for any FileOutputFormat of the cluster. */
    private final FileOutputFormat<Text, Text> files = new FileOutputFormat<Text, Text>() {
        @Override
        public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext context) {
            throw new UnsupportedOperationException("HsOutputFormat writes the records");
        }
    };

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context) throws IOException {
        return files.getOutputCommitter(context);
    }

    @Override
    public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        Path file = files.getDefaultWorkFile(context, "");
        FileSystem fs = file.getFileSystem(conf);
        short replication = (short) conf.getInt(REPLICATION_KEY, fs.getDefaultReplication(file));
        FSDataOutputStream out = fs.create(file, true, conf.getInt("io.file.buffer.size", 4096) * 16, replication,
                fs.getDefaultBlockSize(file));
        boolean sync = conf.getBoolean(SYNC_KEY, true);
        return new RecordWriter<Text, Text>() {
            private long bytes;

            @Override
            public void write(Text key, Text value) throws IOException {
                out.write(key.getBytes(), 0, key.getLength());
                out.write(value.getBytes(), 0, value.getLength());
                bytes += key.getLength() + value.getLength();
            }

            @Override
            public void close(TaskAttemptContext taskContext) throws IOException {
                if (sync) {
                    hsyncWhereSupported(out);
                }
                out.close();
                taskContext.getCounter(FileOutputFormatCounter.BYTES_WRITTEN).increment(bytes);
            }
        };
    }

    /**
     * Makes what {@code out} holds durable where its stream can sync: erasure-coded HDFS files and object stores
     * cannot (S3A would log a warning, or throw with fs.s3a.downgrade.syncable.exceptions=false), and there
     * close() alone persists the data.
     */
    static void hsyncWhereSupported(FSDataOutputStream out) throws IOException {
        if (out.hasCapability(StreamCapabilities.HSYNC)) {
            out.hsync();
        }
    }

    @Override
    public void checkOutputSpecs(JobContext job) throws IOException {
        checkClaimedOutput(job);
    }

    /**
     * What FileOutputFormat checks, but for a directory hbench has claimed and which may therefore exist: there is
     * one, and the tasks may write there. On a Kerberos-secured cluster tasks write with the job's delegation tokens,
     * which FileOutputFormat's check would have got for the output's file system; without one, an output on another
     * file system than the job's staging area could not be written.
     */
    static void checkClaimedOutput(JobContext job) throws IOException {
        Path output = FileOutputFormat.getOutputPath(job);
        if (output == null) {
            throw new InvalidJobConfException("no output directory");
        }
        TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {output}, job.getConfiguration());
    }
}
