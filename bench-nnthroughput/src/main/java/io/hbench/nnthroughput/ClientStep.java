package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadOutcome;
import io.hbench.load.LoadOutcomes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one client of a run from many clients sends back of its operation: Hadoop's input lines and hbench's notes as
 * it printed them, its kinds of operation, its warm-up, and its schedule's {@link LoadOutcome} with the histograms in
 * HdrHistogram's own encoding ({@link LoadOutcomes#encode}), so that the driver adds histograms, never percentiles.
 */
final class ClientStep {
    private final NnOperation operation;
    private final List<String> inputLines;
    private final List<String> notes;
    private final List<String> kinds;
    private final long warmupOperations;
    private final boolean stoppedByDuration;
    private final LoadOutcome outcome;

    ClientStep(NnOperation operation, List<String> inputLines, List<String> notes, List<String> kinds,
            long warmupOperations, boolean stoppedByDuration, LoadOutcome outcome) {
        this.operation = requireNonNull(operation, "operation is null");
        this.inputLines = List.copyOf(inputLines);
        this.notes = List.copyOf(notes);
        this.kinds = List.copyOf(kinds);
        this.outcome = requireNonNull(outcome, "outcome is null");
        if (this.kinds.size() != outcome.kinds()) {
            throw new IllegalArgumentException(this.kinds.size() + " kind names for " + outcome.kinds() + " kinds");
        }
        if (warmupOperations < 0) {
            throw new IllegalArgumentException("negative warm-up count: " + warmupOperations);
        }
        this.warmupOperations = warmupOperations;
        this.stoppedByDuration = stoppedByDuration;
    }

    /** The one operation of a client's result, which ran on a schedule. */
    static ClientStep of(NnResult result) {
        if (result.operations().size() != 1) {
            throw new IllegalArgumentException("a client runs one operation, not " + result.operations().size());
        }
        OpResult op = result.operations().get(0);
        LoadOutcome outcome = op.openLoop().orElseThrow(() -> new IllegalArgumentException(op.operation().label()
                + " ran without a schedule"));
        return new ClientStep(op.operation(), op.inputLines(), op.notes(), new ArrayList<>(op.kinds().keySet()),
                op.warmupOperations(), op.stoppedByDuration(), outcome);
    }

    NnOperation operation() {
        return operation;
    }

    List<String> inputLines() {
        return inputLines;
    }

    List<String> notes() {
        return notes;
    }

    /** The names of the kinds of operation, in the order of the outcome's kinds. */
    List<String> kinds() {
        return kinds;
    }

    long warmupOperations() {
        return warmupOperations;
    }

    boolean stoppedByDuration() {
        return stoppedByDuration;
    }

    /** What the client's schedule did, measured from the client's own start. */
    LoadOutcome outcome() {
        return outcome;
    }

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(operation.label());
            writeLines(out, inputLines);
            writeLines(out, notes);
            writeLines(out, kinds);
            out.writeLong(warmupOperations);
            out.writeBoolean(stoppedByDuration);
            byte[] load = LoadOutcomes.encode(outcome);
            out.writeInt(load.length);
            out.write(load);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The step {@link #encode} wrote.
     *
     * @throws IllegalArgumentException if the bytes are not one
     */
    static ClientStep decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            String label = in.readUTF();
            NnOperation operation = NnOperation.byLabel(label).orElseThrow(() -> new IllegalArgumentException(
                    "not a client's step: no operation " + label));
            List<String> inputLines = readLines(in);
            List<String> notes = readLines(in);
            List<String> kinds = readLines(in);
            long warmup = in.readLong();
            boolean stopped = in.readBoolean();
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IllegalArgumentException("not a client's step: an outcome of " + length + " bytes");
            }
            return new ClientStep(operation, inputLines, notes, kinds, warmup, stopped,
                    LoadOutcomes.decode(in.readNBytes(length)));
        } catch (IOException e) {
            throw new IllegalArgumentException("not a client's step: it is truncated", e);
        }
    }

    private static void writeLines(DataOutputStream out, List<String> lines) throws IOException {
        out.writeInt(lines.size());
        for (String line : lines) {
            out.writeUTF(line);
        }
    }

    private static List<String> readLines(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IllegalArgumentException("not a client's step: " + count + " lines");
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(in.readUTF());
        }
        return lines;
    }
}
