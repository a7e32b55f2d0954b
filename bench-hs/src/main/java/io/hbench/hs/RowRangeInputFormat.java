package io.hbench.hs;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * HSGen's input: no files, one split per map holding a range of rows. Rows are split evenly as
 * TeraGen splits them (map i ends at ceil(rows (i + 1) / maps)), so with the same number of maps
 * each output file holds the same rows as TeraGen's. The single record of a split is its first
 * row and its row count.
 */
public final class RowRangeInputFormat extends InputFormat<LongWritable, LongWritable> {
    static final String ROWS_KEY = "hbench.hs.gen.rows";
    static final String MAPS_KEY = "hbench.hs.gen.maps";

    /** The first row of each of {@code maps} ranges, plus {@code rows} at the end. */
    static long[] boundaries(long rows, int maps) {
        long[] bounds = new long[maps + 1];
        for (int i = 1; i <= maps; i++) {
            bounds[i] = firstRow(rows, maps, i);
        }
        return bounds;
    }

    /**
     * The first row of range {@code range} of {@code maps}, ceil(rows range / maps); {@code rows} for range
     * {@code maps}. For another engine's HSGen, whose tasks write the same rows as MapReduce's maps.
     */
    public static long firstRow(long rows, int maps, int range) {
        BigInteger[] qr = BigInteger.valueOf(rows).multiply(BigInteger.valueOf(range))
                .divideAndRemainder(BigInteger.valueOf(maps));
        return qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
    }

    @Override
    public List<InputSplit> getSplits(JobContext context) {
        long rows = context.getConfiguration().getLong(ROWS_KEY, 0);
        int maps = context.getConfiguration().getInt(MAPS_KEY, 1);
        long[] bounds = boundaries(rows, maps);
        List<InputSplit> splits = new ArrayList<>();
        for (int i = 0; i < maps; i++) {
            splits.add(new RowRange(bounds[i], bounds[i + 1] - bounds[i]));
        }
        return splits;
    }

    @Override
    public RecordReader<LongWritable, LongWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new RecordReader<LongWritable, LongWritable>() {
            private RowRange range;
            private boolean read;

            @Override
            public void initialize(InputSplit inputSplit, TaskAttemptContext taskContext) {
                range = (RowRange) inputSplit;
            }

            @Override
            public boolean nextKeyValue() {
                if (read) {
                    return false;
                }
                read = true;
                return true;
            }

            @Override
            public LongWritable getCurrentKey() {
                return new LongWritable(range.firstRow);
            }

            @Override
            public LongWritable getCurrentValue() {
                return new LongWritable(range.rowCount);
            }

            @Override
            public float getProgress() {
                return read ? 1 : 0;
            }

            @Override
            public void close() {
            }
        };
    }

    /** A range of rows; public with a no-argument constructor so the framework can deserialize it. */
    public static final class RowRange extends InputSplit implements Writable {
        long firstRow;
        long rowCount;

        public RowRange() {
        }

        RowRange(long firstRow, long rowCount) {
            this.firstRow = firstRow;
            this.rowCount = rowCount;
        }

        /**
         * The same for every split. The framework sorts splits by length, largest first, before it
         * numbers the map tasks; with uneven ranges that gave map i (and so part file i) another
         * range than the i-th, and the concatenated output was no longer TeraGen's. Equal lengths
         * keep the order of {@link #getSplits}, as TeraGen's own splits do.
         */
        @Override
        public long getLength() {
            return 0;
        }

        @Override
        public String[] getLocations() {
            return new String[0];
        }

        @Override
        public void write(DataOutput out) throws IOException {
            WritableUtils.writeVLong(out, firstRow);
            WritableUtils.writeVLong(out, rowCount);
        }

        @Override
        public void readFields(DataInput in) throws IOException {
            firstRow = WritableUtils.readVLong(in);
            rowCount = WritableUtils.readVLong(in);
        }
    }
}
