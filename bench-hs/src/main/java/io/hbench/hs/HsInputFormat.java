package io.hbench.hs;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Reads 100-byte records as a 10-byte key and a 90-byte value. A split owns the records that
 * start inside it (record boundaries are multiples of 100), so splits may cut files anywhere.
 * Bytes after the last whole record are ignored here; HSDataCheck and HSValidate report them.
 */
public final class HsInputFormat extends FileInputFormat<Text, Text> {
    @Override
    public RecordReader<Text, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new Reader();
    }

    static final class Reader extends RecordReader<Text, Text> {
        private final byte[] record = new byte[Records.RECORD_LENGTH];
        private final Text key = new Text();
        private final Text value = new Text();
        private InputStream in;
        private long position;
        private long end;
        private long start;

        @Override
        public void initialize(InputSplit inputSplit, TaskAttemptContext context) throws IOException {
            FileSplit split = (FileSplit) inputSplit;
            Path file = split.getPath();
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
            in = new BufferedInputStream(stream, 1 << 16);
            position = start;
        }

        @Override
        public boolean nextKeyValue() throws IOException {
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
            }
        }
    }
}
