package io.hbench.findings;

import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.ResourceUsage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where sampling the whole run did not hold: a sampled host whose first snapshot came more than one interval after the
 * run's start, or whose last came more than one interval before its end. Its figures leave out what it did meanwhile
 * (a job jar's upload, the first or last seconds of tasks), so the result says so rather than claim the whole run.
 * Sample times are on each host's clock and the run's on the client's: a host whose clock is off by more than an
 * interval is named too, and rightly, since its figures cannot be placed in the run either.
 */
final class CoverageGaps {
    private CoverageGaps() {
    }

    /** One finding per host with a gap; none if the run's tasks sampled (they cover only their own time). */
    static List<Finding> of(BenchResult result) {
        List<Finding> findings = new ArrayList<>();
        Optional<ResourceUsage> usage = result.resources();
        if (usage.isEmpty() || usage.get().coverage() != ResourceUsage.Coverage.RUN) {
            return findings;
        }
        Duration interval = usage.get().interval();
        for (HostUsage host : usage.get().hosts()) {
            List<Instant> times = host.sampleTimes();
            if (times.isEmpty()) {
                continue;
            }
            Duration late = Duration.between(result.start(), times.get(0));
            Duration early = Duration.between(times.get(times.size() - 1), result.end());
            boolean startMissed = late.compareTo(interval) > 0;
            boolean endMissed = early.compareTo(interval) > 0;
            if (!startMissed && !endMissed) {
                continue;
            }
            String text = host.host() + ": sampled "
                    + (startMissed ? "from " + seconds(late) + " after the run's start" : "")
                    + (startMissed && endMissed ? " to " : "")
                    + (endMissed ? (startMissed ? "" : "until ") + seconds(early) + " before its end" : "")
                    + ", so what it did " + (startMissed && endMissed ? "then" : startMissed ? "before" : "after")
                    + " is not in its figures";
            Duration missed = (startMissed ? late : Duration.ZERO).plus(endMissed ? early : Duration.ZERO);
            findings.add(new Finding(Finding.Kind.COVERAGE, Optional.of(host.host()),
                    host.host() + ", " + seconds(missed) + " missed", text));
        }
        return findings;
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }
}
