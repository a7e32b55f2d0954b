package io.hbench.bsp.transport;

import io.hbench.bsp.trust.Handshake;

/**
 * The framing on a data link from one peer to another. Each frame starts with an int: a length of
 * zero or more is a message of that many bytes; a negative value is a marker followed by an int
 * superstep. A connection starts with {@link Handshake}, which also says which peer connected.
 *
 * <ul>
 *   <li>STEP: the messages that follow belong to this superstep. A sender writes it before its first
 *       message of a superstep on a link, so a link that is idle for some supersteps costs nothing.
 *   <li>FLUSH: the receiver answers, once it has delivered every message before it, with the superstep
 *       as a 4-byte acknowledgement on the same connection. It ends every superstep on every link that
 *       carried a message in it: a peer enters the barrier only when all it sent has been delivered.
 *   <li>BARRIER: a token of the dissemination barrier; which round it belongs to follows from the
 *       sender, the receiver's partner in exactly one round.
 *   <li>END: with the direct barrier, the sender's superstep ends; every message it sent here in it
 *       came before.
 * </ul>
 */
public final class Frames {
    /** The sender wants to know that everything so far has been delivered. */
    public static final int FLUSH = -1;
    /** What follows belongs to the superstep given. */
    static final int STEP = -2;
    /** The sender has passed the previous rounds of the barrier of the superstep given. */
    public static final int BARRIER = -3;
    /** The sender has ended the superstep given (the direct barrier). */
    public static final int END = -4;
    static final int HEADER = Integer.BYTES;
    static final int MARKER = 2 * Integer.BYTES;

    private Frames() {
    }
}
