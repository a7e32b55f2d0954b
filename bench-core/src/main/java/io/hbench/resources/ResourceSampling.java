package io.hbench.resources;

import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Whether and how often a run samples its hosts' resources: on by default, once a second. The tools' {@code
 * -noResources} turns it off, as does setting {@value #INTERVAL_KEY} to 0; the key takes Hadoop's time units
 * ({@code 5s}, {@code 500ms}).
 */
public final class ResourceSampling {
    public static final String INTERVAL_KEY = "hbench.resources.interval";
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    private ResourceSampling() {
    }

    /**
     * The sampling interval, or empty if sampling is off.
     *
     * @throws IllegalArgumentException if the key is set to something else than a duration of zero or more
     */
    public static Optional<Duration> interval(Configuration conf) {
        long millis;
        try {
            millis = conf.getTimeDuration(INTERVAL_KEY, DEFAULT_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(INTERVAL_KEY + " is not a duration such as 1s or 500ms: "
                    + conf.get(INTERVAL_KEY));
        }
        if (millis < 0) {
            throw new IllegalArgumentException(INTERVAL_KEY + " is negative: " + conf.get(INTERVAL_KEY));
        }
        return millis == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(millis));
    }

    public static void disable(Configuration conf) {
        conf.set(INTERVAL_KEY, "0");
    }

    /**
     * Starts sampling this process's own host, for a program that does its work here rather than in tasks
     * (NNThroughputBenchmark, TestDFSIO -seq); empty if sampling is off. The caller stops it once.
     */
    public static Optional<InProcess> inProcess(Configuration conf, String program) {
        return interval(conf).map(interval -> new InProcess(
                HostSampler.joinCountingOwn(program + "-" + UUID.randomUUID(), interval, Optional.empty()),
                interval));
    }

    /** Sampling of this process's host, started by {@link #inProcess}. */
    public static final class InProcess {
        private final HostSampler.Participation participation;
        private final Duration interval;

        private InProcess(HostSampler.Participation participation, Duration interval) {
            this.participation = participation;
            this.interval = interval;
        }

        /** Stops sampling; what the host did, with the program's {@code phases} marked. */
        public ResourceUsage stop(List<Phase> phases) {
            return UsageCalculator.usage(List.of(participation.leave()), List.of(), interval, phases);
        }
    }
}
