package io.hbench.bsp.bench;

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
        } catch (IOException e) {
            throw new UncheckedIOException("cannot happen: writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /** Throws IllegalArgumentException if {@code report} is not what {@link #encode} wrote. */
    public static List<SuperstepTiming> decode(byte[] report) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(report))) {
            int count = in.readInt();
            if (count < 0 || count > report.length) {
                throw new IllegalArgumentException("a peer report claims " + count + " supersteps");
            }
            List<SuperstepTiming> timings = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                timings.add(new SuperstepTiming(in.readInt(), in.readLong(), in.readLong(), in.readLong(),
                        in.readLong(), in.readLong(), in.readLong(), in.readLong()));
            }
            if (in.read() != -1) {
                throw new IllegalArgumentException("a peer report has bytes after its " + count + " supersteps");
            }
            return timings;
        } catch (IOException e) {
            throw new IllegalArgumentException("a peer report is truncated", e);
        }
    }
}
