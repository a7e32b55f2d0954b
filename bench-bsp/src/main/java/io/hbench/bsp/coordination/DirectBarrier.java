package io.hbench.bsp.coordination;

import io.hbench.bsp.transport.Frames;
import io.hbench.bsp.transport.OutboundLink;
import java.io.IOException;

/**
 * The direct barrier (small jobs): this peer writes an END marker after its messages on a link to every other peer
 * and waits for every other peer's. The superstep ends one hop after the last message, at N - 1 markers per peer.
 */
final class DirectBarrier implements SuperstepBarrier {
    private final PeerRuntime peer;

    DirectBarrier(PeerRuntime peer) {
        this.peer = peer;
    }

    /**
     * What is bundled and an end marker, on a link to every other peer. The superstep's messages are delivered once
     * each destination has this peer's marker, so no link waits for an acknowledgement.
     */
    @Override
    public void markEnd() throws InterruptedException {
        for (int destination = 0; destination < peer.count(); destination++) {
            if (destination != peer.index()) {
                OutboundLink link = peer.outbound(destination);
                try {
                    link.mark(Frames.END, peer.superstep());
                } catch (IOException e) {
                    throw peer.linkFailed(link, e);
                }
                link.ended();
            }
        }
        peer.linksEnded();
    }

    @Override
    public void await(PeerRuntime.BarrierWait wait) throws InterruptedException {
        int superstep = peer.superstep();
        for (int source = 0; source < peer.count(); source++) {
            int from = source;
            if (from != peer.index()) {
                wait.until(deadline -> peer.ledger().awaitEnd(from, superstep, deadline), from);
            }
        }
    }
}
