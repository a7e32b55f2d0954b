package io.hbench.load;

import static java.util.Objects.requireNonNull;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The stretches without a completed operation that a run holds, in nanoseconds from its origin (the clients' common
 * start, or the run's own start): every stretch between two completions (or from the origin to the first) longer than
 * {@link #threshold}, some others, and the final one, from the last completion to the run's end. Each stretch
 * {@code [s, e)} holds how many operations waited through it (issued before s, completed at or after e) and the issue
 * instants of those issued inside it ({@code s <= issued < e}), which completed at or after e, since none completed
 * inside it.
 *
 * <p>The stretches of clients on one origin merge exactly ({@link #merge}). A stretch G of the merged run (no client
 * completed inside it) lies inside one stretch of every client; if G is longer than a client's threshold, so is that
 * stretch, which the client therefore holds. So the intersections of the clients' stretches hold every merged stretch
 * longer than the largest threshold, and the merged threshold is that largest one. The longest held stretch R is the
 * run's longest when R is at least the threshold: a longer one would be longer than the threshold, so held, and longer
 * than R. Otherwise R is a lower bound of the longest ({@link CompletionGap#exact}). The operations that waited through
 * G = [a, b) inside a client's stretch [s, e) are, of that client's, those that waited through [s, e) and those issued
 * in [s, a): no operation of any client completes inside G, so those in flight at a all complete at or after b.
 */
final class CompletionStretches {
    private final long threshold;
    private final long[] starts;
    private final long[] ends;
    private final long[] waited;
    private final long[][] issued;
    private final long last;
    private final long end;

    /**
     * @param threshold every stretch between completions longer than this is among {@code starts}
     * @param starts sorted, the held stretches' starts, each before the next one's end; each ends by {@code last}
     * @param issued per stretch, sorted, the issue instants inside it of operations that completed after it
     * @param last the last completion, or the origin (0) when there was none
     * @param end the run's end, at or after {@code last}
     */
    CompletionStretches(long threshold, long[] starts, long[] ends, long[] waited, long[][] issued, long last,
            long end) {
        int count = requireNonNull(starts, "starts is null").length;
        if (requireNonNull(ends, "ends is null").length != count || requireNonNull(waited, "waited is null").length
                != count || requireNonNull(issued, "issued is null").length != count) {
            throw new IllegalArgumentException("one start, end, waited count and issue list per stretch");
        }
        if (threshold < 0 || last < 0 || end < last) {
            throw new IllegalArgumentException("threshold " + threshold + ", last " + last + " and end " + end
                    + " must not be negative, nor the end before the last completion");
        }
        for (int k = 0; k < count; k++) {
            long previousEnd = k == 0 ? 0 : ends[k - 1];
            if (starts[k] < previousEnd || ends[k] <= starts[k] || ends[k] > last || waited[k] < 0) {
                throw new IllegalArgumentException("stretch " + k + " [" + starts[k] + ", " + ends[k] + ") waited by "
                        + waited[k] + " is not a stretch after the one before it and by the last completion " + last);
            }
            for (long instant : issued[k]) {
                if (instant < starts[k] || instant >= ends[k]) {
                    throw new IllegalArgumentException("an operation issued at " + instant + " is not inside stretch "
                            + k + " [" + starts[k] + ", " + ends[k] + ")");
                }
            }
        }
        this.threshold = threshold;
        this.starts = starts.clone();
        this.ends = ends.clone();
        this.waited = waited.clone();
        this.issued = new long[count][];
        for (int k = 0; k < count; k++) {
            this.issued[k] = issued[k].clone();
            Arrays.sort(this.issued[k]);
        }
        this.last = last;
        this.end = end;
    }

    /** Every stretch between completions longer than this, in nanoseconds, is held. */
    long threshold() {
        return threshold;
    }

    /** The run's end, in nanoseconds from the origin. */
    long end() {
        return end;
    }

    /**
     * The longest stretch, its start from {@code origin} (the origin on the wall clock): the earliest of the longest
     * held between completions, or the final one if longer; exact when at least {@link #threshold}.
     */
    CompletionGap longest(Instant origin) {
        int longest = -1;
        for (int k = 0; k < starts.length; k++) {
            if (longest < 0 || ends[k] - starts[k] > ends[longest] - starts[longest]) {
                longest = k;
            }
        }
        long start = last;
        long length = end - last;
        long waitedThrough = 0;
        if (longest >= 0 && ends[longest] - starts[longest] >= length) {
            start = starts[longest];
            length = ends[longest] - starts[longest];
            waitedThrough = waited[longest];
        }
        return new CompletionGap(origin.plusNanos(start), Duration.ofNanos(length), waitedThrough,
                length >= threshold);
    }

    /**
     * The stretches of clients whose runs share one origin, as one run's: each client's final stretch reaches the
     * last client's end (it completes nothing after its last completion), and the intersections of the clients'
     * stretches are the merged run's, with the operations that waited through each and were issued inside it.
     */
    static CompletionStretches merge(List<CompletionStretches> clients) {
        requireNonNull(clients, "clients is null");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no client's stretches to merge");
        }
        long end = 0;
        long last = 0;
        long threshold = 0;
        for (CompletionStretches client : clients) {
            end = Math.max(end, client.end);
            last = Math.max(last, client.last);
            threshold = Math.max(threshold, client.threshold);
        }
        List<Piece> merged = clients.get(0).pieces(end);
        for (CompletionStretches client : clients.subList(1, clients.size())) {
            merged = intersect(merged, client.pieces(end));
        }
        List<Piece> betweenCompletions = new ArrayList<>();
        for (Piece piece : merged) {
            // Every stretch that starts before the last completion ends by it: only the final one starts there.
            if (piece.start < last) {
                betweenCompletions.add(piece);
            }
        }
        int count = betweenCompletions.size();
        long[] starts = new long[count];
        long[] ends = new long[count];
        long[] waited = new long[count];
        long[][] issued = new long[count][];
        for (int k = 0; k < count; k++) {
            Piece piece = betweenCompletions.get(k);
            starts[k] = piece.start;
            ends[k] = piece.end;
            waited[k] = piece.waited;
            issued[k] = piece.issued;
        }
        return new CompletionStretches(threshold, starts, ends, waited, issued, last, end);
    }

    /** The held stretches and the final one, reaching {@code runEnd}; it waited for none and none was issued in it. */
    private List<Piece> pieces(long runEnd) {
        List<Piece> pieces = new ArrayList<>();
        for (int k = 0; k < starts.length; k++) {
            pieces.add(new Piece(starts[k], ends[k], waited[k], issued[k]));
        }
        pieces.add(new Piece(last, runEnd, 0, new long[0]));
        return pieces;
    }

    /**
     * The non-empty intersections of two sorted lists of disjoint stretches, in one pass. Of each side, the operations
     * that waited through the intersection [a, b) are those that waited through its own stretch [s, e) and those issued
     * in [s, a); those issued inside [a, b) stay issued inside it.
     */
    private static List<Piece> intersect(List<Piece> left, List<Piece> right) {
        List<Piece> pieces = new ArrayList<>();
        int l = 0;
        int r = 0;
        while (l < left.size() && r < right.size()) {
            Piece a = left.get(l);
            Piece b = right.get(r);
            long start = Math.max(a.start, b.start);
            long end = Math.min(a.end, b.end);
            if (start < end) {
                long[] issued = concat(a.issuedIn(start, end), b.issuedIn(start, end));
                pieces.add(new Piece(start, end, a.waited + a.issuedIn(a.start, start).length + b.waited
                        + b.issuedIn(b.start, start).length, issued));
            }
            if (a.end <= b.end) {
                l++;
            } else {
                r++;
            }
        }
        return pieces;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        Arrays.sort(both);
        return both;
    }

    /** Writes what {@link #read} reads back. */
    void write(DataOutput out) throws IOException {
        out.writeLong(threshold);
        out.writeLong(last);
        out.writeLong(end);
        out.writeInt(starts.length);
        for (int k = 0; k < starts.length; k++) {
            out.writeLong(starts[k]);
            out.writeLong(ends[k]);
            out.writeLong(waited[k]);
            out.writeInt(issued[k].length);
            for (long instant : issued[k]) {
                out.writeLong(instant);
            }
        }
    }

    /**
     * The stretches {@link #write} wrote, from at most {@code available} more bytes.
     *
     * @throws IllegalArgumentException if they are none
     */
    static CompletionStretches read(DataInput in, int available) throws IOException {
        long threshold = in.readLong();
        long last = in.readLong();
        long end = in.readLong();
        int count = count(in.readInt(), available, "stretches");
        long[] starts = new long[count];
        long[] ends = new long[count];
        long[] waited = new long[count];
        long[][] issued = new long[count][];
        for (int k = 0; k < count; k++) {
            starts[k] = in.readLong();
            ends[k] = in.readLong();
            waited[k] = in.readLong();
            issued[k] = new long[count(in.readInt(), available, "issue instants")];
            for (int i = 0; i < issued[k].length; i++) {
                issued[k][i] = in.readLong();
            }
        }
        return new CompletionStretches(threshold, starts, ends, waited, issued, last, end);
    }

    /** {@code count} things of 8 bytes or more read from {@code available} bytes, or a refusal naming {@code what}. */
    static int count(int count, int available, String what) {
        if (count < 0 || count > available / 8) {
            throw new IllegalArgumentException("not a timeline: " + count + " " + what);
        }
        return count;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof CompletionStretches)) {
            return false;
        }
        CompletionStretches that = (CompletionStretches) obj;
        return threshold == that.threshold && last == that.last && end == that.end
                && Arrays.equals(starts, that.starts) && Arrays.equals(ends, that.ends)
                && Arrays.equals(waited, that.waited) && Arrays.deepEquals(issued, that.issued);
    }

    @Override
    public int hashCode() {
        return Objects.hash(threshold, last, end, Arrays.hashCode(starts), Arrays.hashCode(ends),
                Arrays.hashCode(waited), Arrays.deepHashCode(issued));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("CompletionStretches{threshold=" + threshold + ", last=" + last
                + ", end=" + end + ", stretches=[");
        for (int k = 0; k < starts.length; k++) {
            text.append(k == 0 ? "" : ", ").append('[').append(starts[k]).append(", ").append(ends[k])
                    .append(") waited ").append(waited[k]).append(" issued ").append(Arrays.toString(issued[k]));
        }
        return text.append("]}").toString();
    }

    /** A stretch while stretches merge: its operations that waited through it and those issued inside it. */
    private static final class Piece {
        final long start;
        final long end;
        final long waited;
        final long[] issued;

        Piece(long start, long end, long waited, long[] issued) {
            this.start = start;
            this.end = end;
            this.waited = waited;
            this.issued = issued;
        }

        /** The sorted issue instants in [from, to). */
        long[] issuedIn(long from, long to) {
            int first = lowerBound(issued, from);
            return Arrays.copyOfRange(issued, first, Math.max(first, lowerBound(issued, to)));
        }

        private static int lowerBound(long[] sorted, long value) {
            int low = 0;
            int high = sorted.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (sorted[mid] < value) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }
    }
}
