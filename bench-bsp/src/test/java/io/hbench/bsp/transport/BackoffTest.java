package io.hbench.bsp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.trust.Handshake;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A peer's pauses between tries: doubling from the first to the cap, jittered, and never past its patience. */
class BackoffTest {
    private long now;
    private final List<Long> pauses = new ArrayList<>();

    @Test
    void pausesDoubleUpToTheCapEachDrawnBetweenHalfAndWholeAndStopBeforeThePatienceRunsOut() throws Exception {
        Duration patience = Duration.ofSeconds(20);
        Backoff backoff = new Backoff(patience, () -> now, nanos -> {
            pauses.add(nanos);
            now += nanos;
        }, new Random(20261123));

        while (backoff.pause()) {
            now += TimeUnit.MILLISECONDS.toNanos(1);
        }

        long full = Backoff.FIRST.toNanos();
        for (long pause : pauses) {
            assertThat(pause).isBetween(full / 2, full);
            full = Math.min(Backoff.CAP.toNanos(), 2 * full);
        }
        assertThat(pauses.subList(pauses.size() - 3, pauses.size()))
                .allSatisfy(pause -> assertThat(pause).isGreaterThanOrEqualTo(Backoff.CAP.toNanos() / 2));
        assertThat(now).as("the last try began before the patience ran out").isLessThan(patience.toNanos());
        assertThat(pauses.stream().distinct().count()).as("jittered").isEqualTo(pauses.size());
        assertThat(backoff.spent()).isEqualTo("within 20 s (" + (pauses.size() + 1) + " tries)");
    }

    @Test
    void aTryWaitsToConnectNoLongerThanWhatIsLeftNorThanAHandshake() {
        Backoff backoff = new Backoff(Duration.ofSeconds(30), () -> now, nanos -> { }, new Random(1));

        assertThat(backoff.connectTimeoutMillis()).isEqualTo(Handshake.TIMEOUT.toMillis());
        now = TimeUnit.SECONDS.toNanos(27);
        assertThat(backoff.connectTimeoutMillis()).isEqualTo(3000);
        now = TimeUnit.SECONDS.toNanos(31);
        assertThat(backoff.connectTimeoutMillis()).as("never 0, which would wait forever").isEqualTo(1);
    }
}
