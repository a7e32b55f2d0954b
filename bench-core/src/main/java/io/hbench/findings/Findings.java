package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.fs.Leftover;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.MetricNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The answers a run's own figures give: which hosts are slow, by the figures every program measures per task, per
 * peer or per connection and by the hosts' disks ({@link SlowHostRule}); what limited the run ({@link Limits}); which
 * hosts' samples do not span the run ({@link CoverageGaps}); for EBB, what its relative bandwidth means; and whether a
 * TestDFSIO read met the disks ({@link PageCacheReads}); what HDFS's own slow-node detection said
 * ({@link HdfsSlowNodes}); and which paths the run removed are still there ({@link Leftover}). Computed from a
 * result alone, so the program's console, Suite's summary and the report say the same.
 */
public final class Findings {
    private static final Pattern PEER = Pattern.compile("peer (\\d+)$");
    private static final Pattern TASK_KIND = Pattern.compile("attempt_(\\d+_\\d+)_([mr])_\\d+_\\d+");
    private static final MetricKey DISK_LATENCY = MetricKey.of("disk_latency").withLabel("stat", "mean");
    static final int SLOW_DISK_FACTOR = 2;
    /** The brief of the slow-host finding of a run on too few hosts to judge any. */
    public static final String NOT_JUDGED = "not judged";

    private Findings() {
    }

    /**
     * @param links what other results measured of the hosts' links (a suite's EBB step); the result's own
     *        {@code -linkSpeed}, and an EBB result's own measures, are added
     */
    public static List<Finding> of(BenchResult result, LinkCapacities links) {
        requireNonNull(result, "result is null");
        requireNonNull(links, "links is null");
        List<Finding> findings = new ArrayList<>(slowHosts(result));
        List<Finding> slowDataNodes = SlowDataNodes.of(result);
        findings.addAll(slowDataNodes);
        findings.addAll(slowDisks(result));
        result.resources().ifPresent(usage -> findings.addAll(Limits.of(usage, links.withGivenIn(result).withEbb(result))));
        findings.addAll(CoverageGaps.of(result));
        ebbReading(result).ifPresent(findings::add);
        PageCacheReads.of(result).ifPresent(findings::add);
        HdfsSlowNodes.of(result, slowDataNodes).ifPresent(findings::add);
        for (Leftover leftover : Leftover.inOutputs(result.outputs())) {
            findings.add(new Finding(Finding.Kind.LEFTOVER, Optional.empty(), leftover.brief(),
                    leftover.text()));
        }
        return findings;
    }

    /**
     * The bandwidth of one link as an EBB result measured it: the per-connection bandwidth of its 2-peer baseline at its
     * largest message size (the one nearest the link's rate), or of the run itself if it ran 2 peers; empty for any
     * other result, for one whose peers all ran on one host, and for one whose baseline's two peers shared a host
     * (EBB gives no baseline figure then).
     */
    public static Optional<Double> link(BenchResult result) {
        // Peers on one host measured that host's loopback, which no network figure should be held to.
        if (!result.benchmark().equals("EBB") || result.taskHosts().size() == 1) {
            return Optional.empty();
        }
        String id = result.metrics("baseline_bandwidth").isEmpty()
                ? "2".equals(result.parameters().get("peers")) ? "bandwidth" : null : "baseline_bandwidth";
        return id == null ? Optional.empty() : result.metrics(id).stream()
                .max(Comparator.comparingLong(metric -> messageSize(metric))).map(Metric::value);
    }

