package io.hbench.bsp;

/**
 * Bytes of messages delivered to one peer, per source and superstep. A source can be at most one
 * superstep ahead of this peer (it cannot pass a barrier this peer has not entered), so the counts
 * of the current and the previous superstep per source are all there is to keep.
 */
final class ReceiptLedger {
    private final long[] current;
    private final long[] previous;
    /** The superstep the messages now arriving from each source belong to. */
    private final int[] step;
    // Threads waiting for bytes, and for ends of supersteps: a delivery wakes only the first kind.
    private int byteWaiters;
    private int endWaiters;

    ReceiptLedger(int peers) {
        this.current = new long[peers];
        this.previous = new long[peers];
        this.step = new int[peers];
    }

    synchronized void add(int source, long bytes) {
        if (bytes == 0) {
            return;
        }
        current[source] += bytes;
        if (byteWaiters > 0) {
            notifyAll();
        }
    }

    synchronized void endStep(int source, int superstep) {
        previous[source] = current[source];
        current[source] = 0;
        step[source] = superstep + 1;
        if (byteWaiters + endWaiters > 0) {
            notifyAll();
        }
    }

    /** Bytes from {@code source} delivered in {@code superstep}. */
    synchronized long received(int source, int superstep) {
        if (step[source] == superstep) {
            return current[source];
        }
        return step[source] == superstep + 1 ? previous[source] : 0;
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
