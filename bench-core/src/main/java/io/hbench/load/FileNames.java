package io.hbench.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The names NNThroughputBenchmark gives its files and directories, prepared before timing starts
 * and held compactly: only the paths of the directories are stored (one per {@code perDir} names,
 * in one byte array with an offset table); a name is its directory's path and its number,
 * assembled with one copy when asked for, without parsing or formatting. A million names at the
 * default four per directory take about 50 MB, where Hadoop's Strings take over 250 MB.
 *
 * <p>The names are Hadoop's, so files one tool made can be used by the other ({@code -useExisting}):
 * name {@code i} lives in directory {@code i / perDir}; directories fill level by level, at most
 * {@code perDir} to a parent, the last component varying fastest, under {@code <base>/}:
 * {@code ThroughputBenchDir0} ... {@code ThroughputBenchDir<perDir-1>}, then
 * {@code ThroughputBenchDir0/ThroughputBenchDir0}, {@code ThroughputBenchDir0/ThroughputBenchDir1}, ...
 * The name itself is {@code ThroughputBench<i>}.
 *
 * <p>Shared by the load programs: FsMetadata's operations work on the same names in the same fan-out, so
 * the namespace it measures through the FileSystem API has the shape NNThroughputBenchmark's has.
 */
public final class FileNames {
    /** Names are spread over at most this many directory levels, as Hadoop's generator does. */
    public static final int MAX_DIRECTORY_LEVELS = 20;
    public static final String PREFIX = "ThroughputBench";
    private static final byte[] DIR = ("/" + PREFIX + "Dir").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FILE = ("/" + PREFIX).getBytes(StandardCharsets.US_ASCII);

    private final String base;
    private final int perDir;
    private final long first;
    private final int count;
    private final long firstDir;
    /** The paths of the directories the names live in, base included, one after another. */
    private final byte[] dirBytes;
    private final int[] dirOffsets;

    private FileNames(String base, int perDir, long first, int count, long firstDir, byte[] dirBytes,
            int[] dirOffsets) {
        this.base = base;
        this.perDir = perDir;
        this.first = first;
        this.count = count;
        this.firstDir = firstDir;
        this.dirBytes = dirBytes;
        this.dirOffsets = dirOffsets;
    }

    /** The most names {@code perDir} entries per directory allow over {@link #MAX_DIRECTORY_LEVELS} levels. */
    public static long capacity(int perDir) {
        long directories = 0;
        long level = 1;
        for (int depth = 1; depth <= MAX_DIRECTORY_LEVELS; depth++) {
            level = multiplyCapped(level, perDir);
            directories = Math.min(Long.MAX_VALUE / 2, directories + level);
        }
        return multiplyCapped(directories, perDir);
    }

    private static long multiplyCapped(long a, long b) {
        return a > Long.MAX_VALUE / 4 / Math.max(1, b) ? Long.MAX_VALUE / 4 : a * b;
    }

    /**
     * Why {@code count} {@code what} do not fit {@code perDir} per directory, with the fewest per directory that
     * fit; empty where they fit. Each {@code {}} stands for the option that sets {@code perDir}.
     */
    public static Optional<String> tooFewPerDirectory(int perDir, long count, String what) {
        if (capacity(perDir) >= count) {
            return Optional.empty();
        }
        int enough = perDir;
        while (capacity(enough) < count) {
            enough++;
        }
        return Optional.of(String.format(Locale.ROOT,
                "{} %d is too small for %d %s: %d directory levels hold at most %d; use {} %d or more", perDir,
                count, what, MAX_DIRECTORY_LEVELS, capacity(perDir), enough));
    }

