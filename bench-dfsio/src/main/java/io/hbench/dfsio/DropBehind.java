package io.hbench.dfsio;

/**
 * What became of {@code -dropBehind}: of the files written or read, how many streams accepted the request to drop
 * the pages behind them from the DataNodes' page cache, and how many refused it (a stream that cannot, such as a
 * local file's, throws {@link UnsupportedOperationException}). A stream that accepts passes the request to the
 * DataNodes, which drop the pages where their native I/O can.
 */
public final class DropBehind {
    private final long accepted;
    private final long refused;

    public DropBehind(long accepted, long refused) {
        if (accepted < 0 || refused < 0) {
            throw new IllegalArgumentException("counts must not be negative, got " + accepted + " and " + refused);
        }
        this.accepted = accepted;
        this.refused = refused;
    }

    /** Files whose stream accepted the request. */
    public long accepted() {
        return accepted;
    }

    /** Files whose stream refused it. */
    public long refused() {
        return refused;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DropBehind)) {
            return false;
        }
        DropBehind that = (DropBehind) o;
        return accepted == that.accepted && refused == that.refused;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(accepted) * 31 + Long.hashCode(refused);
    }

    @Override
    public String toString() {
        return "accepted " + accepted + ", refused " + refused;
    }
}
