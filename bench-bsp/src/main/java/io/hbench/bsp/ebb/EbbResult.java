package io.hbench.bsp.ebb;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.PeerSpan;
import io.hbench.bsp.benchbase.PeerHosts;
import io.hbench.bsp.benchbase.Rates;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.SubmittedJob;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * What an EBB run measured. Definitions, as in Netgauge's ebb pattern:
 *
 * <ul>
 * <li>A peer's exchange time in a round is the send time of that round's superstep: from the end of the previous
 * barrier, when every peer starts, until it has sent its bytes, flushed them and received its partners'.
 * <li>A connection's bandwidth is size / that exchange time (each of a peer's connections, for alltoall).
 * <li>A round's (and a size's) bandwidth is size / the average exchange time over its counted exchanges; for the ebb
 * pattern, over all rounds of a size, that is the effective bisection bandwidth.
 * <li>Counted are the exchanges between hosts: a bisection is between hosts, and two peers on one host exchange
 * through its loopback, far faster than any link. An exchange is between hosts when its partner ran on another host
 * than its peer (for alltoall, when any other peer did). The rest are left out of every figure and shown apart. When
 * every peer ran on one host there is no bisection at all: every exchange is counted, and the figures are of that
 * host's loopback, as the notices and the result say.
 * <li>Bandwidth is in bytes per second. An exchange time below 1 ns counts as 1 ns.
 * <li>Relative: a size's bandwidth / the same size's bandwidth of a 2-peer ebb run, when both are of one kind: both
 * between hosts, or both on one host.
 * <li>An exchange's task sample starts when its peer's program started, on that peer's own wall clock, and lasts
 * as long as that program ran until it returned its figures, on the peer's monotonic clock.
 * </ul>
 */
public final class EbbResult implements ProgramResult {
    private final EbbOptions options;
    private final Instant start;
    private final Instant end;
    private final Run run;
    private final Optional<Run> baseline;

