package io.hbench.bsp.ebb;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.bench.Rates;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * What an EBB run measured. Definitions, as in Netgauge's ebb pattern:
 *
 * <ul>
 * <li>A peer's exchange time in a round is the send time of that round's superstep: from the end of the previous
 * barrier, when every peer starts, until it has sent its bytes, flushed them and received its partners'.
 * <li>A connection's bandwidth is size / that exchange time (each of a peer's connections, for alltoall).
 * <li>A round's (and a size's) bandwidth is size / the average exchange time over its exchanges; for the ebb
 * pattern, over all rounds of a size, that is the effective bisection bandwidth.
 * <li>Bandwidth is in bytes per second. An exchange time below 1 ns counts as 1 ns.
 * <li>Relative: a size's bandwidth / the same size's bandwidth of a 2-peer ebb run.
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

    /** The cluster jobs the runs ran as, in submission order (the run, then its baseline); empty with -listen. */
    public List<SubmittedJob> jobs() {
        List<SubmittedJob> jobs = new ArrayList<>();
        run.job().ifPresent(jobs::add);
        baseline.flatMap(Run::job).ifPresent(jobs::add);
        return List.copyOf(jobs);
    }

    /** The run's bandwidth of {@code size} over the baseline's; empty without a baseline. */
    public Optional<Double> relative(long size) {
        return baseline.map(base -> run.bytesPerSecond(size) / base.bytesPerSecond(size));
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
        int bucketWidth = Integer.toString(Math.max(0, options.buckets() - 1)).length();
        for (long size : options.sizes()) {
            String label = Long.toString(size);
            result.metric(sized("average_time", run.averageNanos(size) / 1e9, Unit.SECONDS, Better.LOWER, label));
            result.metric(sized("bandwidth", run.bytesPerSecond(size), Unit.BYTES_PER_SECOND, Better.HIGHER, label));
            baseline.ifPresent(base -> result
                    .metric(sized("baseline_bandwidth", base.bytesPerSecond(size), Unit.BYTES_PER_SECOND, Better.HIGHER,
                            label))
                    .metric(sized("relative_bandwidth", relative(size).orElseThrow(), Unit.RATIO, Better.HIGHER,
                            label)));
            Histogram bandwidths = Histograms.newHistogram();
            run.exchanges(size).forEach(exchange -> bandwidths.recordValue(Math.round(exchange.bytesPerSecond())));
            result.distribution(Histograms.toDistribution("connection_bandwidth", Unit.BYTES_PER_SECOND, bandwidths, 1)
                    .withLabel("message_size", label));
            if (options.buckets() > 0) {
                // Bucket i covers [min + i * width, min + (i + 1) * width) of the size's connection bandwidths,
                // width = (max - min) / buckets, as the -b lines print them.
                long[] counts = run.buckets(size, options.buckets()).counts();
                for (int i = 0; i < counts.length; i++) {
                    result.metric(sized("bucket_connections", counts[i], Unit.COUNT, Better.NEITHER, label)
                            .withLabel("bucket", String.format(Locale.ROOT, "%0" + bucketWidth + "d", i)));
                }
            }
        }
        addSamples(result, "", run);
        baseline.ifPresent(base -> addSamples(result, "baseline ", base));
        result.jobs(jobs());
        resources().ifPresent(result::resources);
        return result.build();
    }

    private static Metric sized(String id, double value, Unit unit, Better better, String size) {
        return Metric.of(id, value, unit, better).withLabel("message_size", size);
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
                    + " peer " + exchange.peer(), exchange.host(), span.start(), span.end(), metrics));
        }
    }

    /** One peer's exchange in one round. */
    public static final class Exchange {
        private final long size;
        private final int round;
        private final int peer;
        private final String host;
        private final int partner;
        private final long nanos;

        /** @param partner the peer sent to and received from, or -1 if there is none (alltoall) */
        public Exchange(long size, int round, int peer, String host, int partner, long nanos) {
            if (size < 1 || round < 0 || peer < 0 || partner < -1 || nanos < 0) {
                throw new IllegalArgumentException("exchange out of range: size " + size + ", round " + round
                        + ", peer " + peer + ", partner " + partner + ", nanos " + nanos);
            }
            this.size = size;
            this.round = round;
            this.peer = peer;
            this.host = requireNonNull(host, "host is null");
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

        public String host() {
            return host;
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
            return "size " + size + " round " + round + " peer " + peer + " on " + host
                    + (partner < 0 ? "" : " with peer " + partner) + ": " + nanos + " ns";
        }
    }

    /** When one peer's program ran, as the peer itself timed it. */
    public static final class PeerSpan {
        private final int peer;
        private final Instant start;
        private final Duration duration;

        /**
         * @param start when the peer's program started, on the peer's own wall clock
         * @param duration how long it ran until it returned its figures, on the peer's monotonic clock
         */
        public PeerSpan(int peer, Instant start, Duration duration) {
            if (peer < 0) {
                throw new IllegalArgumentException("peer is negative");
            }
            this.peer = peer;
            this.start = requireNonNull(start, "start is null");
            this.duration = requireNonNull(duration, "duration is null");
            if (duration.isNegative()) {
                throw new IllegalArgumentException("peer " + peer + " ran for a negative time: " + duration);
            }
        }

        public int peer() {
            return peer;
        }

        public Instant start() {
            return start;
        }

        public Duration duration() {
            return duration;
        }

        public Instant end() {
            return start.plus(duration);
        }

        @Override
        public String toString() {
            return "peer " + peer + ": started " + start + ", ran " + duration;
        }
    }

    /** The exchanges of one job, every size and round, when each of its peers ran, and the cluster job it was. */
    public static final class Run {
        private final int peers;
        private final List<PeerSpan> spans;
        private final List<Exchange> exchanges;
        private final Optional<SubmittedJob> job;
        private final Optional<ResourceUsage> resources;

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
                if (exchange.peer() >= peers) {
                    throw new IllegalArgumentException("an exchange of peer " + exchange.peer() + " in a run of "
                            + peers + " peers");
                }
            }
            this.job = requireNonNull(job, "job is null");
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

        /** When each peer's program ran; element i is peer i's. */
        public List<PeerSpan> spans() {
            return spans;
        }

        public List<Exchange> exchanges() {
            return exchanges;
        }

        public List<Exchange> exchanges(long size) {
            return exchanges.stream().filter(e -> e.size() == size).collect(Collectors.toList());
        }

        public List<Exchange> exchanges(long size, int round) {
            return exchanges.stream().filter(e -> e.size() == size && e.round() == round).collect(Collectors.toList());
        }

        /** Mean exchange time of every exchange of {@code size}, in nanoseconds. */
        public double averageNanos(long size) {
            return average(exchanges(size));
        }

        public double averageNanos(long size, int round) {
            return average(exchanges(size, round));
        }

        /** size / average exchange time over all rounds: for the ebb pattern, the effective bisection bandwidth. */
        public double bytesPerSecond(long size) {
            return size * 1e9 / Math.max(1, averageNanos(size));
        }

        public double bytesPerSecond(long size, int round) {
            return size * 1e9 / Math.max(1, averageNanos(size, round));
        }

        /**
         * Connection bandwidths of {@code size} counted in {@code count} buckets of equal width from the lowest to
         * the highest; the highest counts in the last bucket. All in the first bucket if all are equal.
         */
        public Buckets buckets(long size, int count) {
            double[] values = exchanges(size).stream().mapToDouble(Exchange::bytesPerSecond).toArray();
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

        private static double average(List<Exchange> of) {
            return of.stream().mapToLong(Exchange::nanos).average().orElse(0);
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
