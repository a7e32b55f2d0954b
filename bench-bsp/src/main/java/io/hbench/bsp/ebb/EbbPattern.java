package io.hbench.bsp.ebb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/** Who exchanges with whom in one round. */
public enum EbbPattern {
    /** Netgauge's ebb: a new random perfect matching every round; partners send to each other at once. */
    EBB,
    /** Every peer sends to every other at once. */
    ALLTOALL,
    /** Peer i sends to i + 1 and receives from i - 1 (modulo the peer count). */
    RING;

    /** The name on the command line. */
    public String flagValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The next round's partners (partner[i] is peer i's) if this pattern draws any, else null. Every peer and the
     * submitter call this in the same order on a {@link Random} with the same seed, so all agree on every round's
     * matching without a message.
     */
    int[] nextMatching(int peers, Random random) {
        if (this != EBB) {
            return null;
        }
        List<Integer> order = new ArrayList<>(peers);
        for (int i = 0; i < peers; i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        int[] partner = new int[peers];
        for (int i = 0; i < peers; i += 2) {
            partner[order.get(i)] = order.get(i + 1);
            partner[order.get(i + 1)] = order.get(i);
        }
        return partner;
    }

    /** The peers {@code self} sends to in a round. */
    int[] destinations(int self, int peers, int[] matching) {
        switch (this) {
            case EBB:
                return new int[] {matching[self]};
            case RING:
                return new int[] {(self + 1) % peers};
            default:
                return others(self, peers);
        }
    }

    /** The peers {@code self} receives from in a round. */
    int[] sources(int self, int peers, int[] matching) {
        switch (this) {
            case EBB:
                return new int[] {matching[self]};
            case RING:
                return new int[] {(self + peers - 1) % peers};
            default:
                return others(self, peers);
        }
    }

    private static int[] others(int self, int peers) {
        int[] others = new int[peers - 1];
        for (int i = 0, j = 0; i < peers; i++) {
            if (i != self) {
                others[j++] = i;
            }
        }
        return others;
    }
}
