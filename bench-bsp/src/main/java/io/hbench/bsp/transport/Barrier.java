package io.hbench.bsp.transport;

import java.util.Locale;

/**
 * How the peers of a job end a superstep, once each has written what it sent ({@code hbench.bsp.barrier}).
 *
 * <ul>
 *   <li>DIRECT: every peer writes an end marker to every other, after its messages, and waits for every
 *       other's; the superstep ends one hop after the last message. Costs each peer N - 1 links and N - 1
 *       markers per superstep.
 *   <li>DISSEMINATION: every peer has every link it sent on acknowledged, then takes part in a
 *       dissemination barrier of ceil(log2 N) rounds. Costs each peer one round trip per destination and
 *       2 ceil(log2 N) links and tokens, whatever N is.
 *   <li>AUTO: DIRECT up to {@link #DIRECT_MAX_PEERS} peers, DISSEMINATION beyond (docs/performance.md has the
 *       measurements this choice rests on).
 * </ul>
 */
public enum Barrier {
    AUTO, DIRECT, DISSEMINATION;

    /** The most peers AUTO ends supersteps among directly. */
    static final int DIRECT_MAX_PEERS = 8;

    /** What this choice means for a job of {@code peers}: DIRECT or DISSEMINATION. */
    public Barrier resolve(int peers) {
        if (this != AUTO) {
            return this;
        }
        return peers <= DIRECT_MAX_PEERS ? DIRECT : DISSEMINATION;
    }

    /** As the setting is written: lower case. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
