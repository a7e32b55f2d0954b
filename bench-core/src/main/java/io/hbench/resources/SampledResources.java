package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a job's samplers handed over, with what it takes to turn it into figures: the interval, the hosts that ran
 * tasks and the job's phases. Several jobs of one run (TPCx-HS's) combine into one, so that each host has one series
 * across them, with gaps where it ran nothing.
 */
public final class SampledResources {
    private final Duration interval;
    private final List<HostSamples> samples;
    private final SortedSet<String> taskHosts;
    private final List<Phase> phases;

    public SampledResources(Duration interval, Collection<HostSamples> samples, Collection<String> taskHosts,
            List<Phase> phases) {
        this.interval = requireNonNull(interval, "interval is null");
        this.samples = List.copyOf(requireNonNull(samples, "samples is null"));
        this.taskHosts = new TreeSet<>(requireNonNull(taskHosts, "taskHosts is null"));
        this.phases = List.copyOf(requireNonNull(phases, "phases is null"));
    }

    public ResourceUsage usage() {
        return UsageCalculator.usage(samples, taskHosts, interval, phases);
    }

    /**
     * One run's samples out of its jobs', in job order; empty if none sampled.
     *
     * @throws IllegalArgumentException if the jobs sampled at different intervals
     */
    public static Optional<SampledResources> combine(List<SampledResources> jobs) {
        if (jobs.isEmpty()) {
            return Optional.empty();
        }
        Duration interval = jobs.get(0).interval;
        List<HostSamples> samples = new ArrayList<>();
        List<String> taskHosts = new ArrayList<>();
        List<Phase> phases = new ArrayList<>();
        for (SampledResources job : jobs) {
            if (!job.interval.equals(interval)) {
                throw new IllegalArgumentException("jobs sampled every " + interval + " and every " + job.interval);
            }
            samples.addAll(job.samples);
            taskHosts.addAll(job.taskHosts);
            phases.addAll(job.phases);
        }
        return Optional.of(new SampledResources(interval, samples, taskHosts, phases));
    }
}
