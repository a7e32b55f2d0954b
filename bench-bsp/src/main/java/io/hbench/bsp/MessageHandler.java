package io.hbench.bsp;

import java.nio.ByteBuffer;

/** Receives the messages delivered to a peer. */
@FunctionalInterface
public interface MessageHandler {
    /**
     * Called once per message, in the order one source sent them, on a runtime thread. The buffer
     * holds exactly the message and is valid only during the call.
     */
    void onMessage(int source, int superstep, ByteBuffer message);
}
