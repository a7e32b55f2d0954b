package io.hbench.bsp.randbench;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.PeerSpan;
import io.hbench.bsp.SuperstepTiming;
import io.hbench.bsp.benchbase.PeerHosts;
import io.hbench.bsp.benchbase.Rates;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Distribution;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.stats.Summary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * What a RandBench run measured, with every figure derived from two exact numbers that a test (or a person)
 * can check: the payload bytes moved and the measured time.
 *
 * <ul>
 * <li>A peer's measured time is the sum of send + flush + barrier over its measured supersteps: by the
 * contract of {@link SuperstepTiming} that is, on that peer's monotonic clock, the time from the end of the
 * barrier before the first measured superstep to the end of its last barrier.
 * <li>The run's measured time is the slowest peer's. Every peer leaves the last barrier at about the same
 * moment, so the slowest peer's span covers the work of all; it needs no comparison of clocks across hosts,
 * and unlike a time taken by the coordinator it leaves out job start-up and report collection.
 * <li>Network bytes are payload bytes sent to peers on other hosts; same-host bytes, to other peers on the sender's
 * own host, which go through its loopback, far faster than any link, and are left out of every network figure; local
 * bytes, by a peer to itself. When every peer ran on one host nothing crossed a network: the network bytes are then
 * every byte sent to another peer, and the figures are of that host's loopback, as stderr and the result's placement
 * say.
 * <li>Throughput is network bytes / measured time; same-host throughput, same-host bytes / measured time.
 * <li>A peer's throughput is its network bytes / its measured time.
 * <li>Send, flush, barrier and total (the three together) distributions have one sample per peer per measured
 * superstep.
 * <li>A peer's task sample starts when its program started, on its own host's wall clock, and lasts as long as the
 * program ran until it returned its figures, on the peer's monotonic clock: setup, warmup and measured supersteps.
 * </ul>
 */
public final class RandBenchResult implements ProgramResult {
    private final RandBenchOptions options;
    private final Instant start;
    private final Instant end;
    private final List<PeerRun> peers;
    private final Optional<SubmittedJob> job;
    private final Optional<ResourceUsage> resources;
    private final PeerHosts hosts;

    /** @param job the cluster job the peers ran as; empty when they ran as none (-listen) */
    public RandBenchResult(RandBenchOptions options, Instant start, Instant end, List<PeerRun> peers,
            Optional<SubmittedJob> job) {
        this(options, start, end, peers, job, Optional.empty());
    }

