package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The replayed commands that failed, counted per command and cause ({@link FailureCause}): a command's failure is a
 * figure of the replay, never its end. Immutable.
 */
public final class CommandFailures {
    public static final CommandFailures NONE = new CommandFailures(new EnumMap<>(AuditCommand.class));

    private final Map<AuditCommand, Map<String, Long>> counts;

    private CommandFailures(Map<AuditCommand, Map<String, Long>> counts) {
        EnumMap<AuditCommand, Map<String, Long>> copy = new EnumMap<>(AuditCommand.class);
        counts.forEach((command, causes) -> {
            if (!causes.isEmpty()) {
                copy.put(command, Collections.unmodifiableMap(new TreeMap<>(causes)));
            }
        });
        this.counts = Collections.unmodifiableMap(copy);
    }

    /** Failures by cause ({@link FailureCause}) of each command that failed at least once; causes in order of name. */
    public Map<AuditCommand, Map<String, Long>> byCommand() {
        return counts;
    }

    /** The failures of {@code command}, by cause; empty if none. */
    public Map<String, Long> of(AuditCommand command) {
        return counts.getOrDefault(requireNonNull(command, "command is null"), Map.of());
    }

    /** The failures of {@code command}. */
    public long total(AuditCommand command) {
        return of(command).values().stream().mapToLong(Long::longValue).sum();
    }

    /** Every failure. */
    public long total() {
        return counts.keySet().stream().mapToLong(this::total).sum();
    }

    /** Every failure by cause, over all commands, in order of cause. */
    public Map<String, Long> byCause() {
        Map<String, Long> causes = new TreeMap<>();
        counts.values().forEach(byCause -> byCause.forEach((cause, count) -> causes.merge(cause, count, Long::sum)));
        return Collections.unmodifiableMap(causes);
    }

    /** These failures and {@code other}'s together, as when two clients' shares of one log are merged. */
    public CommandFailures plus(CommandFailures other) {
        Map<AuditCommand, Map<String, Long>> both = new EnumMap<>(AuditCommand.class);
        for (CommandFailures failures : new CommandFailures[] {this, other}) {
            failures.counts.forEach((command, causes) -> causes.forEach((cause, count) -> both.computeIfAbsent(
                    command, c -> new TreeMap<>()).merge(cause, count, Long::sum)));
        }
        return new CommandFailures(both);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof CommandFailures && counts.equals(((CommandFailures) obj).counts);
    }

    @Override
    public int hashCode() {
        return counts.hashCode();
    }

    @Override
    public String toString() {
        return "CommandFailures" + counts;
    }

    /** Counts failures as workers meet them; thread-safe. */
    static final class Counter {
        private final Map<AuditCommand, Map<String, LongAdder>> counts = new ConcurrentHashMap<>();

        void add(AuditCommand command, String cause) {
            counts.computeIfAbsent(command, c -> new ConcurrentHashMap<>())
                    .computeIfAbsent(cause, c -> new LongAdder()).increment();
        }

        /** Adds {@code count} failures at once, as when reading counts back. */
        void add(AuditCommand command, String cause, long count) {
            counts.computeIfAbsent(command, c -> new ConcurrentHashMap<>())
                    .computeIfAbsent(cause, c -> new LongAdder()).add(count);
        }

        CommandFailures counted() {
            Map<AuditCommand, Map<String, Long>> snapshot = new EnumMap<>(AuditCommand.class);
            counts.forEach((command, causes) -> causes.forEach((cause, count) -> snapshot.computeIfAbsent(command,
                    c -> new TreeMap<>()).put(cause, count.sum())));
            return new CommandFailures(snapshot);
        }
    }
}
