package io.hbench.metadata;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import io.hbench.load.FileNames;
import io.hbench.load.RateOptions;
import io.hbench.load.Schedule;
import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * An immutable FsMetadata workload: the operation, how many threads call it and on how many names, where, and at what
 * rate if at one. The defaults are NNThroughputBenchmark's (3 threads, 10 files, 4 per directory, closed loop). Built
 * by {@link Builder}, which names the option it refuses.
 */
public final class FsMetadataOptions {
    /** On the default file system; any Hadoop URI ({@code s3a://bucket/dir}) names another. */
    public static final String DEFAULT_BASE_DIR = "/benchmarks/FsMetadata";

    private final FsOperation operation;
    private final int threads;
    private final int files;
    private final int filesPerDir;
    private final String baseDir;
    private final boolean keepResults;
    private final Optional<RateOptions> rate;
    private final Optional<Duration> failoverAt;

    private FsMetadataOptions(Builder b, Optional<RateOptions> rate) {
        this.operation = b.operation;
        this.threads = b.threads;
        this.files = b.files;
        this.filesPerDir = b.filesPerDir;
        this.baseDir = b.baseDir;
        this.keepResults = b.keepResults;
        this.rate = rate;
        this.failoverAt = Optional.ofNullable(b.failoverAt);
    }

    public static Builder builder(FsOperation operation) {
        return new Builder(operation);
    }

    public FsOperation operation() {
        return operation;
    }

    public int threads() {
        return threads;
    }

    /** The names each operation works on: files created, opened, ..., directories made, per operation. */
    public int files() {
        return files;
    }

    /** At most this many names to a directory, in NNThroughputBenchmark's fan-out. */
    public int filesPerDir() {
        return filesPerDir;
    }

    /** As given: a path on the default file system or a URI; each operation works in {@code <baseDir>/<op>}. */
    public String baseDir() {
        return baseDir;
    }

    /** Whether what each operation made stays; otherwise its directory is removed after it. */
    public boolean keepResults() {
        return keepResults;
    }

    /**
     * The rate of each operation's timed calls, each due at its time on a schedule (open loop), as
     * NNThroughputBenchmark's {@code -rate}; empty: each thread calls as fast as the file system answers.
     */
    public Optional<RateOptions> rate() {
        return rate;
    }

    /** When after the run's start to fail its HDFS nameservice over ({@code -failoverAt}); empty: never. */
    public Optional<Duration> failoverAt() {
        return failoverAt;
    }

    /** How many directories hold the names: the operations {@code list} lists, one per {@link #filesPerDir}. */
    public int directories() {
        return (files + filesPerDir - 1) / filesPerDir;
    }

    @Override
    public String toString() {
        return "FsMetadataOptions{operation=" + operation.label() + ", threads=" + threads + ", files=" + files
                + ", filesPerDir=" + filesPerDir + ", baseDir=" + baseDir + ", keepResults=" + keepResults
                + rate.map(r -> ", " + r).orElse("") + "}";
    }

    /** Collects values; {@link #build} checks them. */
    public static final class Builder {
        private final FsOperation operation;
        private int threads = 3;
        private int files = 10;
        private int filesPerDir = 4;
        private String baseDir = DEFAULT_BASE_DIR;
        private boolean keepResults;
        private Double rate;
        private Schedule.Arrivals arrivals = Schedule.Arrivals.FIXED;
        private boolean arrivalsGiven;
        private long seed;
        private boolean seedGiven;
        private Duration failoverAt;

        private Builder(FsOperation operation) {
            this.operation = requireNonNull(operation, "operation is null");
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder files(int files) {
            this.files = files;
            return this;
        }

        public Builder filesPerDir(int filesPerDir) {
            this.filesPerDir = filesPerDir;
            return this;
        }

        public Builder baseDir(String baseDir) {
            this.baseDir = requireNonNull(baseDir, "baseDir is null");
            return this;
        }

        public Builder keepResults(boolean keepResults) {
            this.keepResults = keepResults;
            return this;
        }

        /** Operations per second for each operation's timed calls, each due at its time on a schedule (open loop). */
        public Builder rate(double rate) {
            this.rate = rate;
            return this;
        }

        public Builder arrivals(Schedule.Arrivals arrivals) {
            this.arrivals = requireNonNull(arrivals, "arrivals is null");
            arrivalsGiven = true;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            seedGiven = true;
            return this;
        }

        /** Fails the run's HDFS nameservice over this long after the run's start. */
        public Builder failoverAt(Duration failoverAt) {
            this.failoverAt = requireNonNull(failoverAt, "failoverAt is null");
            return this;
        }

        /**
         * Checks the options.
         *
         * @throws InvalidOptionException naming the option (threads, files, filesPerDir, baseDir, rate, arrivals,
         *         seed), if a value is out of range, the names do not fit the fan-out, or arrivals or a seed come
         *         without a rate
         */
        public FsMetadataOptions build() {
            atLeastOne("threads", threads);
            atLeastOne("files", files);
            atLeastOne("filesPerDir", filesPerDir);
            FileNames.tooFewPerDirectory(filesPerDir, files, "files").ifPresent(message -> {
                throw new InvalidOptionException(message, "filesPerDir", "filesPerDir");
            });
            checkBaseDir();
            return new FsMetadataOptions(this, RateOptions.of(rate, arrivals, arrivalsGiven, seed, seedGiven));
        }

        private void checkBaseDir() {
            Path path;
            try {
                path = new Path(baseDir);
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException("{} '" + baseDir + "' is not a path or URI: " + e.getMessage(),
                        "baseDir");
            }
            String inStore = path.toUri().getPath();
            if (inStore.isEmpty() || inStore.equals("/")) {
                throw new InvalidOptionException("{} must not be the root directory of a file system: each operation"
                        + " removes what it made under it (without {}), so give it a directory of its own, got '"
                        + baseDir + "'", "baseDir", "keepResults");
            }
            if (!path.isAbsolute()) {
                throw new InvalidOptionException("{} must be an absolute path such as " + DEFAULT_BASE_DIR + " or a URI"
                        + " such as s3a://bucket/dir, got '" + baseDir + "'", "baseDir");
            }
        }

        private static void atLeastOne(String option, int value) {
            if (value < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + value, option);
            }
        }
    }
}
