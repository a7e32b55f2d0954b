package io.hbench.bsp;

import static java.util.Objects.requireNonNull;

import io.hbench.resources.SampledResources;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a finished BSP job returns to its submitter: every peer's report, in peer order, and the cluster job its
 * peers ran as, if they ran as one.
 */
public final class BspJobResult {
    private final List<PeerReport> reports;
    private final Instant start;
    private final Instant end;
    private final Optional<SubmittedJob> job;
    private final Optional<SampledResources> resources;

    /** A result of peers that ran as no cluster job (threads, processes started by hand). */
    public BspJobResult(List<PeerReport> reports, Instant start, Instant end) {
        this(reports, start, end, Optional.empty(), Optional.empty());
    }

    /** @param resources what the peers' hosts' samplers handed over; empty if they did not sample */
    public BspJobResult(List<PeerReport> reports, Instant start, Instant end, Optional<SampledResources> resources) {
        this(reports, start, end, Optional.empty(), resources);
    }

    private BspJobResult(List<PeerReport> reports, Instant start, Instant end, Optional<SubmittedJob> job,
            Optional<SampledResources> resources) {
        this.resources = requireNonNull(resources, "resources is null");
        this.reports = List.copyOf(requireNonNull(reports, "reports is null"));
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.job = requireNonNull(job, "job is null");
        for (int i = 0; i < this.reports.size(); i++) {
            if (this.reports.get(i).peer() != i) {
                throw new IllegalArgumentException("report " + i + " is from peer " + this.reports.get(i).peer());
            }
        }
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("the job ends before it starts");
        }
    }

    /** One report per peer; element i is peer i's. */
    public List<PeerReport> reports() {
        return reports;
    }

    /** When the job was submitted. */
    public Instant start() {
        return start;
    }

    /** When the last peer's report arrived. */
    public Instant end() {
        return end;
    }

    /** The cluster job the peers ran as; empty when they ran as none. */
    public Optional<SubmittedJob> job() {
        return job;
    }

    /**
     * What the peers' hosts' CPU, memory, network and disks did while the program ran; empty if not sampled. Worked
     * out from the samples on each call, by the caller rather than the coordinator, whose peers wait for it.
     */
    public Optional<ResourceUsage> resources() {
        return resources.map(SampledResources::usage);
    }

    /** This result, of peers that ran as {@code job}. */
    public BspJobResult withJob(SubmittedJob job) {
        return new BspJobResult(reports, start, end, Optional.of(requireNonNull(job, "job is null")), resources);
    }

    @Override
    public String toString() {
        return reports.size() + " peer reports from " + start + " to " + end + job.map(each -> ", job " + each)
                .orElse("");
    }

    /**
     * One peer's report: where it ran, when its program ran as the peer itself timed it, and the bytes its
     * program returned.
     */
    public static final class PeerReport {
        private final PeerSpan span;
        private final byte[] report;

        /**
         * @param start when the peer's program started, on the peer's own wall clock
         * @param duration how long the program ran until it returned, on the peer's monotonic clock
         */
        public PeerReport(int peer, String host, Instant start, Duration duration, byte[] report) {
            this.span = new PeerSpan(peer, host, start, duration);
            this.report = requireNonNull(report, "report is null").clone();
        }

        public int peer() {
            return span.peer();
        }

        public String host() {
            return span.host();
        }

        /** When the peer's program started, on the peer's own wall clock (its host's, which may differ from ours). */
        public Instant start() {
            return span.start();
        }

        /** How long the peer's program ran, from its start until it returned its report. */
        public Duration duration() {
            return span.duration();
        }

        /** Where the peer's program ran and when. */
        public PeerSpan span() {
            return span;
        }

        public byte[] report() {
            return report.clone();
        }

        @Override
        public String toString() {
            return span + ", reported " + report.length + " bytes";
        }
    }
}
