package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An audit log as AuditReplay replays it: its replayable lines in the order they were logged (by time; lines of one
 * time in the order read), and what it skipped. Immutable.
 */
public final class ReplayLog {
    private final List<String> files;
    private final long lines;
    private final List<AuditEntry> entries;
    private final SkippedLines skipped;

    /**
     * @param files the files read, as given or found in a given directory
     * @param lines every line read, replayable or not
     */
    public ReplayLog(List<String> files, long lines, List<AuditEntry> entries, SkippedLines skipped) {
        this.files = List.copyOf(requireNonNull(files, "files is null"));
        this.entries = List.copyOf(requireNonNull(entries, "entries is null"));
        this.skipped = requireNonNull(skipped, "skipped is null");
        if (lines < entries.size()) {
            throw new IllegalArgumentException(lines + " lines cannot hold " + entries.size() + " entries");
        }
        this.lines = lines;
        for (int i = 1; i < this.entries.size(); i++) {
            if (this.entries.get(i).timeMillis() < this.entries.get(i - 1).timeMillis()) {
                throw new IllegalArgumentException("entries out of time order at " + i + ": " + this.entries.get(i));
            }
        }
    }

    public List<String> files() {
        return files;
    }

    public long lines() {
        return lines;
    }

    /** The replayable lines, in time order. */
    public List<AuditEntry> entries() {
        return entries;
    }

    public SkippedLines skipped() {
        return skipped;
    }
}
