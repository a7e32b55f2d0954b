package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import io.hbench.units.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * An immutable TestDFSIO workload: the operation, how many files of what size, and how the bytes
 * move. Built by {@link Builder}, which checks every value and their combinations; a bad one throws
 * {@link InvalidOptionException} naming the option as the builder does ({@code nrFiles}), which the
 * command line names by its flag. A base directory not given is the cluster's, {@link #resolve resolved}
 * when the benchmark runs. It travels to map tasks as configuration keys ({@link #writeTo},
 * {@link #readFrom}).
 */
public final class DfsioOptions {
    public static final String DEFAULT_BASE_DIR = "/benchmarks/TestDFSIO";
    /** How TestDFSIO names its data files: this and the file's index ({@link #fileName}). */
    static final String FILE_NAME_PREFIX = "test_io_";
    /** Where Hadoop's TestDFSIO takes its base directory from, when none is given. */
    public static final String BASE_DIR_KEY = "test.build.data";
    public static final int DEFAULT_BUFFER_SIZE = 1_000_000;
    public static final long DEFAULT_FILE_SIZE = DataSize.MB;
    /** HDFS's default limit of entries in one directory (dfs.namenode.fs-limits.max-directory-items). */
    public static final int MAX_FILES = 1_048_576;
    public static final int MAX_BUFFER_SIZE = 1 << 30;

    private static final String KEY_PREFIX = "hbench.dfsio.";

    private final DfsioOperation operation;
    private final int nrFiles;
    private final long fileSize;
    private final int bufferSize;
    private final long skipSize;
    private final String baseDir;
    /** Whether the base directory was given, rather than left to the cluster's {@value #BASE_DIR_KEY}. */
    private final boolean baseDirGiven;
    private final String compressionCodec;
    private final String storagePolicy;
    private final String erasureCodePolicy;
    private final boolean verify;
    private final boolean sequential;
    private final List<String> dataNodes;
    private final boolean dropBehind;
    private final ReadFrom readFrom;

    private DfsioOptions(Builder builder, long skipSize) {
        this.operation = builder.operation;
        this.nrFiles = builder.nrFiles;
        this.fileSize = builder.fileSize;
        this.bufferSize = builder.bufferSize;
        this.skipSize = skipSize;
        this.baseDir = builder.baseDir != null ? builder.baseDir : DEFAULT_BASE_DIR;
        this.baseDirGiven = builder.baseDir != null;
        this.compressionCodec = builder.compressionCodec;
        this.storagePolicy = builder.storagePolicy;
        this.erasureCodePolicy = builder.erasureCodePolicy;
        this.verify = builder.verify;
        this.sequential = builder.sequential;
        this.dataNodes = List.copyOf(builder.dataNodes);
        this.dropBehind = builder.dropBehind;
        this.readFrom = builder.readFrom;
    }

    /** These options with the base directory {@code baseDir}. */
    private DfsioOptions(DfsioOptions o, String baseDir) {
        this.operation = o.operation;
        this.nrFiles = o.nrFiles;
        this.fileSize = o.fileSize;
        this.bufferSize = o.bufferSize;
        this.skipSize = o.skipSize;
        this.baseDir = baseDir;
        this.baseDirGiven = true;
        this.compressionCodec = o.compressionCodec;
        this.storagePolicy = o.storagePolicy;
        this.erasureCodePolicy = o.erasureCodePolicy;
        this.verify = o.verify;
        this.sequential = o.sequential;
        this.dataNodes = o.dataNodes;
        this.dropBehind = o.dropBehind;
        this.readFrom = o.readFrom;
    }

    /**
     * These options as a run on the cluster {@code conf} configures uses them: a base directory not given is its
     * {@value #BASE_DIR_KEY}, else {@value #DEFAULT_BASE_DIR}, as Hadoop's TestDFSIO takes it.
     *
     * @throws InvalidOptionException if the base directory given and the configuration's name different directories
     */
    public DfsioOptions resolve(Configuration conf) {
        String resolved = baseDir(conf, baseDirGiven ? Optional.of(baseDir) : Optional.empty());
        Builder.checkBaseDir(resolved);
        return resolved.equals(baseDir) ? this : new DfsioOptions(this, resolved);
    }

    /**
     * The base directory of a run on the cluster {@code conf} configures: {@code given}, else {@value #BASE_DIR_KEY},
     * else {@value #DEFAULT_BASE_DIR}.
     *
     * @throws InvalidOptionException if {@code given} and {@value #BASE_DIR_KEY} name different directories
     */
    public static String baseDir(Configuration conf, Optional<String> given) {
        String configured = conf.getTrimmed(BASE_DIR_KEY);
        if (given.isPresent() && configured != null && !given.get().equals(configured)) {
            throw new InvalidOptionException("{} " + given.get() + " and " + BASE_DIR_KEY + "=" + configured
                    + " name different base directories: give one", "baseDir");
        }
        return given.orElse(configured != null ? configured : DEFAULT_BASE_DIR);
    }

    public static Builder builder(DfsioOperation operation) {
        return new Builder(operation);
    }

    public DfsioOperation operation() {
        return operation;
    }

    public int nrFiles() {
        return nrFiles;
    }

    /** Bytes per file: written, read or appended; for truncate, the new length. */
    public long fileSize() {
        return fileSize;
    }

    public int bufferSize() {
        return bufferSize;
    }

    /**
     * For positional reads, the step between reads as TestDFSIO defines it: 0 random, negative
     * backward (minus the buffer size), positive the gap skipped after each buffer.
     */
    public long skipSize() {
        return skipSize;
    }

    /**
     * The base directory; one not given is {@value #DEFAULT_BASE_DIR} here and the cluster's {@value #BASE_DIR_KEY},
     * if it has one, once {@linkplain #resolve resolved} (as every run resolves its options).
     */
    public String baseDir() {
        return baseDir;
    }

    public Optional<String> compressionCodec() {
        return Optional.ofNullable(compressionCodec);
    }

    public Optional<String> storagePolicy() {
        return Optional.ofNullable(storagePolicy);
    }

    public Optional<String> erasureCodePolicy() {
        return Optional.ofNullable(erasureCodePolicy);
    }

    /** Reads check every byte against the deterministic pattern writes produce. */
    public boolean verify() {
        return verify;
    }

    /** Runs the files one after another in this process, with no MapReduce job ({@code -seq}). */
    public boolean sequential() {
        return sequential;
    }

    /**
     * The DataNodes a write asks the NameNode to place its blocks' replicas on (favored nodes), each {@code host} or
     * {@code host:port} as given; a host without a port means the cluster's DataNode transfer port. Empty: the NameNode
     * places them as it will.
     */
    public List<String> dataNodes() {
        return dataNodes;
    }

    /**
     * Each file's stream asks the DataNodes to drop the pages behind what it writes or reads from their page cache
     * ({@code -dropBehind}), so that a read of a file just written meets the disk.
     */
    public boolean dropBehind() {
        return dropBehind;
    }

    /**
     * Where a read's tasks are asked to run, relative to the replicas of their files ({@code -readFrom}); empty where
     * not given, which places them as {@link ReadFrom#ANY} does and reports nothing of it.
     */
    public Optional<ReadFrom> readFrom() {
        return Optional.ofNullable(readFrom);
    }

    /** The name of file {@code index}, as TestDFSIO names them. */
    public static String fileName(int index) {
        return FILE_NAME_PREFIX + index;
    }

    /** Stores these options in a job configuration, for the map tasks. */
    public void writeTo(Configuration conf) {
        conf.set(KEY_PREFIX + "operation", operation.name());
        conf.setInt(KEY_PREFIX + "nrFiles", nrFiles);
        conf.setLong(KEY_PREFIX + "fileSize", fileSize);
        conf.setInt(KEY_PREFIX + "bufferSize", bufferSize);
        conf.setLong(KEY_PREFIX + "skipSize", skipSize);
        conf.set(KEY_PREFIX + "baseDir", baseDir);
        setIfPresent(conf, "compression", compressionCodec);
        setIfPresent(conf, "storagePolicy", storagePolicy);
        setIfPresent(conf, "erasureCodePolicy", erasureCodePolicy);
        conf.setBoolean(KEY_PREFIX + "verify", verify);
        conf.setBoolean(KEY_PREFIX + "sequential", sequential);
        setIfPresent(conf, "dataNodes", dataNodes.isEmpty() ? null : String.join(",", dataNodes));
        conf.setBoolean(KEY_PREFIX + "dropBehind", dropBehind);
        setIfPresent(conf, "readFrom", readFrom == null ? null : readFrom.label());
    }

    private static void setIfPresent(Configuration conf, String key, String value) {
        if (value != null) {
            conf.set(KEY_PREFIX + key, value);
        }
    }

    public static DfsioOptions readFrom(Configuration conf) {
        String operation = conf.get(KEY_PREFIX + "operation");
        if (operation == null) {
            throw new IllegalArgumentException("the job configuration holds no TestDFSIO options");
        }
        DfsioOperation op = DfsioOperation.valueOf(operation);
        return builder(op)
                .nrFiles(conf.getInt(KEY_PREFIX + "nrFiles", 1))
                .fileSize(conf.getLong(KEY_PREFIX + "fileSize", DEFAULT_FILE_SIZE))
                .bufferSize(conf.getInt(KEY_PREFIX + "bufferSize", DEFAULT_BUFFER_SIZE))
                .skipSize(op == DfsioOperation.SKIP_READ ? conf.getLong(KEY_PREFIX + "skipSize", 0) : 0)
                .baseDir(conf.get(KEY_PREFIX + "baseDir", DEFAULT_BASE_DIR))
                .compressionCodec(conf.get(KEY_PREFIX + "compression"))
                .storagePolicy(conf.get(KEY_PREFIX + "storagePolicy"))
                .erasureCodePolicy(conf.get(KEY_PREFIX + "erasureCodePolicy"))
                .verify(conf.getBoolean(KEY_PREFIX + "verify", false))
                .sequential(conf.getBoolean(KEY_PREFIX + "sequential", false))
                .dataNodes(List.of(conf.getTrimmedStrings(KEY_PREFIX + "dataNodes")))
                .dropBehind(conf.getBoolean(KEY_PREFIX + "dropBehind", false))
                .readFrom(conf.get(KEY_PREFIX + "readFrom") == null ? null
                        : ReadFrom.of(conf.get(KEY_PREFIX + "readFrom")))
                .build();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DfsioOptions)) {
            return false;
        }
        DfsioOptions that = (DfsioOptions) o;
        return operation == that.operation && nrFiles == that.nrFiles && fileSize == that.fileSize
                && bufferSize == that.bufferSize && skipSize == that.skipSize && verify == that.verify
                && sequential == that.sequential
                && baseDir.equals(that.baseDir) && Objects.equals(compressionCodec, that.compressionCodec)
                && Objects.equals(storagePolicy, that.storagePolicy)
                && Objects.equals(erasureCodePolicy, that.erasureCodePolicy) && dataNodes.equals(that.dataNodes)
                && dropBehind == that.dropBehind && readFrom == that.readFrom;
    }

    @Override
    public int hashCode() {
        return Objects.hash(operation, nrFiles, fileSize, bufferSize, skipSize, baseDir, compressionCodec,
                storagePolicy, erasureCodePolicy, verify, sequential, dataNodes, dropBehind, readFrom);
    }

    @Override
    public String toString() {
        return "DfsioOptions{" + operation.label() + ", nrFiles=" + nrFiles + ", fileSize=" + fileSize
                + ", bufferSize=" + bufferSize + ", skipSize=" + skipSize + ", baseDir=" + baseDir
                + ", compression=" + compressionCodec + ", storagePolicy=" + storagePolicy
                + ", erasureCodePolicy=" + erasureCodePolicy + ", verify=" + verify + ", sequential=" + sequential
                + ", dataNodes=" + dataNodes + ", dropBehind=" + dropBehind
                + ", readFrom=" + readFrom + "}";
    }

    /** Collects the values; {@link #build} checks them. Defaults are TestDFSIO's. */
    public static final class Builder {
        private final DfsioOperation operation;
        private int nrFiles = 1;
        private long fileSize = DEFAULT_FILE_SIZE;
        private int bufferSize = DEFAULT_BUFFER_SIZE;
        private Long skipSize;
        private String baseDir;
        private String compressionCodec;
        private String storagePolicy;
        private String erasureCodePolicy;
        private boolean verify;
        private boolean sequential;
        private List<String> dataNodes = List.of();
        private boolean dropBehind;
        private ReadFrom readFrom;

        private Builder(DfsioOperation operation) {
            this.operation = requireNonNull(operation, "operation is null");
        }

        public Builder nrFiles(int nrFiles) {
            this.nrFiles = nrFiles;
            return this;
        }

        public Builder fileSize(long fileSize) {
            this.fileSize = fileSize;
            return this;
        }

        public Builder bufferSize(int bufferSize) {
            this.bufferSize = bufferSize;
            return this;
        }

        /** Only for {@link DfsioOperation#SKIP_READ}; the others derive it as TestDFSIO does. */
        public Builder skipSize(long skipSize) {
            this.skipSize = skipSize;
            return this;
        }

        public Builder baseDir(String baseDir) {
            this.baseDir = requireNonNull(baseDir, "baseDir is null");
            return this;
        }

        public Builder compressionCodec(String className) {
            this.compressionCodec = className;
            return this;
        }

        public Builder storagePolicy(String name) {
            this.storagePolicy = name;
            return this;
        }

        public Builder erasureCodePolicy(String name) {
            this.erasureCodePolicy = name;
            return this;
        }

        public Builder verify(boolean verify) {
            this.verify = verify;
            return this;
        }

        public Builder sequential(boolean sequential) {
            this.sequential = sequential;
            return this;
        }

        /** Only for {@link DfsioOperation#WRITE}: see {@link DfsioOptions#dataNodes()}; default none. */
        public Builder dataNodes(List<String> dataNodes) {
            this.dataNodes = List.copyOf(requireNonNull(dataNodes, "dataNodes is null"));
            return this;
        }

        /** Not for {@link DfsioOperation#TRUNCATE}: see {@link DfsioOptions#dropBehind()}; default off. */
        public Builder dropBehind(boolean dropBehind) {
            this.dropBehind = dropBehind;
            return this;
        }

        /**
         * Only for reads run as a job: see {@link DfsioOptions#readFrom()}; default none, which places tasks as
         * {@link ReadFrom#ANY} does.
         */
        public Builder readFrom(ReadFrom readFrom) {
            this.readFrom = readFrom;
            return this;
        }

        public DfsioOptions build() {
            if (nrFiles < 1 || nrFiles > MAX_FILES) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_FILES + ", got " + nrFiles, "nrFiles");
            }
            if (operation == DfsioOperation.TRUNCATE ? fileSize < 0 : fileSize < 1) {
                throw new InvalidOptionException("{} must be " + (operation == DfsioOperation.TRUNCATE
                        ? "0 or more" : "at least 1 byte") + ", got " + fileSize, "fileSize");
            }
            if (bufferSize < 1 || bufferSize > MAX_BUFFER_SIZE) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_BUFFER_SIZE
                        + " bytes, got " + bufferSize, "bufferSize");
            }
            if (baseDir != null) {
                checkBaseDir(baseDir);
            }
            long resolvedSkipSize = resolveSkipSize();
            if (compressionCodec != null && operation.isPositionalRead()) {
                throw new InvalidOptionException("{} cannot be used with random, backward or skip reads: positional"
                        + " reads need an uncompressed file", "compressionCodec");
            }
            if (erasureCodePolicy != null && operation != DfsioOperation.WRITE) {
                throw new InvalidOptionException("{} is set when files are written: use it with a write"
                        + (operation == DfsioOperation.APPEND || operation == DfsioOperation.TRUNCATE
                                ? " (erasure-coded files cannot be appended to or truncated)" : ""),
                        "erasureCodePolicy");
            }
            if (storagePolicy != null && operation != DfsioOperation.WRITE) {
                throw new InvalidOptionException("{} is set when files are written: use it with a write",
                        "storagePolicy");
            }
            if (verify && !operation.isRead()) {
                throw new InvalidOptionException("{} checks data as it is read: use it with a read (every write"
                        + " produces verifiable data)", "verify");
            }
            checkDataNodes();
            if (dropBehind && operation == DfsioOperation.TRUNCATE) {
                throw dropBehindWithoutStream();
            }
            if (readFrom != null && !operation.isRead()) {
                throw readFromWithoutRead();
            }
            if (readFrom != null && sequential) {
                throw new InvalidOptionException("{} places a job's map tasks, and {} runs none: give one", "readFrom",
                        "sequential");
            }
            return new DfsioOptions(this, resolvedSkipSize);
        }

        private void checkDataNodes() {
            if (dataNodes.isEmpty()) {
                return;
            }
            if (operation != DfsioOperation.WRITE) {
                throw dataNodesWithoutWrite();
            }
            if (erasureCodePolicy != null) {
                throw new InvalidOptionException("{} places replicas, and an erasure-coded file's blocks have none:"
                        + " give {} or {}", "dataNodes", "dataNodes", "erasureCodePolicy");
            }
            List<String> seen = new ArrayList<>();
            for (String dataNode : dataNodes) {
                FavoredNodes.checkAddress(dataNode);
                if (seen.contains(dataNode)) {
                    throw new InvalidOptionException("{} names " + dataNode + " twice", "dataNodes");
                }
                seen.add(dataNode);
            }
        }

        /**
         * Favored nodes are asked for when a file is created: an append's last block keeps the replicas it has, and a
         * read or truncate places nothing.
         */
        static InvalidOptionException dataNodesWithoutWrite() {
            return new InvalidOptionException("{} places the blocks of files being created: use it with a write",
                    "dataNodes");
        }

        /** Drop-behind is asked of the stream a file is written or read through; a truncate or clean-up opens none. */
        static InvalidOptionException dropBehindWithoutStream() {
            return new InvalidOptionException("{} is asked of the streams files are written or read through: use it"
                    + " with a write, append or read", "dropBehind");
        }

        /** Only a read has a file whose replicas its task can run beside or away from. */
        static InvalidOptionException readFromWithoutRead() {
            return new InvalidOptionException("{} places the tasks that read files: use it with a read", "readFrom");
        }

        private static void checkBaseDir(String baseDir) {
            if (baseDir.isBlank()) {
                throw new InvalidOptionException("{} is empty", "baseDir");
            }
            try {
                new Path(baseDir);
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException("{} '" + baseDir + "' is not a valid path: " + e.getMessage(),
                        "baseDir");
            }
        }

        private long resolveSkipSize() {
            switch (operation) {
                case BACKWARD_READ:
                    rejectSkipSize();
                    return -bufferSize;
                case SKIP_READ:
                    if (skipSize != null && skipSize < 0) {
                        throw new InvalidOptionException("{} must not be negative, got " + skipSize, "skipSize");
                    }
                    return skipSize == null || skipSize == 0 ? bufferSize : skipSize;
                default:
                    rejectSkipSize();
                    return 0;
            }
        }

        private void rejectSkipSize() {
            if (skipSize != null && skipSize != 0) {
                throw new InvalidOptionException("{} goes with skip reads", "skipSize");
            }
        }
    }
}
