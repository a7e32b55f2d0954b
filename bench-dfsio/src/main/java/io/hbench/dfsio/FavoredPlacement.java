package io.hbench.dfsio;

/**
 * How many of a {@code -dataNodes} write's blocks the NameNode placed as the write asked (see {@link FavoredNodes}
 * for when a block counts), out of all its blocks. The NameNode passes over a favored node it will not use (not a live
 * DataNode, decommissioning, full or too busy), so the two may differ.
 */
public final class FavoredPlacement {
    private final long placed;
    private final long blocks;

    public FavoredPlacement(long placed, long blocks) {
        if (placed < 0 || placed > blocks) {
            throw new IllegalArgumentException("placed must be from 0 to blocks (" + blocks + "), got " + placed);
        }
        this.placed = placed;
        this.blocks = blocks;
    }

    /** The blocks placed as asked. */
    public long placed() {
        return placed;
    }

    /** All blocks the write wrote. */
    public long blocks() {
        return blocks;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FavoredPlacement)) {
            return false;
        }
        FavoredPlacement that = (FavoredPlacement) o;
        return placed == that.placed && blocks == that.blocks;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(placed) * 31 + Long.hashCode(blocks);
    }

    @Override
    public String toString() {
        return placed + " of " + blocks;
    }
}
