package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.hbench.result.HostUsage;
import io.hbench.result.MetricKey;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A DataNode's or a NameNode's /jmx as a real HTTP server serves it, with canned figures: what hbench reads and
 * computes of them.
 */
class DataNodeMetricsTest {
    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");
    private static final JmxReader READER = new JmxReader(URLConnectionFactory.DEFAULT_SYSTEM_CONNECTION_FACTORY,
            false);

    private final AtomicReference<String> json = new AtomicReference<>();
    private final AtomicInteger status = new AtomicInteger(200);
    private HttpServer server;
    private URI base;

    @BeforeEach
    void serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/jmx", exchange -> {
            byte[] body = json.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf8");
            exchange.sendResponseHeaders(status.get(), status.get() == 200 ? body.length : -1);
            try (OutputStream out = exchange.getResponseBody()) {
                if (status.get() == 200) {
                    out.write(body);
                }
            }
        });
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /** A DataNode's beans as its /jmx writes them, with the figures given. */
    private static String jmx(long bytesRead, long bytesWritten, long acks, double ackNanos, long[] volume1,
            long[] volume2) {
        return "{\"beans\" : [ {\n"
                + "  \"name\" : \"Hadoop:service=DataNode,name=DataNodeActivity-w4-9866\",\n"
                + "  \"modelerType\" : \"DataNodeActivity-w4-9866\",\n"
                + "  \"tag.Hostname\" : \"w4\",\n"
                + "  \"BytesWritten\" : " + bytesWritten + ",\n"
                + "  \"BytesRead\" : " + bytesRead + ",\n"
                + "  \"PacketAckRoundTripTimeNanosNumOps\" : " + acks + ",\n"
                + "  \"PacketAckRoundTripTimeNanosAvgTime\" : " + ackNanos + "\n"
                + "}, " + volume("/data/1/dfs/dn", volume1) + ", " + volume("/data/2/dfs/dn", volume2) + ", {\n"
                + "  \"name\" : \"Hadoop:service=DataNode,name=FSDatasetState\",\n"
                + "  \"Capacity\" : 1000\n"
                + "} ]}";
    }

    /** Read operations, their mean in ms, write operations, their mean in ms. */
    private static String volume(String path, long[] figures) {
        return "{\n  \"name\" : \"Hadoop:service=DataNode,name=DataNodeVolume-" + path + "\",\n"
                + "  \"ReadIoRateNumOps\" : " + figures[0] + ",\n  \"ReadIoRateAvgTime\" : " + figures[1] + ".0,\n"
                + "  \"WriteIoRateNumOps\" : " + figures[2] + ",\n  \"WriteIoRateAvgTime\" : " + figures[3] + ".0\n}";
    }

    private DataNodeSnapshot read(Instant time) throws Exception {
        return DataNodeSnapshot.of(time, READER.beans(base, DataNodeSnapshot.QUERY), 9866).orElseThrow();
    }

    private static double mean(HostUsage host, MetricKey key) {
        return host.summary(key.withLabel(ResourceField.STAT, "mean")).orElseThrow().value();
    }

    @Test
    void ratesAndMeanTimesOfTwoReadingsTwoSecondsApart() throws Exception {
        json.set(jmx(0, 1_000_000, 100, 500_000.0, new long[] {10, 2, 50, 4}, new long[] {0, 0, 20, 1}));
        DataNodeSnapshot first = read(START);
        json.set(jmx(1_048_576, 5_000_000, 300, 750_000.0, new long[] {10, 3, 150, 6}, new long[] {0, 0, 120, 2}));
        DataNodeSnapshot second = read(START.plusSeconds(2));

        HostUsage host = DataNodeUsage.of("w4", List.of(first, second), Duration.ofSeconds(1));

        assertThat(host.source()).isEqualTo(HostUsage.Source.DATANODE_METRICS);
        assertThat(host.sampleTimes()).containsExactly(START, START.plusSeconds(2));
        // 1 MiB read and 4,000,000 bytes written in 2 s.
        assertThat(host.series(ResourceField.DATANODE_READ.key()).orElseThrow().values()).containsExactly(524_288.0);
        assertThat(host.series(ResourceField.DATANODE_WRITTEN.key()).orElseThrow().values())
                .containsExactly(2_000_000.0);
        assertThat(host.summary(ResourceField.DATANODE_WRITTEN.key().withLabel(ResourceField.STAT, "total"))
                .orElseThrow().value()).isEqualTo(4_000_000.0);
        // 200 acknowledgements, whose last mean was 750 us.
        assertThat(mean(host, ResourceField.DATANODE_ACK_RTT.key())).isCloseTo(0.00075, within(1e-12));
        // Writes: 100 on each volume at 6 ms and 2 ms, so 4 ms over both; no read added, so no read time.
        assertThat(mean(host, ResourceField.VOLUME_WRITE_LATENCY.key().withLabel(ResourceField.VOLUME,
                "/data/1/dfs/dn"))).isCloseTo(0.006, within(1e-12));
        assertThat(mean(host, ResourceField.VOLUME_WRITE_LATENCY.key().withLabel(ResourceField.VOLUME,
                "/data/2/dfs/dn"))).isCloseTo(0.002, within(1e-12));
        assertThat(mean(host, ResourceField.VOLUME_WRITE_LATENCY.key())).isCloseTo(0.004, within(1e-12));
        assertThat(host.series(ResourceField.VOLUME_READ_LATENCY.key())).isEmpty();
        // The DataNode's figures only: nothing of the host's CPU, disks or network.
        assertThat(host.series(ResourceField.CPU_IDLE.key())).isEmpty();
        assertThat(host.series(ResourceField.DISK_READ.key())).isEmpty();
        assertThat(host.series(ResourceField.NET_SENT.key())).isEmpty();
    }

    @Test
    void aDataNodeWithoutProfilingOrAcknowledgementsHasItsBytesOnly() throws Exception {
        json.set("{\"beans\" : [ {\"name\" : \"Hadoop:service=DataNode,name=DataNodeActivity-w4-9866\","
                + " \"BytesWritten\" : 0, \"BytesRead\" : 0} ]}");
        DataNodeSnapshot first = read(START);
        json.set("{\"beans\" : [ {\"name\" : \"Hadoop:service=DataNode,name=DataNodeActivity-w4-9866\","
                + " \"BytesWritten\" : 3000, \"BytesRead\" : 0} ]}");
        HostUsage host = DataNodeUsage.of("w4", List.of(first, read(START.plusSeconds(3))), Duration.ofSeconds(1));

        assertThat(host.series()).extracting(series -> series.key().id())
                .containsExactly("datanode_read", "datanode_written");
        assertThat(mean(host, ResourceField.DATANODE_WRITTEN.key())).isEqualTo(1000.0);
    }

    @Test
    void ofSeveralDataNodesInOneProcessItTakesTheOneOfItsTransferPortAndNoVolumes() throws Exception {
        json.set("{\"beans\" : [ {\"name\" : \"Hadoop:service=DataNode,name=DataNodeActivity-127.0.0.1-40001\","
                + " \"BytesWritten\" : 7, \"BytesRead\" : 0}, {\"name\" :"
                + " \"Hadoop:service=DataNode,name=DataNodeActivity-127.0.0.1-9866\", \"BytesWritten\" : 11,"
                + " \"BytesRead\" : 0}, " + volume("/d1", new long[] {1, 1, 1, 1}) + " ]}");

        DataNodeSnapshot snapshot = read(START);

        assertThat(snapshot.bytesWritten()).isEqualTo(11);
        assertThat(snapshot.volumeWrites()).isEmpty();
        assertThat(DataNodeSnapshot.of(START, READER.beans(base, DataNodeSnapshot.QUERY), 5555)).isEmpty();
    }

    @Test
    void aSamplerReadsWhenItStartsAndWhenItStops() throws Exception {
        json.set(jmx(0, 0, 0, 0.0, new long[4], new long[4]));
        DataNodeSampler sampler = DataNodeSampler.start(READER, List.of(new DataNodeSampler.Endpoint("w4", base,
                9866)), Duration.ofHours(1), "a DataNode host without a NodeManager", new PrintStream(
                        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        json.set(jmx(0, 123_456, 0, 0.0, new long[4], new long[4]));

        List<HostUsage> hosts = sampler.stop();

        assertThat(hosts).hasSize(1);
        assertThat(hosts.get(0).sampleTimes()).hasSize(2);
        assertThat(hosts.get(0).summary(ResourceField.DATANODE_WRITTEN.key().withLabel(ResourceField.STAT, "total"))
                .orElseThrow().value()).isCloseTo(123_456.0, within(1e-6));
    }

    @Test
    void aRefusingEndpointIsToldInOneLineAndItsHostIsNotSampled() throws Exception {
        json.set("");
        status.set(401);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        DataNodeSampler sampler = DataNodeSampler.start(READER, List.of(new DataNodeSampler.Endpoint("w4", base,
                9866)), Duration.ofSeconds(1), "a DataNode host without a NodeManager", new PrintStream(progress,
                        true, StandardCharsets.UTF_8));
        List<HostUsage> hosts = sampler.stop();

        assertThat(Arrays.asList(progress.toString(StandardCharsets.UTF_8).split("\n"))).containsExactly(
                "hbench: resource sampler: w4 is not sampled: its DataNode's metrics cannot be read (" + base
                        + "/jmx refused hbench: HTTP 401)");
        assertThat(hosts).containsExactly(HostUsage.unavailable("w4", "a DataNode host without a NodeManager, and its"
                + " DataNode's metrics cannot be read (" + base + "/jmx refused hbench: HTTP 401)"));
    }

    @Test
    void theActiveNameNodesSlowNodeReportsAreKeptAsItWroteThem() throws Exception {
        String peers = "[{\"SlowNode\":\"w2:9866\",\"SlowPeerLatencyWithReportingNodes\":[{\"ReportingNode\":"
                + "\"w1:9866\",\"ReportedLatency\":41.5,\"MedianLatency\":2.0,\"MadLatency\":0.5,"
                + "\"UpperLimitLatency\":5.0}]}]";
        json.set("{\"beans\" : [ {\"name\" : \"Hadoop:service=NameNode,name=NameNodeStatus\","
                + " \"State\" : \"active\", \"SlowPeersReport\" : " + new ObjectMapper().writeValueAsString(peers)
                + ", \"SlowDisksReport\" : null} ]}");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        Map<String, String> reports = new HdfsSlowNodeReports(READER, List.of(base)).read(new PrintStream(progress,
                true, StandardCharsets.UTF_8));

        assertThat(reports).containsExactly(entry(HdfsSlowNodeReports.SLOW_PEERS, peers));
        assertThat(progress.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aNameNodeThatRefusesIsToldInOneLineAndGivesNoReports() throws Exception {
        json.set("");
        status.set(403);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        Map<String, String> reports = new HdfsSlowNodeReports(READER, List.of(base)).read(new PrintStream(progress,
                true, StandardCharsets.UTF_8));

        assertThat(reports).isEmpty();
        assertThat(progress.toString(StandardCharsets.UTF_8)).isEqualTo("hbench: HDFS's slow-node reports cannot be"
                + " read: " + base + "/jmx refused hbench: HTTP 403" + System.lineSeparator());
    }

    @Test
    void anEndpointAnsweringSomethingElseThanJsonSaysSoInOneLine() {
        json.set("<html><body>Welcome</body></html>");

        assertThatThrownBy(() -> READER.beans(base, DataNodeSnapshot.QUERY))
                .hasMessage(base + "/jmx answered no JSON");
    }

    @Test
    void aClosedEndpointSaysSo() throws Exception {
        server.stop(0);

        assertThatThrownBy(() -> READER.beans(base, DataNodeSnapshot.QUERY))
                .hasMessage(base + " refused the connection");
    }
}
