package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FirstSnapshotsTest {
    private static final Duration POLL = Duration.ofSeconds(1);

    /** Time that moves only when the wait sleeps. */
    private static final class FakeTicker implements FirstSnapshots.Ticker {
        long nanos;

        @Override
        public long nanoTime() {
            return nanos;
        }

        @Override
        public void sleep(Duration pause) {
            nanos += pause.toNanos();
        }
    }

    /** Counts from a script, one per probe; the last count repeats. */
    private static final class ScriptedProbe implements FirstSnapshots.Probe {
        final Deque<Integer> counts;
        int probes;

        ScriptedProbe(Integer... counts) {
            this.counts = new ArrayDeque<>(List.of(counts));
        }

        @Override
        public int sampling() {
            probes++;
            return counts.size() > 1 ? counts.poll() : counts.peek();
        }
    }

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().collect(Collectors.toList());
    }

    @Test
    void returnsOnceEveryHostSamplesAndSaysNothingWhenThatIsQuick() throws Exception {
        ScriptedProbe probe = new ScriptedProbe(0, 2, 4);
        FakeTicker ticker = new FakeTicker();

        int sampling = FirstSnapshots.await(4, probe, Duration.ofSeconds(60), POLL, ticker, progress);

        assertThat(sampling).isEqualTo(4);
        assertThat(probe.probes).isEqualTo(3);
        assertThat(ticker.nanos).isEqualTo(Duration.ofSeconds(2).toNanos());
        assertThat(lines()).isEmpty();
    }

    @Test
    void saysEveryFiveSecondsHowManyHostsSampleAndHowLongItStillWaits() throws Exception {
        // Probes at 0, 1, ..., 12 s; the fourth host samples at 12 s.
        ScriptedProbe probe = new ScriptedProbe(0, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4);
        FakeTicker ticker = new FakeTicker();

        int sampling = FirstSnapshots.await(4, probe, Duration.ofSeconds(60), POLL, ticker, progress);

        assertThat(sampling).isEqualTo(4);
        assertThat(ticker.nanos).isEqualTo(Duration.ofSeconds(12).toNanos());
        assertThat(lines()).containsExactly(
                "hbench: resource sampler: 3 of 4 hosts sampling; waiting up to 55 s for 1 more",
                "hbench: resource sampler: 3 of 4 hosts sampling; waiting up to 50 s for 1 more");
    }

    @Test
    void givesUpAtTheBoundWithTheHostsThatSample() throws Exception {
        ScriptedProbe probe = new ScriptedProbe(3);
        FakeTicker ticker = new FakeTicker();

        int sampling = FirstSnapshots.await(4, probe, Duration.ofSeconds(12), POLL, ticker, progress);

        assertThat(sampling).isEqualTo(3);
        assertThat(probe.probes).isEqualTo(13);
        assertThat(lines()).containsExactly(
                "hbench: resource sampler: 3 of 4 hosts sampling; waiting up to 7 s for 1 more",
                "hbench: resource sampler: 3 of 4 hosts sampling; waiting up to 2 s for 1 more");
    }
}
