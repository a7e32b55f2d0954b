package io.hbench.bsp;

import java.nio.ByteBuffer;

/** Receives the messages delivered to a peer. */
@FunctionalInterface
public interface MessageHandler {
    /**
     * Called once per message, in the order one source sent them, on a runtime thread, never for two
     * messages at once. The buffer's remaining bytes are exactly the message (it may be a view into a
     * larger receive buffer, direct or not); it is valid only during the call.
     */
    void onMessage(int source, int superstep, ByteBuffer message);
}
