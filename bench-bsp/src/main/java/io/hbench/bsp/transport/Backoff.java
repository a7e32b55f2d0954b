package io.hbench.bsp.transport;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.trust.Handshake;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How a peer tries again to reach a listener that cut its connection short, until its patience runs out: capped
 * exponential backoff with jitter. The pauses start at {@link #FIRST} and double up to {@link #CAP}; each is drawn
 * between half its length and its length, so that peers cut off together do not come back together.
 *
 * <p>Used by one thread, for one connection.
 */
public final class Backoff {
    static final Duration FIRST = Duration.ofMillis(50);
    static final Duration CAP = Duration.ofSeconds(2);

    /** Waits; tests give a fake that moves their clock instead. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long nanos) throws InterruptedException;
    }

    private final Duration patience;
    private final long deadline;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private final Random random;
    private long pause = FIRST.toNanos();
    private int tries = 1;

    /**
     * @param patience how long from now the tries may go on
     * @param clock the time, in nanoseconds (System::nanoTime)
     */
    Backoff(Duration patience, LongSupplier clock, Sleeper sleeper, Random random) {
        this.patience = requireNonNull(patience, "patience is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.random = requireNonNull(random, "random is null");
        this.deadline = clock.getAsLong() + patience.toNanos();
    }

    /** Tries that may go on for {@code patience} from now, on the system's clock. */
    public static Backoff trying(Duration patience) {
        return new Backoff(patience, System::nanoTime, TimeUnit.NANOSECONDS::sleep, new Random());
    }

    /** Waits before the next try and says so; says false at once if the next try would begin after the deadline. */
    public boolean pause() throws InterruptedException {
        long wait = pause / 2 + (long) (random.nextDouble() * (pause / 2));
        if (clock.getAsLong() + wait - deadline >= 0) {
            return false;
        }
        sleeper.sleep(wait);
        pause = Math.min(CAP.toNanos(), 2 * pause);
        tries++;
        return true;
    }

    /** How long the next try may wait to connect: what is left of the patience, at most a handshake's timeout. */
    public int connectTimeoutMillis() {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - clock.getAsLong());
        return (int) Math.max(1, Math.min(left, Handshake.TIMEOUT.toMillis()));
    }

    /** What the tries took, for the line of a failure after the last: "within 60 s (14 tries)". */
    public String spent() {
        return "within " + RuntimeSupport.seconds(patience.toMillis()) + " (" + tries + (tries == 1 ? " try)" : " tries)");
    }
}
