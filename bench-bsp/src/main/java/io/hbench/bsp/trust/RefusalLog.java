package io.hbench.bsp.trust;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.transport.HostAddresses;
import java.net.InetAddress;
import java.nio.channels.SocketChannel;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The lines that tell of one listener's refused connections, so that a flood of them cannot flood the log: the first
 * refusal from an address is told in full, with its reason; the later ones from that address are counted, and the
 * count is told at most every {@link #SUMMARY_INTERVAL_NANOS} and when the listener closes. The first
 * {@link #MAX_ADDRESSES} addresses are each told apart; connections from any beyond them are counted together, so
 * strangers with many addresses cannot make it hold more.
 *
 * <p>Used only by the listener's selector thread.
 */
public final class RefusalLog {
    static final long SUMMARY_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    static final int MAX_ADDRESSES = 1024;

    private final String listener;
    private final Consumer<String> lines;
    private final LongSupplier clock;
    private final Map<InetAddress, Untold> told = new HashMap<>();
    private final Untold others;
    /** When the earliest count is due (a nanoTime); meaningless while nothing is counted. */
    private long due;
    private boolean counting;

    /**
     * @param listener what refuses, as the lines name it: "the BSP coordinator at 10.1.2.3:40123"
     * @param lines told each line
     */
    public RefusalLog(String listener, Consumer<String> lines) {
        this(listener, lines, System::nanoTime);
    }

    /** A log on {@code clock}, in nanoseconds (tests: a fake one). */
    RefusalLog(String listener, Consumer<String> lines, LongSupplier clock) {
        this.listener = requireNonNull(listener, "listener is null");
        this.lines = requireNonNull(lines, "lines is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.others = new Untold("addresses beyond the first " + MAX_ADDRESSES, clock.getAsLong());
    }

    /** A connection refused because it {@code what} ("did not prove the run's secret"). */
    public void refused(SocketChannel channel, String what) {
        tell(channel.socket().getInetAddress(), () -> listener + " refused a connection from "
                + HostAddresses.remote(channel.socket()) + ", which " + what);
    }

    /** A connection from {@code from} refused, in a line of its own words if it is the first from there. */
    public void tell(InetAddress from, Supplier<String> line) {
        long now = clock.getAsLong();
        Untold untold = told.get(from);
        if (untold == null && told.size() < MAX_ADDRESSES) {
            told.put(from, new Untold(HostAddresses.text(from), now));
            lines.accept(line.get());
            return;
        }
        Untold counted = untold == null ? others : untold;
        if (counted.count++ == 0) {
            long countDue = counted.since + SUMMARY_INTERVAL_NANOS;
            due = counting ? Math.min(due, countDue) : countDue;
            counting = true;
        }
    }

    /** Tells the counts that are due; returns how long until the next is, in nanoseconds (Long.MAX_VALUE: none). */
    long flush() {
        if (!counting) {
            return Long.MAX_VALUE;
        }
        long now = clock.getAsLong();
        if (due - now > 0) {
            return due - now;
        }
        counting = false;
        for (Untold untold : told.values()) {
            tellDue(untold, now);
        }
        tellDue(others, now);
        return counting ? Math.max(0, due - now) : Long.MAX_VALUE;
    }

    /** Tells every count not yet told: the listener has closed. */
    void close() {
        long now = clock.getAsLong();
        for (Untold untold : told.values()) {
            tell(untold, now);
        }
        tell(others, now);
        counting = false;
    }

    private void tellDue(Untold untold, long now) {
        if (untold.count == 0) {
            return;
        }
        long countDue = untold.since + SUMMARY_INTERVAL_NANOS;
        if (countDue - now <= 0) {
            tell(untold, now);
        } else {
            due = counting ? Math.min(due, countDue) : countDue;
            counting = true;
        }
    }

    private void tell(Untold untold, long now) {
        if (untold.count > 0) {
            lines.accept(listener + " refused " + untold.count + " more connection" + (untold.count == 1 ? "" : "s")
                    + " from " + untold.from + " in " + RuntimeSupport.seconds(tenths(now - untold.since)));
            untold.count = 0;
        }
        untold.since = now;
    }

    /** A span in milliseconds, rounded to tenths of a second, at least one. */
    private static long tenths(long nanos) {
        return Math.max(1, Math.round(nanos / 100_000_000.0)) * 100;
    }

    /** The refusals from one address (or from those beyond the first) not yet told, since its last line. */
    private static final class Untold {
        final String from;
        long since;
        long count;

        Untold(String from, long since) {
            this.from = from;
            this.since = since;
        }
    }
}