    /** @param resources what the peers' hosts did while the program ran; empty if they did not sample */
    public RandBenchResult(RandBenchOptions options, Instant start, Instant end, List<PeerRun> peers,
            Optional<SubmittedJob> job, Optional<ResourceUsage> resources) {
        this.resources = requireNonNull(resources, "resources is null");
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.peers = List.copyOf(requireNonNull(peers, "peers is null"));
        this.job = requireNonNull(job, "job is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start");
        }
        if (this.peers.size() != options.settings().peers()) {
            throw new IllegalArgumentException(this.peers.size() + " peer reports for " + options.settings().peers()
                    + " peers");
        }
        for (int i = 0; i < this.peers.size(); i++) {
            PeerRun peer = this.peers.get(i);
            if (peer.peer() != i) {
                throw new IllegalArgumentException("report " + i + " is peer " + peer.peer() + "'s");
            }
            if (peer.timings().size() != options.supersteps()) {
                throw new IllegalArgumentException("peer " + peer.peer() + " reports " + peer.timings().size()
                        + " supersteps, not " + options.supersteps());
            }
            if (peer.bytesTo().keySet().stream().anyMatch(destination -> destination >= this.peers.size())) {
                throw new IllegalArgumentException("peer " + peer.peer() + " reports bytes sent to peers "
                        + peer.bytesTo().keySet() + " of " + this.peers.size());
            }
        }
        this.hosts = new PeerHosts(this.peers.stream().map(PeerRun::host).collect(Collectors.toList()));
    }

    public RandBenchOptions options() {
        return options;
    }

    /** When the job was submitted. */
    public Instant start() {
        return start;
    }

    /** When the last peer's report arrived. */
    public Instant end() {
        return end;
    }

    /** Submission to the last report: what Hama's "Job Finished in X seconds" measures. */
    public Duration jobTime() {
        return Duration.between(start, end);
    }

    public List<PeerRun> peers() {
        return peers;
    }

    /** The cluster job the peers ran as, so its logs can be found; empty when they ran as none (-listen). */
    public Optional<SubmittedJob> job() {
        return job;
    }

    /** What the peers' hosts' CPU, memory, network and disks did while the program ran; empty if not sampled. */
    @Override
    public Optional<ResourceUsage> resources() {
        return resources;
    }

    /** Where the peers ran. */
    public PeerHosts hosts() {
        return hosts;
    }

    /** The slowest peer's measured time, in nanoseconds. */
    public long measuredNanos() {
        return peers.stream().mapToLong(PeerRun::measuredNanos).max().orElseThrow();
    }

    /**
     * Payload bytes sent to peers on other hosts in the measured supersteps; when every peer ran on one host, to every
     * other peer, through its loopback.
     */
    public long networkBytes() {
        return peers.stream().mapToLong(this::networkBytes).sum();
    }

    /** Payload bytes {@code peer} sent to peers on other hosts (on one host, to every other peer). */
    public long networkBytes(PeerRun peer) {
        return bytesToOthers(peer, true);
    }

    /**
     * Payload bytes sent to other peers on the sender's own host, while the peers spanned several hosts: left out of
     * the network figures.
     */
    public long sameHostBytes() {
        return peers.stream().mapToLong(this::sameHostBytes).sum();
    }

    public long sameHostBytes(PeerRun peer) {
        return bytesToOthers(peer, false);
    }

    private long bytesToOthers(PeerRun peer, boolean network) {
        long bytes = 0;
        for (Map.Entry<Integer, Long> sent : peer.bytesTo().entrySet()) {
            int other = sent.getKey();
            if (other != peer.peer() && (hosts.oneHost() || hosts.betweenHosts(peer.peer(), other)) == network) {
                bytes += sent.getValue();
            }
        }
        return bytes;
    }

    /** Payload bytes peers sent to themselves in the measured supersteps. */
    public long localBytes() {
        return peers.stream().mapToLong(PeerRun::localBytes).sum();
    }

    public long messages() {
        return sum(SuperstepTiming::messagesSent);
    }

    /** Network bytes / measured time. */
    public double bytesPerSecond() {
        return Rates.bytesPerSecond(networkBytes(), measuredNanos());
    }

    public double mebibytesPerSecond() {
        return Rates.mebibytesPerSecond(bytesPerSecond());
    }

    /** Same-host bytes / measured time: what went through the hosts' loopbacks, left out of the throughput. */
    public double sameHostBytesPerSecond() {
        return Rates.bytesPerSecond(sameHostBytes(), measuredNanos());
    }

    /** {@code peer}'s network bytes / its measured time. */
    public double bytesPerSecond(PeerRun peer) {
        return Rates.bytesPerSecond(networkBytes(peer), peer.measuredNanos());
    }

    /** Min, mean, max of the peers' own throughput in bytes per second. */
    public Summary peerBytesPerSecond() {
        return Summary.of(peers.stream().mapToDouble(this::bytesPerSecond).toArray());
    }

    /**
     * What a reader must know of where the peers ran: that all ran on one host, or that some shared a host and what
     * they sent each other was left out. Empty when each had a host of its own.
     */
    public Optional<String> placement() {
        if (hosts.oneHost()) {
            return Optional.of(hosts.where() + ": no message crossed a network, so the throughput figures are of that"
                    + " host's loopback");
        }
        if (!hosts.someShared()) {
            return Optional.empty();
        }
        long sameHost = sameHostBytes();
        return Optional.of(hosts.where() + ": " + (sameHost == 0 ? "no message went between two of them, so every"
                + " byte sent to another peer crossed hosts" : sameHost + " of the " + (sameHost + networkBytes())
                + " bytes sent to other peers went between two peers on one host, left out of the network figures"));
    }

    /** Send times of every peer's measured supersteps, in nanoseconds. */
    public Histogram sendNanos() {
        return histogram(SuperstepTiming::sendNanos);
    }

    public Histogram flushNanos() {
        return histogram(SuperstepTiming::flushNanos);
    }

    public Histogram barrierNanos() {
        return histogram(SuperstepTiming::barrierNanos);
    }

    /** Whole supersteps (send + flush + barrier): with few messages, what one superstep costs the program. */
    public Histogram superstepNanos() {
        return histogram(SuperstepTiming::totalNanos);
    }

    /** Why the run failed: the peers sent other than the workload's bytes. Empty if it passed. */
    public List<String> failures() {
        long sent = networkBytes() + sameHostBytes() + localBytes();
        if (sent != options.measuredBytes()) {
            return List.of("the peers report " + sent + " payload bytes sent in the measured supersteps, not the "
                    + options.measuredBytes() + " of the workload");
        }
        return List.of();
    }

    private long sum(ToLongFunction<SuperstepTiming> field) {
        return peers.stream().flatMap(peer -> peer.timings().stream()).mapToLong(field).sum();
    }

    private Histogram histogram(ToLongFunction<SuperstepTiming> field) {
        Histogram histogram = Histograms.newHistogram();
        peers.stream().flatMap(peer -> peer.timings().stream())
                .forEach(timing -> histogram.recordValue(field.applyAsLong(timing)));
        return histogram;
    }

    /**
     * The common result model; the primary metric is the network throughput. Each peer's task sample carries its
     * measured supersteps' send, flush and barrier times (superstep_time labelled phase and superstep), so that a
     * report can draw them superstep by superstep.
     */
    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder(RandBench.NAME, "random messages")
                .primaryMetric("network_throughput")
                .environment(environment)
                .parameter("msgSize", options.messageSize())
                .parameter("msgsPerSuperstep", options.messagesPerSuperstep())
                .parameter("supersteps", options.supersteps())
                .parameter("warmup", options.warmup())
                .parameter("noSelf", options.noSelf())
                .parameter("peers", options.settings().peers())
                .parameter("seed", options.settings().seed())
                .parameter("timeout", options.settings().failureTimeout().toSeconds())
                .location("listen", options.settings().listen().map(Object::toString).orElse(""))
                .start(start)
                .end(end)
                .metric("job_time", jobTime().toNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("measured_time", measuredNanos() / 1e9, Unit.SECONDS, Better.LOWER)
                .metric("peer_hosts", hosts.count(), Unit.COUNT, Better.NEITHER)
                .metric("network_bytes", networkBytes(), Unit.BYTES, Better.NEITHER)
                .metric("same_host_bytes", sameHostBytes(), Unit.BYTES, Better.NEITHER)
                .metric("local_bytes", localBytes(), Unit.BYTES, Better.NEITHER)
                .metric("messages", messages(), Unit.COUNT, Better.NEITHER)
                .metric("network_throughput", bytesPerSecond(), Unit.BYTES_PER_SECOND, Better.HIGHER)
                .distribution(peerThroughput())
                .distribution(superstepTime("send", sendNanos()))
                .distribution(superstepTime("flush", flushNanos()))
                .distribution(superstepTime("barrier", barrierNanos()))
                .distribution(superstepTime("total", superstepNanos()));
        if (sameHostBytes() > 0) {
            result.metric("same_host_throughput", sameHostBytesPerSecond(), Unit.BYTES_PER_SECOND, Better.NEITHER);
        }
        placement().ifPresent(note -> result.output("placement", note));
        int width = Integer.toString(options.supersteps()).length();
        for (PeerRun peer : peers) {
            List<Metric> metrics = new ArrayList<>(List.of(
                    Metric.of("measured_time", peer.measuredNanos() / 1e9, Unit.SECONDS, Better.LOWER),
                    Metric.of("network_bytes", networkBytes(peer), Unit.BYTES, Better.NEITHER),
                    Metric.of("same_host_bytes", sameHostBytes(peer), Unit.BYTES, Better.NEITHER),
                    Metric.of("local_bytes", peer.localBytes(), Unit.BYTES, Better.NEITHER),
                    Metric.of("throughput", bytesPerSecond(peer), Unit.BYTES_PER_SECOND, Better.HIGHER)));
            for (int i = 0; i < peer.timings().size(); i++) {
                SuperstepTiming timing = peer.timings().get(i);
                String superstep = String.format(Locale.ROOT, "%0" + width + "d", i);
                metrics.add(phaseTime("send", superstep, timing.sendNanos()));
                metrics.add(phaseTime("flush", superstep, timing.flushNanos()));
                metrics.add(phaseTime("barrier", superstep, timing.barrierNanos()));
            }
            result.taskSample(new TaskSample("peer " + peer.peer(), peer.host(), peer.start(),
                    peer.start().plus(peer.duration()), metrics));
        }
        job.ifPresent(result::job);
        resources.ifPresent(result::resources);
        failures().forEach(result::failure);
        return result.build();
    }

    private static Distribution superstepTime(String phase, Histogram nanos) {
        return Histograms.toDistribution("superstep_time", Unit.SECONDS, nanos, 1e9).withLabel("phase", phase);
    }

    private static Metric phaseTime(String phase, String superstep, long nanos) {
        return Metric.of("superstep_time", nanos / 1e9, Unit.SECONDS, Better.LOWER).withLabel("phase", phase)
                .withLabel("superstep", superstep);
    }

    private Distribution peerThroughput() {
        Summary summary = peerBytesPerSecond();
        return new Distribution("peer_throughput", Unit.BYTES_PER_SECOND, summary.count(), summary.min(),
                summary.max(), summary.mean(), summary.stdDev(), new TreeMap<>());
    }

    /** One peer's run and measured supersteps, as it reported them. */
    public static final class PeerRun {
        private final PeerSpan span;
        private final List<SuperstepTiming> timings;
        private final SortedMap<Integer, Long> bytesTo;

        /**
         * @param start when the peer's program started, on the peer's own wall clock
         * @param duration how long its program ran, as the peer timed it
         * @param bytesTo the payload bytes it sent to each peer it sent to (itself included) in the measured supersteps,
         *        which add up to what its timings count
         */
        public PeerRun(int peer, String host, Instant start, Duration duration, List<SuperstepTiming> timings,
                Map<Integer, Long> bytesTo) {
            this.span = new PeerSpan(peer, host, start, duration);
            this.timings = List.copyOf(requireNonNull(timings, "timings is null"));
            this.bytesTo = Collections.unmodifiableSortedMap(new TreeMap<>(requireNonNull(bytesTo,
                    "bytesTo is null")));
            long toItself = this.bytesTo.getOrDefault(peer, 0L);
            long toOthers = this.bytesTo.values().stream().mapToLong(Long::longValue).sum() - toItself;
            if (this.bytesTo.keySet().stream().anyMatch(destination -> destination < 0) || toItself != localBytes()
                    || toOthers != total(SuperstepTiming::bytesSentRemote)) {
                throw new IllegalArgumentException("peer " + peer + "'s bytes per destination " + this.bytesTo
                        + " are not its " + localBytes() + " bytes to itself and "
                        + total(SuperstepTiming::bytesSentRemote) + " to other peers");
            }
        }

        public int peer() {
            return span.peer();
        }

        public String host() {
            return span.host();
        }

        /** When the peer's program started, on the peer's own wall clock. */
        public Instant start() {
            return span.start();
        }

        /** How long the peer's program ran, from its start until it returned its figures. */
        public Duration duration() {
            return span.duration();
        }

        public List<SuperstepTiming> timings() {
            return timings;
        }

        /** Send + flush + barrier of every measured superstep. */
        public long measuredNanos() {
            return total(SuperstepTiming::totalNanos);
        }

        /** Payload bytes sent to each peer it sent to in the measured supersteps, by the peer's index. */
        public SortedMap<Integer, Long> bytesTo() {
            return bytesTo;
        }

        /** Payload bytes sent to itself in the measured supersteps. */
        public long localBytes() {
            return total(SuperstepTiming::bytesSentLocal);
        }

        long total(ToLongFunction<SuperstepTiming> field) {
            return timings.stream().mapToLong(field).sum();
        }

        @Override
        public String toString() {
            return "peer " + span.peer() + " on " + span.host() + ", started " + span.start() + ", ran "
                    + span.duration() + ": sent " + bytesTo + " bytes by peer in " + measuredNanos() + " ns over "
                    + timings.size() + " measured supersteps";
        }
    }
}
