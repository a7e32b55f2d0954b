package io.hbench.hs;

import io.hbench.mapred.TimedMapper;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;

/** Generates one range of rows (the split's single record: first row, row count). */
public final class HsGenMapper extends TimedMapper<LongWritable, LongWritable, Text, Text> {
    static final String SKEW_KEY = "hbench.hs.gen.skew";
    private static final int REPORT_EVERY = 100_000;

    @Override
    protected void map(LongWritable firstRow, LongWritable rowCount, Context context)
            throws IOException, InterruptedException {
        KeySkew skew = KeySkew.valueOf(context.getConfiguration().get(SKEW_KEY, KeySkew.NONE.name()));
        RecordGenerator generator = new RecordGenerator(firstRow.get(), skew);
        byte[] record = new byte[Records.RECORD_LENGTH];
        Text key = new Text();
        Text value = new Text();
        Checksum checksum = new Checksum();
        Counter rows = context.getCounter(HsCounter.ROWS);
        Counter bytes = context.getCounter(HsCounter.BYTES);
        long count = rowCount.get();
        long pending = 0;
        for (long i = 0; i < count; i++) {
            checksum.add(generator.next(record));
            key.set(record, 0, Records.KEY_LENGTH);
            value.set(record, Records.KEY_LENGTH, Records.VALUE_LENGTH);
            context.write(key, value);
            if (++pending == REPORT_EVERY) {
                rows.increment(pending);
                bytes.increment(pending * Records.RECORD_LENGTH);
                pending = 0;
            }
        }
        rows.increment(pending);
        bytes.increment(pending * Records.RECORD_LENGTH);
        HsCounter.addExact(context, checksum.high(), checksum.low());
    }
}
