package io.hbench.bsp.coordination;

/**
 * How a peer ends a superstep among the other peers, with no round trip through the coordinator: the job's
 * {@link io.hbench.bsp.transport.Barrier}, {@link DirectBarrier} or {@link DisseminationBarrier}. Used by the peer's
 * program thread, in {@link PeerRuntime#sync}: first {@link #markEnd}, then {@link #await}. When await returns, every
 * peer has entered the barrier and every message of the superstep sent to this peer has been delivered.
 */
interface SuperstepBarrier {
    /** Puts what this peer sent in the superstep on its way, so that the barrier's end means it has been delivered. */
    void markEnd() throws InterruptedException;

    /** Waits, through {@code wait}, which tells the coordinator of a long wait, until every peer has entered. */
    void await(PeerRuntime.BarrierWait wait) throws InterruptedException;
}
