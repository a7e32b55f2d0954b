package io.hbench.hs;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends each key to the reducer whose range holds it, by binary search over the split points.
 * Reducer p holds keys k with point[p-1] <= k <= point[p]; a key equal to split points may go to
 * any reducer those points bound. {@link Sampler#CLASSIC} picks the last of them; {@link
 * Sampler#BALANCED} picks one by a hash of the value (which holds the unique row number), so a hot
 * key is shared by all the reducers its sample weight gave it.
 */
public final class KeyRangePartitioner extends Partitioner<Text, Text> implements Configurable {
    static final String SAMPLER_KEY = "hbench.hs.sort.sampler";

    private Configuration conf;
    private byte[][] points;
    private boolean balanced;
    /** For the first split point of each run of equal points: cumulative shares of its candidate reducers. */
    private final java.util.Map<Integer, long[]> shares = new java.util.HashMap<>();

    /**
     * Sets in {@code conf} what this partitioner reads: {@code reducers} - 1 split points chosen from {@code sample},
     * the shares of the keys equal to split points, and the sampler.
     */
    public static void configure(Configuration conf, byte[][] sample, int reducers, Sampler sampler) {
        StringBuilder shares = new StringBuilder();
        conf.set(SplitPoints.KEY, SplitPoints.encode(SplitPoints.choose(SplitPoints.sort(sample), reducers, shares)));
        conf.set(SplitPoints.WEIGHTS_KEY, shares.toString());
        conf.set(SAMPLER_KEY, sampler.name());
    }

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        this.points = SplitPoints.decode(conf.get(SplitPoints.KEY));
        this.balanced = Sampler.valueOf(conf.get(SAMPLER_KEY, Sampler.BALANCED.name())) == Sampler.BALANCED;
        shares.clear();
        String weights = conf.get(SplitPoints.WEIGHTS_KEY, "");
        for (String entry : weights.isEmpty() ? new String[0] : weights.split(";")) {
            int colon = entry.indexOf(':');
            String[] parts = entry.substring(colon + 1).split(",");
            long[] cumulative = new long[parts.length];
            long sum = 0;
            for (int i = 0; i < parts.length; i++) {
                sum += Long.parseLong(parts[i]);
                cumulative[i] = sum;
            }
            shares.put(Integer.parseInt(entry.substring(0, colon)), cumulative);
        }
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public int getPartition(Text key, Text value, int partitions) {
        return partition(key.getBytes(), key.getLength(), value.getBytes(), 0, value.getLength());
    }

    /** The reducer of a record whose key is {@code k}'s first {@code length} bytes and whose value is the range given. */
    public int partition(byte[] k, int length, byte[] value, int valueOffset, int valueLength) {
        int below = countBelow(k, length, false);
        if (!balanced) {
            return countBelow(k, length, true);
        }
        if (below < points.length && Records.compare(points[below], 0, points[below].length, k, 0, length) == 0) {
            int hash = WritableComparator.hashBytes(value, valueOffset, valueLength) & Integer.MAX_VALUE;
            long[] cumulative = shares.get(below);
            if (cumulative != null && cumulative[cumulative.length - 1] > 0) {
                long pick = hash % cumulative[cumulative.length - 1];
                int i = 0;
                while (cumulative[i] <= pick) {
                    i++;
                }
                return below + i;
            }
            int upTo = countBelow(k, length, true);
            return below + hash % (upTo - below + 1);
        }
        return below;
    }

    /** The number of points below the key (or, if {@code orEqual}, not above it). */
    private int countBelow(byte[] key, int length, boolean orEqual) {
        int low = 0;
        int high = points.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            int c = Records.compare(points[mid], 0, points[mid].length, key, 0, length);
            if (c < 0 || orEqual && c == 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