    /** Names {@code first} to {@code first + count - 1} under {@code base}, at most {@code perDir} per directory. */
    public static FileNames generate(String base, int perDir, long first, int count) {
        if (perDir < 1 || first < 0 || count < 0) {
            throw new IllegalArgumentException("perDir " + perDir + ", first " + first + ", count " + count);
        }
        if (capacity(perDir) < first + count) {
            throw new IllegalArgumentException(count + " names from " + first + " do not fit "
                    + MAX_DIRECTORY_LEVELS + " levels of " + perDir + " per directory");
        }
        byte[] prefix = base.getBytes(StandardCharsets.UTF_8);
        long firstDir = first / perDir;
        long lastDir = count == 0 ? firstDir - 1 : (first + count - 1) / perDir;
        int dirs = (int) (lastDir - firstDir + 1);
        Buffer out = new Buffer(Math.max(16, dirs) * (long) (prefix.length + 64));
        int[] offsets = new int[dirs + 1];
        int[] path = new int[MAX_DIRECTORY_LEVELS];
        for (int d = 0; d < dirs; d++) {
            int depth = directoryPath(firstDir + d, perDir, path);
            offsets[d] = out.size();
            out.put(prefix);
            for (int level = 0; level < depth; level++) {
                out.put(DIR);
                out.putNumber(path[level]);
            }
        }
        offsets[dirs] = out.size();
        return new FileNames(base, perDir, first, count, firstDir, out.toArray(), offsets);
    }

    /** Fills {@code path} with the components of directory number {@code dir}; returns its depth. */
    static int directoryPath(long dir, int perDir, int[] path) {
        long remaining = dir;
        long levelSize = perDir;
        int depth = 1;
        while (remaining >= levelSize) {
            remaining -= levelSize;
            levelSize *= perDir;
            depth++;
        }
        // The last component varies fastest, as in Hadoop's generator: consecutive directories are siblings.
        for (int level = depth - 1; level >= 0; level--) {
            path[level] = (int) (remaining % perDir);
            remaining /= perDir;
        }
        return depth;
    }

    public int size() {
        return count;
    }

    /** The {@code i}-th name of this table (global index {@code first + i}), made from its directory's path. */
    public String name(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("name " + i + " of " + count);
        }
        long index = first + i;
        int d = (int) (index / perDir - firstDir);
        int dirStart = dirOffsets[d];
        int dirLength = dirOffsets[d + 1] - dirStart;
        int digits = 1;
        for (long v = index; v >= 10; v /= 10) {
            digits++;
        }
        byte[] name = new byte[dirLength + FILE.length + digits];
        System.arraycopy(dirBytes, dirStart, name, 0, dirLength);
        System.arraycopy(FILE, 0, name, dirLength, FILE.length);
        long v = index;
        for (int at = name.length - 1; at >= dirLength + FILE.length; at--) {
            name[at] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return new String(name, StandardCharsets.UTF_8);
    }

    /** Bytes this table holds on the heap, arrays only. */
    long footprintBytes() {
        return dirBytes.length + 4L * dirOffsets.length;
    }

    String base() {
        return base;
    }

    int perDir() {
        return perDir;
    }

    long first() {
        return first;
    }

    /** A growable byte array that writes decimal numbers without making Strings. */
    private static final class Buffer {
        private byte[] data;
        private int size;

        Buffer(long capacity) {
            data = new byte[(int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, capacity))];
        }

        void put(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, data, size, b.length);
            size += b.length;
        }

        void putNumber(long value) {
            int digits = 1;
            for (long v = value; v >= 10; v /= 10) {
                digits++;
            }
            ensure(digits);
            long v = value;
            for (int i = size + digits - 1; i >= size; i--) {
                data[i] = (byte) ('0' + v % 10);
                v /= 10;
            }
            size += digits;
        }

        private void ensure(int more) {
            if (size + more > data.length) {
                long grown = Math.max((long) size + more, data.length * 3L / 2);
                if (grown > Integer.MAX_VALUE - 16) {
                    throw new IllegalStateException("names take more than 2 GB");
                }
                data = Arrays.copyOf(data, (int) grown);
            }
        }

        int size() {
            return size;
        }

        byte[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
