package io.hbench.hs;

import io.hbench.mapred.TimedMapper;
import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.hadoop.io.Text;

/**
 * Reads one whole file: checks that keys never decrease, counts records and sums their CRC32.
 * Emits, keyed by file name, the file's misorders (the first few, each with the record numbers
 * where it happens) and then one summary: count, first and last key, checksum, misorder count.
 */
public final class ValidateMapper extends TimedMapper<Text, Text, Text, Text> {
    /** Misorders reported per file; the rest are only counted. */
    static final int MAX_REPORTED = 10;

    private final CRC32 crc = new CRC32();
    private final Checksum checksum = new Checksum();
    private byte[] firstKey;
    private final byte[] lastKey = new byte[Records.KEY_LENGTH];
    private long count;
    private long misorders;
    private Text file;

    @Override
    protected void setup(Context context) {
        file = new Text(((HsInputFormat.RecordSplit) context.getInputSplit()).file().getPath().getName());
    }

    @Override
    protected void map(Text key, Text value, Context context) throws IOException, InterruptedException {
        byte[] k = key.getBytes();
        if (firstKey == null) {
            firstKey = java.util.Arrays.copyOf(k, Records.KEY_LENGTH);
        } else if (Records.compare(k, 0, Records.KEY_LENGTH, lastKey, 0, Records.KEY_LENGTH) < 0) {
            misorders++;
            if (misorders <= MAX_REPORTED) {
                context.write(file, new Text("E\tmisorder in " + file + " between "
                        + Records.hex(lastKey, 0, Records.KEY_LENGTH) + " and " + Records.hex(k, 0, Records.KEY_LENGTH)
                        + " (records " + (count - 1) + " and " + count + ", counted from 0)"));
            }
        }
        crc.reset();
        crc.update(k, 0, key.getLength());
        crc.update(value.getBytes(), 0, value.getLength());
        checksum.add(crc.getValue());
        System.arraycopy(k, 0, lastKey, 0, Records.KEY_LENGTH);
        count++;
        if ((count & 0xffff) == 0) {
            context.getCounter(HsCounter.BYTES).increment(0x10000L * Records.RECORD_LENGTH);
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        String first = firstKey == null ? "-" : Records.compactHex(firstKey, 0, Records.KEY_LENGTH);
        String last = firstKey == null ? "-" : Records.compactHex(lastKey, 0, Records.KEY_LENGTH);
        context.write(file, new Text("S\t" + count + "\t" + first + "\t" + last + "\t"
                + Checksum.format(checksum.value()) + "\t" + misorders));
    }
}
