package io.hbench.hs;

import io.hbench.datanodes.BlockRecords;
import io.hbench.datanodes.BlockWrites;
import io.hbench.datanodes.TaskBlocks;
import io.hbench.fs.FileOperationException;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
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
    public static final String REPLICATION_KEY = "hbench.hs.output.replication";
    public static final String SYNC_KEY = "hbench.hs.output.sync";

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
        Path file = files.getDefaultWorkFile(context, "");
        try {
            return new NamingItsFile(writer(context, file), file);
        } catch (IOException e) {
            throw new FileOperationException("write", file, e);
        }
    }

    private static RecordWriter<Text, Text> writer(TaskAttemptContext context, Path file) throws IOException {
        Configuration conf = context.getConfiguration();
        FileSystem fs = file.getFileSystem(conf);
        short replication = (short) conf.getInt(REPLICATION_KEY, fs.getDefaultReplication(file));
        // The job's block size where it names one: a client the task shares with others may have been made with another.
        long blockSize = conf.getLongBytes(HdfsClientConfigKeys.DFS_BLOCK_SIZE_KEY, fs.getDefaultBlockSize(file));
        FSDataOutputStream out = fs.create(file, true, conf.getInt("io.file.buffer.size", 4096) * 16, replication,
                blockSize);
        boolean sync = conf.getBoolean(SYNC_KEY, true);
        Optional<BlockWrites> blocks = TaskBlocks.wanted(conf, HsJobs.BLOCK_RECORDS_KEY)
                ? BlockWrites.of(fs, out, blockSize) : Optional.empty();
        if (blocks.isPresent()) {
            return new BlockWriter(sync, blocks.get(), fs, file);
        }
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
     * A task's writer whose failures say which file it could not write: all that a failed job's one line can quote is
     * the task's exception ({@link io.hbench.mapred.FailedTaskCause}).
     */
    private static final class NamingItsFile extends RecordWriter<Text, Text> {
        private final RecordWriter<Text, Text> writer;
        private final Path file;

        NamingItsFile(RecordWriter<Text, Text> writer, Path file) {
            this.writer = writer;
            this.file = file;
        }

        @Override
        public void write(Text key, Text value) throws IOException, InterruptedException {
            try {
                writer.write(key, value);
            } catch (IOException e) {
                throw new FileOperationException("write", file, e);
            }
        }

        @Override
        public void close(TaskAttemptContext taskContext) throws IOException, InterruptedException {
            try {
                writer.close(taskContext);
            } catch (IOException e) {
                throw new FileOperationException("write", file, e);
            }
        }
    }

    /**
     * On HDFS: writes the records through {@link BlockWrites}, which times each block and learns its pipeline, and
     * attaches the blocks to the task's times ({@link TaskBlocks}). The records go in chunks of {@value #CHUNK}
     * bytes, so that the blocks are timed per chunk rather than per 100-byte record.
     */
    private static final class BlockWriter extends RecordWriter<Text, Text> {
        private static final int CHUNK = 1 << 16;

        private final boolean sync;
        private final BlockWrites blocks;
        private final FileSystem fs;
        private final Path file;
        private final byte[] chunk = new byte[CHUNK];
        private int filled;
        private long bytes;

        BlockWriter(boolean sync, BlockWrites blocks, FileSystem fs, Path file) {
            this.sync = sync;
            this.blocks = blocks;
            this.fs = fs;
            this.file = file;
        }

        @Override
        public void write(Text key, Text value) throws IOException {
            put(key);
            put(value);
        }

        private void put(Text text) throws IOException {
            int done = 0;
            while (done < text.getLength()) {
                if (filled == CHUNK) {
                    blocks.write(chunk, filled);
                    filled = 0;
                }
                int part = Math.min(text.getLength() - done, CHUNK - filled);
                System.arraycopy(text.getBytes(), done, chunk, filled, part);
                filled += part;
                done += part;
            }
            bytes += text.getLength();
        }

        @Override
        public void close(TaskAttemptContext taskContext) throws IOException {
            blocks.write(chunk, filled);
            // A replicated HDFS stream, the only one recorded, can sync.
            blocks.close(sync);
            taskContext.getCounter(FileOutputFormatCounter.BYTES_WRITTEN).increment(bytes);
            BlockRecords records = new BlockRecords();
            blocks.recordIn(records, fs, file);
            TaskBlocks.attach(taskContext, TaskBlocks.OUTPUT, records);
        }
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
