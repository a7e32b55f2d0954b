package io.hbench.bsp.benchbase;

import io.hbench.bsp.SuperstepTiming;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** A peer's report, as the bytes it returns to the submitter: the timings of the supersteps it measured. */
public final class Timings {
    private Timings() {
    }

    public static byte[] encode(List<SuperstepTiming> timings) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(timings, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /** Writes what {@link #encode} returns, for a report that carries more after it. */
    public static void write(List<SuperstepTiming> timings, DataOutputStream out) throws IOException {
        out.writeInt(timings.size());
        for (SuperstepTiming timing : timings) {
            out.writeInt(timing.superstep());
            out.writeLong(timing.sendNanos());
            out.writeLong(timing.flushNanos());
            out.writeLong(timing.barrierNanos());
            out.writeLong(timing.messagesSent());
            out.writeLong(timing.bytesSentRemote());
            out.writeLong(timing.bytesSentLocal());
            out.writeLong(timing.bytesReceived());
        }
    }

    /** Throws IllegalArgumentException if {@code report} is not what {@link #encode} wrote. */
    public static List<SuperstepTiming> decode(byte[] report) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(report))) {
            List<SuperstepTiming> timings = read(in, report.length);
            if (in.read() != -1) {
                throw new IllegalArgumentException("a peer report has bytes after its " + timings.size()
                        + " supersteps");
            }
            return timings;
        } catch (IOException e) {
            throw new IllegalArgumentException("a peer report is truncated", e);
        }
    }

    /**
     * Reads what {@link #write} wrote; IllegalArgumentException if it claims more than {@code reportLength} supersteps.
     */
    public static List<SuperstepTiming> read(DataInputStream in, int reportLength) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > reportLength) {
            throw new IllegalArgumentException("a peer report claims " + count + " supersteps");
        }
        List<SuperstepTiming> timings = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            timings.add(new SuperstepTiming(in.readInt(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        return timings;
    }
}
