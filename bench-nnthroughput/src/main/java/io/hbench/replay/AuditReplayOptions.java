package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * An immutable AuditReplay run: which logs and which window of them, how fast, by how many workers in how many
 * clients, where, and as whom. Built by {@link Builder}, which names the option it refuses.
 */
public final class AuditReplayOptions {
    /** Where each run replays without {@code -prefix}: in a directory of its own, named by its run id. */
    public static final String DEFAULT_PREFIX_PARENT = "/hbench-replay";
    /**
     * Workers issue the commands: a command that waits for a free one starts late. 64 keep a NameNode that answers in
     * 1 ms at 64,000 commands per second (Little's law), above the audit rate of most production NameNodes, and absorb
     * a log's bursts; each idle worker costs only a parked thread.
     */
    public static final int DEFAULT_THREADS = 64;

    private final List<String> logs;
    private final ReplayWindow window;
    private final double rateFactor;
    private final int threads;
    private final Optional<String> prefix;
    private final long prepareFileSize;
    private final boolean keep;
    private final boolean impersonate;
    private final int clients;
    private final LogSplit split;

    private AuditReplayOptions(Builder b) {
        this.logs = List.copyOf(b.logs);
        this.window = b.window;
        this.rateFactor = b.rateFactor;
        this.threads = b.threads;
        this.prefix = Optional.ofNullable(b.prefix);
        this.prepareFileSize = b.prepareFileSize;
        this.keep = b.keep;
        this.impersonate = b.impersonate;
        this.clients = b.clients;
        this.split = b.split;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The logs to replay, as given: files or directories, plain or .gz, on any Hadoop file system. */
    public List<String> logs() {
        return logs;
    }

    /** The part of the logs to replay: lines logged from {@code -from} and before {@code -to}. */
    public ReplayWindow window() {
        return window;
    }

    /** How many times faster than logged the commands are issued: each at its logged offset divided by this. */
    public double rateFactor() {
        return rateFactor;
    }

    public int threads() {
        return threads;
    }

    /**
     * Where the logged paths are replayed, a path on the default file system or a URI; empty:
     * {@value #DEFAULT_PREFIX_PARENT}{@code /<run id>}.
     */
    public Optional<String> prefix() {
        return prefix;
    }

    /** The bytes of each file the prepare pass creates (at least 1 where the log truncates or concatenates it). */
    public long prepareFileSize() {
        return prepareFileSize;
    }

    /** Whether the replay's tree stays after the run; otherwise it is removed, also on failure. */
    public boolean keep() {
        return keep;
    }

    /** Whether each line is replayed as its logged user, through Hadoop proxy users; otherwise as the running user. */
    public boolean impersonate() {
        return impersonate;
    }

    /**
     * How many map tasks replay the log at once, each its share of it ({@link #split}) from one common start; 0: this
     * process alone.
     */
    public int clients() {
        return clients;
    }

    /** How a replay from many clients shares the log among them. */
    public LogSplit split() {
        return split;
    }

    @Override
    public String toString() {
        return "AuditReplayOptions{logs=" + logs + ", window=" + window + ", rateFactor=" + rateFactor + ", threads=" + threads
                + prefix.map(p -> ", prefix=" + p).orElse("") + ", prepareFileSize=" + prepareFileSize + ", keep="
                + keep + ", impersonate=" + impersonate + (clients > 0 ? ", clients=" + clients + ", split=" + split.label()
                : "") + "}";
    }

    /** Collects values; {@link #build} checks them. */
    public static final class Builder {
        private List<String> logs = List.of();
        private ReplayWindow window = ReplayWindow.WHOLE_LOG;
        private double rateFactor = 1;
        private int threads = DEFAULT_THREADS;
        private String prefix;
        private long prepareFileSize;
        private boolean keep;
        private boolean impersonate;
        private int clients;
        private LogSplit split = LogSplit.IP;
        private boolean splitGiven;

        private Builder() {
        }

        public Builder logs(List<String> logs) {
            this.logs = List.copyOf(requireNonNull(logs, "logs is null"));
            return this;
        }

        public Builder window(ReplayWindow window) {
            this.window = requireNonNull(window, "window is null");
            return this;
        }

        public Builder rateFactor(double rateFactor) {
            this.rateFactor = rateFactor;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder prefix(String prefix) {
            this.prefix = requireNonNull(prefix, "prefix is null");
            return this;
        }

        public Builder prepareFileSize(long prepareFileSize) {
            this.prepareFileSize = prepareFileSize;
            return this;
        }

        public Builder keep(boolean keep) {
            this.keep = keep;
            return this;
        }

        public Builder impersonate(boolean impersonate) {
            this.impersonate = impersonate;
            return this;
        }

        public Builder clients(int clients) {
            this.clients = clients;
            return this;
        }

        public Builder split(LogSplit split) {
            this.split = requireNonNull(split, "split is null");
            this.splitGiven = true;
            return this;
        }

        /**
         * Checks the options.
         *
         * @throws InvalidOptionException naming the option (log, rateFactor, threads, prefix, prepareFileSize, clients,
         *     split) when a value is out of range, the prefix is not an absolute directory below the root, or a split is
         *     given without clients to split among
         */
        public AuditReplayOptions build() {
            if (logs.isEmpty() || logs.stream().anyMatch(String::isBlank)) {
                throw new InvalidOptionException("{} names no log: give one or more files or directories", "log");
            }
            if (!(rateFactor > 0) || Double.isInfinite(rateFactor)) {
                throw new InvalidOptionException("{} must be a number above 0, got " + rateFactor, "rateFactor");
            }
            if (threads < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + threads, "threads");
            }
            if (prepareFileSize < 0) {
                throw new InvalidOptionException("{} must not be negative, got " + prepareFileSize, "prepareFileSize");
            }
            if (prefix != null) {
                checkPrefix();
            }
            if (clients < 0) {
                throw new InvalidOptionException("{} must be at least 1, got " + clients, "clients");
            }
            if (splitGiven && clients == 0) {
                throw new InvalidOptionException("{} shares the log among {}: give -clients N", "split", "clients");
            }
            return new AuditReplayOptions(this);
        }

        private void checkPrefix() {
            Path path;
            try {
                path = new Path(prefix);
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException("{} '" + prefix + "' is not a path or URI: " + e.getMessage(),
                        "prefix");
            }
            String inStore = path.toUri().getPath();
            if (!path.isAbsolute() || inStore.isEmpty() || inStore.equals("/")) {
                throw new InvalidOptionException("{} must be an absolute directory below the root, such as "
                        + DEFAULT_PREFIX_PARENT + "/mine, got '" + prefix + "': the replay creates, changes and"
                        + " deletes what the log does under it", "prefix");
            }
        }
    }
}
