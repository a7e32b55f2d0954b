package io.hbench.mapred;

import io.hbench.stats.Histograms;
import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The one reducer of hbench's MapReduce benchmarks. The key's prefix says how its values combine,
 * as in TestDFSIO's reducer: {@code l:} sums longs, {@code f:} sums floating-point numbers,
 * {@code s:} joins strings with ';'. hbench adds {@code h:}, HdrHistograms (see
 * {@link Histograms#encode}) merged into one. It is also a valid combiner: combining is associative.
 */
public class SummingReducer extends Reducer<Text, Text, Text, Text> {
    public static final String LONG_SUM = "l:";
    public static final String DOUBLE_SUM = "f:";
    public static final String STRING_JOIN = "s:";
    public static final String HISTOGRAM = "h:";
    public static final char STRING_SEPARATOR = ';';

    private final Text result = new Text();

    @Override
    protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
        result.set(combine(key.toString(), values));
        context.write(key, result);
    }

    /** Combines the values of one key according to its prefix. */
    public static String combine(String key, Iterable<Text> values) {
        if (key.startsWith(LONG_SUM)) {
            long sum = 0;
            for (Text value : values) {
                sum = Math.addExact(sum, Long.parseLong(value.toString()));
            }
            return Long.toString(sum);
        }
        if (key.startsWith(DOUBLE_SUM)) {
            double sum = 0;
            for (Text value : values) {
                sum += Double.parseDouble(value.toString());
            }
            return Double.toString(sum);
        }
        if (key.startsWith(STRING_JOIN)) {
            StringBuilder joined = new StringBuilder();
            for (Text value : values) {
                if (joined.length() > 0) {
                    joined.append(STRING_SEPARATOR);
                }
                joined.append(value);
            }
            return joined.toString();
        }
        if (key.startsWith(HISTOGRAM)) {
            Histogram merged = Histograms.newHistogram();
            for (Text value : values) {
                merged.add(Histograms.decode(value.toString()));
            }
            return Histograms.encode(merged);
        }
        throw new IllegalArgumentException("key '" + key + "' has no type prefix (l:, f:, s: or h:)");
    }
}
