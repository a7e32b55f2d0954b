package io.hbench.bsp;

/**
 * One peer's view of one superstep: how its time divided between sending, flushing and the barrier,
 * and what it moved. Times are in nanoseconds from a monotonic clock and follow each other: sending is
 * the time from the end of the previous superstep's barrier (or the start of the program) to the call
 * of {@link BspPeer#sync()}; flushing, writing what is still bundled and waiting until every
 * destination this peer sent to in the superstep has acknowledged that all of it was delivered (held
 * up while a destination's connection is full); the barrier, the rounds of the dissemination barrier,
 * waiting until every other peer has flushed too.
 */
public final class SuperstepTiming {
    private final int superstep;
    private final long sendNanos;
    private final long flushNanos;
    private final long barrierNanos;
    private final long messagesSent;
    private final long bytesSentRemote;
    private final long bytesSentLocal;
    private final long bytesReceived;

    public SuperstepTiming(int superstep, long sendNanos, long flushNanos, long barrierNanos, long messagesSent,
            long bytesSentRemote, long bytesSentLocal, long bytesReceived) {
        checkArgument(superstep >= 0, "superstep is negative");
        checkArgument(sendNanos >= 0 && flushNanos >= 0 && barrierNanos >= 0, "a time is negative");
        checkArgument(messagesSent >= 0 && bytesSentRemote >= 0 && bytesSentLocal >= 0 && bytesReceived >= 0,
                "a count is negative");
        this.superstep = superstep;
        this.sendNanos = sendNanos;
        this.flushNanos = flushNanos;
        this.barrierNanos = barrierNanos;
        this.messagesSent = messagesSent;
        this.bytesSentRemote = bytesSentRemote;
        this.bytesSentLocal = bytesSentLocal;
        this.bytesReceived = bytesReceived;
    }

    public int superstep() {
        return superstep;
    }

    public long sendNanos() {
        return sendNanos;
    }

    public long flushNanos() {
        return flushNanos;
    }

    public long barrierNanos() {
        return barrierNanos;
    }

    public long totalNanos() {
        return sendNanos + flushNanos + barrierNanos;
    }

    public long messagesSent() {
        return messagesSent;
    }

    /** Payload bytes sent to other peers (over the network). */
    public long bytesSentRemote() {
        return bytesSentRemote;
    }

    /** Payload bytes this peer sent to itself (delivered without the network). */
    public long bytesSentLocal() {
        return bytesSentLocal;
    }

    /** Payload bytes delivered to this peer in this superstep, from every source including itself. */
    public long bytesReceived() {
        return bytesReceived;
    }

    private static void checkArgument(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    @Override
    public String toString() {
        return "superstep " + superstep + ": send " + sendNanos + " ns, flush " + flushNanos + " ns, barrier "
                + barrierNanos + " ns, " + messagesSent + " messages, " + bytesSentRemote + " bytes remote, "
                + bytesSentLocal + " local, " + bytesReceived + " received";
    }
}
