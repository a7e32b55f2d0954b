package io.hbench.bsp.transport;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * What has arrived at one peer: bytes of messages delivered, per source and superstep and in all, and the
 * tokens of each round of the barrier. While this peer is in superstep s, every message of s - 1 has been
 * delivered (its senders waited for that before they entered the barrier of s - 1), and no source can have
 * left the barrier of s, so messages arriving belong to s or s + 1: the counts of two supersteps per source
 * are all there is to keep.
 */
public final class ReceiptLedger {
    private static final int KEPT = 2;
    /** Bytes per source, in a ring indexed by superstep % KEPT; {@link #tags} says which superstep each is. */
    private final long[][] counts;
    private final int[][] tags;
    private final long[] totals = new long[KEPT];
    private final int[] totalTags = {0, 1};
    /** Per round of the dissemination barrier, how many tokens have arrived: the barriers the partner passed it in. */
    private final int[] tokens;
    /** Per source, with the direct barrier, how many ends of supersteps have arrived. */
    private final int[] ends;
    // Threads waiting for bytes, and for markers (tokens or ends): a delivery wakes only the first kind.
    private int byteWaiters;
    private int markerWaiters;

    public ReceiptLedger(int peers, int rounds) {
        this.counts = new long[peers][KEPT];
        this.tags = new int[peers][KEPT];
        this.tokens = new int[rounds];
        this.ends = new int[peers];
        for (int[] sourceTags : tags) {
            sourceTags[0] = 0;
            sourceTags[1] = 1;
        }
    }

    public synchronized void add(int source, int superstep, long bytes) {
        if (bytes == 0) {
            return;
        }
        int slot = superstep % KEPT;
        if (tags[source][slot] != superstep) {
            tags[source][slot] = superstep;
            counts[source][slot] = 0;
        }
        counts[source][slot] += bytes;
        if (totalTags[slot] != superstep) {
            totalTags[slot] = superstep;
            totals[slot] = 0;
        }
        totals[slot] += bytes;
        if (byteWaiters > 0) {
            notifyAll();
        }
    }

    /** Bytes from {@code source} delivered in {@code superstep}. */
    public synchronized long received(int source, int superstep) {
        int slot = superstep % KEPT;
        return tags[source][slot] == superstep ? counts[source][slot] : 0;
    }

    /** Bytes from every source delivered in {@code superstep}. */
    public synchronized long total(int superstep) {
        int slot = superstep % KEPT;
        return totalTags[slot] == superstep ? totals[slot] : 0;
    }

    /**
     * The token of {@code round} of the barrier of {@code superstep} has arrived; false if it is not the next one
     * expected, which only a broken peer sends.
     */
    synchronized boolean token(int round, int superstep) {
        return countMarker(tokens, round, superstep);
    }

    /**
     * {@code source} has ended {@code superstep} here; false if that is not the next end expected of it, which only a
     * broken peer sends.
     */
    synchronized boolean ended(int source, int superstep) {
        return countMarker(ends, source, superstep);
    }

    /** Counts a marker in {@code markers[slot]} if it is the next expected, {@code superstep}'s, and wakes its waiters. */
    private boolean countMarker(int[] markers, int slot, int superstep) {
        if (markers[slot] != superstep) {
            return false;
        }
        markers[slot]++;
        if (markerWaiters > 0) {
            notifyAll();
        }
        return true;
    }

    /**
     * Waits until {@code source} has ended {@code superstep} here, until {@code deadlineNanos} or until {@link #wake} is
     * called; returns whether it has.
     */
    public synchronized boolean awaitEnd(int source, int superstep, long deadlineNanos) throws InterruptedException {
        return awaitMarker(() -> ends[source] > superstep, deadlineNanos);
    }

    /**
     * Waits until {@code bytes} from {@code source} have been delivered in {@code superstep}, until
     * {@code deadlineNanos} or until {@link #wake} is called; returns the bytes delivered then.
     */
    public synchronized long await(int source, int superstep, long bytes, long deadlineNanos) throws InterruptedException {
        byteWaiters++;
        try {
            waitOnce(() -> received(source, superstep) >= bytes, deadlineNanos);
            return received(source, superstep);
        } finally {
            byteWaiters--;
        }
    }

    /**
     * Waits until the token of {@code round} of the barrier of {@code superstep} has arrived, until
     * {@code deadlineNanos} or until {@link #wake} is called; returns whether it has.
     */
    public synchronized boolean awaitToken(int round, int superstep, long deadlineNanos) throws InterruptedException {
        return awaitMarker(() -> tokens[round] > superstep, deadlineNanos);
    }

    /** A wait for a barrier token or an end of superstep: one {@link #waitOnce}, woken by markers, not by bytes. */
    private boolean awaitMarker(BooleanSupplier arrived, long deadlineNanos) throws InterruptedException {
        markerWaiters++;
        try {
            waitOnce(arrived, deadlineNanos);
            return arrived.getAsBoolean();
        } finally {
            markerWaiters--;
        }
    }

    /**
     * Waits once, unless what is awaited has arrived or the deadline has passed: callers loop, since a wake-up need not
     * mean arrival (another waiter's arrival, {@link #wake}, or none at all).
     */
    private void waitOnce(BooleanSupplier arrived, long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (!arrived.getAsBoolean() && left > 0) {
            wait(left / 1_000_000, (int) (left % 1_000_000));
        }
    }

    /** Wakes every waiter, e.g. when the job is aborted. */
    public synchronized void wake() {
        notifyAll();
    }

    @Override
    public synchronized String toString() {
        return "tokens " + Arrays.toString(tokens);
    }
}