    public EbbResult(EbbOptions options, Instant start, Instant end, Run run, Optional<Run> baseline) {
        this.options = requireNonNull(options, "options is null");
        this.start = requireNonNull(start, "start is null");
        this.end = requireNonNull(end, "end is null");
        this.run = requireNonNull(run, "run is null");
        this.baseline = requireNonNull(baseline, "baseline is null");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("end is before start");
        }
        if (baseline.isPresent() != options.relative()) {
            throw new IllegalArgumentException("a baseline is there exactly when -relative is");
        }
    }

    /**
     * What the hosts' CPU, memory, network and disks did during the pattern's run; empty if not sampled. The
     * -relative baseline's two peers are left out: they measure a reference, not the cluster.
     */
    @Override
    public Optional<ResourceUsage> resources() {
        return run.resources();
    }

    public EbbOptions options() {
        return options;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return end;
    }

    /** The run of {@code options.settings().peers()} peers. */
    public Run run() {
        return run;
    }

    /** The 2-peer ebb run, with -relative. */
    public Optional<Run> baseline() {
        return baseline;
    }

    /**
     * The baseline, if its figures stand beside the run's: not when its two peers shared a host while the run's
     * peers spanned several, for that host's loopback is no reference for a network.
     */
    public Optional<Run> comparableBaseline() {
        return baseline.filter(base -> !base.oneHost() || run.oneHost());
    }

    /** The cluster jobs the runs ran as, in submission order (the run, then its baseline); empty with -listen. */
    public List<SubmittedJob> jobs() {
        List<SubmittedJob> jobs = new ArrayList<>();
        run.job().ifPresent(jobs::add);
        baseline.flatMap(Run::job).ifPresent(jobs::add);
        return List.copyOf(jobs);
    }

    /**
     * The run's bandwidth of {@code size} over the baseline's, when both are of one kind (between hosts, or both on
     * one host) and both measured it; empty otherwise, and without a baseline.
     */
    public Optional<Double> relative(long size) {
        return baseline.filter(base -> base.oneHost() == run.oneHost()).flatMap(base -> {
            OptionalDouble of = run.bytesPerSecond(size);
            OptionalDouble reference = base.bytesPerSecond(size);
            return of.isPresent() && reference.isPresent()
                    ? Optional.of(of.getAsDouble() / reference.getAsDouble()) : Optional.empty();
        });
    }

    /**
     * What a reader must know of where the peers ran, one sentence each: that some shared a host and their exchanges
     * were left out, that all ran on one host, or that the baseline's two did. Empty when each had a host of its own.
     */
    public List<String> notices() {
        List<String> notices = new ArrayList<>();
        run.placement().ifPresent(notices::add);
        baselinePlacement().ifPresent(notices::add);
        return notices;
    }

    private Optional<String> baselinePlacement() {
        return baseline.filter(base -> base.oneHost() && !run.oneHost()).map(base -> "the baseline's 2 peers ran on"
                + " one host (" + base.host(0) + "): its figures are of that host's loopback, so there is no baseline"
                + " or relative figure");
    }

    /** The sizes the run measured nothing of: its peers spanned several hosts, but no exchange of the size did. */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (long size : options.sizes()) {
            if (run.bytesPerSecond(size).isEmpty()) {
                failures.add("size " + size + ": no exchange ran between peers on different hosts (the "
                        + run.peers() + " peers ran on " + run.hostCount() + " hosts, and every round paired peers"
                        + " on one host); run more rounds (-r) or fewer peers per host");
            }
        }
        return failures;
    }

    @Override
    public BenchResult toBenchResult(Environment environment) {
        BenchResult.Builder result = BenchResult.builder(Ebb.NAME, options.pattern().flagValue())
                .primaryMetric("bandwidth")
                .environment(environment)
                .parameter("pattern", options.pattern().flagValue())
                .parameter("sizes", options.sizes().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .parameter("rounds", options.rounds())
                .parameter("buckets", options.buckets())
                .parameter("relative", options.relative())
                .parameter("peers", options.settings().peers())
                .parameter("seed", options.settings().seed())
                .parameter("timeout", options.settings().failureTimeout().toSeconds())
                .location("listen", options.settings().listen().map(Object::toString).orElse(""))
                .start(start)
                .end(end);
        result.metric(Metric.of("peer_hosts", run.hostCount(), Unit.COUNT, Better.NEITHER));
        baseline.ifPresent(base -> result.metric(Metric.of("baseline_peer_hosts", base.hostCount(), Unit.COUNT,
                Better.NEITHER)));
        int bucketWidth = Integer.toString(Math.max(0, options.buckets() - 1)).length();
        Optional<Run> comparable = comparableBaseline();
        for (long size : options.sizes()) {
            String label = Long.toString(size);
            List<Exchange> counted = run.counted(size);
            List<Exchange> leftOut = run.leftOut(size);
            run.averageNanos(size).ifPresent(nanos -> result.metric(sized("average_time", nanos / 1e9, Unit.SECONDS,
                    Better.LOWER, label)));
            run.bytesPerSecond(size).ifPresent(rate -> result.metric(sized("bandwidth", rate, Unit.BYTES_PER_SECOND,
                    Better.HIGHER, label)));
            result.metric(sized("counted_exchanges", counted.size(), Unit.COUNT, Better.NEITHER, label));
            result.metric(sized("left_out_exchanges", leftOut.size(), Unit.COUNT, Better.NEITHER, label));
            if (!leftOut.isEmpty()) {
                result.metric(sized("same_host_average_time", average(leftOut).orElseThrow() / 1e9, Unit.SECONDS,
                        Better.LOWER, label));
                result.metric(sized("same_host_bandwidth", bytesPerSecond(size, leftOut).orElseThrow(),
                        Unit.BYTES_PER_SECOND, Better.HIGHER, label));
            }
            comparable.flatMap(base -> optional(base.bytesPerSecond(size))).ifPresent(rate -> result.metric(
                    sized("baseline_bandwidth", rate, Unit.BYTES_PER_SECOND, Better.HIGHER, label)));
            relative(size).ifPresent(ratio -> result.metric(sized("relative_bandwidth", ratio, Unit.RATIO,
                    Better.HIGHER, label)));
            Histogram bandwidths = Histograms.newHistogram();
            counted.forEach(exchange -> bandwidths.recordValue(Math.round(exchange.bytesPerSecond())));
            result.distribution(Histograms.toDistribution("connection_bandwidth", Unit.BYTES_PER_SECOND, bandwidths, 1)
                    .withLabel("message_size", label));
            if (options.buckets() > 0 && !counted.isEmpty()) {
                // Bucket i covers [min + i * width, min + (i + 1) * width) of the size's counted connection
                // bandwidths, width = (max - min) / buckets, as the -b lines print them.
                long[] counts = run.buckets(size, options.buckets()).counts();
                for (int i = 0; i < counts.length; i++) {
                    result.metric(sized("bucket_connections", counts[i], Unit.COUNT, Better.NEITHER, label)
                            .withLabel("bucket", String.format(Locale.ROOT, "%0" + bucketWidth + "d", i)));
                }
            }
        }
        run.placement().ifPresent(note -> result.output("placement", note));
        baselinePlacement().ifPresent(note -> result.output("baseline_placement", note));
        addSamples(result, "", run);
        baseline.ifPresent(base -> addSamples(result, "baseline ", base));
        result.jobs(jobs());
        resources().ifPresent(result::resources);
        failures().forEach(result::failure);
        return result.build();
    }

    private static Metric sized(String id, double value, Unit unit, Better better, String size) {
        return Metric.of(id, value, unit, better).withLabel("message_size", size);
    }

    private static Optional<Double> optional(OptionalDouble value) {
        return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
    }

    /** Mean exchange time of {@code of}, in nanoseconds; empty if there are none. */
    private static OptionalDouble average(List<Exchange> of) {
        return of.stream().mapToLong(Exchange::nanos).average();
    }

    /** size / the mean exchange time of {@code of}; empty if there are none. */
    private static OptionalDouble bytesPerSecond(long size, List<Exchange> of) {
        OptionalDouble nanos = average(of);
        return nanos.isPresent() ? OptionalDouble.of(size * 1e9 / Math.max(1, nanos.getAsDouble()))
                : OptionalDouble.empty();
    }

    private void addSamples(BenchResult.Builder result, String prefix, Run of) {
        for (Exchange exchange : of.exchanges()) {
            List<Metric> metrics = new ArrayList<>();
            metrics.add(Metric.of("message_size", exchange.size(), Unit.BYTES, Better.NEITHER));
            metrics.add(Metric.of("round", exchange.round(), Unit.COUNT, Better.NEITHER));
            exchange.partner().ifPresent(partner -> metrics.add(Metric.of("partner", partner, Unit.COUNT, Better.NEITHER)));
            metrics.add(Metric.of("exchange_time", exchange.nanos() / 1e9, Unit.SECONDS, Better.LOWER));
            metrics.add(Metric.of("bandwidth", exchange.bytesPerSecond(), Unit.BYTES_PER_SECOND, Better.HIGHER));
            PeerSpan span = of.spans().get(exchange.peer());
            result.taskSample(new TaskSample(prefix + "size " + exchange.size() + " round " + exchange.round()
                    + " peer " + exchange.peer(), span.host(), span.start(), span.end(), metrics));
        }
    }

    /** One peer's exchange in one round. */
    public static final class Exchange {
        private final long size;
        private final int round;
        private final int peer;
        private final int partner;
        private final long nanos;

        /** @param partner the peer sent to and received from, or -1 if there is none (alltoall) */
        public Exchange(long size, int round, int peer, int partner, long nanos) {
            if (size < 1 || round < 0 || peer < 0 || partner < -1 || nanos < 0) {
                throw new IllegalArgumentException("exchange out of range: size " + size + ", round " + round
                        + ", peer " + peer + ", partner " + partner + ", nanos " + nanos);
            }
            this.size = size;
            this.round = round;
            this.peer = peer;
            this.partner = partner;
            this.nanos = nanos;
        }

        public long size() {
            return size;
        }

        public int round() {
            return round;
        }

        public int peer() {
            return peer;
        }

        /** The one peer this peer sent to (ebb: and received from); empty for alltoall. */
        public Optional<Integer> partner() {
            return partner < 0 ? Optional.empty() : Optional.of(partner);
        }

        public long nanos() {
            return nanos;
        }

        /** size / exchange time: the bandwidth of the connection (of each, for alltoall). */
        public double bytesPerSecond() {
            return Rates.bytesPerSecond(size, Math.max(1, nanos));
        }

        @Override
        public String toString() {
            return "size " + size + " round " + round + " peer " + peer
                    + (partner < 0 ? "" : " with peer " + partner) + ": " + nanos + " ns";
        }
    }

    /**
     * The exchanges of one job, every size and round, where and when each of its peers ran, and the cluster job it
     * was. Its figures count the exchanges between hosts, or on one host all of them (see {@link EbbResult}).
     */
    public static final class Run {
        private final int peers;
        private final List<PeerSpan> spans;
        private final List<Exchange> exchanges;
        private final Optional<SubmittedJob> job;
        private final Optional<ResourceUsage> resources;
        private final PeerHosts hosts;

        /**
         * @param spans one per peer; element i is peer i's
         * @param job the cluster job the peers ran as; empty when they ran as none (-listen)
         */
        public Run(int peers, List<PeerSpan> spans, List<Exchange> exchanges, Optional<SubmittedJob> job) {
            this(peers, spans, exchanges, job, Optional.empty());
        }

        /** @param resources what the peers' hosts did while the program ran; empty if they did not sample */
        public Run(int peers, List<PeerSpan> spans, List<Exchange> exchanges, Optional<SubmittedJob> job,
                Optional<ResourceUsage> resources) {
            this.resources = requireNonNull(resources, "resources is null");
            if (peers < 2) {
                throw new IllegalArgumentException("a run has at least 2 peers");
            }
            this.peers = peers;
            this.spans = List.copyOf(requireNonNull(spans, "spans is null"));
            if (this.spans.size() != peers) {
                throw new IllegalArgumentException(this.spans.size() + " peer spans for " + peers + " peers");
            }
            for (int i = 0; i < peers; i++) {
                if (this.spans.get(i).peer() != i) {
                    throw new IllegalArgumentException("span " + i + " is peer " + this.spans.get(i).peer() + "'s");
                }
            }
            this.exchanges = List.copyOf(requireNonNull(exchanges, "exchanges is null"));
            for (Exchange exchange : this.exchanges) {
                if (exchange.peer() >= peers || exchange.partner().orElse(0) >= peers) {
                    throw new IllegalArgumentException("an exchange of peer " + exchange.peer() + " with peer "
                            + exchange.partner().orElse(-1) + " in a run of " + peers + " peers");
                }
            }
            this.job = requireNonNull(job, "job is null");
            this.hosts = new PeerHosts(this.spans.stream().map(PeerSpan::host).collect(Collectors.toList()));
        }

        /** The cluster job the peers ran as, so its logs can be found; empty when they ran as none. */
        public Optional<SubmittedJob> job() {
            return job;
        }

        public Optional<ResourceUsage> resources() {
            return resources;
        }

        public int peers() {
            return peers;
        }

        /** Where and when each peer's program ran; element i is peer i's. */
        public List<PeerSpan> spans() {
            return spans;
        }

        /** Where the peers ran. */
        public PeerHosts hosts() {
            return hosts;
        }

        /** The host peer {@code peer} ran on. */
        public String host(int peer) {
            return hosts.host(peer);
        }

        /** How many hosts the peers ran on. */
        public int hostCount() {
            return hosts.count();
        }

        /** Whether every peer ran on one host: no exchange crossed a network, and every figure is of its loopback. */
        public boolean oneHost() {
            return hosts.oneHost();
        }

        /** Every exchange, counted or not. */
        public List<Exchange> exchanges() {
            return exchanges;
        }

        /** Whether {@code exchange} went to another host: its partner's, or for alltoall, any other peer's. */
        public boolean betweenHosts(Exchange exchange) {
            return exchange.partner().map(partner -> hosts.betweenHosts(exchange.peer(), partner)).orElse(!oneHost());
        }

        /** The exchanges of {@code size} the figures count: those between hosts, or on one host every one. */
        public List<Exchange> counted(long size) {
            return select(size, -1, true);
        }

        public List<Exchange> counted(long size, int round) {
            return select(size, round, true);
        }

        /** The exchanges of {@code size} between two peers on one host, left out as others crossed hosts. */
        public List<Exchange> leftOut(long size) {
            return select(size, -1, false);
        }

        public List<Exchange> leftOut(long size, int round) {
            return select(size, round, false);
        }

        /** @param round the round, or -1 for every round */
        private List<Exchange> select(long size, int round, boolean counted) {
            return exchanges.stream().filter(e -> e.size() == size && (round < 0 || e.round() == round)
                    && (oneHost() || betweenHosts(e)) == counted).collect(Collectors.toList());
        }

        /** Mean exchange time of the counted exchanges of {@code size}, in nanoseconds; empty if none was counted. */
        public OptionalDouble averageNanos(long size) {
            return average(counted(size));
        }

        public OptionalDouble averageNanos(long size, int round) {
            return average(counted(size, round));
        }

        /**
         * size / average time of the counted exchanges over all rounds: for the ebb pattern, the effective bisection
         * bandwidth; empty if none was counted.
         */
        public OptionalDouble bytesPerSecond(long size) {
            return EbbResult.bytesPerSecond(size, counted(size));
        }

        public OptionalDouble bytesPerSecond(long size, int round) {
            return EbbResult.bytesPerSecond(size, counted(size, round));
        }

        /** Mean exchange time of the exchanges of {@code size} left out; empty if none was. */
        public OptionalDouble leftOutAverageNanos(long size) {
            return average(leftOut(size));
        }

        /** size / average time of the exchanges left out: through a host's loopback; empty if none was. */
        public OptionalDouble leftOutBytesPerSecond(long size) {
            return EbbResult.bytesPerSecond(size, leftOut(size));
        }

        /**
         * Counted connection bandwidths of {@code size} in {@code count} buckets of equal width from the lowest to the
         * highest; the highest counts in the last bucket. All in the first bucket if all are equal.
         */
        public Buckets buckets(long size, int count) {
            double[] values = counted(size).stream().mapToDouble(Exchange::bytesPerSecond).toArray();
            double min = Arrays.stream(values).min().orElse(0);
            double max = Arrays.stream(values).max().orElse(0);
            double width = (max - min) / count;
            long[] counts = new long[count];
            for (double value : values) {
                int bucket = width == 0 ? 0 : (int) Math.min(count - 1, Math.floor((value - min) / width));
                counts[bucket]++;
            }
            return new Buckets(min, width, counts);
        }

        /**
         * Where the peers ran, if a reader must know it: on one host, or some sharing a host, with how many of the
         * exchanges were left out; empty when each peer had a host of its own.
         */
        public Optional<String> placement() {
            if (oneHost()) {
                return Optional.of(hosts.where() + ": no exchange crossed a network, so there is no bisection"
                        + " bandwidth, and the figures are of that host's loopback");
            }
            if (!hosts.someShared()) {
                return Optional.empty();
            }
            long leftOut = exchanges.stream().filter(exchange -> !betweenHosts(exchange)).count();
            String where = hosts.where() + ": ";
            if (leftOut > 0) {
                return Optional.of(where + leftOut + " of " + exchanges.size() + " exchanges were between two peers on"
                        + " one host, left out of the figures");
            }
            boolean partners = exchanges.stream().allMatch(exchange -> exchange.partner().isPresent());
            return Optional.of(where + (partners ? "no round paired two of them, so every exchange was between hosts"
                    : "each exchange also went to the peers on its own host, through its loopback, and took as long"
                    + " as all its connections"));
        }
    }

    /** An equal-width histogram of bandwidths in bytes per second: bucket i is [min + i width, min + (i + 1) width). */
    public static final class Buckets {
        private final double min;
        private final double width;
        private final long[] counts;

        Buckets(double min, double width, long[] counts) {
            this.min = min;
            this.width = width;
            this.counts = counts.clone();
        }

        public double min() {
            return min;
        }

        public double width() {
            return width;
        }

        public long[] counts() {
            return counts.clone();
        }
    }
}
