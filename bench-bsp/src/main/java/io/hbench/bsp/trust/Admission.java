package io.hbench.bsp.trust;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobSpec;
import java.time.Duration;

/**
 * How the runtime's listeners admit connections, and how long a peer keeps asking its coordinator to admit it. A
 * listener holds at most {@link #places} connections in their handshake, and the coordinator as many more that have
 * proven the secret and not yet registered; each gets {@link #timeout} for either, or {@link #pressedTimeout} for its
 * handshake while half the places or more are taken. Jobs run with {@link #DEFAULT}; tests crowd a listener of fewer
 * places, or give up sooner.
 */
public final class Admission {
    public static final Admission DEFAULT = new Admission(Handshake.MAX_PENDING, Handshake.TIMEOUT,
            BspJobSpec.DEFAULT_FAILURE_TIMEOUT);

    private final int places;
    private final Duration timeout;
    private final Duration patience;

    /**
     * @param places how many connections a listener holds in their handshake at once (and, at the coordinator, how many
     *     proven ones may wait to register)
     * @param timeout how long a connection has to prove the secret, and a proven one to register
     * @param patience how long a peer keeps trying to reach its coordinator: the job's failure timeout for a map task,
     *     which the job names; peers started by hand learn it only from the coordinator, so theirs is the default one
     */
    public Admission(int places, Duration timeout, Duration patience) {
        if (places < 1) {
            throw new IllegalArgumentException("a listener needs at least 1 place, not " + places);
        }
        this.places = places;
        this.timeout = positive(timeout, "timeout");
        this.patience = positive(patience, "patience");
    }

    int places() {
        return places;
    }

    Duration timeout() {
        return timeout;
    }

    /** The time for a handshake while half the places or more are taken: a fifth of {@link #timeout}. */
    Duration pressedTimeout() {
        return timeout.dividedBy(5);
    }

    /** Whether {@code taken} places are enough to give handshakes {@link #pressedTimeout}. */
    boolean pressed(int taken) {
        return 2 * taken >= places;
    }

    public Duration patience() {
        return patience;
    }

    /** This admission, with a peer's patience {@code patience}. */
    public Admission withPatience(Duration patience) {
        return new Admission(places, timeout, patience);
    }

    private static Duration positive(Duration duration, String name) {
        requireNonNull(duration, name + " is null");
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the " + name + " must be positive, not " + duration);
        }
        return duration;
    }
}
