package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One slow node on a real cluster of several hosts, and hbench naming it and no other: a master and four workers, each
 * a host of its own ({@link NetworkNamespaces}), with links capped at {@value #LINK_MEGABITS} Mbit/s on their way out
 * and DataNodes that hold each packet written {@value #DISK_DELAY_MILLIS} ms, except {@value #SLOW}: its link carries
 * {@value #SLOW_LINK_MEGABITS} Mbit/s and its DataNode holds each packet {@value #SLOW_DISK_DELAY_MILLIS} ms. The caps
 * on every host make the healthy ones alike, as the hosts of a real cluster are, where on two shared cores they would
 * differ by how the scheduler happened to run them. On the same cluster, EBB on YARN with more peers than workers,
 * whose exchanges between two peers on one host count apart. Skipped, in one line, where
 * network namespaces cannot be made (not root, no iproute2).
 */
class SlowHostOnNamespacesIT {
    private static final String SLOW = "w3";
    private static final int LINK_MEGABITS = 40;
    private static final int SLOW_LINK_MEGABITS = 4;
    private static final long DISK_DELAY_MILLIS = 10;
    private static final long SLOW_DISK_DELAY_MILLIS = 200;
    private static final List<String> WORKERS = List.of("w1", "w2", "w3", "w4");
    private static final Pattern SLOW_HOST_LINE = Pattern.compile("(?m)^slow host: (\\S+?):? .*$");

    private static Path home;
    private static NetworkNamespaces net;
    private static NamespaceCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        Optional<String> unavailable = NetworkNamespaces.unavailable();
        assumeTrue(unavailable.isEmpty(), () -> "no hosts of their own: " + unavailable.orElseThrow());
        home = Paths.get(System.getProperty("hbench.it.scratch"), "slow-host");
        if (Files.exists(home)) {
            PathUtils.deleteDirectory(home);
        }
        Files.createDirectories(home);
        List<String> hosts = new ArrayList<>(List.of(NamespaceCluster.MASTER));
        hosts.addAll(WORKERS);
        List<Path> seen = new ArrayList<>(YarnCluster.Environment.paths());
        seen.add(home);
        net = NetworkNamespaces.create(home, hosts, seen);
        Map<String, Long> diskDelay = new HashMap<>();
        for (String worker : WORKERS) {
            boolean slow = worker.equals(SLOW);
            net.shapeOutgoing(worker, slow ? SLOW_LINK_MEGABITS : LINK_MEGABITS);
            diskDelay.put(worker, slow ? SLOW_DISK_DELAY_MILLIS : DISK_DELAY_MILLIS);
        }
        cluster = NamespaceCluster.start(net, home.resolve("cluster"), diskDelay);
    }

    /** Leaves the hosts' files and logs in target/ for whoever reads a failure; the next run starts afresh. */
    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
        if (net != null) {
            net.close();
        }
    }

    @Test
    void testDfsioNamesTheHostWhoseLinkIsSlowAndNoOther() throws Exception {
        Path json = home.resolve("dfsio-write.json");

        // As many maps as the four NodeManagers run at once beside the ApplicationMaster: every worker writes, each to
        // its own DataNode alone. 8 MB each, so that the healthy hosts' tasks outlast the containers' staggered starts
        // and run side by side: with 2 MB one host's tasks ran alone after the others, twice as fast, and of four hosts
        // w3 at a sixth of the median no longer stood apart.
        BenchRun run = cluster.benchJar(home, "TestDFSIO", "-D", "dfs.replication=1", "-write", "-nrFiles", "7",
                "-fileSize", "8MB", "-json", json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        ResultFile result = ResultFile.read(json);
        result.assertRanOnYarn(1);
        assertThat(taskHosts(result)).as(run.printed()).containsExactlyElementsOf(WORKERS);
        assertThat(slowHosts(run.out)).as(run.out).containsExactly(SLOW);
        assertThat(run.out).containsPattern("slow host: w3: median throughput \\d+\\.\\d+ MiB/s against \\d+\\.\\d+"
                + " MiB/s on the median host \\(0\\.\\d\\d times the median\\); (\\d) of its \\1 tasks slow");
        // Every worker sampled for the whole run, the master (neither DataNode nor NodeManager) not.
        JsonNode resources = result.root().get("resources");
        assertThat(resources.get("coverage").asText()).isEqualTo("run");
        List<String> sampled = new ArrayList<>();
        for (JsonNode host : resources.get("hosts")) {
            assertThat(host.get("unavailable").isNull()).as(host.toString()).isTrue();
            sampled.add(host.get("host").asText());
            // The workers are namespaces of this one machine: each reports the others' kernel as its own.
            List<String> others = new ArrayList<>(WORKERS);
            others.remove(host.get("host").asText());
            assertThat(host.get("sharesKernelWith")).extracting(JsonNode::asText).as(host.toString())
                    .containsExactlyElementsOf(others);
            // Each worker's traffic went over its veth, which states no link's speed.
            assertThat(host.get("link").get("bytesPerSecond").isNull()).as(host.toString()).isTrue();
            assertThat(host.get("link").get("basis").asText()).as(host.toString())
                    .startsWith("only virtual interfaces carried its traffic");
            // The run's task JVMs carry its mark, and the sampler counted their CPU time apart.
            assertThat(ownCpu(host)).as(host.toString()).isPositive();
        }
        assertThat(sampled).containsExactlyInAnyOrderElementsOf(WORKERS);
        assertThat(run.out).contains("limit: network not judged: link capacity unknown (w1, w2, w3, w4: only virtual"
                + " interfaces carried its traffic");
        assertThat(run.out).contains("Sampled 4 of 4 hosts from ", "One kernel: w1, w2, w3, w4 (containers or"
                + " namespaces of one machine): their CPU, memory, swap and disk figures are that machine's, not each"
                + " host's own; the mean and the totals count them once");
    }

    @Test
    void ebbNamesTheHostInEverySlowPairAndNoOther() throws Exception {
        Path secret = Files.createFile(home.resolve("ebb.secret"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        Files.writeString(secret, Hex.encodeHexString(bytes) + "\n");
        String coordinator = net.gateway() + ":" + freePort();
        Path json = home.resolve("ebb.json");
        Path out = home.resolve("ebb.out");
        Path err = home.resolve("ebb.err");
        List<Process> processes = new ArrayList<>();
        try {
            // Seed 3's 4 rounds use all three matchings of 4 peers, so w3 meets every other host and every other host
            // meets a healthy one. A random seed paired the same two peers in all 4 rounds 1 time in 27, and then w3's
            // partner cannot be told from w3: the rule rightly named neither.
            Process ebb = new ProcessBuilder(net.onGateway(cluster.benchJarCommand("EBB", "-s", "1048576", "-r", "4",
                    "-seed", "3", "-peers", "4", "-listen", coordinator, "-secretFile", secret.toString(), "-json",
                    json.toString()))).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            processes.add(ebb);
            BenchRun.awaitLine(ebb, err, "waiting for the peers at " + coordinator);
            for (String worker : WORKERS) {
                List<String> command = cluster.benchJarCommand("BspPeer", "-coordinator", coordinator,
                        "-secretFile", secret.toString());
                Path log = home.resolve("peer-" + worker + ".log");
                processes.add(net.onHost(worker, command).redirectErrorStream(true).redirectOutput(log.toFile())
                        .start());
            }

            assertThat(ebb.waitFor(5, TimeUnit.MINUTES)).as("EBB ended").isTrue();

            String printed = Files.readString(out);
            assertThat(ebb.exitValue()).as(printed + Files.readString(err)).isZero();
            assertThat(taskHosts(ResultFile.read(json))).containsExactlyElementsOf(WORKERS);
            assertThat(slowHosts(printed)).as(printed).containsExactly(SLOW);
            assertThat(printed).containsPattern("slow host: w3: best bandwidth \\d+\\.\\d+ MiB/s against"
                    + " \\d+\\.\\d+ MiB/s on the median host \\(0\\.\\d\\d times the median\\); (\\d) of its \\1"
                    + " exchanges slow");
            // The shaped link bounds what the slow host's interface sent in any sampled interval: a megabit is 125,000
            // bytes, and the token bucket lets at most its 32 KiB burst through on top.
            assertThat(summary(ResultFile.read(json).root().get("resources"), SLOW, "net_sent", "max"))
                    .isLessThanOrEqualTo(SLOW_LINK_MEGABITS * 125_000 * 1.05);
        } finally {
            for (Process process : processes) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void ebbOnYarnWithMorePeersThanWorkersSaysSoAndCountsOnlyExchangesBetweenHosts() throws Exception {
        Path json = home.resolve("ebb-yarn-shared.json");

        // Seed 2's 8 rounds pair every two of the 6 peers at least once, so whichever peers YARN puts together, some
        // round pairs two of them.
        BenchRun run = cluster.benchJar(home, "EBB", "-s", "256KB", "-r", "8", "-peers", "6", "-seed", "2",
                "-json", json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        assertThat(run.err).contains("hbench: EBB ebb 6 peers: 6 peers for 4 hosts with room for a map task, so some"
                + " hosts run several");
        assertThat(run.err).containsPattern("(?m)^EBB: the 6 peers ran on [34] hosts \\([^)]+\\): \\d+ of 48 exchanges"
                + " were between two peers on one host, left out of the figures$");
        assertThat(run.out).containsPattern("size 262144 all rounds: \\d+ exchanges, average [0-9.]+ ms, [0-9.]+ MiB/s"
                + " \\(effective bisection bandwidth\\); \\d+ on one host left out: average");
        ResultFile result = ResultFile.read(json);
        Map<Integer, String> hostOfPeer = new HashMap<>();
        result.root().get("tasks").forEach(task -> hostOfPeer.put(peer(task), task.get("host").asText()));
        long between = 0;
        double betweenSeconds = 0;
        for (JsonNode task : result.root().get("tasks")) {
            if (!hostOfPeer.get(peer(task)).equals(hostOfPeer.get((int) sampleMetric(task, "partner")))) {
                between++;
                betweenSeconds += sampleMetric(task, "exchange_time");
            }
        }
        assertThat(result.metric("left_out_exchanges")).isEqualTo(48 - between).isPositive();
        assertThat(result.metric("counted_exchanges")).isEqualTo(between);
        assertThat(result.metric("bandwidth")).isCloseTo(262144 * between / betweenSeconds, withinPercentage(1e-6));
        // Every counted exchange crossed a link shaped to 40 Mbit/s or less, whose token bucket lets 32 KiB of the
        // 256 KiB by at once.
        assertThat(result.metric("bandwidth")).isLessThanOrEqualTo(LINK_MEGABITS * 125_000 * 1.15);
        // Each host by one name, the worker's own, in the peers' samples and in the sampled resources alike.
        assertThat(hostOfPeer.values()).isSubsetOf(WORKERS);
        List<String> sampled = new ArrayList<>();
        result.root().get("resources").get("hosts").forEach(host -> sampled.add(host.get("host").asText()));
        assertThat(sampled).containsExactlyInAnyOrderElementsOf(WORKERS);
    }

    private static List<String> slowHosts(String printed) {
        List<String> hosts = new ArrayList<>();
        Matcher line = SLOW_HOST_LINE.matcher(printed);
        while (line.find()) {
            hosts.add(line.group(1));
        }
        return hosts;
    }

    private static List<String> taskHosts(ResultFile result) {
        TreeSet<String> hosts = new TreeSet<>();
        result.root().get("tasks").forEach(task -> hosts.add(task.get("host").asText()));
        return new ArrayList<>(hosts);
    }

    private static int peer(JsonNode task) {
        String id = task.get("id").asText();
        return Integer.parseInt(id.substring(id.lastIndexOf(' ') + 1));
    }

    private static double sampleMetric(JsonNode task, String id) {
        for (JsonNode metric : task.get("metrics")) {
            if (metric.get("id").asText().equals(id)) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no " + id + " in " + task);
    }

    private static double summary(JsonNode resources, String host, String id, String stat) {
        for (JsonNode one : resources.get("hosts")) {
            if (one.get("host").asText().equals(host)) {
                for (JsonNode metric : one.get("summary")) {
                    if (metric.get("id").asText().equals(id) && metric.get("labels").get("stat").asText().equals(stat)) {
                        return metric.get("value").asDouble();
                    }
                }
            }
        }
        throw new AssertionError("no " + id + " " + stat + " for " + host + " in " + resources.get("hosts").findValues(
                "host").stream().map(JsonNode::asText).collect(Collectors.joining(", ")));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The mean share of all CPUs that hbench's own processes took on {@code host}, as its JSON says. */
    private static double ownCpu(JsonNode host) {
        for (JsonNode metric : host.get("summary")) {
            if (metric.get("id").asText().equals("cpu_hbench") && metric.get("labels").get("stat").asText()
                    .equals("mean")) {
                return metric.get("value").asDouble();
            }
        }
        throw new AssertionError("no cpu_hbench in " + host.get("summary"));
    }
}
