package io.hbench.hs;

import io.hbench.datanodes.BlockReads;
import io.hbench.datanodes.BlockRecords;
import io.hbench.datanodes.TaskBlocks;
import io.hbench.fs.FileOperationException;
import java.io.BufferedInputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.SplitLocationInfo;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Reads 100-byte records as a 10-byte key and a 90-byte value. A split owns the records that
 * start inside it (record boundaries are multiples of 100), so splits may cut files anywhere.
 * Bytes after the last whole record are ignored here; HSDataCheck and HSValidate report them.
 *
 * <p>The splits are FileInputFormat's, each wrapped in a {@link RecordSplit} that is not a {@link FileSplit}: for a
 * FileSplit the map task asks the file system's statistics for the bytes read before and after every record, which
 * walks every thread's statistics twice per record (in one JVM with a cluster inside, a third of a validating map's
 * time). The reader counts its bytes itself and adds them to the same counter once.
 */
public final class HsInputFormat extends FileInputFormat<Text, Text> {
    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException {
        List<InputSplit> splits = new ArrayList<>();
        for (InputSplit split : super.getSplits(job)) {
            splits.add(new RecordSplit((FileSplit) split));
        }
        return splits;
    }

    @Override
    public RecordReader<Text, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new Reader();
    }

    /** A file split; public with a no-argument constructor so that the framework can deserialize it. */
    public static final class RecordSplit extends InputSplit implements Writable {
        private FileSplit file;

        public RecordSplit() {
            this.file = new FileSplit();
        }

        RecordSplit(FileSplit file) {
            this.file = file;
        }

        /** The file split this split wraps: a whole file, where HSValidate asks for one split per file. */
        public FileSplit file() {
            return file;
        }

        @Override
        public long getLength() {
            return file.getLength();
        }

        @Override
        public String[] getLocations() throws IOException {
            return file.getLocations();
        }

        @Override
        public SplitLocationInfo[] getLocationInfo() throws IOException {
            return file.getLocationInfo();
        }

        @Override
        public void write(DataOutput out) throws IOException {
            file.write(out);
        }

        @Override
        public void readFields(DataInput in) throws IOException {
            file.readFields(in);
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }

    static final class Reader extends RecordReader<Text, Text> {
        private final byte[] record = new byte[Records.RECORD_LENGTH];
        private final Text key = new Text();
        private final Text value = new Text();
        private InputStream in;
        private TaskAttemptContext context;
        /** Named by every failure to read it: all that a failed job's one line can quote is the task's exception. */
        private Path file;
        private long position;
        private long end;
        private long start;
        /** On HDFS, each block read, timed and with the DataNode that served it; attached to the task's times. */
        private final BlockRecords records = new BlockRecords();
        private Optional<BlockReads> blocks = Optional.empty();

        @Override
        public void initialize(InputSplit inputSplit, TaskAttemptContext context) throws IOException {
            FileSplit split = ((RecordSplit) inputSplit).file();
            this.context = context;
            file = split.getPath();
            try {
                open(split);
            } catch (IOException e) {
                throw new FileOperationException("read", file, e);
            }
        }

        private void open(FileSplit split) throws IOException {
            FileSystem fs = file.getFileSystem(context.getConfiguration());
            long fileLength = fs.getFileStatus(file).getLen();
            long wholeRecordsEnd = fileLength - fileLength % Records.RECORD_LENGTH;
            long splitStart = split.getStart();
            start = (splitStart + Records.RECORD_LENGTH - 1) / Records.RECORD_LENGTH * Records.RECORD_LENGTH;
            long splitEnd = splitStart + split.getLength();
            // Records starting before the split's end belong to it.
            end = Math.min(wholeRecordsEnd,
                    (splitEnd + Records.RECORD_LENGTH - 1) / Records.RECORD_LENGTH * Records.RECORD_LENGTH);
            FSDataInputStream stream = fs.open(file);
            stream.seek(start);
            blocks = TaskBlocks.wanted(context.getConfiguration(), HsJobs.BLOCK_RECORDS_KEY)
                    ? BlockReads.of(fs, stream, records) : Optional.empty();
            in = new BufferedInputStream(blocks.isPresent() ? blocks.get().timed(splitEnd) : stream, 1 << 16);
            position = start;
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            try {
                return readRecord();
            } catch (IOException e) {
                throw new FileOperationException("read", file, e);
            }
        }

        private boolean readRecord() throws IOException {
            if (position >= end) {
                return false;
            }
            int read = 0;
            while (read < record.length) {
                int n = in.read(record, read, record.length - read);
                if (n < 0) {
                    throw new EOFException("file ended inside the record at offset " + position);
                }
                read += n;
            }
            key.set(record, 0, Records.KEY_LENGTH);
            value.set(record, Records.KEY_LENGTH, Records.VALUE_LENGTH);
            position += Records.RECORD_LENGTH;
            return true;
        }

        @Override
        public Text getCurrentKey() {
            return key;
        }

        @Override
        public Text getCurrentValue() {
            return value;
        }

        @Override
        public float getProgress() {
            return end == start ? 1 : (position - start) / (float) (end - start);
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
                context.getCounter(FileInputFormatCounter.BYTES_READ).increment(position - start);
                if (blocks.isPresent()) {
                    TaskBlocks.attach(context, TaskBlocks.INPUT, records);
                }
            }
        }
    }
}
