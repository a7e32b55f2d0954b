package io.hbench.bsp.transport;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The peer that its inbound links serve ({@link InboundLinks}): where they count what arrived, hand over messages and
 * tell of a link that broke. Called on the peer's one inbound thread.
 */
public interface Receiver {
    /** What arrived here, by source and superstep. */
    ReceiptLedger ledger();

    /** The superstep this peer's program is in. */
    int superstepNow();

    /** A link from {@code source}, just proven. */
    InboundLink inboundLink(SocketChannel channel, int source);

    /** Hands {@code message}, sent by {@code source} in superstep {@code step}, to the program's handler. */
    void deliver(int source, int step, ByteBuffer message);

    /** An authenticated peer sent what the protocol forbids: its messages cannot be trusted, so the job fails. */
    void linkBroke(int source, String what);

    /** The program's handler threw {@code e} while it took a message of superstep {@code step}. */
    void handlerFailed(int step, RuntimeException e);
}
