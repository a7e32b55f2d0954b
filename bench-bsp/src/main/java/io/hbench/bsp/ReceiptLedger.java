package io.hbench.bsp;

import java.util.Arrays;

/**
 * Bytes of messages delivered to one peer, per source and superstep. While this peer is in superstep
 * s, a source's messages belong to s or s + 1 (it cannot leave a barrier before this peer has entered
 * it), and its markers can have ended s + 1 as well (it may enter the next barrier while this peer
 * still waits in its own); so the counts of three supersteps per source are all there is to keep.
 */
final class ReceiptLedger {
    private static final int KEPT = 3;
    /** Bytes per source, in a ring indexed by superstep % KEPT; {@link #tags} says which superstep each is. */
    private final long[][] counts;
    private final int[][] tags;
    /** The superstep the messages now arriving from each source belong to. */
    private final int[] step;
    // Threads waiting for bytes, and for ends of supersteps: a delivery wakes only the first kind.
    private int byteWaiters;
    private int endWaiters;

    ReceiptLedger(int peers) {
        this.counts = new long[peers][KEPT];
        this.tags = new int[peers][KEPT];
        this.step = new int[peers];
        for (int[] sourceTags : tags) {
            Arrays.fill(sourceTags, -1);
            sourceTags[0] = 0;
        }
    }

    synchronized void add(int source, long bytes) {
        if (bytes == 0) {
            return;
        }
        counts[source][step[source] % KEPT] += bytes;
        if (byteWaiters > 0) {
            notifyAll();
        }
    }

    synchronized void endStep(int source, int superstep) {
        int next = superstep + 1;
        step[source] = next;
        counts[source][next % KEPT] = 0;
        tags[source][next % KEPT] = next;
        if (byteWaiters + endWaiters > 0) {
            notifyAll();
        }
    }

    /** Bytes from {@code source} delivered in {@code superstep}. */
    synchronized long received(int source, int superstep) {
        int slot = superstep % KEPT;
        return tags[source][slot] == superstep ? counts[source][slot] : 0;
    }

    /**
     * Waits until {@code bytes} from {@code source} have been delivered in {@code superstep}, until
     * {@code deadlineNanos} or until {@link #wake} is called; returns the bytes delivered then.
     */
    synchronized long await(int source, int superstep, long bytes, long deadlineNanos) throws InterruptedException {
        byteWaiters++;
        try {
            long got = received(source, superstep);
            long left = deadlineNanos - System.nanoTime();
            if (got < bytes && left > 0) {
                wait(Math.max(1, left / 1_000_000));
                got = received(source, superstep);
            }
            return got;
        } finally {
            byteWaiters--;
        }
    }

    /**
     * Waits until {@code source} has ended {@code superstep} here (every message it sent in it is delivered), until
     * {@code deadlineNanos} or until {@link #wake} is called; returns whether it has.
     */
    synchronized boolean awaitEnd(int source, int superstep, long deadlineNanos) throws InterruptedException {
        endWaiters++;
        try {
            long left = deadlineNanos - System.nanoTime();
            if (step[source] <= superstep && left > 0) {
                wait(Math.max(1, left / 1_000_000));
            }
            return step[source] > superstep;
        } finally {
            endWaiters--;
        }
    }

    /** Wakes every waiter, e.g. when the job is aborted. */
    synchronized void wake() {
        notifyAll();
    }
}
