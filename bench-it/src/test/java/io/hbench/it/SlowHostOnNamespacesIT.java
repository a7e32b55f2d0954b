package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
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
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * One slow node on a real cluster of several hosts, and hbench naming it and no other: a master and four workers, each
 * a host of its own ({@link NetworkNamespaces}), with links capped at {@value #LINK_MEGABITS} Mbit/s on their way out
 * and DataNodes that hold each packet a task writes {@value #DISK_DELAY_MILLIS} ms, except {@value #SLOW}: its link
 * carries {@value #SLOW_LINK_MEGABITS} Mbit/s and its DataNode holds each packet {@value #SLOW_DISK_DELAY_MILLIS} ms.
 * The caps on every host make the healthy ones alike, as the hosts of a real cluster are, where on two shared cores
 * they would differ by how the scheduler happened to run them. A fifth host, {@value #DATANODE_ONLY}, runs a DataNode
 * and no NodeManager, as a storage host does, so that no task runs there; its link is a healthy one but in its own
 * test, which slows it to {@value #DATANODE_ONLY_LINK_MEGABITS} Mbit/s each way, and a write that replicates to it
 * names it as a slow DataNode, sampled through its DataNode's metrics. On the same cluster, EBB on YARN with more peers
 * than workers, whose exchanges between two peers on one host count apart, and NNThroughputBenchmark's and
 * AuditReplay's {@code -clients} offering load from the workers to the NameNode on the master. Skipped, in one line,
 * where network namespaces cannot be made (not root, no iproute2).
 */
@Order(1)
class SlowHostOnNamespacesIT {
    private static final String SLOW = "w3";
    private static final int LINK_MEGABITS = 40;
    private static final int SLOW_LINK_MEGABITS = 4;
    private static final long DISK_DELAY_MILLIS = 10;
    private static final long SLOW_DISK_DELAY_MILLIS = 200;
    private static final List<String> WORKERS = List.of("w1", "w2", "w3", "w4");
    private static final String DATANODE_ONLY = "d5";
    /**
     * As slow as w3's link, a tenth of the healthy ones: the rule must see d5's best block stand apart from the spread
     * of the healthy DataNodes' best ones, which under load reached a third, and a block's time leaves out the
     * acknowledgements of its last packets in flight. At 8 Mbit/s d5's best block came to 0.34 times the median
     * DataNode's, and in one run of two it was not named. A replica w3 sends it goes at the speed of both links, as
     * w3's own; one sent while another host's goes to d5 shares d5's link.
     */
    private static final int DATANODE_ONLY_LINK_MEGABITS = 4;
    private static final Pattern SLOW_HOST_LINE = Pattern.compile("(?m)^slow host: (\\S+?):? .*$");
    private static final Pattern SLOW_DATANODE_LINE = Pattern.compile("(?m)^slow DataNode: (\\S+) \\(");
    private static final Pattern NETWORK_LIMIT_LINE = Pattern.compile("(?m)^limit: limited by (\\S+)'s network: ");

    private static Path home;
    private static NetworkNamespaces net;
    private static NamespaceCluster cluster;
    private static BenchRun ebbAcrossWorkers;

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
        hosts.add(DATANODE_ONLY);
        List<Path> seen = new ArrayList<>(YarnCluster.Environment.paths());
        seen.add(home);
        net = NetworkNamespaces.create(home, hosts, seen);
        Map<String, Long> diskDelay = new HashMap<>();
        for (String worker : WORKERS) {
            boolean slow = worker.equals(SLOW);
            net.shapeOutgoing(worker, slow ? SLOW_LINK_MEGABITS : LINK_MEGABITS);
            diskDelay.put(worker, slow ? SLOW_DISK_DELAY_MILLIS : DISK_DELAY_MILLIS);
        }
        // A healthy worker's link but in its own test: slowed for the whole class, it held back the replicas the other
        // tests' writes send it, and their runs took minutes more.
        net.shapeOutgoing(DATANODE_ONLY, LINK_MEGABITS);
        diskDelay.put(DATANODE_ONLY, DISK_DELAY_MILLIS);
        cluster = NamespaceCluster.start(net, home.resolve("cluster"), List.of(DATANODE_ONLY), diskDelay);
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
        // Each task wrote its blocks to its own host's DataNode alone: the blocks name the same node, as a DataNode.
        assertThat(SLOW_DATANODE_LINE.matcher(run.out).results().map(match -> match.group(1)))
                .as(run.out).containsExactly(SLOW + ":9866");
        // Every worker sampled for the whole run, and the DataNode-only host through its DataNode's metrics; the master
        // (neither DataNode nor NodeManager) not.
        JsonNode resources = result.root().get("resources");
        assertThat(resources.get("coverage").asText()).isEqualTo("run");
        List<String> sampled = new ArrayList<>();
        for (JsonNode host : resources.get("hosts")) {
            assertThat(host.get("unavailable").isNull()).as(host.toString()).isTrue();
            sampled.add(host.get("host").asText());
            if (host.get("host").asText().equals(DATANODE_ONLY)) {
                // The DataNode's figures, not the host's: no kernel, link or CPU of its own to check.
                assertThat(host.get("sampledThrough").asText()).as(host.toString()).isEqualTo("datanode-metrics");
                continue;
            }
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
        assertThat(sampled).containsExactlyInAnyOrderElementsOf(dataNodeHosts());
        assertThat(run.out).contains("limit: network not judged: link capacity unknown (w1, w2, w3, w4: only virtual"
                + " interfaces carried its traffic");
        assertThat(run.out).contains("Sampled 5 of 5 hosts (d5 through its DataNode's metrics) from ",
                "One kernel: w1, w2, w3, w4 (containers or namespaces of one machine): their CPU, memory, swap and"
                        + " disk figures are that machine's, not each host's own; the mean and the totals count them"
                        + " once");
    }

    @Test
    void ebbNamesTheHostInEverySlowPairAndNoOther() throws Exception {
        BenchRun ebb = ebbAcrossWorkers();

        assertThat(ebb.status).as(ebb.printed()).isZero();
        assertThat(taskHosts(ResultFile.read(ebbJson()))).containsExactlyElementsOf(WORKERS);
        assertThat(slowHosts(ebb.out)).as(ebb.out).containsExactly(SLOW);
        assertThat(ebb.out).containsPattern("slow host: w3: best bandwidth \\d+\\.\\d+ MiB/s against"
                + " \\d+\\.\\d+ MiB/s on the median host \\(0\\.\\d\\d times the median\\); (\\d) of its \\1"
                + " exchanges slow");
        // The shaped link bounds what the slow host's interface sent in any sampled interval: a megabit is 125,000
        // bytes, and the token bucket lets at most its 32 KiB burst through on top.
        assertThat(summary(ResultFile.read(ebbJson()).root().get("resources"), SLOW, "net_sent", "max"))
                .isLessThanOrEqualTo(SLOW_LINK_MEGABITS * 125_000 * 1.05);
    }

    /**
     * w3's link, and no other host's, the limit of a write whose second replicas w3 sends over it: named from the
     * speeds -linkSpeed gives, and, as a suite names it, from what EBB measured of each host's link. The second takes a
     * run of its own, without -linkSpeed, which a result holds to before all else. The suite itself (12 steps) takes
     * too long here; it holds every step to the EBB result beside it ({@code LinkCapacities.measuredBy}), as
     * {@code Report} does over a directory of results, which this runs.
     */
    @Test
    void testDfsioWritingReplicasNamesW3sLinkAsTheLimitByEbbsMeasure() throws Exception {
        Path measured = home.resolve("results").resolve("dfsio-replicas.json");
        Files.createDirectories(measured.getParent());

        // Each block written twice: a task's own DataNode, then another host's over the writer's link, so w3's tasks
        // send their replicas over its 4 Mbit/s. Packets of 256 KiB rather than 64 KiB: w3's DataNode holds each packet
        // 200 ms, so with 64 KiB it took 320 KiB/s, less than its link carries, and its disk would hold it back.
        // One run, held to EBB's measure as a suite holds its steps (the 12-step suite is too slow for this class);
        // -linkSpeed, which a recorded run's findings put before EBB's measure, is held to its rule in FindingsTest.
        BenchRun run = cluster.benchJar(home, "TestDFSIO", "-D", "dfs.replication=2", "-D",
                "dfs.client-write-packet-size=262144", "-write", "-nrFiles", "7", "-fileSize", "4MB", "-json",
                measured.toString());
        BenchRun ebb = ebbAcrossWorkers();
        assertThat(ebb.status).as(ebb.printed()).isZero();
        Files.copy(ebbJson(), measured.resolveSibling("ebb.json"));
        Path page = home.resolve("replicas.html");
        BenchRun report = cluster.benchJar(home, "Report", "-out", page.toString(), measured.getParent().toString());

        assertThat(run.status).as(run.printed()).isZero();
        // On its own the run knows no link: each worker's traffic went over its veth.
        assertThat(run.out).contains("limit: network not judged: link capacity unknown");
        // The link, not the finding's arithmetic: in a tenth of the run's intervals or more w3 sent 90 % of its
        // 4 Mbit/s (500,000 bytes/s), and in none more than the link and its token bucket's 32 KiB burst let by.
        List<Double> sent = sentInPhases(ResultFile.read(measured).root().get("resources"), SLOW);
        assertThat(percentile90(sent)).as(sent.toString()).isGreaterThanOrEqualTo(SLOW_LINK_MEGABITS * 125_000 * 0.9);
        assertThat(sent).as(sent.toString()).allMatch(rate -> rate <= SLOW_LINK_MEGABITS * 125_000 * 1.05);
        assertThat(report.status).as(report.printed()).isZero();
        List<String> findings = reportFindings(page, measured.getFileName().toString());
        String text = String.join("\n", findings);
        assertThat(networkLimits(text)).as(text).containsExactly(SLOW);
        assertThat(percentOfLink(text, "\\d+\\.\\d{3}", "as EBB measured it")).as(text).isGreaterThanOrEqualTo(90);
    }

    /**
     * EBB with a BspPeer on each worker, run once for the tests that read it. Seed 3's 4 rounds use all three
     * matchings of 4 peers, so w3 meets every other host and every other host meets a healthy one. A random seed paired
     * the same two peers in all 4 rounds 1 time in 27, and then w3's partner cannot be told from w3: the rule rightly
     * named neither.
     */
    private static synchronized BenchRun ebbAcrossWorkers() throws Exception {
        if (ebbAcrossWorkers != null) {
            return ebbAcrossWorkers;
        }
        // A test that calls this after another's attempt failed makes the secret anew.
        Files.deleteIfExists(home.resolve("ebb.secret"));
        Path secret = Files.createFile(home.resolve("ebb.secret"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        Files.writeString(secret, Hex.encodeHexString(bytes) + "\n");
        String coordinator = net.gateway() + ":" + freePort();
        Path out = home.resolve("ebb.out");
        Path err = home.resolve("ebb.err");
        List<Process> processes = new ArrayList<>();
        try {
            Process ebb = new ProcessBuilder(net.onGateway(cluster.benchJarCommand("EBB", "-s", "1048576", "-r", "4",
                    "-seed", "3", "-peers", "4", "-listen", coordinator, "-secretFile", secret.toString(), "-json",
                    ebbJson().toString()))).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
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

            ebbAcrossWorkers = BenchRun.ended(ebb.exitValue(), out, err);
            return ebbAcrossWorkers;
        } finally {
            for (Process process : processes) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
        }
    }

    private static Path ebbJson() {
        return home.resolve("ebb.json");
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
        assertThat(sampled).containsExactlyInAnyOrderElementsOf(dataNodeHosts());
    }

    /**
     * A DataNode on a host where no task runs, whose link is slow, named as a slow DataNode by a write: d5 receives
     * the second replica of the blocks whose pipeline it is in over its {@value #DATANODE_ONLY_LINK_MEGABITS} Mbit/s,
     * so every one of them is slow. w3 is named beside it, and rightly: its tasks send every block they write over its
     * {@value #SLOW_LINK_MEGABITS} Mbit/s, and its DataNode holds each packet of the blocks it receives
     * {@value #SLOW_DISK_DELAY_MILLIS} ms, so every block through w3 is slow too, while each healthy DataNode has
     * blocks whose pipelines avoided both. The rule takes each DataNode's best block, so every healthy one needs some
     * block that went at its link's speed: blocks of 1 MiB (the NameNode's least), eight to a file, 56 in all; with 28,
     * one healthy DataNode's best was 0.7 times the others' under load and d5, at 0.3 times, no longer stood apart
     * from that spread. 4 packets in flight rather than 80: with 80 of 64 KiB the client hands over 5 MiB before the
     * first is acknowledged, and a block's time would be its predecessors' as much as its own.
     */
    @Test
    void testDfsioWriteNamesTheSlowDataNodeOfAHostWhereNoTaskRan() throws Exception {
        Path json = home.resolve("dfsio-datanode-only.json");

        // Slowed both ways: as a pipeline's last member it receives the replicas and sends only the acknowledgements.
        net.shapeOutgoing(DATANODE_ONLY, DATANODE_ONLY_LINK_MEGABITS);
        net.shapeIncoming(DATANODE_ONLY, DATANODE_ONLY_LINK_MEGABITS);
        BenchRun run;
        try {
            run = cluster.benchJar(home, "TestDFSIO", "-D", "dfs.replication=2", "-D", "dfs.blocksize=1048576", "-D",
                    "dfs.client.write.max-packets-in-flight=4", "-write", "-nrFiles", "7", "-fileSize", "8MB",
                    "-rootDir", "/it/datanode-only", "-json", json.toString());
        } finally {
            net.shapeOutgoing(DATANODE_ONLY, LINK_MEGABITS);
            net.unshapeIncoming(DATANODE_ONLY);
        }

        assertThat(run.status).as(run.printed()).isZero();
        ResultFile result = ResultFile.read(json);
        assertThat(taskHosts(result)).as(run.printed()).isNotEmpty().allMatch(WORKERS::contains);
        assertThat(SLOW_DATANODE_LINE.matcher(run.out).results().map(match -> match.group(1)))
                .as(run.out).containsExactlyInAnyOrder(DATANODE_ONLY + ":9866", SLOW + ":9866");
        assertThat(run.out).containsPattern("(?m)^slow DataNode: d5:9866 \\(blocks through it took \\d+\\.\\dx the"
                + " median; (\\d+) of \\d+ slow blocks had it in their pipeline\\)$");
        // Sampled through its DataNode's metrics, which saw the replicas it took.
        JsonNode resources = result.root().get("resources");
        JsonNode dataNodeOnly = null;
        for (JsonNode host : resources.get("hosts")) {
            if (host.get("host").asText().equals(DATANODE_ONLY)) {
                dataNodeOnly = host;
            }
        }
        assertThat(dataNodeOnly).as(resources.toString()).isNotNull();
        assertThat(dataNodeOnly.get("unavailable").isNull()).as(dataNodeOnly.toString()).isTrue();
        assertThat(dataNodeOnly.get("sampledThrough").asText()).isEqualTo("datanode-metrics");
        assertThat(summary(resources, DATANODE_ONLY, "datanode_written", "mean")).isPositive();
        assertThat(run.out).contains("Sampled 5 of 5 hosts (d5 through its DataNode's metrics) from ")
                .doesNotContain("Not sampled");
    }

    /** The hosts that run a DataNode: the workers and the DataNode-only host. */
    private static List<String> dataNodeHosts() {
        List<String> hosts = new ArrayList<>(WORKERS);
        hosts.add(DATANODE_ONLY);
        return hosts;
    }

    @Test
    void nnThroughputBenchmarksClientsOfferTheLoadFromTheWorkersAgainstTheNameNodeOnTheMaster() throws Exception {
        Path json = home.resolve("nn-clients.json");

        // Without the resource sampler, whose own application would hold the job's start back; the other tests prove it.
        BenchRun run = cluster.benchJar(home, "NNThroughputBenchmark", "-op", "create", "-threads", "2", "-files",
                "400", "-rate", "200", "-clients", "4", "-noResources", "-baseDirName", "/it/nn-clients", "-json",
                json.toString());

        assertThat(run.status).as(run.printed()).isZero();
        // Four workers with room for four clients: no host must take two, and the runner says nothing of sharing.
        assertThat(run.err).doesNotContain("so some hosts run several").doesNotContain("room on one host only");
        assertThat(run.out).contains("--- create stats  ---\n# operations: 400\n");
        Matcher client = Pattern.compile("(?m)^Client w[0-3] on (\\S+): (\\d+) operations, ").matcher(run.out);
        List<String> clientHosts = new ArrayList<>();
        long operations = 0;
        while (client.find()) {
            clientHosts.add(client.group(1));
            operations += Long.parseLong(client.group(2));
        }
        assertThat(operations).as(run.out).isEqualTo(400);
        // The load comes from the workers' own hosts, never from the NameNode's; YARN spreads the four peers one per
        // host per round of heartbeats, so a late heartbeat may put two on one worker.
        assertThat(clientHosts).as(run.out).hasSize(4).allMatch(WORKERS::contains);
        assertThat(new TreeSet<>(clientHosts)).as(run.out).hasSizeGreaterThanOrEqualTo(2);
        ResultFile result = ResultFile.read(json);
        assertThat(result.metric("ops")).isEqualTo(400);
        result.assertRanOnYarn(1);
    }

    @Test
    void auditReplaysClientsReplayFromThreeWorkersAgainstTheNameNodeOnTheMaster() throws Exception {
        Path log = home.resolve("replay-audit.log");
        BenchRun synthesize = cluster.benchJar(home, "AuditReplay", "-synthesize", "-mix",
                "create=1,open=4,getfileinfo=4,listStatus=1", "-rate", "100", "-duration", "3s", "-sources", "3",
                "-out", log.toString());
        assertThat(synthesize.status).as(synthesize.printed()).isZero();
        try (FileSystem fs = FileSystem.newInstance(cluster.configuration())) {
            // On HDFS, where every client reads the whole log.
            fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(log.toUri()),
                    new org.apache.hadoop.fs.Path("/it/replay-log/audit.log"));
            Path json = home.resolve("replay-clients.json");

            BenchRun run = cluster.benchJar(home, "AuditReplay", "-log", "/it/replay-log/audit.log", "-clients", "3",
                    "-noResources", "-prefix", "/it/replay-clients", "-json", json.toString());

            assertThat(run.status).as(run.printed()).isZero();
            assertThat(run.out).startsWith("replayed 300 commands of 4 kinds at 1.0x the logged rate: ");
            Matcher client = Pattern.compile("(?m)^Client w[0-2] on (\\S+): (\\d+) commands, ").matcher(run.out);
            List<String> clientHosts = new ArrayList<>();
            long commands = 0;
            while (client.find()) {
                clientHosts.add(client.group(1));
                commands += Long.parseLong(client.group(2));
            }
            assertThat(commands).as(run.out).isEqualTo(300);
            // From the workers' hosts, never the NameNode's; a late heartbeat may put two clients on one worker.
            assertThat(clientHosts).as(run.out).hasSize(3).allMatch(WORKERS::contains);
            assertThat(new TreeSet<>(clientHosts)).as(run.out).hasSizeGreaterThanOrEqualTo(2);
            ResultFile result = ResultFile.read(json);
            assertThat(result.wholeRunMetric("commands")).isEqualTo(300);
            result.assertRanOnYarn(1);
            assertThat(fs.exists(new org.apache.hadoop.fs.Path("/it/replay-clients"))).isFalse();
        }
    }

    private static List<String> slowHosts(String printed) {
        List<String> hosts = new ArrayList<>();
        Matcher line = SLOW_HOST_LINE.matcher(printed);
        while (line.find()) {
            hosts.add(line.group(1));
        }
        return hosts;
    }

    /** The hosts whose network the printed findings name as the limit. */
    private static List<String> networkLimits(String printed) {
        List<String> hosts = new ArrayList<>();
        Matcher line = NETWORK_LIMIT_LINE.matcher(printed);
        while (line.find()) {
            hosts.add(line.group(1));
        }
        return hosts;
    }

    /**
     * The percent of its link that the finding naming w3's network says it used, the link and its source as given.
     * Sent or received, whichever was busier: w3's link is shaped only on its way out, so what the others' replicas
     * bring it may outrun what it sends.
     */
    private static int percentOfLink(String printed, String linkMegabits, String source) {
        Matcher line = Pattern.compile("(?m)^limit: limited by w3's network: \\d+\\.\\d{3} MiB/s (?:sent|received) in"
                + " its busiest 10 % of the sampled time, (\\d+) % of its " + linkMegabits + " Mbit/s link \\("
                + Pattern.quote(source) + "\\)$").matcher(printed);
        assertThat(line.find()).as(printed).isTrue();
        return Integer.parseInt(line.group(1));
    }

    /** What {@code host} sent, in bytes/s, in each sampled interval whose middle falls inside one of the phases. */
    private static List<Double> sentInPhases(JsonNode resources, String host) {
        List<Instant[]> phases = new ArrayList<>();
        resources.get("phases").forEach(phase -> phases.add(new Instant[] {Instant.parse(phase.get("start").asText()),
                Instant.parse(phase.get("end").asText())}));
        for (JsonNode one : resources.get("hosts")) {
            if (!one.get("host").asText().equals(host)) {
                continue;
            }
            List<Instant> times = new ArrayList<>();
            one.get("sampleTimes").forEach(time -> times.add(Instant.parse(time.asText())));
            for (JsonNode series : one.get("series")) {
                if (series.get("id").asText().equals("net_sent") && series.get("labels").isEmpty()) {
                    List<Double> sent = new ArrayList<>();
                    for (int i = 0; i + 1 < times.size(); i++) {
                        Instant middle = times.get(i).plus(Duration.between(times.get(i), times.get(i + 1))
                                .dividedBy(2));
                        JsonNode value = series.get("values").get(i);
                        if (!value.isNull() && phases.stream().anyMatch(phase -> !middle.isBefore(phase[0])
                                && !middle.isAfter(phase[1]))) {
                            sent.add(value.asDouble());
                        }
                    }
                    return sent;
                }
            }
        }
        throw new AssertionError("no net_sent series for " + host + " in " + resources.get("hosts"));
    }

    /** The 90th percentile, nearest rank: the smallest value that 90 % of them do not exceed. */
    private static double percentile90(List<Double> values) {
        assertThat(values).isNotEmpty();
        List<Double> sorted = values.stream().sorted().collect(Collectors.toList());
        return sorted.get((int) Math.ceil(0.9 * sorted.size()) - 1);
    }

    /** The findings a Report page gives the result from the file named {@code fileName}, as the console prints them. */
    private static List<String> reportFindings(Path page, String fileName) throws IOException {
        Matcher data = Pattern.compile("(?s)<script type=\"application/json\" id=\"hbench-data\">(.*?)</script>")
                .matcher(Files.readString(page));
        assertThat(data.find()).as("the page's data").isTrue();
        for (JsonNode result : new ObjectMapper().readTree(data.group(1)).get("results")) {
            if (Paths.get(result.get("file").asText()).getFileName().toString().equals(fileName)) {
                List<String> findings = new ArrayList<>();
                result.get("findings").forEach(finding -> findings.add(finding.get("kind").asText() + ": "
                        + finding.get("text").asText()));
                return findings;
            }
        }
        throw new AssertionError("no result from " + fileName + " in " + page);
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
