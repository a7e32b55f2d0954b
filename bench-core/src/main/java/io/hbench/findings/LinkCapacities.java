package io.hbench.findings;

import static java.util.Objects.requireNonNull;

import io.hbench.result.BenchResult;
import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.TaskSample;
import io.hbench.units.LinkRate;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place a host's link capacity is settled, first that can tell: what {@code -linkSpeed} gave for the host
 * (read from the result's own command line);
 * what EBB measured for it (its best exchange with a peer on another host: an exchange runs at its slower end's link,
 * so a host's best one is its own link's, unless every partner was slower); the speed its NICs state
 * ({@link HostLink}); EBB's 2-peer link figure, for a host EBB did not run on whose NICs do not tell. Each capacity
 * says which it is.
 */
public final class LinkCapacities {
    /** The flag, without its dash, that gives hosts' link capacities where neither EBB nor their NICs tell. */
    public static final String LINK_SPEED_FLAG = "linkSpeed";
    private static final Pattern PEER = Pattern.compile("peer (\\d+)$");
    private static final LinkCapacities NONE = new LinkCapacities(Map.of(), Map.of(), Optional.empty());

    private final Map<String, Double> given;
    private final Map<String, Double> measured;
    private final Optional<Double> ebbLink;

    private LinkCapacities(Map<String, Double> given, Map<String, Double> measured, Optional<Double> ebbLink) {
        this.given = Map.copyOf(given);
        this.measured = Map.copyOf(measured);
        this.ebbLink = requireNonNull(ebbLink, "ebbLink is null");
    }

    /** Only what the hosts' NICs state. */
    public static LinkCapacities none() {
        return NONE;
    }

    /**
     * These, and what {@code -linkSpeed} gave in the command line {@code result} records, before all else: so a
     * result's findings say the same on the console, in a suite and in a report.
     */
    LinkCapacities withGivenIn(BenchResult result) {
        List<String> commandLine = result.environment().commandLine();
        Map<String, Double> all = new LinkedHashMap<>(given);
        for (int i = 0; i + 1 < commandLine.size(); i++) {
            if (commandLine.get(i).equalsIgnoreCase("-" + LINK_SPEED_FLAG)) {
                try {
                    LinkRate.parseHostRates(commandLine.get(i + 1))
                            .forEach((host, bits) -> all.put(host, LinkRate.toBytesPerSecond(bits)));
                } catch (IllegalArgumentException e) {
                    // Refused before the run started: a result holds none such but by hand.
                }
            }
        }
        return new LinkCapacities(all, measured, ebbLink);
    }

    /** What the EBB results among {@code results} measured of the hosts' links, and nothing given. */
    public static LinkCapacities measuredBy(Collection<BenchResult> results) {
        LinkCapacities links = NONE;
        for (BenchResult result : requireNonNull(results, "results is null")) {
            links = links.withEbb(result);
        }
        return links;
    }

    /**
     * These, and what {@code result} measured of each host's link if it is an EBB result between hosts (anything else
     * adds nothing): each host's best exchange with a peer on another host, over its run and its baseline, and its
     * 2-peer link figure ({@link Findings#link}).
     */
    public LinkCapacities withEbb(BenchResult result) {
        requireNonNull(result, "result is null");
        if (!result.benchmark().equals("EBB")) {
            return this;
        }
        Map<String, Double> best = new HashMap<>(measured);
        for (String run : new String[] {"baseline ", ""}) {
            Map<Integer, String> hostOfPeer = new HashMap<>();
            for (TaskSample sample : result.taskSamples()) {
                Matcher peer = PEER.matcher(sample.id());
                if (sample.id().startsWith("baseline ") == !run.isEmpty() && peer.find() && sample.host().isPresent()) {
                    hostOfPeer.put(Integer.parseInt(peer.group(1)), sample.host().get());
                }
            }
            for (TaskSample sample : result.taskSamples()) {
                Optional<Double> bandwidth = sample.metric("bandwidth").map(Metric::value)
                        .filter(value -> value > 0);
                Optional<String> partner = sample.metric("partner")
                        .map(metric -> hostOfPeer.get((int) metric.value()));
                if (sample.id().startsWith("baseline ") != !run.isEmpty() || bandwidth.isEmpty()
                        || partner.isEmpty() || partner.get() == null || sample.host().isEmpty()
                        || sample.host().get().equals(partner.get())) {
                    continue;
                }
                best.merge(sample.host().get(), bandwidth.get(), Math::max);
                best.merge(partner.get(), bandwidth.get(), Math::max);
            }
        }
        return new LinkCapacities(given, best, ebbLink.or(() -> Findings.link(result)));
    }

    /** The host's link capacity, from the first source that tells; or why none does. */
    Capacity of(HostUsage host) {
        Optional<Double> flag = lookUp(given, host.host());
        if (flag.isPresent()) {
            return Capacity.known(flag.get(), "given by -linkSpeed");
        }
        Optional<Double> ebb = lookUp(measured, host.host());
        if (ebb.isPresent()) {
            return Capacity.known(ebb.get(), "as EBB measured it");
        }
        Optional<HostLink> nic = host.link();
        if (nic.isPresent() && nic.get().bytesPerSecond().isPresent()) {
            return Capacity.known(nic.get().bytesPerSecond().get(), nic.get().basis());
        }
        if (ebbLink.isPresent()) {
            return Capacity.known(ebbLink.get(), "the link EBB measured between two peers");
        }
        return Capacity.unknown(nic.map(HostLink::basis).orElse("its NICs were not read"));
    }

    /** By the host's name as given, or its short name: "w2" stands for w2.example.com. */
    private static Optional<Double> lookUp(Map<String, Double> byHost, String host) {
        Double exact = byHost.get(host);
        if (exact != null) {
            return Optional.of(exact);
        }
        String shortName = shortName(host);
        return byHost.entrySet().stream().filter(entry -> shortName(entry.getKey()).equals(shortName))
                .map(Map.Entry::getValue).findFirst();
    }

    private static String shortName(String host) {
        int dot = host.indexOf('.');
        boolean address = host.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == ':');
        return (dot > 0 && !address ? host.substring(0, dot) : host).toLowerCase(Locale.ROOT);
    }

    /** A host's link capacity and where it comes from, or why it is unknown. */
    static final class Capacity {
        private final Optional<Double> bytesPerSecond;
        private final String source;

        private Capacity(Optional<Double> bytesPerSecond, String source) {
            this.bytesPerSecond = bytesPerSecond;
            this.source = source;
        }

        static Capacity known(double bytesPerSecond, String source) {
            return new Capacity(Optional.of(bytesPerSecond), source);
        }

        static Capacity unknown(String why) {
            return new Capacity(Optional.empty(), why);
        }

        Optional<Double> bytesPerSecond() {
            return bytesPerSecond;
        }

        /** Where the figure comes from ("as EBB measured it", "eth0's speed"), or why there is none. */
        String source() {
            return source;
        }
    }
}
