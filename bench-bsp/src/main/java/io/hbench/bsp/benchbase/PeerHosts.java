package io.hbench.bsp.benchbase;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Where the peers of one job ran, as each named its host. Two peers on one host talk through its loopback, far faster
 * than any link, so the BSP benchmarks count as network figures only what went between hosts, and show the rest apart;
 * when every peer ran on one host there is no network at all, and their figures are of that host's loopback.
 */
public final class PeerHosts {
    /** Hosts named in a notice of peers that shared hosts; the rest are counted. */
    private static final int NAMED_SHARED_HOSTS = 3;

    private final List<String> hosts;
    private final int count;

    /** @param hosts element i is the host peer i ran on, as its host's resource samples name it */
    public PeerHosts(List<String> hosts) {
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        if (this.hosts.isEmpty()) {
            throw new IllegalArgumentException("no peer");
        }
        this.count = (int) this.hosts.stream().distinct().count();
    }

    /** How many peers ran. */
    public int peers() {
        return hosts.size();
    }

    /** The host peer {@code peer} ran on. */
    public String host(int peer) {
        return hosts.get(peer);
    }

    /** How many hosts the peers ran on. */
    public int count() {
        return count;
    }

    /** Whether every peer ran on one host: nothing crossed a network, and every figure is of its loopback. */
    public boolean oneHost() {
        return count == 1;
    }

    /** Whether the peers spanned several hosts and some of them shared one. */
    public boolean someShared() {
        return count > 1 && count < hosts.size();
    }

    /** Whether two different peers ran on different hosts, so that what went between them crossed a network. */
    public boolean betweenHosts(int peer, int other) {
        return !host(peer).equals(host(other));
    }

    /** "4 peers on 3 hosts", "4 peers on 1 host": what the first line of a BSP benchmark says. */
    public String summary() {
        return hosts.size() + " peers on " + count + (count == 1 ? " host" : " hosts");
    }

    /**
     * "all 4 peers ran on one host (vm)" or "the 4 peers ran on 3 hosts (2 on w1)", naming the hosts that ran several
     * peers, most first, at most {@value #NAMED_SHARED_HOSTS} of them: the start of a notice of where peers ran.
     */
    public String where() {
        if (oneHost()) {
            return "all " + hosts.size() + " peers ran on one host (" + hosts.get(0) + ")";
        }
        return "the " + hosts.size() + " peers ran on " + count + " hosts (" + sharedHosts() + ")";
    }

    /** The hosts that ran more than one peer, most first: "2 on w1, 2 on w3 and 4 more hosts with several". */
    private String sharedHosts() {
        Map<String, Long> peersOn = hosts.stream().collect(Collectors.groupingBy(host -> host, TreeMap::new,
                Collectors.counting()));
        List<Map.Entry<String, Long>> shared = peersOn.entrySet().stream().filter(entry -> entry.getValue() > 1)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).collect(Collectors.toList());
        String named = shared.stream().limit(NAMED_SHARED_HOSTS)
                .map(entry -> entry.getValue() + " on " + entry.getKey()).collect(Collectors.joining(", "));
        int more = shared.size() - NAMED_SHARED_HOSTS;
        return more <= 0 ? named
                : named + " and " + more + (more == 1 ? " more host" : " more hosts") + " with several";
    }

    @Override
    public String toString() {
        return "peers on " + hosts;
    }
}
