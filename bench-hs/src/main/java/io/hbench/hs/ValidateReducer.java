package io.hbench.hs;

import io.hbench.mapred.TimedReducer;
import java.io.IOException;
import java.math.BigInteger;
import org.apache.hadoop.io.Text;

/**
 * The single reducer: sees files in name order, so it checks order across file boundaries, adds
 * counts and checksums, and compares them with what HSGen generated. Writes TeraValidate's lines
 * ({@code checksum}, {@code error\tmisorder ...}) plus {@code rows} and the comparisons.
 */
public final class ValidateReducer extends TimedReducer<Text, Text, Text, Text> {
    static final String EXPECTED_ROWS_KEY = "hbench.hs.validate.expected.rows";
    static final String EXPECTED_CHECKSUM_KEY = "hbench.hs.validate.expected.checksum";
    private static final Text ERROR = new Text("error");

    private long rows;
    private BigInteger checksum = BigInteger.ZERO;
    private String previousFile;
    private byte[] previousLastKey;

    @Override
    protected void reduce(Text file, Iterable<Text> values, Context context) throws IOException, InterruptedException {
        String summary = null;
        for (Text value : values) {
            String text = value.toString();
            if (text.startsWith("E\t")) {
                context.write(ERROR, new Text(text.substring(2)));
            } else {
                summary = text;
            }
        }
        if (summary == null) {
            context.write(ERROR, new Text("no summary for " + file + ": its map task lost it"));
            return;
        }
        String[] fields = summary.split("\t");
        long count = Long.parseLong(fields[1]);
        rows += count;
        checksum = checksum.add(Checksum.parse(fields[4]));
        long misorders = Long.parseLong(fields[5]);
        if (misorders > ValidateMapper.MAX_REPORTED) {
            context.write(ERROR, new Text("misorder in " + file + ": " + (misorders - ValidateMapper.MAX_REPORTED)
                    + " more misorders not listed"));
        }
        if (count == 0) {
            return;
        }
        byte[] firstKey = Records.fromCompactHex(fields[2]);
        if (previousLastKey != null && Records.compare(firstKey, 0, firstKey.length, previousLastKey, 0,
                previousLastKey.length) < 0) {
            context.write(ERROR, new Text("misorder between " + previousFile + " and " + file + ": last key "
                    + Records.hex(previousLastKey, 0, previousLastKey.length) + " is above first key "
                    + Records.hex(firstKey, 0, firstKey.length)));
        }
        previousFile = file.toString();
        previousLastKey = Records.fromCompactHex(fields[3]);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        context.write(new Text("rows"), new Text(Long.toString(rows)));
        context.write(new Text("checksum"), new Text(Checksum.format(checksum)));
        long expectedRows = context.getConfiguration().getLong(EXPECTED_ROWS_KEY, -1);
        if (expectedRows >= 0 && expectedRows != rows) {
            context.write(ERROR, new Text("record count " + rows + " is not the " + expectedRows
                    + " records generated"));
        }
        String expectedChecksum = context.getConfiguration().get(EXPECTED_CHECKSUM_KEY);
        if (expectedChecksum != null && !Checksum.parse(expectedChecksum).equals(checksum)) {
            context.write(ERROR, new Text("checksum " + Checksum.format(checksum) + " is not HSGen's "
                    + expectedChecksum + ": records were changed, lost or duplicated"));
        }
    }
}
