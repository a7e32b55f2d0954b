package io.hbench.hs;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Samples keys from every input split (runs of consecutive records at evenly spaced places in
 * each split, read by a few threads) and picks reducers - 1 split points at even quantiles of the
 * sorted sample.
 */
public final class SplitPoints {
    static final String KEY = "hbench.hs.sort.splitpoints";
    /** Records read at one place. */
    static final int RUN = 500;
    private static final int READERS = 8;

    private SplitPoints() {
    }

    /** How many keys to sample for {@code reducers} over {@code rows}: 1,000 per reducer, 10,000 to 1,000,000. */
    public static long sampleSize(int reducers, long rows) {
        long wanted = Math.max(10_000L, Math.min(1_000_000L, 1_000L * reducers));
        return Math.min(wanted, rows);
    }

    public static byte[][] sample(Configuration conf, List<InputSplit> splits, long sampleSize)
            throws IOException, InterruptedException {
        int runs = (int) Math.max(splits.size(), (sampleSize + RUN - 1) / RUN);
        int runsPerSplit = (runs + splits.size() - 1) / splits.size();
        long perRun = Math.max(1, sampleSize / ((long) runsPerSplit * splits.size()));
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(READERS, splits.size()));
        try {
            List<Future<List<byte[]>>> reads = new ArrayList<>();
            for (InputSplit split : splits) {
                FileSplit file = ((HsInputFormat.RecordSplit) split).file();
                reads.add(pool.submit(() -> sampleSplit(conf, file, runsPerSplit, perRun)));
            }
            List<byte[]> keys = new ArrayList<>();
            for (Future<List<byte[]>> read : reads) {
                try {
                    keys.addAll(read.get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException ? (IOException) e.getCause()
                            : new IOException("cannot sample the input: " + e.getCause(), e.getCause());
                }
            }
            return keys.toArray(new byte[0][]);
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<byte[]> sampleSplit(Configuration conf, FileSplit split, int runs, long perRun)
            throws IOException {
        FileSystem fs = split.getPath().getFileSystem(conf);
        long first = (split.getStart() + Records.RECORD_LENGTH - 1) / Records.RECORD_LENGTH;
        long fileRecords = fs.getFileStatus(split.getPath()).getLen() / Records.RECORD_LENGTH;
        long end = Math.min(fileRecords, (split.getStart() + split.getLength() + Records.RECORD_LENGTH - 1)
                / Records.RECORD_LENGTH);
        long records = end - first;
        List<byte[]> keys = new ArrayList<>();
        if (records <= 0) {
            return keys;
        }
        byte[] buffer = new byte[Records.RECORD_LENGTH];
        try (FSDataInputStream in = fs.open(split.getPath())) {
            for (int run = 0; run < runs; run++) {
                long at = first + records * run / runs;
                long count = Math.min(perRun, end - at);
                in.seek(at * Records.RECORD_LENGTH);
                InputStream stream = in;
                for (long i = 0; i < count; i++) {
                    IOUtils.readFully(stream, buffer, 0, Records.RECORD_LENGTH);
                    keys.add(Arrays.copyOf(buffer, Records.KEY_LENGTH));
                }
            }
        }
        return keys;
    }

    /** reducers - 1 keys at even quantiles of the sample; equal neighbours are kept (the balanced partitioner uses them). */
    static byte[][] choose(byte[][] sample, int reducers) {
        return choose(sort(sample), reducers, null);
    }

    static byte[][] sort(byte[][] sample) {
        byte[][] sorted = sample.clone();
        Arrays.sort(sorted, (a, b) -> Records.compare(a, 0, a.length, b, 0, b.length));
        return sorted;
    }

    /**
     * As {@link #choose(byte[][], int)} from a sorted sample; if {@code shares} is given, it receives,
     * for every key equal to one or more split points, the share of that key's records each reducer
     * it may go to should get: the part of the key's run in the sample inside the reducer's quantile
     * range. Encoded as "firstReducer:w,w,...;..." for {@link #WEIGHTS_KEY}.
     */
    static byte[][] choose(byte[][] sorted, int reducers, StringBuilder shares) {
        int n = sorted.length;
        byte[][] points = new byte[reducers - 1][];
        long[] quantile = new long[reducers + 1];
        for (int r = 0; r <= reducers; r++) {
            quantile[r] = (long) r * n / reducers;
        }
        for (int i = 0; i < points.length; i++) {
            points[i] = sorted[(int) quantile[i + 1]];
        }
        if (shares != null) {
            int i = 0;
            while (i < points.length) {
                int j = i;
                while (j + 1 < points.length && Records.compare(points[j + 1], 0, 10, points[i], 0, 10) == 0) {
                    j++;
                }
                // The key's run in the sample: [a, b).
                long a = quantile[i + 1];
                while (a > 0 && Records.compare(sorted[(int) a - 1], 0, 10, points[i], 0, 10) == 0) {
                    a--;
                }
                long b = quantile[j + 1];
                while (b < n && Records.compare(sorted[(int) b], 0, 10, points[i], 0, 10) == 0) {
                    b++;
                }
                if (b - a <= 1) {
                    // A key seen once: nothing to share out.
                    i = j + 1;
                    continue;
                }
                // Candidates: reducers i .. j + 1; reducer r covers sample positions [quantile[r], quantile[r + 1]).
                shares.append(shares.length() == 0 ? "" : ";").append(i).append(':');
                for (int r = i; r <= j + 1; r++) {
                    long overlap = Math.max(0, Math.min(b, quantile[r + 1]) - Math.max(a, quantile[r]));
                    shares.append(r == i ? "" : ",").append(overlap);
                }
                i = j + 1;
            }
        }
        return points;
    }

    static final String WEIGHTS_KEY = "hbench.hs.sort.weights";

    static String encode(byte[][] points) {
        StringBuilder text = new StringBuilder();
        for (byte[] point : points) {
            if (text.length() > 0) {
                text.append(',');
            }
            text.append(Records.compactHex(point, 0, point.length));
        }
        return text.toString();
    }

    static byte[][] decode(String text) {
        if (text == null || text.isEmpty()) {
            return new byte[0][];
        }
        String[] parts = text.split(",");
        byte[][] points = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            points[i] = Records.fromCompactHex(parts[i]);
        }
        return points;
    }
}
