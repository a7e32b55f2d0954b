package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadOutcomes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one replay of a log, or of one client's share of it, did: the schedule's figures per command (the kinds of
 * {@link LoadOutcome} are the {@link AuditCommand}s, by ordinal), the failures by command and cause, the lines not
 * replayed, and the prepare pass. Outcomes of shares replayed from one common start travel as bytes ({@link #encode})
 * and add up ({@link #merge}): histograms are added, never percentiles averaged. Immutable.
 */
public final class ReplayOutcome {
    private final LoadOutcome load;
    private final CommandFailures failures;
    private final SkippedLines skipped;
    private final long prepareNanos;
    private final long preparedFiles;
    private final long preparedDirectories;

    /**
     * @param skipped the log's lines not replayed: those the reader skipped and those whose path would leave the prefix
     * @param prepareNanos how long the prepare pass took, apart from the replay
     */
    public ReplayOutcome(LoadOutcome load, CommandFailures failures, SkippedLines skipped, long prepareNanos,
            long preparedFiles, long preparedDirectories) {
        this.load = requireNonNull(load, "load is null");
        if (load.kinds() != AuditCommand.values().length) {
            throw new IllegalArgumentException("one kind of operation per command, got " + load.kinds());
        }
        this.failures = requireNonNull(failures, "failures is null");
        this.skipped = requireNonNull(skipped, "skipped is null");
        if (prepareNanos < 0 || preparedFiles < 0 || preparedDirectories < 0) {
            throw new IllegalArgumentException("prepareNanos " + prepareNanos + ", preparedFiles " + preparedFiles
                    + " and preparedDirectories " + preparedDirectories + " must not be negative");
        }
        this.prepareNanos = prepareNanos;
        this.preparedFiles = preparedFiles;
        this.preparedDirectories = preparedDirectories;
    }

    /** This outcome with the prepare pass that made what it replayed on. */
    public ReplayOutcome prepared(long nanos, long files, long directories) {
        return new ReplayOutcome(load, failures, skipped, nanos, files, directories);
    }

    /** The schedule's figures; kind {@code c.ordinal()} is command {@code c}. */
    public LoadOutcome load() {
        return load;
    }

    public CommandFailures failures() {
        return failures;
    }

    public SkippedLines skipped() {
        return skipped;
    }

    public long prepareNanos() {
        return prepareNanos;
    }

    public long preparedFiles() {
        return preparedFiles;
    }

    public long preparedDirectories() {
        return preparedDirectories;
    }

    /** {@code outcome} as bytes that {@link #decode} reads back exactly. */
    public static byte[] encode(ReplayOutcome outcome) {
        requireNonNull(outcome, "outcome is null");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            byte[] load = LoadOutcomes.encode(outcome.load);
            out.writeInt(load.length);
            out.write(load);
            Map<AuditCommand, Map<String, Long>> failures = outcome.failures.byCommand();
            out.writeInt(failures.size());
            for (Map.Entry<AuditCommand, Map<String, Long>> command : failures.entrySet()) {
                out.writeUTF(command.getKey().label());
                writeCounts(out, command.getValue());
            }
            writeCounts(out, outcome.skipped.counts());
            List<String> problems = outcome.skipped.problems();
            out.writeInt(problems.size());
            for (String problem : problems) {
                out.writeUTF(problem);
            }
            out.writeLong(outcome.skipped.problemCount());
            out.writeLong(outcome.prepareNanos);
            out.writeLong(outcome.preparedFiles);
            out.writeLong(outcome.preparedDirectories);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The outcome {@link #encode} wrote.
     *
     * @throws IllegalArgumentException if the bytes are not one
     */
    public static ReplayOutcome decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(requireNonNull(encoded,
                "encoded is null")))) {
            int loadLength = in.readInt();
            if (loadLength < 0 || loadLength > in.available()) {
                throw new IllegalArgumentException("not a replay's outcome: its load is " + loadLength + " bytes");
            }
            LoadOutcome load = LoadOutcomes.decode(in.readNBytes(loadLength));
            CommandFailures.Counter failures = new CommandFailures.Counter();
            for (int commands = in.readInt(); commands > 0; commands--) {
                String label = in.readUTF();
                AuditCommand command = AuditCommand.byLogName(label).orElseThrow(() -> new IllegalArgumentException(
                        "not a replay's outcome: no command " + label));
                readCounts(in).forEach((cause, count) -> failures.add(command, cause, count));
            }
            SkippedLines.Builder skipped = new SkippedLines.Builder();
            readCounts(in).forEach(skipped::add);
            int kept = in.readInt();
            for (int i = 0; i < kept; i++) {
                skipped.problem(in.readUTF());
            }
            // Problems beyond those kept count without their words, as they did when the log was read.
            for (long more = in.readLong() - kept; more > 0; more--) {
                skipped.problem("");
            }
            return new ReplayOutcome(load, failures.counted(), skipped.build(), in.readLong(), in.readLong(),
                    in.readLong());
        } catch (IOException e) {
            throw new IllegalArgumentException("not a replay's outcome: it is truncated", e);
        }
    }

    /**
     * The outcome of several clients' shares of one log, replayed from one common start, as one: their loads merged
     * ({@link LoadOutcomes#merge}), failures and skipped lines added, prepared paths summed; the prepare pass as long
     * as the longest (a client's share holds none: the run prepares the whole log before the clients start, and adds
     * it with {@link #prepared}).
     */
    public static ReplayOutcome merge(List<ReplayOutcome> clients) {
        requireNonNull(clients, "clients is null");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no client outcome to merge");
        }
        CommandFailures failures = CommandFailures.NONE;
        SkippedLines skipped = SkippedLines.NONE;
        long prepareNanos = 0;
        long files = 0;
        long directories = 0;
        for (ReplayOutcome client : clients) {
            failures = failures.plus(client.failures);
            skipped = skipped.plus(client.skipped);
            prepareNanos = Math.max(prepareNanos, client.prepareNanos);
            files += client.preparedFiles;
            directories += client.preparedDirectories;
        }
        LoadOutcome load = LoadOutcomes.merge(clients.stream().map(ReplayOutcome::load)
                .collect(Collectors.toList()));
        return new ReplayOutcome(load, failures, skipped, prepareNanos, files, directories);
    }

    private static void writeCounts(DataOutputStream out, Map<String, Long> counts) throws IOException {
        out.writeInt(counts.size());
        for (Map.Entry<String, Long> count : counts.entrySet()) {
            out.writeUTF(count.getKey());
            out.writeLong(count.getValue());
        }
    }

    private static Map<String, Long> readCounts(DataInputStream in) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int entries = in.readInt(); entries > 0; entries--) {
            counts.put(in.readUTF(), in.readLong());
        }
        return counts;
    }
}
