package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The lines of an audit log that AuditReplay did not replay, counted by reason and never dropped silently: lines
 * logged {@code allowed=false}, lines it cannot read, lines outside {@code -from}/{@code -to}, lines whose path would
 * leave {@code -prefix}, and commands it cannot replay, each counted under its own {@code cmd=} name (e.g.
 * {@code listCachePools}). Immutable.
 */
public final class SkippedLines {
    /** Commands the NameNode refused: replaying them would measure a refusal, not the workload. */
    public static final String NOT_ALLOWED = "allowed=false";
    /** Lines that are not audit lines AuditReplay can read. */
    public static final String UNPARSABLE = "unparsable";
    /** Lines logged before {@code -from} or from {@code -to} on. */
    public static final String OUTSIDE_WINDOW = "outside -from/-to";
    /**
     * Lines whose path would not land inside {@code -prefix}: a {@code ..} that climbs above the root, a relative path,
     * or a change to the prefix itself or its marker.
     */
    public static final String OUTSIDE_PREFIX = "path outside -prefix";
    /** How many problems (an unparsable line, a truncated file) are kept word for word. */
    public static final int PROBLEMS_KEPT = 5;

    public static final SkippedLines NONE = new Builder().build();

    private final Map<String, Long> counts;
    private final List<String> problems;
    private final long problemCount;

    private SkippedLines(Map<String, Long> counts, List<String> problems, long problemCount) {
        this.counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        this.problems = List.copyOf(problems);
        this.problemCount = problemCount;
    }

    /**
     * Lines skipped per reason: {@link #NOT_ALLOWED}, {@link #UNPARSABLE}, {@link #OUTSIDE_WINDOW},
     * {@link #OUTSIDE_PREFIX} or an unreplayable command's name; in that order, then the commands by name.
     */
    public Map<String, Long> counts() {
        return counts;
    }

    /** Every skipped line. */
    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The first {@link #PROBLEMS_KEPT} problems, each where it is and what is wrong: {@code audit.log:17: no cmd=},
     * {@code audit.log.gz: truncated after line 1,204 (Unexpected end of ZLIB input stream)}.
     */
    public List<String> problems() {
        return problems;
    }

    /** How many problems there were, kept or not. */
    public long problemCount() {
        return problemCount;
    }

    /** These lines and {@code other}'s together, as when two clients' shares of one log are merged. */
    public SkippedLines plus(SkippedLines other) {
        Builder both = new Builder();
        counts.forEach(both::add);
        other.counts.forEach(both::add);
        problems.forEach(both::problem);
        other.problems.forEach(both::problem);
        both.problemCount = problemCount + other.problemCount;
        return both.build();
    }

    @Override
    public String toString() {
        return "SkippedLines" + counts + problems;
    }

    /** Counts lines as a log is read; not thread-safe. */
    public static final class Builder {
        private final Map<String, Long> reasons = new LinkedHashMap<>();
        private final Map<String, Long> commands = new TreeMap<>();
        private final List<String> problems = new ArrayList<>();
        private long problemCount;

        public Builder() {
            reasons.put(NOT_ALLOWED, 0L);
            reasons.put(UNPARSABLE, 0L);
            reasons.put(OUTSIDE_WINDOW, 0L);
            reasons.put(OUTSIDE_PREFIX, 0L);
        }

        /** Counts {@code lines} skipped for {@code reason}: one of the constants, or an unreplayable command. */
        public Builder add(String reason, long lines) {
            requireNonNull(reason, "reason is null");
            if (lines < 0) {
                throw new IllegalArgumentException("lines must not be negative, got " + lines);
            }
            (reasons.containsKey(reason) ? reasons : commands).merge(reason, lines, Long::sum);
            return this;
        }

        /** Records a problem in the log's words: where it is and what is wrong. */
        public Builder problem(String problem) {
            requireNonNull(problem, "problem is null");
            problemCount++;
            if (problems.size() < PROBLEMS_KEPT) {
                problems.add(problem);
            }
            return this;
        }

        public SkippedLines build() {
            Map<String, Long> counts = new LinkedHashMap<>();
            reasons.forEach((reason, lines) -> {
                if (lines > 0) {
                    counts.put(reason, lines);
                }
            });
            counts.putAll(commands);
            return new SkippedLines(counts, problems, problemCount);
        }
    }
}
