package io.hbench.bsp.coordination;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.transport.Barrier;
import io.hbench.bsp.transport.PeerAddress;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ProtocolException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the coordinator tells every peer once all have joined: the job's size, timeout and buffer
 * size, the program to run with its arguments, and where each peer's data listener is.
 */
final class JobStart {
    private final int count;
    private final long timeoutMillis;
    private final int bundleSize;
    private final Barrier barrier;
    private final String programClass;
    private final byte[] arguments;
    private final List<PeerAddress> peers;
    private final long resourceIntervalMillis;

    /** @param resourceIntervalMillis how often peers sample their hosts; 0: they do not */
    /** @param barrier DIRECT or DISSEMINATION, as {@link Barrier#resolve} chose for the job */
    JobStart(long timeoutMillis, int bundleSize, Barrier barrier, String programClass, byte[] arguments,
            List<PeerAddress> peers, long resourceIntervalMillis) {
        this.resourceIntervalMillis = resourceIntervalMillis;
        this.count = peers.size();
        this.timeoutMillis = timeoutMillis;
        this.bundleSize = bundleSize;
        this.barrier = requireNonNull(barrier, "barrier is null");
        this.programClass = requireNonNull(programClass, "programClass is null");
        this.arguments = requireNonNull(arguments, "arguments is null");
        this.peers = List.copyOf(peers);
    }

    int count() {
        return count;
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    int bundleSize() {
        return bundleSize;
    }

    Barrier barrier() {
        return barrier;
    }

    String programClass() {
        return programClass;
    }

    byte[] arguments() {
        return arguments;
    }

    /** How often this job's peers sample their hosts, or empty if they do not. */
    Optional<Duration> resourceInterval() {
        return resourceIntervalMillis == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(resourceIntervalMillis));
    }

    PeerAddress peer(int index) {
        return peers.get(index);
    }

    /** What {@link #write} writes. */
    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            write(new DataOutputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }

    void write(DataOutputStream out) throws IOException {
        out.writeInt(count);
        out.writeLong(timeoutMillis);
        out.writeInt(bundleSize);
        out.writeByte(barrier.ordinal());
        out.writeUTF(programClass);
        out.writeInt(arguments.length);
        out.write(arguments);
        for (PeerAddress peer : peers) {
            out.writeUTF(peer.host());
            out.writeInt(peer.port());
        }
        out.writeLong(resourceIntervalMillis);
    }

    static JobStart read(DataInputStream in) throws IOException {
        int count = in.readInt();
        long timeoutMillis = in.readLong();
        int bundleSize = in.readInt();
        int barrier = in.readByte();
        if (barrier != Barrier.DIRECT.ordinal() && barrier != Barrier.DISSEMINATION.ordinal()) {
            throw new ProtocolException("sent barrier " + barrier + ", neither direct nor dissemination");
        }
        String programClass = in.readUTF();
        byte[] arguments = ControlChannel.readBytes(in);
        List<PeerAddress> peers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            peers.add(new PeerAddress(i, in.readUTF(), in.readInt()));
        }
        return new JobStart(timeoutMillis, bundleSize, Barrier.values()[barrier], programClass, arguments, peers,
                in.readLong());
    }
}