    private static long messageSize(Metric metric) {
        try {
            return Long.parseLong(metric.labels().getOrDefault("message_size", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static List<Finding> slowHosts(BenchResult result) {
        List<TaskSample> samples = result.taskSamples();
        if (samples.stream().anyMatch(sample -> sample.metric("partner").isPresent())) {
            Map<Integer, String> hostOfPeer = peerHosts(samples);
            return judge(connections(samples, hostOfPeer), new TreeSet<>(hostOfPeer.values()), Better.HIGHER,
                    DisplayUnit.of("bandwidth", Unit.BYTES_PER_SECOND), "bandwidth", "exchanges", "message size");
        }
        if (samples.stream().anyMatch(sample -> sample.metric("throughput").isPresent())) {
            List<Observation> observations = new ArrayList<>();
            for (TaskSample sample : samples) {
                sample.host().ifPresent(host -> sample.metric("throughput").filter(metric -> metric.value() > 0)
                        .ifPresent(metric -> observations.add(Observation.of(host, "", metric.value()))));
            }
            String what = samples.get(0).id().startsWith("peer ") ? "peers" : "tasks";
            return judge(observations, Better.HIGHER, DisplayUnit.of("throughput", Unit.BYTES_PER_SECOND),
                    "throughput", what, "");
        }
        List<Observation> times = new ArrayList<>();
        for (TaskSample sample : samples) {
            Matcher kind = TASK_KIND.matcher(sample.id());
            Optional<Metric> time = sample.metric("task_time").filter(metric -> metric.value() > 0);
            if (sample.host().isPresent() && time.isPresent()) {
                String group = kind.find() ? kind.group(1) + kind.group(2) : "";
                times.add(Observation.of(sample.host().get(), group, time.get().value()));
            }
        }
        return judge(times, Better.LOWER, DisplayUnit.of("task_time", Unit.SECONDS), "time", "tasks",
                "job and kind (map or reduce)");
    }

    /** The host of each peer of EBB's own run (not its baseline's), by the samples of its exchanges. */
    private static Map<Integer, String> peerHosts(List<TaskSample> samples) {
        Map<Integer, String> hostOfPeer = new HashMap<>();
        for (TaskSample sample : samples) {
            Matcher peer = PEER.matcher(sample.id());
            if (!sample.id().startsWith("baseline ") && peer.find() && sample.host().isPresent()) {
                hostOfPeer.put(Integer.parseInt(peer.group(1)), sample.host().get());
            }
        }
        return hostOfPeer;
    }

    /**
     * EBB's exchanges of its own run (not its baseline's) between hosts, each once, speaking of both its peers' hosts.
     * Two peers on one host exchange through its loopback, which says nothing of its link.
     */
    private static List<Observation> connections(List<TaskSample> samples, Map<Integer, String> hostOfPeer) {
        List<Observation> observations = new ArrayList<>();
        for (TaskSample sample : samples) {
            Matcher self = PEER.matcher(sample.id());
            if (sample.id().startsWith("baseline ") || !self.find() || sample.host().isEmpty()) {
                continue;
            }
            Optional<Metric> bandwidth = sample.metric("bandwidth").filter(metric -> metric.value() > 0);
            Optional<Integer> partnerPeer = sample.metric("partner").map(metric -> (int) metric.value());
            // Both ends time each exchange: one of the two, the lower peer's, stands for it.
            if (partnerPeer.isEmpty() || Integer.parseInt(self.group(1)) > partnerPeer.get()) {
                continue;
            }
            String partner = hostOfPeer.get(partnerPeer.get());
            if (bandwidth.isPresent() && partner != null && !partner.equals(sample.host().get())) {
                String size = sample.metric("message_size").map(metric -> Long.toString((long) metric.value()))
                        .orElse("");
                observations.add(new Observation(List.of(sample.host().get(), partner), size,
                        bandwidth.get().value()));
            }
        }
        return observations;
    }

    /**
     * Hosts whose disks answered slowly: each sampled machine's mean await, one figure per machine (a host, or the hosts
     * that share a kernel and so its disks: {@link Machine}), held slow only at {@value #SLOW_DISK_FACTOR} times the
     * median machine's or more: a mean await follows the mix of requests a host was given (sizes, reads or writes, how
     * many at once) as much as its disks, so hosts doing different parts of a run differ by more than the few per cent
     * the rule's own shortfall allows.
     */
    private static List<Finding> slowDisks(BenchResult result) {
        if (result.resources().isEmpty()) {
            return List.of();
        }
        List<Machine> machines = Machine.of(result.resources().get());
        Map<String, Machine> byLabel = new HashMap<>();
        List<Observation> observations = new ArrayList<>();
        for (Machine machine : machines) {
            machine.mean(host -> host.summary(DISK_LATENCY).filter(metric -> metric.value() > 0).isPresent(),
                    host -> host.summary(DISK_LATENCY).orElseThrow().value()).ifPresent(await -> {
                        observations.add(Observation.of(machine.label(), "", await));
                        byLabel.put(machine.label(), machine);
                    });
        }
        DisplayUnit await = DisplayUnit.of(DISK_LATENCY.id(), Unit.SECONDS);
        String judged = Machine.anyShared(machines) ? "machines" : "hosts";
        List<Finding> findings = new ArrayList<>();
        for (SlowHost slow : SlowHostRule.apply(observations, Better.LOWER, 100 - 100 / SLOW_DISK_FACTOR)) {
            findings.add(new Finding(Finding.Kind.SLOW_HOST, Optional.of(slow.host()), slow.host() + " (disks)",
                    byLabel.get(slow.host()).subject() + ": disk requests took "
                    + await.text(slow.hostMedian().orElseThrow()) + " on average (await), against "
                    + await.text(slow.allMedian().orElseThrow()) + ", the median of the " + observations.size()
                    + " sampled " + judged));
        }
        return findings;
    }

    /**
     * The slow hosts by {@code observations}, or one finding that none is, or that too few hosts ran to tell; nothing
     * if no figure names a host.
     */
    private static List<Finding> judge(List<Observation> observations, Better better, DisplayUnit unit,
            String figure, String what, String groupNoun) {
        TreeSet<String> hosts = new TreeSet<>();
        observations.forEach(one -> hosts.addAll(one.hosts()));
        return judge(observations, hosts, better, unit, figure, what, groupNoun);
    }

    /** @param hosts the hosts that ran the run's tasks or peers, whether or not a figure speaks of them */
    private static List<Finding> judge(List<Observation> observations, TreeSet<String> hosts, Better better,
            DisplayUnit unit, String figure, String what, String groupNoun) {
        if (hosts.isEmpty()) {
            return List.of();
        }
        if (hosts.size() < SlowHostRule.MIN_HOSTS) {
            return List.of(new Finding(Finding.Kind.SLOW_HOST, Optional.empty(), NOT_JUDGED, NOT_JUDGED + ": the "
                    + what + " ran on " + count(hosts.size(), "host") + ", and it takes " + SlowHostRule.MIN_HOSTS
                    + " to tell one apart"));
        }
        List<SlowHost> slow = SlowHostRule.apply(observations, better);
        if (slow.isEmpty()) {
            return List.of(new Finding(Finding.Kind.SLOW_HOST, Optional.empty(), "none", "none among the " + hosts.size()
                    + " hosts, by the " + figure + " of their " + observations.size() + " " + what));
        }
        List<Finding> findings = new ArrayList<>();
        for (SlowHost host : slow) {
            findings.add(new Finding(Finding.Kind.SLOW_HOST, Optional.of(host.host()), host.host(),
                    host.host() + ": " + evidence(host, better, unit, figure, what, groupNoun)));
        }
        return findings;
    }

    private static String evidence(SlowHost host, Better better, DisplayUnit unit, String figure, String what,
            String groupNoun) {
        String share = host.slowObservations() + " of its " + host.observations() + " " + what + " slow";
        if (host.hostMedian().isPresent()) {
            return (host.byBest() ? "best " : "median ") + figure + " " + unit.text(host.hostMedian().get())
                    + " against " + unit.text(host.allMedian().orElseThrow()) + " on the median host ("
                    + ratio(better == Better.HIGHER ? host.relativeSpeed() : 1 / host.relativeSpeed())
                    + " times the median); " + share;
        }
        return better == Better.HIGHER
                ? "its " + what + " ran at " + ratio(host.relativeSpeed()) + " times the median " + figure + " of "
                        + what + " of their " + groupNoun + "; " + share
                : "its " + what + " took " + ratio(1 / host.relativeSpeed()) + " times the median " + figure + " of "
                        + what + " of their " + groupNoun + "; " + share;
    }

    /**
     * EBB's figures in words: on one host, that they are of its loopback; with a baseline, its relative bandwidth at
     * its largest message size.
     */
    private static Optional<Finding> ebbReading(BenchResult result) {
        if (!result.benchmark().equals("EBB")) {
            return Optional.empty();
        }
        List<Metric> relative = result.metrics("relative_bandwidth");
        String peers = result.parameters().getOrDefault("peers", "all");
        TreeSet<String> hosts = new TreeSet<>();
        result.taskSamples().stream().filter(sample -> !sample.id().startsWith("baseline "))
                .forEach(sample -> sample.host().ifPresent(hosts::add));
        if (hosts.size() == 1 && relative.isEmpty()) {
            return Optional.of(new Finding(Finding.Kind.READING, Optional.empty(), "one host, no network",
                    "all " + peers + " peers ran on " + hosts.first() + ": EBB measured how that host's loopback"
                            + " carries their exchanges, not what a network carries"));
        }
        if (relative.isEmpty()) {
            return Optional.empty();
        }
        Metric largest = relative.stream().max(Comparator.comparingLong(Findings::messageSize)).orElseThrow();
        String size = largest.labels().get("message_size");
        double base = result.metric(MetricKey.of("baseline_bandwidth").withLabel("message_size", size))
                .map(Metric::value).orElse(Double.NaN);
        DisplayUnit bandwidth = DisplayUnit.of("baseline_bandwidth", Unit.BYTES_PER_SECOND);
        double r = largest.value();
        if (hosts.size() == 1) {
            return Optional.of(new Finding(Finding.Kind.READING, Optional.empty(), "one host, no network",
                    "all " + peers + " peers ran on " + hosts.first() + ": the relative bandwidth, " + ratio(r)
                            + ", says how that host shares itself among them, not what a network carries"));
        }
        String reading = r >= 0.9
                ? "full bisection bandwidth: with " + peers + " peers exchanging at once each connection still got "
                        + ratio(r) + " times the " + bandwidth.text(base) + " two peers got alone"
                : "the network is the limit between hosts: with " + peers + " peers exchanging at once each connection"
                        + " got " + ratio(r) + " times the " + bandwidth.text(base)
                        + " two peers got alone, so the bisection carries " + percent(r * 100)
                        + " of what its links could";
        String brief = r >= 0.9 ? "full bisection bandwidth" : "bisection " + percent(r * 100) + " of the links";
        return Optional.of(new Finding(Finding.Kind.READING, Optional.empty(), brief, reading + " (messages of "
                + MetricNames.size(messageSize(largest)) + ")"));
    }

    static String ratio(double value) {
        return DisplayUnit.fixed(value, 2);
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%.0f %%", value);
    }

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
