package io.hbench.load;

import static java.util.Objects.requireNonNull;

import io.hbench.stats.Histograms;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The outcomes of one load offered by several clients at once (map tasks on many hosts), each on its share of the
 * rate from one common start: how a client sends its outcome (histograms in HdrHistogram's own compressed encoding,
 * and its timeline when it recorded one) and how they add up. Histograms are added, never their percentiles
 * averaged, so the merged percentiles are those of every client's operations together.
 */
public final class LoadOutcomes {
    private LoadOutcomes() {
    }

    /** {@code outcome} as bytes that {@link #decode} reads back exactly. */
    public static byte[] encode(LoadOutcome outcome) {
        requireNonNull(outcome, "outcome is null");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeDouble(outcome.targetRate());
            out.writeUTF(outcome.arrivals().label());
            out.writeInt(outcome.workers());
            out.writeInt(outcome.clients());
            out.writeInt(outcome.kinds());
            for (int k = 0; k < outcome.kinds(); k++) {
                out.writeLong(outcome.operations(k));
                out.writeLong(outcome.timedNanos(k));
                writeHistogram(out, outcome.latency(k));
                writeHistogram(out, outcome.serviceTime(k));
                writeHistogram(out, outcome.lateness(k));
            }
            out.writeLong(outcome.serviceNanos());
            out.writeLong(outcome.measuredNanos());
            out.writeLong(outcome.behindNanos());
            out.writeBoolean(outcome.timeline().isPresent());
            if (outcome.timeline().isPresent()) {
                outcome.timeline().get().write(out);
            }
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
    public static LoadOutcome decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(requireNonNull(encoded,
                "encoded is null")))) {
            double targetRate = in.readDouble();
            String label = in.readUTF();
            Schedule.Arrivals arrivals = Schedule.Arrivals.byLabel(label).orElseThrow(() ->
                    new IllegalArgumentException("not an outcome: no arrivals named " + label));
            int workers = in.readInt();
            int clients = in.readInt();
            int kinds = in.readInt();
            if (kinds < 1 || kinds > encoded.length) {
                throw new IllegalArgumentException("not an outcome: " + kinds + " kinds of operation");
            }
            long[] operations = new long[kinds];
            long[] timedNanos = new long[kinds];
            Histogram[] latency = new Histogram[kinds];
            Histogram[] serviceTime = new Histogram[kinds];
            Histogram[] lateness = new Histogram[kinds];
            for (int k = 0; k < kinds; k++) {
                operations[k] = in.readLong();
                timedNanos[k] = in.readLong();
                latency[k] = readHistogram(in);
                serviceTime[k] = readHistogram(in);
                lateness[k] = readHistogram(in);
            }
            long serviceNanos = in.readLong();
            long measuredNanos = in.readLong();
            long behindNanos = in.readLong();
            CompletionTimeline timeline = in.readBoolean() ? CompletionTimeline.read(in, encoded.length) : null;
            return new LoadOutcome(targetRate, arrivals, workers, clients, operations, timedNanos, latency,
                    serviceTime, lateness, serviceNanos, measuredNanos, behindNanos, timeline);
        } catch (IOException e) {
            throw new IllegalArgumentException("not an outcome: it is truncated", e);
        }
    }

    /**
     * {@code outcome} measured from a start {@code nanos} earlier than its own: a client whose schedule started that
     * long after the common start (fixed arrivals interleave the clients' operations) ran that much longer from it.
     * Its timeline stays: it counts from the common start already ({@link OpenLoop.Start}).
     */
    public static LoadOutcome measuredFromEarlierStart(LoadOutcome outcome, long nanos) {
        requireNonNull(outcome, "outcome is null");
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must not be negative, got " + nanos);
        }
        int kinds = outcome.kinds();
        long[] operations = new long[kinds];
        long[] timedNanos = new long[kinds];
        Histogram[] latency = new Histogram[kinds];
        Histogram[] serviceTime = new Histogram[kinds];
        Histogram[] lateness = new Histogram[kinds];
        for (int k = 0; k < kinds; k++) {
            operations[k] = outcome.operations(k);
            timedNanos[k] = outcome.timedNanos(k);
            latency[k] = outcome.latency(k);
            serviceTime[k] = outcome.serviceTime(k);
            lateness[k] = outcome.lateness(k);
        }
        return new LoadOutcome(outcome.targetRate(), outcome.arrivals(), outcome.workers(), outcome.clients(),
                operations, timedNanos, latency, serviceTime, lateness, outcome.serviceNanos(),
                outcome.measuredNanos() + nanos, outcome.behindNanos(), outcome.timeline().orElse(null));
    }

    /**
     * The outcome of the clients' load as one: the sum of their rates, pools, counts and times, their histograms
     * added; measured from the common start to the last completion of any (the longest measured time) and as far
     * behind schedule as the furthest behind; with their timelines merged ({@link CompletionTimeline#merge}) when
     * every client has one.
     *
     * @param clients outcomes measured from one common start, of the same kinds of operation and arrivals
     */
    public static LoadOutcome merge(List<LoadOutcome> clients) {
        requireNonNull(clients, "clients is null");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no client outcome to merge");
        }
        LoadOutcome first = clients.get(0);
        int kinds = first.kinds();
        long[] operations = new long[kinds];
        long[] timedNanos = new long[kinds];
        Histogram[] latency = new Histogram[kinds];
        Histogram[] serviceTime = new Histogram[kinds];
        Histogram[] lateness = new Histogram[kinds];
        for (int k = 0; k < kinds; k++) {
            latency[k] = Histograms.newHistogram();
            serviceTime[k] = Histograms.newHistogram();
            lateness[k] = Histograms.newHistogram();
        }
        double targetRate = 0;
        int workers = 0;
        int merged = 0;
        long serviceNanos = 0;
        long measuredNanos = 0;
        long behindNanos = 0;
        List<CompletionTimeline> timelines = new ArrayList<>();
        for (LoadOutcome client : clients) {
            if (client.kinds() != kinds || client.arrivals() != first.arrivals()) {
                throw new IllegalArgumentException("the clients ran different loads: " + client.kinds() + " kinds of "
                        + client.arrivals().label() + " arrivals, not " + kinds + " of " + first.arrivals().label());
            }
            for (int k = 0; k < kinds; k++) {
                operations[k] += client.operations(k);
                timedNanos[k] += client.timedNanos(k);
                latency[k].add(client.latency(k));
                serviceTime[k].add(client.serviceTime(k));
                lateness[k].add(client.lateness(k));
            }
            targetRate += client.targetRate();
            workers += client.workers();
            merged += client.clients();
            serviceNanos += client.serviceNanos();
            measuredNanos = Math.max(measuredNanos, client.measuredNanos());
            behindNanos = Math.max(behindNanos, client.behindNanos());
            client.timeline().ifPresent(timelines::add);
        }
        return new LoadOutcome(targetRate, first.arrivals(), workers, merged, operations, timedNanos, latency,
                serviceTime, lateness, serviceNanos, measuredNanos, behindNanos,
                timelines.size() == clients.size() ? CompletionTimeline.merge(timelines) : null);
    }

    private static void writeHistogram(DataOutputStream out, Histogram histogram) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        out.writeInt(length);
        out.write(buffer.array(), 0, length);
    }

    private static Histogram readHistogram(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IllegalArgumentException("not an outcome: a histogram of " + length + " bytes");
        }
        byte[] bytes = in.readNBytes(length);
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an outcome: a histogram is corrupt", e);
        }
    }
}
