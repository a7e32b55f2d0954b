package io.hbench.bsp;

/**
 * The framing on a data link between two peers. Each frame starts with an int: a length of zero or
 * more is a message of that many bytes; a negative value is a marker followed by an int superstep.
 * The receiver answers a FLUSH marker, once it has delivered every message before it, with the
 * superstep as a 4-byte acknowledgement on the same connection; an END_OF_STEP marker is not
 * answered: the receiver itself waits for every source's before it enters the barrier. A connection
 * starts with {@link Handshake}, which also says which peer connected.
 */
final class Frames {
    /** The sender wants to know that everything so far has been delivered. */
    static final int FLUSH = -1;
    /** The sender's superstep ends: what follows belongs to the next one. */
    static final int END_OF_STEP = -2;
    static final int HEADER = Integer.BYTES;
    static final int MARKER = 2 * Integer.BYTES;

    private Frames() {
    }
}
