package io.hbench.hs;

/**
 * How HSSort chooses where each reducer's key range ends. Both sample keys from every input
 * split. {@link #CLASSIC} sends each key to exactly one reducer, as TeraSort does, so a key that
 * fills several reducers' worth of records lands on one of them. {@link #BALANCED} spreads records
 * whose key equals a split point over all the reducers whose ranges that key bounds (keys stay in
 * order: equal keys may sit on either side of a file boundary), which keeps reducers even under
 * skewed keys.
 */
public enum Sampler {
    BALANCED,
    CLASSIC
}
