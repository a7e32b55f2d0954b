package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/** One answer a run gives, in one line for people: a slow host, what limited the run, what a figure means. */
public final class Finding {
    /** What a finding is about. */
    public enum Kind {
        /** A host whose figures stand out on the slow side ({@link SlowHostRule}). */
        SLOW_HOST("slow host"),
        /** A DataNode whose blocks stand out on the slow side ({@link SlowDataNodes}). */
        SLOW_DATANODE("slow DataNode"),
        /** The resource that limited the run, or that none came near its limit. */
        LIMIT("limit"),
        /** What a figure means, in words (EBB's relative bandwidth). */
        READING("reading"),
        /**
         * A read whose bytes came from the page cache, not the disks ({@link PageCacheReads}): its figure is memory's.
         * It reads as the other readings do; a suite's verdict tells it apart.
         */
        CACHED_READ("reading"),
        /** A host whose samples began after the run's start or ended before its end ({@link CoverageGaps}). */
        COVERAGE("coverage gap"),
        /** A path the run removed that is still there, with what is left under it (io.hbench.fs.Leftover). */
        LEFTOVER("leftover");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    private final Kind kind;
    private final String host;
    private final String brief;
    private final String text;
    private final boolean otherLoad;

    /**
     * @param brief the finding in a few words, for a table's cell: "CPU on dn1", "none"
     * @param text the finding in one line with its evidence
     */
    public Finding(Kind kind, Optional<String> host, String brief, String text) {
        this(kind, host, brief, text, false);
    }

    private Finding(Kind kind, Optional<String> host, String brief, String text, boolean otherLoad) {
        this.kind = requireNonNull(kind, "kind is null");
        this.host = requireNonNull(host, "host is null").orElse(null);
        this.brief = oneLine(brief, "brief");
        this.text = oneLine(text, "text");
        this.otherLoad = otherLoad;
    }

    /** This finding, saying that what it names came from load that is not hbench's ({@link #otherLoad()}). */
    public Finding withOtherLoad() {
        return new Finding(kind, host(), brief, text, true);
    }

    private static String oneLine(String value, String field) {
        requireNonNull(value, field + " is null");
        if (value.isBlank() || value.contains("\n")) {
            throw new IllegalArgumentException("a finding's " + field + " is one line: " + value);
        }
        return value;
    }

    public Kind kind() {
        return kind;
    }

    /** The host it names, if it names one. */
    public Optional<String> host() {
        return Optional.ofNullable(host);
    }

    /** A few words, for a table's cell. */
    public String brief() {
        return brief;
    }

    /** One line, without the kind: "dn3: its 4 tasks' median throughput ...". */
    public String text() {
        return text;
    }

    /**
     * Whether what it names came from load that is not hbench's: other processes on a host (another tenant's) that held
     * the run back. The figures then say what the cluster gave hbench beside that load, not what it can do, and a suite
     * gives no fitness verdict.
     */
    public boolean otherLoad() {
        return otherLoad;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Finding)) {
            return false;
        }
        Finding that = (Finding) obj;
        return kind == that.kind && Objects.equals(host, that.host) && brief.equals(that.brief)
                && text.equals(that.text) && otherLoad == that.otherLoad;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, host, brief, text, otherLoad);
    }

    @Override
    public String toString() {
        return kind.text() + ": " + text;
    }
}
