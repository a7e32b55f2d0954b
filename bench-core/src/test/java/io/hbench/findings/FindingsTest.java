package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.HostLink;
import io.hbench.result.HostUsage;
import io.hbench.result.Metric;
import io.hbench.result.MetricKey;
import io.hbench.result.Phase;
import io.hbench.result.ResourceSeries;
import io.hbench.result.ResourceUsage;
import io.hbench.result.TaskSample;
import io.hbench.result.Unit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class FindingsTest {
    private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");
    private static final double MIB = 1 << 20;

    @Test
    void namesTheSlowHostByItsTasksThroughputWithTheFiguresThatConvictIt() {
        BenchResult.Builder result = dfsio();
        int task = 0;
        for (String host : List.of("dn1", "dn2", "dn3", "dn4", "dn5")) {
            double mibPerSecond = host.equals("dn4") ? 20 : 100 + task % 3;
            for (int i = 0; i < 2; i++) {
                result.taskSample(task(task++, host, Metric.of("throughput", mibPerSecond * MIB,
                        Unit.BYTES_PER_SECOND, Better.HIGHER)));
            }
        }

        assertThat(Findings.of(result.build(), LinkCapacities.none())).containsExactly(new Finding(
                Finding.Kind.SLOW_HOST, Optional.of("dn4"), "dn4", "dn4: median throughput 20.000 MiB/s against"
                        + " 101.000 MiB/s on the median host (0.20 times the median); 2 of its 2 tasks slow"));
    }

    @Test
    void readsBothFiguresOfTheEvidenceInTheFiguresOneUnit() {
        BenchResult.Builder result = dfsio();
        int task = 0;
        for (String host : List.of("dn1", "dn2", "dn3", "dn4", "dn5")) {
            double mibPerSecond = host.equals("dn4") ? 20 : 1500;
            for (int i = 0; i < 2; i++) {
                result.taskSample(task(task++, host, Metric.of("throughput", mibPerSecond * MIB,
                        Unit.BYTES_PER_SECOND, Better.HIGHER)));
            }
        }

        assertThat(Findings.of(result.build(), LinkCapacities.none())).extracting(Finding::text).containsExactly(
                "dn4: median throughput 20.000 MiB/s against 1500.000 MiB/s on the median host (0.01 times the"
                        + " median); 2 of its 2 tasks slow");
    }

    @Test
    void readsTheDisksAwaitInMillisecondsHoweverShort() {
        List<HostUsage> hosts = new ArrayList<>();
        for (String name : List.of("dn1", "dn2", "dn3", "dn4", "dn5")) {
            hosts.add(HostUsage.sampled(name, List.of(), List.of(), List.of(mean("cpu_user", 10, Unit.PERCENT),
                    mean("disk_latency", name.equals("dn4") ? 0.025 : 0.0004, Unit.SECONDS))));
        }

        assertThat(Findings.of(dfsio().resources(new ResourceUsage(Duration.ofSeconds(1), List.of(), hosts, List.of()))
                .build(), LinkCapacities.none())).extracting(Finding::text).contains("dn4: disk requests took 25.000 ms on"
                        + " average (await), against 0.400 ms, the median of the 5 sampled hosts");
    }

    @Test
    void namesTheHostInEverySlowEbbPairCountingEachExchangeOnce() {
        BenchResult.Builder ebb = BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth")
                .environment(environment()).start(START).end(START.plusSeconds(10)).parameter("peers", "4")
                .metric(sized("bandwidth", 50 * MIB, Unit.BYTES_PER_SECOND));
        // Three rounds of matchings of peers 0-3 on hosts h0-h3; every exchange with h3 runs at 5 MiB/s, the rest at
        // about 100. Each exchange is timed at both ends: both samples are here, and it counts once.
        int[][][] rounds = {{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}};
        for (int round = 0; round < rounds.length; round++) {
            for (int[] pair : rounds[round]) {
                double mibPerSecond = pair[1] == 3 ? 5 : 100 + round;
                for (int end = 0; end < 2; end++) {
                    int peer = pair[end];
                    int partner = pair[1 - end];
                    ebb.taskSample(new TaskSample("size 1048576 round " + round + " peer " + peer, "h" + peer, START,
                            START.plusSeconds(1), List.of(
                                    Metric.of("message_size", MIB, Unit.BYTES, Better.NEITHER),
                                    Metric.of("partner", partner, Unit.COUNT, Better.NEITHER),
                                    Metric.of("bandwidth", mibPerSecond * MIB, Unit.BYTES_PER_SECOND,
                                            Better.HIGHER))));
                }
            }
        }

        // Counted once: h0's exchanges 100, 101, 5; h1's 100, 5, 102; h2's 5, 101, 102; h3's 5, 5, 5 MiB/s. Hosts'
        // best 101, 102, 102, 5: the median host's (101 + 102) / 2 = 101.5, and h3's 5 is 0.05 of it.
        assertThat(Findings.of(ebb.build(), LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "slow host: h3: best bandwidth 5.000 MiB/s against 101.500 MiB/s on the median host (0.05 times the"
                        + " median); 3 of its 3 exchanges slow");
    }

    @Test
    void leavesExchangesBetweenPeersOnOneHostOutOfTheSlowHostRule() {
        BenchResult.Builder ebb = BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth")
                .environment(environment()).start(START).end(START.plusSeconds(10)).parameter("peers", "6")
                .metric(sized("bandwidth", 50 * MIB, Unit.BYTES_PER_SECOND));
        // Peers 0-5 on hosts h0, h1, h2, h3, h4, h4. h4's link is slow: every exchange of peer 4 or 5 with another host
        // runs at 5 MiB/s, the rest at about 100; but 4 and 5 also meet on h4, through its loopback, at 1000.
        int[][][] rounds = {{{0, 1}, {2, 3}, {4, 5}}, {{0, 4}, {1, 5}, {2, 3}}, {{0, 5}, {1, 2}, {3, 4}}};
        String[] hostOf = {"h0", "h1", "h2", "h3", "h4", "h4"};
        for (int round = 0; round < rounds.length; round++) {
            for (int[] pair : rounds[round]) {
                double mibPerSecond = pair[0] == 4 ? 1000 : pair[1] >= 4 ? 5 : 100 + round;
                for (int end = 0; end < 2; end++) {
                    ebb.taskSample(new TaskSample("size 1048576 round " + round + " peer " + pair[end],
                            hostOf[pair[end]], START, START.plusSeconds(1), List.of(
                                    Metric.of("message_size", MIB, Unit.BYTES, Better.NEITHER),
                                    Metric.of("partner", pair[1 - end], Unit.COUNT, Better.NEITHER),
                                    Metric.of("bandwidth", mibPerSecond * MIB, Unit.BYTES_PER_SECOND,
                                            Better.HIGHER))));
                }
            }
        }

        // Counted once, between hosts: h0's 100, 5, 5; h1's 100, 5, 102; h2's 100, 101, 102; h3's 100, 101, 5; h4's
        // 5, 5, 5, 5 MiB/s (4-5 at 1000 left out). Hosts' best 100, 102, 102, 101, 5: the median host's 101, and
        // h4's 5 is 0.05 of it. Counted, the loopback's 1000 would have been h4's best and hidden its link.
        assertThat(Findings.of(ebb.build(), LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "slow host: h4: best bandwidth 5.000 MiB/s against 101.000 MiB/s on the median host (0.05 times the"
                        + " median); 4 of its 4 exchanges slow");
    }

    @Test
    void saysNoHostIsSlowAndAmongHowMany() {
        BenchResult.Builder result = dfsio();
        for (int task = 0; task < 4; task++) {
            result.taskSample(task(task, "dn" + task, Metric.of("throughput", (100 + task) * MIB,
                    Unit.BYTES_PER_SECOND, Better.HIGHER)));
        }

        assertThat(Findings.of(result.build(), LinkCapacities.none())).extracting(Finding::toString)
                .containsExactly("slow host: none among the 4 hosts, by the throughput of their 4 tasks");
    }

    @Test
    void saysTooFewHostsRanToTell() {
        BenchResult.Builder result = dfsio();
        result.taskSample(task(0, "localhost", Metric.of("throughput", MIB, Unit.BYTES_PER_SECOND, Better.HIGHER)));

        assertThat(Findings.of(result.build(), LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "slow host: not judged: the tasks ran on 1 host, and it takes 3 to tell one apart");
    }

    @Test
    void judgesTaskTimesWithinTheirJobAndKind() {
        BenchResult.Builder result = dfsio();
        int task = 0;
        for (String host : List.of("w1", "w2", "w3", "w4")) {
            double factor = host.equals("w2") ? 3 : 1;
            result.taskSample(new TaskSample("attempt_1700000000000_0001_m_00000" + task + "_0", host, START,
                    START.plusSeconds(10), List.of(time(10 * factor + task))));
            result.taskSample(new TaskSample("attempt_1700000000000_0001_r_00000" + task + "_0", host, START,
                    START.plusSeconds(100), List.of(time(100 * factor + task))));
            task++;
        }

        // Maps 10, 31, 12, 13 s: median speed (1/12 + 1/13) / 2, w2's relative speed 0.4026; reduces 100, 301, 102,
        // 103 s: w2's 0.3405. Hosts' figures 1.136, 0.3716, 1.0225, 0.9776, median 1.00005: w2 0.3716 / 1.00005 of it.
        assertThat(Findings.of(result.build(), LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "slow host: w2: its tasks took 2.69 times the median time of tasks of their job and kind (map or"
                        + " reduce); 2 of its 2 tasks slow");
    }

    @Test
    void saysTheCpuHeldARunBack() {
        ResourceUsage usage = usage(host("dn1", 85, 6, 10 * MIB), host("dn2", 40, 5, 10 * MIB));

        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.none())).extracting(Finding::toString)
                .startsWith("limit: held back by CPU on dn1 (91 % busy), on average while sampled");
        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.none())).extracting(Finding::brief)
                .startsWith("CPU");
    }

    @Test
    void aHostSampledThroughItsDataNodesMetricsIsNeverJudgedForItsCpuDisksOrPageCache() {
        HostUsage dataNode = HostUsage.sampledThroughDataNode("w4", List.of(START, START.plusSeconds(1)), List.of(),
                List.of(mean("datanode_read", 100 * MIB, Unit.BYTES_PER_SECOND)));
        ResourceUsage usage = usage(host("dn1", 30, 5, 10 * MIB), dataNode);

        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.none())).extracting(Finding::text)
                .contains("no sampled resource near its limit: CPU at most 35 % busy (dn1), network not judged;"
                        + " the run waited on what sampling does not see (latencies, the NameNode, task start-up)")
                .noneMatch(text -> text.contains("w4"));
    }

    @Test
    void namesAKernelSeveralHostsShareOnceForItsCpuAndNamesItAsTheirMachine() {
        // w1 and w2 are namespaces of one machine: both report its CPU.
        ResourceUsage usage = usage(host("w1", 85, 6, 10 * MIB).sharingKernelWith(List.of("w2")),
                host("w2", 85, 6, 10 * MIB).sharingKernelWith(List.of("w1")), host("dn3", 40, 5, 10 * MIB));

        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.none())).extracting(Finding::toString)
                .startsWith("limit: held back by CPU on the machine w1, w2 share (91 % busy), on average while"
                        + " sampled");
    }

    @Test
    void judgesTheResourcesInsideTheRunsPhasesNotItsStartUp() {
        List<Instant> times = List.of(START, START.plusSeconds(1), START.plusSeconds(2), START.plusSeconds(3),
                START.plusSeconds(4));
        // Busy 95 % in the two seconds of the phase, idle before and after: 50 % over the whole window.
        HostUsage busy = HostUsage.sampled("dn1", times, List.of(
                new ResourceSeries(MetricKey.of("cpu_user"), Unit.PERCENT, List.of(5.0, 90.0, 90.0, 5.0)),
                new ResourceSeries(MetricKey.of("cpu_system"), Unit.PERCENT, List.of(0.0, 5.0, 5.0, 0.0))),
                List.of(mean("cpu_user", 47.5, Unit.PERCENT), mean("cpu_system", 2.5, Unit.PERCENT)));
        ResourceUsage usage = new ResourceUsage(ResourceUsage.Coverage.RUN, Duration.ofSeconds(1),
                List.of(new Phase("write", START.plusSeconds(1), START.plusSeconds(3))), List.of(busy), List.of());

        assertThat(Findings.of(dfsio().end(times.get(4)).resources(usage).build(), LinkCapacities.none()))
                .extracting(Finding::toString)
                .containsExactly("limit: held back by CPU on dn1 (95 % busy), on average while sampled");
    }

    @Test
    void saysTheDisksHeldARunBack() {
        HostUsage busy = HostUsage.sampled("dn2", List.of(START, START.plusSeconds(1), START.plusSeconds(2)),
                List.of(new ResourceSeries(MetricKey.of("disk_busy"), Unit.PERCENT, List.of(96.0, 98.0))),
                List.of(mean("cpu_user", 20, Unit.PERCENT), mean("cpu_system", 5, Unit.PERCENT),
                        mean("disk_busy", 97, Unit.PERCENT)));

        assertThat(Findings.of(dfsio().resources(usage(busy)).build(), LinkCapacities.none()))
                .extracting(Finding::toString, Finding::brief)
                .containsExactly(tuple(
                        "limit: held back by the disks on dn2 (97 % busy), on average while sampled", "disks"));
    }

    @Test
    void namesAHostWhoseDisksAnsweredTwiceAsSlowlyAsTheMedianHostsAndNoLess() {
        // The median of 0.70, 0.81, 0.69 and 0.72 ms is 0.71: dn2's 0.81 stands apart but is a request mix's
        // difference, while 1.60 is 2.3 times the median.
        assertThat(slowDiskHosts(0.70, 0.81, 0.69, 0.72)).isEmpty();
        assertThat(slowDiskHosts(0.70, 1.60, 0.69, 0.72)).containsExactly("dn2");
    }

    @Test
    void neverConvictsAHostForTheDisksOfAMachineItSharesWithTheOthers() {
        // Four namespaces of one machine, sampled over windows of their own: their awaits differ, their disks do not.
        List<HostUsage> hosts = diskHosts(0.70, 1.60, 0.69, 0.72);
        List<String> names = List.of("dn1", "dn2", "dn3", "dn4");
        for (int i = 0; i < hosts.size(); i++) {
            String self = names.get(i);
            hosts.set(i, hosts.get(i).sharingKernelWith(names.stream().filter(name -> !name.equals(self))
                    .collect(Collectors.toList())));
        }

        assertThat(Findings.of(dfsio().resources(usage(hosts.toArray(new HostUsage[0]))).build(), LinkCapacities.none()))
                .noneMatch(finding -> finding.kind() == Finding.Kind.SLOW_HOST);
    }

    @Test
    void namesTheMachineWhoseDisksAnsweredSlowlyByTheHostsThatShareIt() {
        List<HostUsage> hosts = diskHosts(0.70, 1.60, 1.60, 0.69, 0.72);
        hosts.set(1, hosts.get(1).sharingKernelWith(List.of("dn3")));
        hosts.set(2, hosts.get(2).sharingKernelWith(List.of("dn2")));

        assertThat(Findings.of(dfsio().resources(usage(hosts.toArray(new HostUsage[0]))).build(), LinkCapacities.none()))
                .filteredOn(finding -> finding.kind() == Finding.Kind.SLOW_HOST)
                .extracting(Finding::host, Finding::text)
                .containsExactly(tuple(Optional.of("dn2, dn3"), "the machine dn2, dn3 share: disk requests took"
                        + " 1.600 ms on average (await), against 0.710 ms, the median of the 4 sampled machines"));
    }

    private static List<String> slowDiskHosts(double... awaitMillis) {
        return Findings.of(dfsio().resources(usage(diskHosts(awaitMillis).toArray(new HostUsage[0]))).build(), LinkCapacities.none()).stream().filter(finding -> finding.kind() == Finding.Kind.SLOW_HOST)
                .map(finding -> finding.host().orElseThrow()).collect(Collectors.toList());
    }

    private static List<HostUsage> diskHosts(double... awaitMillis) {
        List<HostUsage> hosts = new ArrayList<>();
        for (int i = 0; i < awaitMillis.length; i++) {
            hosts.add(HostUsage.sampled("dn" + (i + 1), List.of(START, START.plusSeconds(1)), List.of(),
                    List.of(mean("cpu_user", 20, Unit.PERCENT), mean("cpu_system", 5, Unit.PERCENT),
                            mean("disk_latency", awaitMillis[i] / 1000, Unit.SECONDS))));
        }
        return hosts;
    }

    @Test
    void holdsTheNetworkToTheLinkEbbMeasuredBetweenTwoPeersWhereNothingElseTells() {
        ResourceUsage usage = usage(host("dn1", 10, 5, 90 * MIB), host("dn2", 10, 5, 30 * MIB));

        // No series: the summary's mean stands in for the busiest intervals.
        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.measuredBy(List.of(ebb(100 * MIB)))))
                .extracting(Finding::toString).containsExactly("limit: limited by dn1's network: 90.000 MiB/s sent"
                        + " on average while sampled, 90 % of its 838.861 Mbit/s link (the link EBB measured between"
                        + " two peers)");
    }

    @Test
    void saysHowNearEachResourceCameWhenNoneLimited() {
        ResourceUsage usage = usage(host("dn1", 20, 5, 12 * MIB), host("dn2", 30, 5, 3 * MIB));

        assertThat(Findings.of(dfsio().resources(usage).build(), LinkCapacities.measuredBy(List.of(ebb(100 * MIB)))))
                .extracting(Finding::toString).containsExactly("limit: no sampled resource near its limit: CPU at"
                        + " most 35 % busy (dn2), network at most 12 % of a link (dn1's 838.861 Mbit/s, the link EBB"
                        + " measured between two peers: 12.000 MiB/s sent on average while sampled); the run waited"
                        + " on what sampling does not see (latencies, the NameNode, task start-up)");
    }

    @Test
    void namesAHostWhoseBusiestTenthRanAt95PercentOfIts20MbitLink() {
        // w2 received 0.5 MB/s for two seconds, then 2.375 MB/s for eight: a mean of 2.0 MB/s (80 %), but the 90th
        // percentile of its ten intervals (the 9th smallest) is 2.375 MB/s: 95 % of 20 Mbit/s = 2.5 MB/s.
        HostUsage w2 = linked("w2", nic("eth0", 20), 0.5e6, 0.5e6, 2.375e6, 2.375e6, 2.375e6, 2.375e6, 2.375e6,
                2.375e6, 2.375e6, 2.375e6);
        HostUsage w1 = linked("w1", nic("eth0", 100), 3e6, 3e6, 3e6, 3e6, 3e6, 3e6, 3e6, 3e6, 3e6, 3e6);

        assertThat(limits(LinkCapacities.none(), w1, w2)).containsExactly(tuple(Optional.of("w2"), "w2's network",
                "limited by w2's network: 2.265 MiB/s received in its busiest 10 % of the sampled time, 95 % of its"
                        + " 20.000 Mbit/s link (eth0's speed)"));
    }

    @Test
    void aHostAt85PercentOfItsLinkIsNotTheLimit() {
        // 2.125 MB/s of 2.5 MB/s in every interval; w1's 3 MB/s is 24 % of its 100 Mbit/s.
        HostUsage w2 = linked("w2", nic("eth0", 20), 2.125e6, 2.125e6, 2.125e6, 2.125e6);
        HostUsage w1 = linked("w1", nic("eth0", 100), 3e6, 3e6, 3e6, 3e6);

        assertThat(limits(LinkCapacities.none(), w1, w2)).extracting(tuple -> tuple.toList().get(2)).containsExactly(
                "no sampled resource near its limit: CPU at most 50 % busy (w1), network at most 85 % of a link"
                        + " (w2's 20.000 Mbit/s, eth0's speed: 2.027 MiB/s received in its busiest 10 % of the"
                        + " sampled time); the run waited on what sampling does not see (latencies, the NameNode,"
                        + " task start-up)");
    }

    @Test
    void holdsABondOfTwo10GbitNicsTo20Gbit() {
        HostLink bond = new HostLink(Optional.of(2.5e9), List.of("bond0"),
                "the sum of the speeds of bond0's slaves eth1, eth2");
        // 2.4 GB/s of 2.5 GB/s: 96 %; one 10 Gbit/s NIC alone would have read 192 %.
        HostUsage dn1 = linked("dn1", bond, 2.4e9, 2.4e9);

        assertThat(limits(LinkCapacities.none(), dn1)).extracting(tuple -> tuple.toList().get(2)).containsExactly(
                "limited by dn1's network: 2288.818 MiB/s received in its busiest 10 % of the sampled time, 96 % of"
                        + " its 20000.000 Mbit/s link (the sum of the speeds of bond0's slaves eth1, eth2)");
    }

    @Test
    void makesNoNetworkClaimOnAVirtualInterfaceAndSaysTheCapacityIsUnknown() {
        HostUsage w2 = linked("w2", veth(), 2.375e6, 2.375e6);

        assertThat(limits(LinkCapacities.none(), w2)).extracting(tuple -> tuple.toList().get(2)).containsExactly(
                "no sampled resource near its limit: CPU at most 50 % busy (w2), network not judged; the run waited"
                        + " on what sampling does not see (latencies, the NameNode, task start-up)",
                "network not judged: link capacity unknown (w2: only virtual interfaces carried its traffic (veth0),"
                        + " whose speed is no link's); -linkSpeed host=rate gives it, or a suite's EBB step measures"
                        + " it");
    }

    @Test
    void linkSpeedGivenForAHostOverridesEbbAndItsNic() {
        HostUsage w2 = linked("w2", nic("eth0", 1000), 2.375e6, 2.375e6);
        HostUsage w3 = linked("w3.example.com", veth(), 2.375e6, 2.375e6);

        BenchResult given = dfsio().resources(usage(w2, w3))
                .environment(environment("TestDFSIO", "-write", "-LINKSPEED", "w2=20Mbit,w3=20Mbit")).build();
        // EBB measured 10 MB/s between w2 and w3, and its NIC says 1 Gbit/s for w2: the flag goes first.
        BenchResult.Builder ebb = ebbBuilder(100 * MIB);
        for (int peer = 0; peer < 2; peer++) {
            ebb.taskSample(new TaskSample("size 1048576 round 0 peer " + peer, peer == 0 ? "w2" : "w3", START,
                    START.plusSeconds(1), List.of(Metric.of("partner", 1 - peer, Unit.COUNT, Better.NEITHER),
                            Metric.of("bandwidth", 10e6, Unit.BYTES_PER_SECOND, Better.HIGHER))));
        }

        assertThat(Findings.of(given, LinkCapacities.measuredBy(List.of(ebb.build())))).extracting(Finding::text)
                .containsExactly(
                        "limited by w2's network: 2.265 MiB/s received in its busiest 10 % of the sampled time, 95 %"
                                + " of its 20.000 Mbit/s link (given by -linkSpeed)",
                        "limited by w3.example.com's network: 2.265 MiB/s received in its busiest 10 % of the sampled"
                                + " time, 95 % of its 20.000 Mbit/s link (given by -linkSpeed)");
    }

    @Test
    void aSuitesEbbStepTellsEachHostsLinkByItsBestExchange() {
        // EBB's peers 0-2 on w1-w3: w1-w2 ran at 11.5 MB/s, w1-w3 and w2-w3 at 2.5 MB/s: w3's best is 2.5 MB/s.
        BenchResult.Builder ebb = ebbBuilder(100 * MIB);
        int[][] pairs = {{0, 1}, {0, 2}, {1, 2}};
        for (int[] pair : pairs) {
            double bandwidth = pair[1] == 2 ? 2.5e6 : 11.5e6;
            for (int end = 0; end < 2; end++) {
                ebb.taskSample(new TaskSample("size 1048576 round " + pair[0] + pair[1] + " peer " + pair[end],
                        "w" + (pair[end] + 1), START, START.plusSeconds(1), List.of(
                                Metric.of("partner", pair[1 - end], Unit.COUNT, Better.NEITHER),
                                Metric.of("bandwidth", bandwidth, Unit.BYTES_PER_SECOND, Better.HIGHER))));
            }
        }
        HostUsage w3 = linked("w3", veth(), 2.375e6, 2.375e6);
        HostUsage w1 = linked("w1", veth(), 2.375e6, 2.375e6);

        assertThat(limits(LinkCapacities.measuredBy(List.of(ebb.build())), w1, w3))
                .extracting(tuple -> tuple.toList().get(2)).containsExactly(
                        "limited by w3's network: 2.265 MiB/s received in its busiest 10 % of the sampled time, 95 %"
                                + " of its 20.000 Mbit/s link (as EBB measured it)");
    }

    @Test
    void saysOtherLoadHeldTheCpuWhereHbenchsOwnTasksTookLessThanHalf() {
        assertThat(limits(LinkCapacities.none(), cpuHost("w1", 97, 31))).extracting(tuple -> tuple.toList().get(1),
                tuple -> tuple.toList().get(2)).containsExactly(tuple("other load",
                        "held back by CPU: 97 % busy, of which hbench's tasks 31 %; other load on w1"));
    }

    @Test
    void namesTheCpuAsHbenchsLimitWhereItsOwnTasksKeptItBusy() {
        assertThat(limits(LinkCapacities.none(), cpuHost("w1", 97, 90))).extracting(tuple -> tuple.toList().get(1),
                tuple -> tuple.toList().get(2)).containsExactly(tuple("CPU",
                        "limited by CPU on w1: 97 % busy, of which hbench's tasks 90 %, on average while sampled"));
    }

    @Test
    void flagsOnlyTheCpuOfOtherLoadAsLoadThatIsNotHbenchs() {
        assertThat(Findings.of(dfsio().resources(usage(cpuHost("w1", 97, 31))).build(), LinkCapacities.none()))
                .filteredOn(finding -> finding.kind() == Finding.Kind.LIMIT).extracting(Finding::otherLoad)
                .containsExactly(true);
        assertThat(Findings.of(dfsio().resources(usage(cpuHost("w1", 97, 90))).build(), LinkCapacities.none()))
                .filteredOn(finding -> finding.kind() == Finding.Kind.LIMIT).extracting(Finding::otherLoad)
                .containsExactly(false);
    }

    /** The run's LIMIT findings as (host, brief, text). */
    private static List<Tuple> limits(LinkCapacities links, HostUsage... hosts) {
        return Findings.of(dfsio().resources(usage(hosts)).build(), links).stream()
                .filter(finding -> finding.kind() == Finding.Kind.LIMIT)
                .map(finding -> tuple(finding.host(), finding.brief(), finding.text())).collect(Collectors.toList());
    }

    /** A host half busy, whose link's interfaces received these bytes per second in consecutive seconds. */
    private static HostUsage linked(String name, HostLink link, double... received) {
        List<Instant> times = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<Double> busy = new ArrayList<>();
        for (int i = 0; i <= received.length; i++) {
            times.add(START.plusSeconds(i));
        }
        for (double value : received) {
            values.add(value);
            busy.add(50.0);
        }
        List<ResourceSeries> series = new ArrayList<>();
        series.add(new ResourceSeries(MetricKey.of("cpu_user"), Unit.PERCENT, busy));
        for (String interfaceName : link.interfaces()) {
            series.add(new ResourceSeries(MetricKey.of("net_received").withLabel("interface", interfaceName),
                    Unit.BYTES_PER_SECOND, values));
        }
        return HostUsage.sampled(name, times, series, List.of(mean("cpu_user", 50, Unit.PERCENT))).withLink(link);
    }

    private static HostLink nic(String name, long megabits) {
        return new HostLink(Optional.of(megabits * 1e6 / 8), List.of(name), name + "'s speed");
    }

    private static HostLink veth() {
        return new HostLink(Optional.empty(), List.of("veth0"),
                "only virtual interfaces carried its traffic (veth0), whose speed is no link's");
    }

    /** A host this busy, of which hbench's own processes took {@code own}, with no traffic. */
    private static HostUsage cpuHost(String name, double busy, double own) {
        return HostUsage.sampled(name, List.of(), List.of(), List.of(mean("cpu_user", busy - 5, Unit.PERCENT),
                mean("cpu_system", 5, Unit.PERCENT), mean("cpu_hbench", own, Unit.PERCENT)));
    }

    private static BenchResult ebb(double baselineBytesPerSecond) {
        return ebbBuilder(baselineBytesPerSecond).build();
    }

    private static BenchResult.Builder ebbBuilder(double baselineBytesPerSecond) {
        return BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth").environment(environment())
                .start(START).end(START.plusSeconds(10)).parameter("peers", "4")
                .metric(sized("bandwidth", 5 * MIB, Unit.BYTES_PER_SECOND))
                .metric(sized("baseline_bandwidth", baselineBytesPerSecond, Unit.BYTES_PER_SECOND))
                .metric(sized("relative_bandwidth", 0.05, Unit.RATIO));
    }

    @Test
    void explainsEbbsRelativeBandwidthInWords() {
        BenchResult ebb = BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth").environment(environment())
                .start(START).end(START.plusSeconds(10))
                .parameter("peers", "4")
                .metric(sized("bandwidth", 5 * MIB, Unit.BYTES_PER_SECOND))
                .metric(sized("baseline_bandwidth", 100 * MIB, Unit.BYTES_PER_SECOND))
                .metric(sized("relative_bandwidth", 0.05, Unit.RATIO))
                // A smaller size whose baseline happened to read higher: the link is read at the largest size.
                .metric(Metric.of("baseline_bandwidth", 150 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER)
                        .withLabel("message_size", "1024"))
                .metric(Metric.of("relative_bandwidth", 0.9, Unit.RATIO, Better.HIGHER)
                        .withLabel("message_size", "1024"))
                .build();

        assertThat(Findings.of(ebb, LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "reading: the network is the limit between hosts: with 4 peers exchanging at once each connection"
                        + " got 0.05 times the 100.000 MiB/s two peers got alone, so the bisection carries 5 % of what"
                        + " its links could (messages of 1 MiB)");
        assertThat(Findings.link(ebb)).contains(100 * MIB);
    }

    @Test
    void readsEbbOnOneHostAsThatHostsShareNotANetworks() {
        BenchResult.Builder ebb = BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth")
                .environment(environment()).start(START).end(START.plusSeconds(10))
                .parameter("peers", "4")
                .metric(sized("bandwidth", 5 * MIB, Unit.BYTES_PER_SECOND))
                .metric(sized("baseline_bandwidth", 100 * MIB, Unit.BYTES_PER_SECOND))
                .metric(sized("relative_bandwidth", 0.64, Unit.RATIO));
        for (int peer = 0; peer < 4; peer++) {
            ebb.taskSample(new TaskSample("size 1048576 round 0 peer " + peer, "vm", START, START.plusSeconds(1),
                    List.of(Metric.of("bandwidth", MIB, Unit.BYTES_PER_SECOND, Better.HIGHER))));
        }

        assertThat(Findings.of(ebb.build(), LinkCapacities.none())).extracting(Finding::toString).contains(
                "reading: all 4 peers ran on vm: the relative bandwidth, 0.64, says how that host shares itself among"
                        + " them, not what a network carries");
        assertThat(Findings.link(ebb.build())).as("loopback is no link").isEmpty();
    }

    @Test
    void readsEbbOnOneHostWithoutABaselineAsNoNetworkToo() {
        BenchResult.Builder ebb = BenchResult.builder("EBB", "ebb").primaryMetric("bandwidth")
                .environment(environment()).start(START).end(START.plusSeconds(10))
                .parameter("peers", "4")
                .metric(sized("bandwidth", 500 * MIB, Unit.BYTES_PER_SECOND));
        for (int peer = 0; peer < 4; peer++) {
            ebb.taskSample(new TaskSample("size 1048576 round 0 peer " + peer, "vm", START, START.plusSeconds(1),
                    List.of(Metric.of("partner", peer ^ 1, Unit.COUNT, Better.NEITHER),
                            Metric.of("bandwidth", 500 * MIB, Unit.BYTES_PER_SECOND, Better.HIGHER))));
        }

        assertThat(Findings.of(ebb.build(), LinkCapacities.none())).extracting(Finding::toString).containsExactly(
                "slow host: not judged: the exchanges ran on 1 host, and it takes 3 to tell one apart",
                "reading: all 4 peers ran on vm: EBB measured how that host's loopback carries their exchanges, not"
                        + " what a network carries");
    }

    private static Metric sized(String id, double value, Unit unit) {
        return Metric.of(id, value, unit, Better.HIGHER).withLabel("message_size", "1048576");
    }

    private static Metric time(double seconds) {
        return Metric.of("task_time", seconds, Unit.SECONDS, Better.LOWER);
    }

    private static BenchResult.Builder dfsio() {
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("aggregate_throughput")
                .environment(environment()).start(START).end(START.plusSeconds(60))
                .metric("aggregate_throughput", 1, Unit.BYTES_PER_SECOND, Better.HIGHER);
    }

    private static TaskSample task(int index, String host, Metric metric) {
        return new TaskSample("test_io_" + index, host, START, START.plusSeconds(10), List.of(metric));
    }

    private static HostUsage host(String name, double user, double system, double netSent) {
        List<Metric> summary = new ArrayList<>();
        summary.add(mean("cpu_user", user, Unit.PERCENT));
        summary.add(mean("cpu_system", system, Unit.PERCENT));
        summary.add(mean("net_sent", netSent, Unit.BYTES_PER_SECOND));
        summary.add(mean("net_received", netSent / 2, Unit.BYTES_PER_SECOND));
        return HostUsage.sampled(name, List.of(), List.of(), summary);
    }

    private static Metric mean(String id, double value, Unit unit) {
        return Metric.of(id, value, unit, Better.NEITHER).withLabel("stat", "mean");
    }

    private static ResourceUsage usage(HostUsage... hosts) {
        return new ResourceUsage(Duration.ofSeconds(1), List.of(), List.of(hosts), List.of());
    }

    private static Environment environment(String... commandLine) {
        return Environment.builder().hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567").hadoopVersion("3.4.2")
                .java("17").os("Linux").clientHost("gw1").commandLine(commandLine.length == 0 ? List.of("TestDFSIO")
                        : List.of(commandLine)).build();
    }
}
