package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

/**
 * Waits, within a bound, until every host's sampler has taken its first snapshot, so that the benchmark's first job is
 * submitted only then and its first bytes (the job jar's upload to each host, its tasks' first seconds) are counted.
 * Quiet when the samplers are quick; after {@link #PROGRESS_EVERY} it says how many sample and how much longer it
 * waits, again at that pace: {@code hbench: resource sampler: 3 of 4 hosts sampling; waiting up to 30 s for 1 more}.
 */
final class FirstSnapshots {
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

    /** One look at the samplers: starts those it can, and counts the hosts whose sampler took its first snapshot. */
    interface Probe {
        int sampling() throws IOException, InterruptedException;
    }

    /** The time that passes while it waits; a test's fake moves it on each sleep. */
    interface Ticker {
        long nanoTime();

        void sleep(Duration pause) throws InterruptedException;
    }

    static final Ticker SYSTEM = new Ticker() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(Duration pause) throws InterruptedException {
            Thread.sleep(pause.toMillis());
        }
    };

    private FirstSnapshots() {
    }

    /**
     * Probes every {@code poll} until {@code hosts} sample or {@code bound} passed.
     *
     * @return how many hosts sample, as the last probe counted
     */
    static int await(int hosts, Probe probe, Duration bound, Duration poll, Ticker ticker, PrintStream progress)
            throws IOException, InterruptedException {
        requireNonNull(probe, "probe is null");
        requireNonNull(progress, "progress is null");
        long start = ticker.nanoTime();
        long deadline = start + bound.toNanos();
        long nextLine = start + PROGRESS_EVERY.toNanos();
        int sampling = probe.sampling();
        while (sampling < hosts && ticker.nanoTime() - deadline < 0) {
            long now = ticker.nanoTime();
            if (now - nextLine >= 0) {
                long left = (deadline - now + 999_999_999L) / 1_000_000_000L;
                progress.println("hbench: resource sampler: " + sampling + " of " + hosts + " hosts sampling;"
                        + " waiting up to " + left + " s for " + (hosts - sampling) + " more");
                nextLine = now + PROGRESS_EVERY.toNanos();
            }
            ticker.sleep(poll);
            sampling = probe.sampling();
        }
        return sampling;
    }
}
