package io.hbench.bsp.coordination;

import io.hbench.bsp.transport.Frames;
import io.hbench.bsp.transport.OutboundLink;
import java.io.IOException;

/**
 * The dissemination barrier (Hensgen, Finkel and Manber). First every link that carried a message in the superstep is
 * flushed: this peer writes a FLUSH marker and waits for the acknowledgement, which comes once the destination has
 * delivered everything before it. Then in round k of ceil(log2 N), this peer sends a token to peer (i + 2^k) mod N and
 * waits for the one from (i - 2^k) mod N. When the last token is here every peer has entered the barrier, so every
 * message of the superstep has been delivered everywhere: synchronous sends followed by a barrier, as in Hoefler,
 * Siebert and Lumsdaine's dynamic sparse data exchange. Each peer writes log N tokens and holds log N links for them.
 */
final class DisseminationBarrier implements SuperstepBarrier {
    private final PeerRuntime peer;
    /** ceil(log2 N). */
    private final int rounds;

    DisseminationBarrier(PeerRuntime peer, int rounds) {
        this.peer = peer;
        this.rounds = rounds;
    }

    @Override
    public void markEnd() throws InterruptedException {
        peer.flushLinks();
    }

    @Override
    public void await(PeerRuntime.BarrierWait wait) throws InterruptedException {
        int index = peer.index();
        int count = peer.count();
        int superstep = peer.superstep();
        for (int round = 0; round < rounds; round++) {
            OutboundLink link = peer.outbound((index + (1 << round)) % count);
            try {
                link.mark(Frames.BARRIER, superstep);
            } catch (IOException e) {
                throw peer.linkFailed(link, e);
            }
            int inRound = round;
            wait.until(deadline -> peer.ledger().awaitToken(inRound, superstep, deadline),
                    Math.floorMod(index - (1 << round), count));
        }
    }
}
